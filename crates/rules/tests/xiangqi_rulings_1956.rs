//! The 1956 rules' repetition lists, one test per item: ch. 7 (draws, items 1–8) and ch. 8
//! (forbidden moves, items 1–8), each with a position and a move cycle built from the item's
//! text (and its figure where the text gives the moves), the verdict, and the item cited.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;
use shatar_rules::xiangqi::chinese;
use shatar_rules::xiangqi::record::PlayError;

/// Reads `moves` in Chinese notation from `fen` on, as the 1956 text writes a figure's
/// moves, and gives them back in ICCS: the check that a cycle is the figure's.
fn figure(fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    moves
        .iter()
        .map(|text| {
            let m = chinese::parse(&pos, text).unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
            pos.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
            m.to_string()
        })
        .collect()
}

const PRC_BOTH: Citation = Citation::Prc1956BothSides;

fn prc(chapter: u8, item: u8) -> Citation {
    Citation::Prc1956 { chapter, item }
}

// ---------------------------------------------------------------------------------------
// Ch. 7: draws ("遇到下列各种棋势，双方不走其他变着的时候，也算和棋")
// ---------------------------------------------------------------------------------------

/// 1956 ch. 7 item 1 (长拦): "blocking is barring one of the opponent's pieces from going
/// forward" — fig. 6: Red's chariot wants to go up the file, Black's cannon keeps stepping in
/// front of it (车七平九 炮3平1 车九平八 炮1平2, closed here by 车八平七 炮2平3). The cannon is
/// protected by the chariot on i7, so the chariot cannot simply take it. A draw.
#[test]
fn prc_ch7_item_1_perpetual_block_is_a_draw() {
    // Red's advisor on e1 lets its general step aside from a check on the d file, which
    // would otherwise win the interposed chariot (a threat of a discovered capture).
    let fen = "4k4/9/2c5r/9/9/9/9/2R6/4A4/3K5 w";
    let cycle = ["c2a2", "c7a7", "a2b2", "a7b7", "b2c2", "b7c7"];
    assert_eq!(
        figure(
            fen,
            &[
                "车七平九",
                "炮3平1",
                "车九平八",
                "炮1平2",
                "车八平七",
                "炮2平3"
            ]
        ),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 1));
    assert_eq!(
        r.to_string(),
        "Draw: Red makes idle moves; Black blocks (1956 rules ch. 7 item 1)"
    );
}

/// 1956 ch. 7 item 2 (长兑): "if one side seeks an exchange and the other avoids it, and
/// neither gives way, it is a draw" — fig. 7: Black's chariot (protected by the one on b7)
/// keeps stepping onto the file of Red's chariot, which keeps stepping aside (车二平一 车8平9
/// 车一平三 车9平7, closed by 车三平二 车7平8).
#[test]
fn prc_ch7_item_2_perpetual_offer_of_exchange_is_a_draw() {
    let fen = "4k4/9/1r5r1/9/9/9/9/7R1/9/3K5 w";
    let cycle = ["h2i2", "h7i7", "i2g2", "i7g7", "g2h2", "g7h7"];
    assert_eq!(
        figure(
            fen,
            &[
                "车二平一",
                "车8平9",
                "车一平三",
                "车9平7",
                "车三平二",
                "车7平8"
            ]
        ),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 2));
    assert_eq!(
        r.to_string(),
        "Draw: Red makes idle moves; Black offers exchanges (1956 rules ch. 7 item 2)"
    );
}

