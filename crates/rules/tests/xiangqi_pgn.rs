//! Xiangqi PGN: a real opening written in each notation and read back, files in the
//! styles of other programs (Chinese with traditional characters and full-width digits,
//! XQ-PGN's `H2-E2`, a FEN start), endings and rulings written, errors with their messages,
//! the 8x8 reader refusing xiangqi, random games round-tripped in every notation, and no
//! panic on mutated text.

mod common;

use common::Rng;
use shatar_rules::GameKind;
use shatar_rules::pgn::{self, PgnError, PgnErrorKind, PgnGame, PgnMove};
use shatar_rules::xiangqi::pgn::{self as xpgn, MoveError, Notation};
use shatar_rules::xiangqi::{Move, Position, Record, RepetitionRules, chinese, fen, iccs, wxf};
use shatar_rules::{Color, EndReason, GameResult, Mongolian, Outcome, Ruleset};

const AXF: RepetitionRules = RepetitionRules::Axf2008;

/// 中炮过河车对屏风马平炮兑车, 40 plies, as the Chinese writer writes it.
const OPENING: &str = "炮二平五 马8进7 傌二进三 车9平8 俥一平二 卒7进1 俥二进六 马2进3 兵七进一 砲8平9 \
                       俥二平三 砲9退1 傌八进七 士4进5 傌七进六 砲9平7 俥三平四 马7进8 炮八平七 车1平2 \
                       俥九平八 砲2进4 兵五进一 砲7进5 相三进一 车8进3 傌六进五 象3进5 俥四平三 马3进5 \
                       炮五进四 将5平4 炮七进四 车2进5 俥三退一 砲2平5 傌三进五 车8平7 俥三进一 马8退7";

/// The same moves in WXF and ICCS, to check the writers against.
const OPENING_WXF: &str = "C2=5 H8+7 H2+3 R9=8 R1=2 P7+1 R2+6 H2+3 P7+1 C8=9 R2=3 C9-1 H8+7 A4+5 H7+6 C9=7 \
                           R3=4 H7+8 C8=7 R1=2 R9=8 C2+4 P5+1 C7+5 E3+1 R8+3 H6+5 E3+5 R4=3 H3+5 C5+4 K5=4 \
                           C7+4 R2+5 R3-1 C2=5 H3+5 R8=7 R3+1 H8-7";