/// 1956 ch. 7 item 3 (长跟): "following is going after an opponent's piece that another piece
/// protects" — fig. 8: Black's chariot keeps to the file of Red's cannon, which Red's chariot
/// on a3 protects (炮一平二 车9平8 炮二平一 车8平9). A draw. Without the protector the same
/// moves are a perpetual chase of an unprotected piece (ch. 8 item 3), and Black loses.
#[test]
fn prc_ch7_item_3_following_a_protected_piece_is_a_draw() {
    let cycle = ["i3h3", "i7h7", "h3i3", "h7i7"];
    let fen = "4k4/9/8r/9/9/9/R7C/9/9/3K5 w";
    assert_eq!(
        figure(fen, &["炮一平二", "车9平8", "炮二平一", "车8平9"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 3));
    assert_eq!(
        r.to_string(),
        "Draw: Red makes idle moves; Black follows protected pieces (1956 rules ch. 7 item 3)"
    );

    // The cannon unprotected: no longer following, but chasing.
    let r = rule("4k4/9/8r/9/9/9/8C/9/9/3K5 w", &cycle, PRC);
    expect(&r, Verdict::Loses(BLACK), prc(8, 3));
}

/// 1956 ch. 7 item 4 (一将一闲): "a check followed by an idle move that does not press the
/// attack" — fig. 9: Red's chariot checks, then goes back to the river so that Black's two
/// extra soldiers cannot cross (车七上五 将5上1 车七下五 车2平4 车七上四 将5下1 车七下四, closed
/// by Black's 车4平2). A draw. (Red's advisor on e1 lets its general step to e0, so that
/// Black's chariot has no mate on the f file and Black's moves stay idle.)
#[test]
fn prc_ch7_item_4_check_and_idle_move_is_a_draw() {
    let fen = "4k4/9/1r7/9/6p1p/2R6/9/9/4A4/5K3 w";
    let cycle = [
        "c4c9", "e9e8", "c9c4", "b7d7", "c4c8", "e8e9", "c8c4", "d7b7",
    ];
    let text = [
        "车七上五",
        "将5上1",
        "车七下五",
        "车2平4",
        "车七上四",
        "将5下1",
        "车七下四",
        "车4平2",
    ];
    assert_eq!(figure(fen, &text), cycle);
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 4));
    assert_eq!(
        r.to_string(),
        "Draw: Red checks between other moves; Black makes idle moves (1956 rules ch. 7 item 4)"
    );
}

/// 1956 ch. 7 item 5 (解将还将): "a move that both answers a check and checks back; if
/// neither side will or can change, it is a draw" — fig. 10: Red's chariot checks on the e
/// file, Black's cannon interposes and uncovers its chariot's check on the f file, Red's
/// chariot interposes there and uncovers its cannon's check through Black's cannon, Black's
/// cannon goes back and checks through Red's chariot (车四平五 炮6平5 车五平四 炮5平6).
#[test]
fn prc_ch7_item_5_mutual_checks_are_a_draw() {
    let fen = "4k4/5r3/9/5c3/9/9/5R3/9/4C4/5K3 w";
    let cycle = ["f3e3", "f6e6", "e3f3", "e6f6"];
    assert_eq!(
        figure(fen, &["车四平五", "炮6平5", "车五平四", "炮5平6"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 5));
    assert_eq!(
        r.to_string(),
        "Draw: Red perpetual check; Black perpetual check (1956 rules ch. 7 item 5)"
    );
}

/// 1956 ch. 7 item 6 (卒兵长捉): "soldiers are weak, so they may chase the opponent's pieces
/// perpetually; but not the general, for that equals perpetual check" — fig. 11: Red's
/// soldier (protected by the chariot on a6) chases Black's chariot (兵二平一 车9平8 兵一平二
/// 车8平9): a draw. A soldier checking perpetually loses (ch. 8 item 1).
#[test]
fn prc_ch7_item_6_soldier_chasing_is_a_draw_but_not_the_general() {
    // The advisor on e1 as in item 1: no check of Black's wins the interposed chariot.
    let fen = "4k4/9/8r/R6P1/9/9/9/9/4A4/3K5 w";
    let cycle = ["h6i6", "i7h7", "i6h6", "h7i7"];
    assert_eq!(
        figure(fen, &["兵二平一", "车9平8", "兵一平二", "车8平9"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 6));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases with the general or soldiers; Black makes idle moves (1956 rules ch. 7 item 6)"
    );

    // The soldier (protected by the chariot on a8) after the general instead: every move a
    // check.
    let fen = "4k4/R2P5/9/9/9/9/9/9/9/5K3 w";
    let cycle = ["d8e8", "e9d9", "e8d8", "d9e9"];
    assert_eq!(
        figure(fen, &["兵六平五", "将5平4", "兵五平六", "将4平5"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 1));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual check (1956 rules ch. 8 item 1)"
    );
}

/// 1956 ch. 7 item 7 (将帅长捉): "the general never leaves its palace and is the weakest
/// fighter, so it may chase perpetually" — fig. 12: Red's general keeps threatening to take
/// the cannon, the cannon keeps stepping away (帅四平五 炮5平6 帅五平四 炮6平5). A draw.
#[test]
fn prc_ch7_item_7_general_chasing_is_a_draw() {
    let fen = "3k5/9/9/9/9/9/9/4c4/5K3/9 w";
    let cycle = ["f1e1", "e2f2", "e1f1", "f2e2"];
    assert_eq!(
        figure(fen, &["帅四平五", "炮5平6", "帅五平四", "炮6平5"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 7));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases with the general or soldiers; Black makes idle moves (1956 rules ch. 7 item 7)"
    );
}

/// 1956 ch. 7 item 8 (车马循环反捉): "the chariot chases the horse, the horse attacks the
/// chariot, neither changes: a draw" — fig. 13 (车八平六 马4上6 车六上一 马6下5) is not a closed
/// cycle; this one has its moves 马4上6 and 车六上一 and every move of both sides a chase of
/// the other's unprotected piece.
#[test]
fn prc_ch7_item_8_chariot_and_horse_chasing_each_other_is_a_draw() {
    let fen = "5k3/9/9/3n5/9/4R4/9/9/9/3K5 w";
    let cycle = [
        "e4d4", "d6f5", "d4d5", "f5e3", "d5e5", "e3c4", "e5e4", "c4d6",
    ];
    let text = [
        "车五平六",
        "马4上6",
        "车六上一",
        "马6上5",
        "车六平五",
        "马5下3",
        "车五下一",
        "马3下4",
    ];
    assert_eq!(figure(fen, &text), cycle);
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 8));
    assert_eq!(
        r.to_string(),
        "Draw: Red perpetual chase of the unprotected horse on d6 by the chariot; \
         Black perpetual chase of the unprotected chariot on d4 by the horse (1956 rules ch. 7 item 8)"
    );
}

// ---------------------------------------------------------------------------------------
// Ch. 8: forbidden moves ("违例者作败棋论")
// ---------------------------------------------------------------------------------------

/// 1956 ch. 8 item 1 (长将): "whatever the circumstances, checking without end is not
/// allowed" — fig. 14: 车八上一 将5上1 车八下一 将5下1. Red loses.
#[test]
fn prc_ch8_item_1_perpetual_check_loses() {
    let fen = "4k4/1R7/9/9/9/9/9/9/9/3K5 w";
    let cycle = ["b8b9", "e9e8", "b9b8", "e8e9"];
    assert_eq!(
        figure(fen, &["车八上一", "将5上1", "车八下一", "将5下1"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 1));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual check (1956 rules ch. 8 item 1)"
    );
}

/// 1956 ch. 8 item 2 (长要杀): "'threatening mate' means mating next move; the horse's move
/// is no check, but mates next move; the general steps aside, and Red's next move threatens
/// again" — fig. 15: 马三下五 将4平5 马五上三 将5平4 (the chariot on i0 mates on i9 either
/// way). Red loses under 1956; under AXF ruling 4 (长杀作和) the same cycle is a draw.
#[test]
fn prc_ch8_item_2_perpetual_threat_of_mate_loses() {
    let fen = "3k5/9/6N2/9/9/9/9/9/9/5K2R w";
    let cycle = ["g7e6", "d9e9", "e6g7", "e9d9"];
    assert_eq!(
        figure(fen, &["马三下五", "将4平5", "马五上三", "将5平4"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 2));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual threat of mate (1956 rules ch. 8 item 2)"
    );

    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(4));
}