fn opening_record() -> Record {
    let mut record = Record::new(Position::new(), AXF);
    for text in OPENING.split_whitespace() {
        let m = chinese::parse(record.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        record.play(m).unwrap();
    }
    record
}

fn read(text: &str) -> Result<Record, PgnError> {
    xpgn::replay(&pgn::parse_game(text)?, AXF)
}

fn err_text(text: &str) -> String {
    match read(text) {
        Ok(r) => panic!("read without error: {} moves\n{text}", r.moves().len()),
        Err(e) => e.to_string(),
    }
}

fn sans(game: &PgnGame) -> Vec<&str> {
    game.moves.iter().map(|m| m.san.as_str()).collect()
}

#[test]
fn an_opening_in_each_notation_reads_back() {
    let record = opening_record();
    assert_eq!(record.moves().len(), 40);
    assert_eq!(record.outcome(), None);

    let game = xpgn::from_record(&record, Notation::Chinese);
    assert_eq!(sans(&game), OPENING.split_whitespace().collect::<Vec<_>>());
    let game = xpgn::from_record(&record, Notation::Wxf);
    assert_eq!(
        sans(&game),
        OPENING_WXF.split_whitespace().collect::<Vec<_>>()
    );
    let game = xpgn::from_record(&record, Notation::Iccs);
    assert_eq!(sans(&game)[..4], ["h2e2", "h9g7", "h0g2", "i9h9"]);

    for notation in Notation::ALL {
        let text = xpgn::write(
            &record,
            notation,
            &[
                ("Event", "全国象棋个人赛"),
                ("White", "许银川"),
                ("Black", "吕钦"),
            ],
        );
        let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves(), record.moves(), "{text}");
        assert_eq!(back.outcome(), None);
        let game = pgn::parse_game(&text).unwrap();
        assert_eq!(game.tag("Variant"), Some("Xiangqi"));
        assert_eq!(game.tag("Format"), Some(notation.format_tag()));
        assert_eq!(game.tag("FEN"), None);
        assert_eq!(game.game(Ruleset::Mongolian).unwrap(), GameKind::Xiangqi);
        // Written again, the same text.
        assert_eq!(
            xpgn::from_record(&back, notation).write(),
            xpgn::from_record(&record, notation).write()
        );
    }

    // The whole file, in WXF (the default notation).
    assert_eq!(Notation::default(), Notation::Wxf);
    let text = xpgn::write(
        &record,
        Notation::default(),
        &[
            ("White", "许银川"),
            ("Black", "吕钦"),
            ("Date", "2024.05.01"),
        ],
    );
    assert_eq!(
        text,
        r#"[Event "?"]
[Site "?"]
[Date "2024.05.01"]
[Round "?"]
[White "许银川"]
[Black "吕钦"]
[Result "*"]
[Variant "Xiangqi"]
[Format "WXF"]

1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2 P7+1 4. R2+6 H2+3 5. P7+1 C8=9 6. R2=3 C9-1 7.
H8+7 A4+5 8. H7+6 C9=7 9. R3=4 H7+8 10. C8=7 R1=2 11. R9=8 C2+4 12. P5+1 C7+5
13. E3+1 R8+3 14. H6+5 E3+5 15. R4=3 H3+5 16. C5+4 K5=4 17. C7+4 R2+5 18. R3-1
C2=5 19. H3+5 R8=7 20. R3+1 H8-7 *
"#
    );
}

/// A file in the XQBase style: `Game` instead of `Variant`, `Red` for the first player,
/// traditional characters, full-width digits, Black's moves with Chinese numerals too,
/// and a comment with full-width spaces.
#[test]
fn chinese_with_traditional_characters_and_full_width_digits() {
    let text = "[Game \"Chinese Chess\"]\n[Event \"全國象棋個人賽\"]\n[Red \"許銀川\"]\n[Black \"呂欽\"]\n\
                [Result \"1-0\"]\n[Format \"Chinese\"]\n\n\
                {　　評注：中炮對屏風馬}\n\
                1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１ 4. 車二進六 馬２進３\n\
                5. 兵七進一 炮８平９ 6. 車二平三 炮九退一 {黑方也可以寫八九} 7. 馬八進七 士４進５\n\
                8. 傌七進六 砲9平7 9. 俥三平四 馬7進8 10. 炮八平七 車１平２ 1-0\n";
    let game = pgn::parse_game(text).unwrap();
    assert_eq!(game.game(Ruleset::Chess).unwrap(), GameKind::Xiangqi);
    assert_eq!(game.moves[0].comments_before, ["評注：中炮對屏風馬"]);
    let record = xpgn::replay(&game, AXF).unwrap();
    assert_eq!(record.moves(), &opening_record().moves()[..20]);
    assert_eq!(
        record.outcome(),
        Some(Outcome::win(Color::White, EndReason::Resignation))
    );
    // The Red tag names the players in errors.
    let bad = text.replace("車１平２", "車１平５");
    assert_eq!(
        err_text(&bad),
        "PGN game 1 (許銀川 vs 呂欽), line 11, column 36: move 10... (black): \
         Chinese notation \"車１平５\": no legal move fits it here"
    );
}