/// 1956 ch. 8 item 3 (长捉无根子): "Black's cannon has no other piece protecting it; Red's
/// chariot may not chase it perpetually" — fig. 16: 车八上一 炮1上1 车八下一 炮1下1. Red
/// loses. With the cannon protected (a chariot on a9) the chariot only follows it (ch. 7
/// item 3): a draw.
#[test]
fn prc_ch8_item_3_perpetual_chase_of_an_unprotected_piece_loses() {
    let cycle = ["b6b7", "a7a6", "b7b6", "a6a7"];
    let fen = "4k4/9/c8/1R7/9/9/9/9/9/3K5 w";
    assert_eq!(
        figure(fen, &["车八上一", "炮1上1", "车八下一", "炮1下1"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 3));
    assert!(
        r.to_string().starts_with(
            "Red loses: perpetual chase of the unprotected cannon on a7 by the chariot"
        ),
        "{r}"
    );

    let r = rule("r3k4/9/c8/1R7/9/9/9/9/9/3K5 w", &cycle, PRC);
    expect(&r, Verdict::Draw, prc(7, 3));
}

/// 1956 ch. 8 item 4 (一将一要杀): "a check, and when the opponent has got out of it, a threat
/// of mate; not changing this cycle loses" — fig. 17: 车四平二 将5平6 车二平四 将6平5 (the
/// chariot on h5 mates on h9: d9 faces Red's general, e8 is the soldier's). The text says
/// "黑方" loses, left over from the original's Black-first figure: in the converted moves the
/// side that checks and threatens is Red. Red loses; under AXF ruling 6 (一照一叫杀) a draw.
#[test]
fn prc_ch8_item_4_check_and_threat_of_mate_in_turn_loses() {
    let fen = "4k4/9/4P4/9/5R3/9/9/9/9/3K5 w";
    let cycle = ["f5h5", "e9f9", "h5f5", "f9e9"];
    assert_eq!(
        figure(fen, &["车四平二", "将5平6", "车二平四", "将6平5"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 4));
    assert_eq!(
        r.to_string(),
        "Red loses: checks and threats of mate in turn (1956 rules ch. 8 item 4)"
    );

    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(6));
}

/// 1956 ch. 8 item 5 (一将一捉): "a check, then a chase of an unprotected piece, equals a
/// perpetual chase; not changing loses" — fig. 18: Red's chariot checks, then goes after the
/// cannon (车八上一 将4上1 车八下三 炮1上1 车八上二 将4下1 车八下三). Those moves do not close;
/// here the chariot starts on b5 (车八上四) and the cannon goes back (炮1下1). The advisor on d7
/// keeps the chariot from checking on the d file, so no move threatens a discovered capture.
/// Red loses; under AXF ruling 7 (一照一捉) a draw.
#[test]
fn prc_ch8_item_5_check_and_chase_in_turn_loses() {
    let fen = "3k5/9/3a5/c8/1R7/9/9/9/9/5K3 w";
    let cycle = [
        "b5b9", "d9d8", "b9b6", "a6a5", "b6b8", "d8d9", "b8b5", "a5a6",
    ];
    let text = [
        "车八上四",
        "将4上1",
        "车八下三",
        "炮1上1",
        "车八上二",
        "将4下1",
        "车八下三",
        "炮1下1",
    ];
    assert_eq!(figure(fen, &text), cycle);
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 5));
    assert!(
        r.to_string().starts_with(
            "Red loses: perpetual chase of the unprotected cannon on a6 by the chariot, with checks between"
        ),
        "{r}"
    );

    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(7));
}

/// 1956 ch. 8 item 6 (一将一要抽吃): fig. 19: 车七上四 将4上1 车七下四, "Red means to win
/// Black's chariot by a check next move; Black sees it and plays 将4下1, Red plays 车七上四 将4上1
/// 车七下四 again: a check, then a threat of a capture by check, is not allowed; Red must
/// change or loses". Here the threat is 车七上三 (c5–c8, check), after which the general steps off
/// rank 8 and the chariot takes the piece on i8. Red loses; under AXF ruling 8 (一照一要抽吃)
/// a draw. First with a horse on i8, then with the text's chariot.
#[test]
fn prc_ch8_item_6_check_and_threat_of_discovered_capture_in_turn_loses() {
    let cycle = ["c5c9", "d9d8", "c9c5", "d8d9"];
    let text = ["车七上四", "将4上1", "车七下四", "将4下1"];
    let fen = "3k5/8n/9/9/2R6/9/9/9/9/5K3 w";
    assert_eq!(figure(fen, &text), cycle);
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 6));
    assert_eq!(
        r.to_string(),
        "Red loses: checks and threats of a discovered capture in turn (1956 rules ch. 8 item 6)"
    );

    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(8));

    // The text's piece: Black's chariot. It could take Red's chariot back if it were Black's
    // move, but after the check it is Red's: the chariot is lost all the same.
    let fen = "3k5/8r/9/9/2R6/9/9/9/9/5K3 w";
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(RED), prc(8, 6));
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(8));
}

/// 1956 ch. 8 item 7 (捉一不捉二): "a piece may be chased on one point only, not on two or
/// more in a row; the chasing side must choose one point and leave the other to the
/// opponent, else it equals a perpetual chase" — fig. 20: 车六上二 炮6下2 车六下二 炮6上2,
/// Black's cannon chases Red's chariot on d2 and on d4 (the elephant on e2 and the soldier on
/// e4 are its screens). Black loses. Chasing on d2 only, and stepping to f3 the other time,
/// is allowed: a draw.
#[test]
fn prc_ch8_item_7_chasing_on_two_points_loses() {
    let fen = "4k4/9/9/9/9/4P4/9/3RBc3/9/4K4 w";
    let cycle = ["d2d4", "f2f4", "d4d2", "f4f2"];
    assert_eq!(
        figure(fen, &["车六上二", "炮6下2", "车六下二", "炮6上2"]),
        cycle
    );
    let r = rule(fen, &cycle, PRC);
    expect(&r, Verdict::Loses(BLACK), prc(8, 7));
    assert_eq!(
        r.to_string(),
        "Black loses: perpetual chase of the unprotected chariot on d4 by the cannon \
         (1956 rules ch. 8 item 3; 1956 rules ch. 8 item 7)"
    );

    let r = rule(fen, &["d2d4", "f2f3", "d4d2", "f3f2"], PRC);
    expect(&r, Verdict::Draw, PRC_BOTH);
}

/// 1956 ch. 8 item 8 (帅将对面): "the generals on one file with nothing between face each
/// other; facing is forbidden" — a rule of the moves, not of repetition: fig. 21 (车6平五
/// 将5平6（平4不准） 帅六平五 将6上1 车五平四, "车6平五" being the chariot on the f file either
/// way it is counted) ends in mate because every escape would face Red's general. And a
/// general whose only move would face the other has no legal move and loses (1956 ch. 5).
#[test]
fn prc_ch8_item_8_the_generals_may_not_face_each_other() {
    let fen = "4k4/9/9/9/9/5R3/9/9/9/3K5 w";
    let moves = ["f4e4", "e9f9", "d0e0", "f9f8", "e4f4"];
    assert_eq!(
        figure(
            fen,
            &["车四平五", "将5平6", "帅六平五", "将6上1", "车五平四"]
        ),
        moves
    );
    let mut record = Record::new(fen::parse_position(fen).unwrap(), PRC);
    for (i, text) in moves.iter().enumerate() {
        if i == 1 {
            // 平4不准: d9 faces Red's general on d0; e8 is still on the chariot's file.
            let mut probe = record.clone();
            assert_eq!(
                probe.play(iccs::parse("e9d9").unwrap()),
                Err(PlayError::Illegal(iccs::parse("e9d9").unwrap()))
            );
            assert_eq!(
                record.position().legal_moves().len(),
                1,
                "only 将5平6 is left"
            );
        }
        assert!(record.outcome().is_none(), "over before {text}");
        record.play(iccs::parse(text).unwrap()).unwrap();
    }
    let outcome = record.outcome().expect("mate");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(outcome.result, shatar_rules::GameResult::win_for(RED));
    assert!(record.ruling().is_none());

    // Not in check, and the one point left faces Red's general: no legal move, a loss.
    let mut record = Record::new(
        fen::parse_position("5k3/9/R8/9/9/9/9/9/9/4K4 w").unwrap(),
        PRC,
    );
    record.play(iccs::parse("a7a8").unwrap()).unwrap();
    assert!(!record.position().is_check());
    let outcome = record.outcome().expect("no legal move");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.result, shatar_rules::GameResult::win_for(RED));
    assert!(record.ruling().is_none());
}