/// The XQ-PGN / original ICCS style: upper case with a dash; the UCCI style; WXF with
/// `.` for a traverse; all mixed, with a check marked by `+`.
#[test]
fn iccs_with_dashes_and_mixed_notations() {
    let text =
        "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 *";
    let r = read(text).unwrap();
    let coords: Vec<String> = r.moves().iter().map(Move::to_string).collect();
    assert_eq!(coords, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
    let mixed = "1. h2e2 马8进7 2. H2+3 R9.8 3. 俥一平二 g6g5 4. R2+6 *";
    let r = read(mixed).unwrap();
    assert_eq!(r.moves(), &opening_record().moves()[..7]);
    // Move numbers glued to moves, WXF's `.` traverse among them; SAN's dots are unchanged.
    let glued = pgn::parse_game("1.C2.5 H8+7 2.H2+3 R9.8 3.R1.2 $1 *").unwrap();
    assert_eq!(sans(&glued), ["C2.5", "H8+7", "H2+3", "R9.8", "R1.2"]);
    assert_eq!(
        xpgn::replay(&glued, AXF).unwrap().moves(),
        &opening_record().moves()[..5]
    );
    let chess = pgn::parse_game("1.e4 e5.2.Nf3 Nc6...3.Bb5 *").unwrap();
    assert_eq!(sans(&chess), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    // The Format tag is only a hint: a file that says ICCS may hold WXF.
    assert_eq!(
        read("[Format \"ICCS\"]\n1. C2=5 H8+7 *")
            .unwrap()
            .moves()
            .len(),
        2
    );

    assert_eq!(Notation::detect("h2e2"), Some(Notation::Iccs));
    assert_eq!(Notation::detect("H2-E2"), Some(Notation::Iccs));
    assert_eq!(Notation::detect("C2=5"), Some(Notation::Wxf));
    assert_eq!(Notation::detect("+R+1"), Some(Notation::Wxf));
    assert_eq!(Notation::detect("2P5=4"), Some(Notation::Wxf));
    assert_eq!(Notation::detect("炮二平五"), Some(Notation::Chinese));
    assert_eq!(Notation::detect("炮2·5"), Some(Notation::Chinese));
    assert_eq!(Notation::detect("xyz"), None);
    assert_eq!(Notation::from_format_tag("wxf"), Some(Notation::Wxf));
    assert_eq!(
        Notation::from_format_tag("Chinese"),
        Some(Notation::Chinese)
    );
    assert_eq!(Notation::from_format_tag("SAN"), None);

    // A check mark after a complete move is dropped, in every notation.
    let pos = fen::parse_position("4k4/R8/9/9/9/9/9/9/9/3K5 w").unwrap();
    for text in ["a8a9+", "R9+1+", "俥九进一#", "R9+1"] {
        assert_eq!(
            xpgn::parse_move(&pos, text, None),
            Ok(iccs::parse("a8a9").unwrap()),
            "{text}"
        );
    }
    // ... but not from an incomplete one.
    assert!(matches!(
        xpgn::parse_move(&pos, "R9+", None),
        Err(MoveError::Wxf(_))
    ));
}

/// A FEN start, with Black to move: the move numbers follow the FEN, and a mate on the
/// board must agree with the result.
#[test]
fn a_fen_start_and_endings_on_the_board() {
    let start = "4k4/4r4/9/9/9/9/9/9/9/5K3 b - - 0 30";
    let text = format!("[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"{start}\"]\n\n30... R5=6 0-1");
    let r = read(&text).unwrap();
    assert_eq!(fen::write(&r.initial().to_setup()), start);
    assert_eq!(
        r.outcome(),
        Some(Outcome::win(Color::Black, EndReason::Checkmate))
    );

    let written = xpgn::write(&r, Notation::Chinese, &[]);
    assert!(
        written.contains(&format!("[FEN \"{start}\"]\n[SetUp \"1\"]\n")),
        "{written}"
    );
    assert!(
        written.contains("[Termination \"normal\"]\n[TerminationDetails \"checkmate\"]\n"),
        "{written}"
    );
    assert!(written.ends_with("\n\n30... 车5平6 0-1\n"), "{written}");
    assert_eq!(read(&written).unwrap().outcome(), r.outcome());

    assert_eq!(
        err_text(&text.replace("0-1", "1-0")),
        "PGN game 1, line 5, column 7: the result 1-0 contradicts the moves, which end the game 0-1 (checkmate)"
    );
    assert_eq!(
        err_text(&text.replace("0-1", "K4=5 0-1")),
        "PGN game 1, line 5, column 12: move 31. (red): 'K4=5' comes after the game has ended: 0-1 (checkmate)"
    );
    // A stalemated side loses in xiangqi.
    let stuck = "[Variant \"Xiangqi\"]\n[FEN \"4k4/9/4P4/9/9/3R1R3/9/9/9/4K4 b\"]\n\n1-0";
    assert_eq!(
        read(stuck).unwrap().outcome(),
        Some(Outcome::win(Color::White, EndReason::NoLegalMove))
    );
}

/// A repetition ruling: the Termination tag and the ruling's sentence in a comment, and
/// read back to the same ending under the same rules.
#[test]
fn a_repetition_ruling_is_written_with_its_sentence() {
    let start = fen::parse_position("4k4/R8/9/9/9/9/9/9/9/3K5 w").unwrap();
    let mut record = Record::new(start, AXF);
    for _ in 0..3 {
        for t in ["a8a9", "e9e8", "a9a8", "e8e9"] {
            record.play(iccs::parse(t).unwrap()).unwrap();
        }
    }
    let ruling = record.ruling().expect("a ruling").to_string();
    assert_eq!(
        record.outcome(),
        Some(Outcome::win(Color::Black, EndReason::ForbiddenRepetition))
    );
    let game = xpgn::from_record(&record, Notation::Wxf);
    assert_eq!(game.result, Some(GameResult::BlackWins));
    assert_eq!(game.tag("Termination"), Some("rules infraction"));
    assert_eq!(
        game.tag("TerminationDetails"),
        Some(EndReason::ForbiddenRepetition.description())
    );
    assert_eq!(
        game.moves.last().unwrap().comments,
        std::slice::from_ref(&ruling)
    );
    let text = game.write();
    assert!(text.contains(&format!("{{{ruling}}} 0-1")), "{text}");
    for rules in [RepetitionRules::Axf2008, RepetitionRules::Prc1956] {
        let back = xpgn::replay(&pgn::parse_game(&text).unwrap(), rules).unwrap();
        assert_eq!(back.moves(), record.moves());
        assert_eq!(back.outcome(), record.outcome());
        assert!(back.ruling().is_some());
    }
    // Resignation and agreement write no Termination tag; a flag fall does, and reads back.
    let mut r = opening_record();
    r.set_outcome(Outcome::win(Color::Black, EndReason::Resignation));
    assert_eq!(
        xpgn::from_record(&r, Notation::Wxf).tag("Termination"),
        None
    );
    r.set_outcome(Outcome::win(Color::White, EndReason::TimeForfeit));
    let text = xpgn::write(&r, Notation::Iccs, &[]);
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert_eq!(read(&text).unwrap().outcome(), r.outcome());
    // A draw by both flags: "time forfeit" and the details, read back as they were.
    r.set_outcome(Outcome::draw(EndReason::BothFlags));
    let text = xpgn::write(&r, Notation::Iccs, &[]);
    assert!(
        text.contains(
            "[Termination \"time forfeit\"]\n[TerminationDetails \"both flags falling\"]"
        ),
        "{text}"
    );
    assert_eq!(read(&text).unwrap().outcome(), r.outcome());
}

#[test]
fn error_messages() {
    let cases: &[(&str, &str)] = &[
        // A move no piece can make: the readers' own message, with the place and the move.
        (
            "[Variant \"Xiangqi\"]\n[White \"许银川\"]\n[Black \"吕钦\"]\n\n1. 炮二平五 马8进7\n2. 马二进三 马8进7 *",
            "PGN game 1 (许银川 vs 吕钦), line 6, column 9: move 2... (black): \
             Chinese notation \"马8进7\": no legal move fits it here",
        ),
        (
            "1. C2=5 H8+7 2. C8=5 *",
            "PGN game 1, line 1, column 17: move 2. (red): WXF move \"C8=5\": no legal move fits it here",
        ),
        (
            "1. H2-E3 *",
            "PGN game 1, line 1, column 4: move 1. (red): 'H2-E3': h2e3 is not a legal move here",
        ),
        (
            "1. C2x5 *",
            "PGN game 1, line 1, column 4: move 1. (red): 'C2x5': WXF move: unexpected 'x' at character 2, \
             expected a direction '+', '-' or '='",
        ),
        (
            "1. 炮二x五 *",
            "PGN game 1, line 1, column 4: move 1. (red): '炮二x五': Chinese notation: 'x' at character 2 is no piece, \
             numeral or direction",
        ),
        // Text in no notation; with a Format tag, that reader's error.
        (
            "1. C2=5 xyz *",
            "PGN game 1, line 1, column 9: move 1... (black): 'xyz' is not a move in ICCS (h2e2, H2-E2), \
             WXF (C2=5) or Chinese notation (炮二平五)",
        ),
        (
            "[Format \"Chinese\"]\n1. C2=5 xyz *",
            "PGN game 1, line 2, column 9: move 1... (black): 'xyz': Chinese notation: 'x' at character 0 is no \
             piece, numeral or direction",
        ),
        // Ambiguous: two chariots on one file.
        (
            "[FEN \"4k4/9/9/9/9/9/R8/R8/9/5K3 w\"]\n1. R9=8 *",
            "PGN game 1, line 2, column 4: move 1. (red): WXF move \"R9=8\": more than one legal move fits it",
        ),
        // Variation moves are checked too.
        (
            "1. C2=5 (1. C2=9) H8+7 *",
            "PGN game 1, line 1, column 13: move 1. (red, in a variation): WXF move \"C2=9\": \
             no legal move fits it here",
        ),
        (
            "1. C2=5 H8+7 (1... H8+9 2. C8=7 (2. h2f2)) *",
            "PGN game 1, line 1, column 37: move 2. (red, in a variation): 'h2f2': h2f2 is not a legal move here",
        ),
        // A bad FEN tag.
        (
            "[Variant \"Xiangqi\"]\n[FEN \"rnbakabnr/9/1c5c1 w\"]\n*",
            "PGN game 1: FEN tag: FEN field 1 (piece placement): 3 ranks instead of 10 separated by '/'",
        ),
        (
            "[Variant \"Xiangqi\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n*",
            "PGN game 1: FEN tag: FEN field 1 (piece placement): 8 ranks instead of 10 separated by '/'",
        ),
        // An 8x8 game given to the xiangqi reader, and a variant nobody knows.
        (
            "[Variant \"Mongolian\"]\n1. e4 e5 *",
            "PGN game 1: the Variant tag says \"Mongolian\", but the game was read as xiangqi",
        ),
        (
            "[Variant \"Shogi\"]\n*",
            "PGN game 1: unknown Variant \"Shogi\" (expected \"Mongolian\", \"Mongolian Folk\", \"Standard\" or \"Xiangqi\")",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(&err_text(text), expected, "for {text:?}");
    }
    let e = pgn::parse_game("1. C2=5 H8+7 2. C8=5 *").unwrap();
    let e = xpgn::replay(&e, AXF).unwrap_err();
    assert!(matches!(
        *e.kind,
        PgnErrorKind::Move { game_kind: GameKind::Xiangqi, number: 2, side: Color::White, ref san,
            in_variation: false, ref error } if san == "C8=5"
            && matches!(error.downcast_ref(), Some(MoveError::Wxf(wxf::NotationError::NoSuchMove(_))))
    ));
}

/// The 8x8 readers refuse a xiangqi game and say where to go; `game` tells callers which
/// reader to call.
#[test]
fn the_8x8_reader_refuses_xiangqi() {
    let refused = "the game is xiangqi (\"Xiangqi\"), which the 8x8 reader cannot play: read it with \
                   xiangqi::pgn::replay";
    let g = pgn::parse_game("[Variant \"Xiangqi\"]\n1. C2=5 H8+7 *").unwrap();
    assert_eq!(
        g.replay_any(Ruleset::Mongolian).unwrap_err().to_string(),
        format!("PGN game 1: {refused}")
    );
    assert_eq!(
        g.replay::<Mongolian>().unwrap_err().to_string(),
        format!("PGN game 1: {refused}")
    );
    assert_eq!(
        *g.ruleset(Ruleset::Chess).unwrap_err().kind,
        PgnErrorKind::IsXiangqi {
            variant: "Xiangqi".into()
        }
    );
    assert_eq!(g.game(Ruleset::Chess).unwrap(), GameKind::Xiangqi);
    for v in [
        "xiangqi",
        "XIANGQI",
        "Chinese Chess",
        "chinese chess",
        " Chinese chess ",
    ] {
        assert_eq!(
            GameKind::from_pgn_variant(v),
            Some(GameKind::Xiangqi),
            "{v}"
        );
    }
    assert_eq!(
        GameKind::from_pgn_variant("Mongolian"),
        Some(GameKind::Board8(Ruleset::Mongolian))
    );
    assert_eq!(GameKind::from_pgn_variant("Shogi"), None);
    // The XQBase Game tag, without a Variant tag.
    let g = pgn::parse_game("[Game \"Chinese Chess\"]\n[Red \"許銀川\"]\n1. C2=5 H8+7 *").unwrap();
    assert_eq!(g.game(Ruleset::Mongolian).unwrap(), GameKind::Xiangqi);
    assert_eq!(
        g.replay_any(Ruleset::Mongolian).unwrap_err().to_string(),
        "PGN game 1 (許銀川 vs ?): the game is xiangqi (\"Chinese Chess\"), which the 8x8 reader cannot play: \
         read it with xiangqi::pgn::replay"
    );
    // The Variant tag decides over the Game tag; 8x8 games are unchanged.
    let g =
        pgn::parse_game("[Game \"Chinese Chess\"]\n[Variant \"Mongolian\"]\n1. e4 e5 *").unwrap();
    assert_eq!(
        g.game(Ruleset::Chess).unwrap(),
        GameKind::Board8(Ruleset::Mongolian)
    );
    assert_eq!(g.replay_any(Ruleset::Chess).unwrap().moves().len(), 2);
    let g = pgn::parse_game("1. e4 e5 *").unwrap();
    assert_eq!(
        g.game(Ruleset::Chess).unwrap(),
        GameKind::Board8(Ruleset::Chess)
    );
    // A game without tags, given to the xiangqi reader, is read as xiangqi.
    assert_eq!(read("1. C2=5 H8+7 *").unwrap().moves().len(), 2);
}

/// Random games through the record, written in each notation (and all mixed, with
/// variations), read back to the same moves and ending.
#[test]
fn random_games_round_trip_in_every_notation() {
    let mut rng = Rng(0x5EED_2008_1956);
    let (mut plies, mut ended) = (0, 0);
    for g in 0..200 {
        let rules = if g % 2 == 0 {
            RepetitionRules::Axf2008
        } else {
            RepetitionRules::Prc1956
        };
        let mut record = Record::new(Position::new(), rules);
        for _ in 0..150 {
            if record.outcome().is_some() {
                break;
            }
            let legal = record.position().legal_moves();
            record.play(legal[rng.below(legal.len())]).unwrap();
        }
        plies += record.moves().len();
        if record.outcome().is_some() {
            ended += 1;
        } else {
            match rng.below(4) {
                0 => record.set_outcome(Outcome::win(Color::Black, EndReason::Resignation)),
                1 => record.set_outcome(Outcome::draw(EndReason::Agreement)),
                2 => record.set_outcome(Outcome::win(Color::White, EndReason::TimeForfeit)),
                _ => {}
            }
        }
        for notation in Notation::ALL {
            let text = xpgn::write(&record, notation, &[]);
            let back = xpgn::replay(&pgn::parse_game(&text).unwrap(), rules)
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves(), record.moves(), "{text}");
            assert_eq!(back.outcome(), record.outcome(), "{text}");
        }
        // Every move in a notation of its own, with an alternative now and then.
        let mut game = xpgn::from_record(&record, Notation::Wxf);
        game.remove_tag("Format");
        for (i, node) in game.moves.iter_mut().enumerate() {
            let pos = &record.positions()[i];
            let m = record.moves()[i];
            node.san = Notation::ALL[rng.below(3)].write(pos, m);
            if rng.below(8) == 0 {
                let legal = pos.legal_moves();
                let alt = legal[rng.below(legal.len())];
                node.variations.push(vec![PgnMove::new(
                    Notation::ALL[rng.below(3)].write(pos, alt),
                )]);
            }
        }
        let text = game.write();
        let back = xpgn::replay(&pgn::parse_game(&text).unwrap(), rules)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves(), record.moves(), "{text}");
    }
    assert!(plies > 15_000, "{plies}");
    assert!(ended > 10, "{ended}");
}

/// Mutations and truncations of a valid file: reading may fail, never panic, and what
/// was read writes out as text that reads the same.
#[test]
fn no_panic_on_mutated_text() {
    let record = opening_record();
    let mut source = xpgn::write(&record, Notation::Chinese, &[("White", "許銀川")]);
    source.push('\n');
    source.push_str(
        &xpgn::write(&record, Notation::Wxf, &[]).replace("R2+6", "R2+6 (4. H8+7 {另一着} P7+1)"),
    );
    source.push_str("\n[Game \"Chinese Chess\"]\n[FEN \"4k4/4r4/9/9/9/9/9/9/9/5K3 b - - 0 30\"]\n30... R5=6 0-1\n");
    for g in pgn::parse_games(&source).unwrap() {
        xpgn::replay(&g, AXF).unwrap();
    }
    let alphabet: Vec<char> =
        "[]{}();$!?*.\"\\ \n\t炮马車兵卒平进退前后一五九８1259+-=.·abcehiKRCPH0-1/2VariantFENXiangqi".chars().collect();
    // Each game is replayed under one of the rules in turn, and every third record it gives
    // written in one of the notations and read again: the readers search the legal moves
    // for each WXF or Chinese move, so this keeps the test to seconds.
    let mut turn = 0;
    let mut exercise = |text: &str| {
        let Ok(games) = pgn::parse_games(text) else {
            return;
        };
        for g in &games {
            turn += 1;
            let _ = g.game(Ruleset::Mongolian);
            let _ = g.replay_any(Ruleset::Mongolian).map(|r| r.moves().len());
            let rules = if turn % 2 == 0 {
                RepetitionRules::Axf2008
            } else {
                RepetitionRules::Prc1956
            };
            if let Ok(r) = xpgn::replay(g, rules)
                && turn % 3 == 0
            {
                let again = xpgn::write(&r, Notation::ALL[turn / 3 % 3], &[]);
                let back = xpgn::replay(&pgn::parse_game(&again).unwrap(), rules)
                    .unwrap_or_else(|e| panic!("{e}\n{again}"));
                assert_eq!(back.moves(), r.moves());
                assert_eq!(back.outcome(), r.outcome());
            }
            let written = g.write();
            let again = pgn::parse_games(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(again.len(), 1, "{written}");
            assert_eq!(again[0].moves, g.moves, "{written}");
        }
    };
    let chars: Vec<char> = source.chars().collect();
    for cut in (0..=chars.len()).step_by(7) {
        exercise(&chars[..cut].iter().collect::<String>());
    }
    let mut rng = Rng(0xBAD_C0DE);
    for _ in 0..3000 {
        let mut s = chars.clone();
        for _ in 0..(1 + rng.below(4)) {
            let i = rng.below(s.len());
            let c = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 => {
                    s.remove(i);
                }
                1 => s.insert(i, c),
                _ => s[i] = c,
            }
        }
        exercise(&s.iter().collect::<String>());
    }
}
