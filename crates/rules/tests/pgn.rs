//! PGN reading and writing: a multi-game file with everything PGN has, round trips,
//! golden output, errors with their messages, and a no-panic fuzz run.

use shatar_rules::AnyRecord;
use shatar_rules::pgn::{self, PgnError, PgnErrorKind, PgnGame, PgnMove};
use shatar_rules::{
    Chess, Color, EndReason, GameRecord, GameResult, Mongolian, MongolianFolk, Outcome, Position,
    Ruleset, fen, san,
};

const THREE_GAMES: &str = r#"[Event "Өвлийн аварга \"Шатар\" 2024"]
[Site "Хөх хот \\ Hohhot"]
[Date "2024.01.15"]
[Round "1"]
[White "Батбаяр Д."]
[Black "王芳"]
[Result "1-0"]
[Variant "Mongolian"]
[TimeControl "900+10"]

1. e4 e5 {Нээлттэй эхлэл,
   the open opening (2017 art. 1.2)} 2. Nf3 Nc6 (2... d6 3. d3 (3. Bc4 Be7!? {Тэмээ})
3... Bg4) 3. Bb5 a6 $6 4. Ba4 ; a line comment
Nf6 5. Kf1!! b6?? 6. Bb3 1-0

[Event "Folk endgame"]
[White "Төмөр"]
[Black "Сүх"]
[Variant "Mongolian Folk"]
[SetUp "1"]
[FEN "4k3/8/4K3/8/8/8/P7/7r b - - 0 40"]
[Result "*"]

40... Rh6+ 41. Kd5 Rh5+ 42. Kd6 {again} Rh6+ 43. Kd5 *

[White "Carlsen"]
[Black "Anand"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. O-O 1/2-1/2
"#;

fn err_text(r: Result<impl std::fmt::Debug, PgnError>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn reads_a_multi_game_file() {
    let games = pgn::parse_games(THREE_GAMES).unwrap();
    assert_eq!(games.len(), 3);

    let g = &games[0];
    assert_eq!(g.number, 1);
    assert_eq!(g.tag("Event"), Some("Өвлийн аварга \"Шатар\" 2024"));
    assert_eq!(g.tag("Site"), Some("Хөх хот \\ Hohhot"));
    assert_eq!(g.tag("White"), Some("Батбаяр Д."));
    assert_eq!(g.tag("Black"), Some("王芳"));
    assert_eq!(g.result, Some(GameResult::WhiteWins));
    let main: Vec<&str> = g.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(
        main,
        [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Kf1", "b6", "Bb3"
        ]
    );
    assert_eq!(
        g.moves[1].comments,
        ["Нээлттэй эхлэл, the open opening (2017 art. 1.2)"]
    );
    assert_eq!(g.moves[5].nags, [6]);
    assert_eq!(g.moves[6].comments, ["a line comment"]);
    assert_eq!(g.moves[8].nags, [3]);
    assert_eq!(g.moves[9].nags, [4]);
    // (2... d6 3. d3 (3. Bc4 Be7!? {Тэмээ}) 3... Bg4): an alternative to 2... Nc6, with a
    // nested alternative to 3. d3.
    let var = &g.moves[3].variations;
    assert_eq!(var.len(), 1);
    assert_eq!(
        var[0].iter().map(|m| m.san.as_str()).collect::<Vec<_>>(),
        ["d6", "d3", "Bg4"]
    );
    let nested = &var[0][1].variations[0];
    assert_eq!(nested[1].san, "Be7");
    assert_eq!(nested[1].nags, [5]);
    assert_eq!(nested[1].comments, ["Тэмээ"]);
    assert_eq!(g.moves[2].at.line, 12);

    // The ruleset: the Variant tag, or the caller's default.
    assert_eq!(
        games[0].ruleset(Ruleset::Chess).unwrap(),
        Ruleset::Mongolian
    );
    assert_eq!(
        games[1].ruleset(Ruleset::Chess).unwrap(),
        Ruleset::MongolianFolk
    );
    assert_eq!(games[2].ruleset(Ruleset::Chess).unwrap(), Ruleset::Chess);
    assert_eq!(
        games[2].ruleset(Ruleset::Mongolian).unwrap(),
        Ruleset::Mongolian
    );

    let AnyRecord::Mongolian(r) = games[0].replay_any(Ruleset::Mongolian).unwrap() else {
        panic!("not Mongolian")
    };
    assert_eq!(r.moves().len(), 11);
    // No mate on the board: 1-0 is read as a resignation.
    assert_eq!(
        r.outcome(),
        Some(Outcome::win(Color::White, EndReason::Resignation))
    );

    let AnyRecord::MongolianFolk(r) = games[1].replay_any(Ruleset::Mongolian).unwrap() else {
        panic!("not folk")
    };
    assert_eq!(r.moves().len(), 6);
    assert_eq!(r.initial().fullmoves(), 40);
    assert_eq!(r.initial().turn(), Color::Black);
    // Folk rules ④: the checks repeat the position a third time: perpetual check, a draw.
    assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::PerpetualCheck)));
    // Without White's pawn the folk rules end the game before it starts (a bare king).
    let bare = THREE_GAMES.replace("P7/7r", "8/7r");
    assert_eq!(
        err_text(pgn::parse_games(&bare).unwrap()[1].replay::<MongolianFolk>()),
        "PGN game 2 (Төмөр vs Сүх), line 24, column 7: move 40... (black): 'Rh6+' comes after the game has \
         ended: 1/2-1/2 (a bare king)"
    );

    let AnyRecord::Chess(r) = games[2].replay_any(Ruleset::Chess).unwrap() else {
        panic!("not chess")
    };
    assert_eq!(r.moves().len(), 11);
    assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::Agreement)));
    // The same game without a Variant tag, read with the Mongolian default: the double
    // step fails, named with the game, the players, the place, the move and why.
    assert_eq!(
        err_text(games[2].replay_any(Ruleset::Mongolian)),
        "PGN game 3 (Carlsen vs Anand), line 29, column 39: move 4... (black): 'd5' is illegal: \
         no black pawn can move to d5: after the first round a pawn steps one square only (2017 art. 3.7)"
    );
    let castles =
        pgn::parse_game("[Variant \"Mongolian\"]\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *")
            .unwrap();
    assert_eq!(
        err_text(castles.replay::<Mongolian>()),
        "PGN game 1, line 2, column 35: move 4. (white): 'O-O' is illegal: Mongolian chess (2017 rules) has no castling"
    );
}

#[test]
fn write_then_read_gives_the_same_game() {
    let games = pgn::parse_games(THREE_GAMES).unwrap();
    for g in &games {
        let text = g.write();
        let again = pgn::parse_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The move tree survives exactly; tags gain the roster's placeholders once.
        assert_eq!(again.moves, g.moves);
        assert_eq!(again.result, g.result);
        for (name, value) in &g.tags {
            assert_eq!(again.tag(name), Some(value.as_str()), "{name}");
        }
        let text2 = again.write();
        assert_eq!(text2, text);
        assert_eq!(pgn::parse_game(&text2).unwrap(), again);
    }
    let all = pgn::write_games(&games);
    assert_eq!(
        pgn::parse_games(&all)
            .unwrap()
            .iter()
            .map(PgnGame::write)
            .collect::<Vec<_>>()
            .concat(),
        games
            .iter()
            .map(PgnGame::write)
            .collect::<Vec<_>>()
            .concat()
    );
}

#[test]
fn golden_output() {
    let games = pgn::parse_games(THREE_GAMES).unwrap();
    let expected = r#"[Event "Өвлийн аварга \"Шатар\" 2024"]
[Site "Хөх хот \\ Hohhot"]
[Date "2024.01.15"]
[Round "1"]
[White "Батбаяр Д."]
[Black "王芳"]
[Result "1-0"]
[Variant "Mongolian"]
[TimeControl "900+10"]

1. e4 e5 {Нээлттэй эхлэл, the open opening (2017 art. 1.2)} 2. Nf3 Nc6 (2... d6
3. d3 (3. Bc4 Be7 $5 {Тэмээ}) 3... Bg4) 3. Bb5 a6 $6 4. Ba4 {a line comment}
4... Nf6 5. Kf1 $3 b6 $4 6. Bb3 1-0
"#;
    assert_eq!(games[0].write(), expected);

    // Roster placeholders, Variant, FEN then SetUp, the black move number from the FEN.
    let expected = r#"[Event "Folk endgame"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Төмөр"]
[Black "Сүх"]
[Result "*"]
[Variant "Mongolian Folk"]
[FEN "4k3/8/4K3/8/8/8/P7/7r b - - 0 40"]
[SetUp "1"]

40... Rh6+ 41. Kd5 Rh5+ 42. Kd6 {again} 42... Rh6+ 43. Kd5 *
"#;
    assert_eq!(games[1].write(), expected);
}

#[test]
fn writes_a_record_with_tags_in_order() {
    // 2017 art. 1.2: the first round, then any moves; the record ends in a mate.
    let mut record = GameRecord::new(Position::<Mongolian>::new());
    let mut pos = *record.position();
    for s in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7"] {
        let m = san::parse(&pos, s).unwrap();
        record.play(m).unwrap();
        pos = *record.position();
    }
    assert_eq!(
        record.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    let mut game = PgnGame::from_record(&record);
    game.set_tag("Annotator", "Шатар");
    game.set_tag("Termination", "normal");
    game.set_tag("White", "Ганбат");
    game.set_tag("TimeControl", "40/5400:1800");
    game.moves[6].comments.push("Scholar's mate".into());
    let text = game.write();
    assert_eq!(
        text,
        r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ганбат"]
[Black "?"]
[Result "1-0"]
[Variant "Mongolian"]
[TimeControl "40/5400:1800"]
[Termination "normal"]
[Annotator "Шатар"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {Scholar's mate} 1-0
"#
    );
    let back: GameRecord<Mongolian> = pgn::parse_game(&text).unwrap().replay().unwrap();
    assert_eq!(back.moves(), record.moves());
    assert_eq!(back.outcome(), record.outcome());

    // FIDE chess writes no Variant tag; a set-up position writes FEN and SetUp.
    let start: Position<Chess> = fen::parse_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let m = san::parse(&start, "e4").unwrap();
    let game = PgnGame::from_moves(&start, &[m]).unwrap();
    assert_eq!(game.tag("Variant"), None);
    assert_eq!(game.tag("FEN"), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert_eq!(game.tag("SetUp"), Some("1"));
    assert!(game.write().ends_with("\n\n1. e4 *\n"));
    assert_eq!(
        PgnGame::from_moves(&Position::<Chess>::new(), &[])
            .unwrap()
            .tags,
        vec![]
    );
}

/// Random games with long comments and variations: every move-text line fits in 80
/// columns, and the text reads back to the same tree.
#[test]
fn long_games_wrap_at_80_columns() {
    let mut rng = 0x1234_5678_9ABC_DEF1_u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for game_no in 0..20 {
        let mut pos = Position::<Mongolian>::new();
        let mut game = PgnGame::from_moves(&pos, &[]).unwrap();
        for ply in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(next() % legal.len() as u64) as usize];
            let mut node = PgnMove::new(san::write(&pos, m));
            if next() % 5 == 0 {
                node.comments.push(format!(
                    "комментарий {game_no}.{ply}: хөдөлгөөн сайн биш, a long remark to wrap"
                ));
            }
            if next() % 7 == 0 {
                node.nags.push((next() % 20) as u8);
            }
            if next() % 6 == 0 && legal.len() > 1 {
                let alt = legal.iter().copied().find(|&a| a != m).unwrap();
                node.variations
                    .push(vec![PgnMove::new(san::write(&pos, alt))]);
            }
            game.moves.push(node);
            pos = pos.play(m).unwrap();
        }
        let text = game.write();
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            assert!(
                line.chars().count() <= 80,
                "{} chars: {line}",
                line.chars().count()
            );
        }
        let back = pgn::parse_game(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        back.replay::<Mongolian>().unwrap();
    }
}

#[test]
fn error_messages() {
    let cases: &[(&str, &str)] = &[
        // An illegal move names the game, the players, line and column, the move and why.
        (
            "[White \"Батбаяр\"]\n[Black \"王芳\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 Bxe5 *",
            "PGN game 1 (Батбаяр vs 王芳), line 4, column 29: move 3... (black): 'Bxe5' is illegal: \
             no black bishop can move to e5",
        ),
        // 2017 art. 1.2: Black must mirror White's first move.
        (
            "[Variant \"Mongolian\"]\n1. e4 d5 *",
            "PGN game 1, line 2, column 7: move 1... (black): 'd5' is illegal: no black pawn can move to d5; \
             in the first round black may only play e5 (2017 art. 1.2)",
        ),
        (
            "1. d4 d5 2. Nf3 Nf6 3. Nd2 *",
            "PGN game 1, line 1, column 24: move 3. (white): 'Nd2' is ambiguous: it could be Nbd2 or Nfd2",
        ),
        (
            "1. e4 e5 2. Nf3 (2. Ke3) *",
            "PGN game 1, line 1, column 21: move 2. (white, in a variation): 'Ke3' is illegal: \
             no white king can move to e3",
        ),
        (
            "[Event \"a\"]\n1. e4 {never closed e5 *",
            "PGN game 1, line 2, column 7: a comment opened with '{' is never closed with '}'",
        ),
        (
            "[White Батбаяр]\n*",
            "PGN game 1, line 1, column 8: bad tag: the tag value must be a string in double quotes",
        ),
        (
            "[White \"Батбаяр]\n*",
            "PGN game 1, line 1, column 8: a tag value is not closed with '\"' on its line",
        ),
        (
            "[White \"A\" \n1. e4 *",
            "PGN game 1, line 2, column 1: bad tag: the tag is not closed with ']'",
        ),
        (
            "[\"A\"]",
            "PGN game 1, line 1, column 2: bad tag: '[' must be followed by a tag name (letters, digits, '_')",
        ),
        (
            "1. e4 (1. d4 *",
            "PGN game 1, line 1, column 7: a variation opened with '(' is never closed with ')'",
        ),
        (
            "1. e4 ) *",
            "PGN game 1, line 1, column 7: ')' closes no variation",
        ),
        (
            "( 1. e4 ) *",
            "PGN game 1, line 1, column 1: a variation before any move",
        ),
        (
            "$1 1. e4 *",
            "PGN game 1, line 1, column 1: an annotation before any move",
        ),
        (
            "1. e4 $300 *",
            "PGN game 1, line 1, column 7: '$300' is not an annotation ($0 to $255, !, ?, !!, ??, !?, ?!)",
        ),
        (
            "1. e4!!! *",
            "PGN game 1, line 1, column 6: '!!!' is not an annotation ($0 to $255, !, ?, !!, ??, !?, ?!)",
        ),
        (
            "1. e4 @ *",
            "PGN game 1, line 1, column 7: unexpected character '@'",
        ),
        (
            "1. e4 \"x\" *",
            "PGN game 1, line 1, column 7: unexpected string outside a tag",
        ),
        (
            "[Variant \"Shogi\"]\n*",
            "PGN game 1: unknown Variant \"Shogi\" (expected \"Mongolian\", \"Mongolian Folk\", \"Standard\" or \"Xiangqi\")",
        ),
        (
            "[FEN \"8/8/8 w - - 0 1\"]\n*",
            "PGN game 1: FEN tag: FEN field 1 (piece placement): 3 ranks instead of 8 separated by '/'",
        ),
        // The result must agree with a mate on the board.
        (
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1",
            "PGN game 1, line 1, column 35: the result 0-1 contradicts the moves, which end the game 1-0 (checkmate)",
        ),
        (
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7 1-0",
            "PGN game 1, line 1, column 41: move 4... (black): 'Ke7' comes after the game has ended: 1-0 (checkmate)",
        ),
        (
            "1. e4 e5 2. Мf3 *",
            "PGN game 1, line 1, column 13: move 2. (white): 'Мf3' is not a move: only English piece letters \
             (K Q R B N), squares a1-h8, 'x', '-' and '=' are read",
        ),
        (
            "1. e4 e5 2. -- *",
            "PGN game 1, line 1, column 13: move 2. (white): '--' is not a move: no destination square (a1 to h8) at the end",
        ),
    ];
    for (text, expected) in cases {
        let got = match pgn::parse_games(text) {
            Err(e) => e.to_string(),
            Ok(games) => games
                .iter()
                .map(|g| g.replay_any(Ruleset::Mongolian).map(|_| ()))
                .find_map(Result::err)
                .map_or_else(|| "no error".to_string(), |e| e.to_string()),
        };
        assert_eq!(&got, expected, "for {text:?}");
    }
}

#[test]
fn error_in_a_later_game_names_it() {
    let text = "[White \"A\"]\n[Black \"B\"]\n1. e4 e5 1-0\n\n[White \"Ц\"]\n[Black \"王\"]\n1. e4 e5 2. Ke3 *\n";
    let games = pgn::parse_games(text).unwrap();
    let e = games[1].replay::<Mongolian>().unwrap_err();
    assert_eq!(e.game, 2);
    assert_eq!(e.white.as_deref(), Some("Ц"));
    assert!(
        matches!(*e.kind, PgnErrorKind::Move { number: 2, side: Color::White, ref san, in_variation: false, .. } if san == "Ke3")
    );
    assert_eq!(
        e.to_string(),
        "PGN game 2 (Ц vs 王), line 7, column 13: move 2. (white): 'Ke3' is illegal: no white king can move to e3"
    );
    // A syntax error in game 2 names game 2.
    let e = pgn::parse_games("1. e4 e5 *\n\n[Event \"x\"]\n1. e4 {oops").unwrap_err();
    assert_eq!(
        e.to_string(),
        "PGN game 2, line 4, column 7: a comment opened with '{' is never closed with '}'"
    );
    // Replaying as the wrong ruleset.
    let g = pgn::parse_game("[Variant \"Mongolian\"]\n1. e4 e5 *").unwrap();
    assert_eq!(
        err_text(g.replay::<Chess>()),
        "PGN game 1: the Variant tag says \"Mongolian\", but the game was read as Chess (FIDE)"
    );
}

#[test]
fn lenient_reading() {
    // No tags, no result, move numbers glued or missing, 0-0, e8Q, UCI, ';' and '%' lines,
    // a BOM, CRLF line ends.
    let text =
        "\u{feff}%escape line\r\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.0-0 g1f8 ; not a move? no: b1c3\r\n";
    let games = pgn::parse_games(text).unwrap();
    assert_eq!(games.len(), 1);
    let e = games[0].replay::<Chess>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "PGN game 1, line 2, column 35: move 4... (black): 'g1f8' is illegal: the piece on g1 is white's, and black is to move"
    );
    let games = pgn::parse_games("1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.0-0 Nf6 5.d3 O-O").unwrap();
    let r = games[0].replay::<Chess>().unwrap();
    assert_eq!(r.moves().len(), 10);
    assert_eq!(games[0].result, None);
    // Empty text, whitespace, a lone comment: no games.
    assert!(pgn::parse_games("").unwrap().is_empty());
    assert!(pgn::parse_games(" \n\t ").unwrap().is_empty());
    assert!(pgn::parse_games("{just a note}").unwrap().is_empty());
    // A game without moves keeps its comment.
    let g = pgn::parse_game("[White \"x\"]\n{no moves} *").unwrap();
    assert_eq!(g.comments, ["no moves"]);
    assert!(g.write().ends_with("\n\n{no moves} *\n"));
    // A game without a result followed by another game's tags.
    let games = pgn::parse_games("1. e4 e5\n[White \"y\"]\n1. d4 d5 *").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("White"), Some("y"));
    // Folk knight mate is a draw: 1/2-1/2 agrees with the board, 1-0 does not.
    let folk = "[Variant \"Mongolian Folk\"]\n[FEN \"6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1\"]\n1. Nf7# ";
    let r: GameRecord<MongolianFolk> = pgn::parse_game(&format!("{folk}1/2-1/2"))
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::KnightMate)));
    assert!(
        pgn::parse_game(&format!("{folk}1-0"))
            .unwrap()
            .replay::<MongolianFolk>()
            .is_err()
    );
}

#[test]
fn draw_offers() {
    // 2017 art. 9.1.2.b: an offer of a draw is marked (=) after the move; written as the
    // comment {(=)}, read in that form and in the bare (=) written before.
    let old = "1. e4 e5 2. Nf3 (=) Nc6 (2... Nf6) 3. Bc4 (=) {declined} 1/2-1/2";
    let new = "1. e4 e5 2. Nf3 {(=)} 2... Nc6 (2... Nf6) 3. Bc4 {(=)} {declined} 1/2-1/2";
    for text in [old, new] {
        let g = pgn::parse_game(text).unwrap();
        assert_eq!(
            g.moves.iter().map(|m| m.draw_offer).collect::<Vec<_>>(),
            [false, false, true, false, true],
            "{text}"
        );
        assert_eq!(g.moves[3].variations.len(), 1);
        assert!(g.moves[2].variations.is_empty());
        assert!(g.moves[2].comments.is_empty(), "{text}");
        assert_eq!(g.moves[4].comments, ["declined"], "{text}");
        let written = g.write();
        assert!(written.ends_with(&format!("\n\n{new}\n")), "{written}");
        assert_eq!(pgn::parse_game(&written).unwrap().moves, g.moves);
        let r = g.replay::<Mongolian>().unwrap();
        assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::Agreement)));
    }
    // Only the first {(=)} after a move is the offer: a second is a comment, and stays one.
    let g = pgn::parse_game("1. e4 {(=)} {(=)} *").unwrap();
    assert!(g.moves[0].draw_offer);
    assert_eq!(g.moves[0].comments, ["(=)"]);
    assert_eq!(pgn::parse_game(&g.write()).unwrap().moves, g.moves);
}

/// Every tag, comment (before and after moves, clocks among them), NAG, variation and draw
/// offer survives writing and reading back.
#[test]
fn a_record_keeps_everything_through_writing_and_reading() {
    let text = "[Event \"Club\"]\n[Site \"Ulaanbaatar\"]\n[Date \"2026.12.07\"]\n\
        [Round \"3\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\
        [Variant \"Mongolian\"]\n[TimeControl \"300+2\"]\n[Termination \"normal\"]\n\
        [TerminationDetails \"agreement\"]\n[Annotator \"C\"]\n\n\
        {start} 1. e4 $1 {[%clk 0:05:00]} {(=)} {best} (1. d4 {also} (1. c4 $5) 1... d5) \
        1... e5 {[%clk 0:04:59]} 2. Nf3 {(=)} 2... Nc6 (2... Nf6 {(=)} 3. Nxe5) 3. Bc4 1/2-1/2";
    let g = pgn::parse_game(text).unwrap();
    assert!(g.moves[0].draw_offer && g.moves[2].draw_offer);
    assert!(g.moves[3].variations[0][0].draw_offer);
    assert_eq!(g.moves[0].comments, ["[%clk 0:05:00]", "best"]);
    assert_eq!(g.tags.len(), 12);
    let written = g.write();
    let back = pgn::parse_game(&written).unwrap();
    assert_eq!(back, g, "{written}");
    assert_eq!(back.write(), written);
    assert_eq!(back.tag("TerminationDetails"), Some("agreement"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("1. e4 {} *", "(1. d4 ".repeat(10_000));
    let e = pgn::parse_games(&deep).unwrap_err();
    assert_eq!(*e.kind, PgnErrorKind::TooDeep);
    let ok = format!("1. e4 {}{} *", "(1. d4 ".repeat(60), ")".repeat(60));
    pgn::parse_games(&ok).unwrap()[0].replay::<Chess>().unwrap();
}

/// Random text, random mutations and every truncation of a valid file: the reader and
/// replay may fail, but never panic.
#[test]
fn fuzz_no_panics() {
    let mut rng = 0xC0FF_EE00_DEAD_BEEF_u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let alphabet: Vec<char> =
        "[]{}();$!?*.\"\\ \n\tabcdefgh12345678KQRBNOox-=+#/%0ЦХ王\u{feff}VariantFENSetUp"
            .chars()
            .collect();
    let exercise = |text: &str| {
        if let Ok(games) = pgn::parse_games(text) {
            for g in &games {
                for default in Ruleset::ALL {
                    let _ = g.replay_any(default).map(|r| r.moves().len());
                }
                let written = g.write();
                // What was read writes out as something that reads again.
                let again = pgn::parse_games(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(again.len(), 1, "{written}");
                assert_eq!(again[0].moves, g.moves, "{written}");
            }
        }
    };
    for _ in 0..3000 {
        let len = (next() % 120) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        exercise(&s);
    }
    let source: Vec<char> = THREE_GAMES.chars().collect();
    for cut in 0..=source.len() {
        exercise(&source[..cut].iter().collect::<String>());
    }
    for _ in 0..1500 {
        let mut s = source.clone();
        for _ in 0..(1 + next() % 4) {
            let i = (next() % s.len() as u64) as usize;
            match next() % 3 {
                0 => {
                    s.remove(i);
                }
                1 => s.insert(i, alphabet[(next() % alphabet.len() as u64) as usize]),
                _ => s[i] = alphabet[(next() % alphabet.len() as u64) as usize],
            }
        }
        exercise(&s.iter().collect::<String>());
    }
}

/// Dates for the `Date` tag: the epoch, a leap day, and a day of this project.
#[test]
fn civil_dates_from_day_counts() {
    use shatar_rules::pgn::civil_date;
    assert_eq!(civil_date(0), (1970, 1, 1));
    assert_eq!(civil_date(11_016), (2000, 2, 29));
    assert_eq!(civil_date(20_786), (2026, 11, 29));
    assert_eq!(civil_date(-1), (1969, 12, 31));
}

#[test]
fn an_error_at_the_first_token_names_game_one_or_the_next() {
    // Before anything of a game is read, the error is still that game's, counted from 1.
    let e = pgn::parse_games("@ 1. e4 *").unwrap_err();
    assert_eq!(e.game, 1);
    assert!(
        e.to_string().starts_with("PGN game 1, line 1, column 1: "),
        "{e}"
    );
    let e = pgn::parse_games("1. e4 e5 *\n\n1. d4 d5 *\n\n@").unwrap_err();
    assert_eq!(e.game, 3, "{e}");
}

#[test]
fn a_reader_says_where_each_game_stands_and_reads_it_again_alone() {
    let mut reader = pgn::PgnReader::new(THREE_GAMES);
    let mut read = Vec::new();
    while let Some(game) = reader.next_game().unwrap() {
        read.push(game);
    }
    let whole = pgn::parse_games(THREE_GAMES).unwrap();
    assert_eq!(read.len(), whole.len());
    for (i, r) in read.iter().enumerate() {
        assert_eq!(r.game, whole[i]);
        assert_eq!(r.game.number, i + 1);
        // A game's span starts at its first tag and ends with its result.
        assert!(
            THREE_GAMES[r.span.clone()].starts_with('['),
            "game {}",
            i + 1
        );
        let line = THREE_GAMES[..r.span.start].matches('\n').count() + 1;
        assert_eq!(r.at.line as usize, line);
        assert_eq!(r.at.column, 1);
        // Cut out and read again: the same game, its moves at the same places.
        let mut again = pgn::PgnReader::resume(&THREE_GAMES[r.span.clone()], r.at, i);
        let alone = again.next_game().unwrap().expect("the game");
        assert_eq!(alone.game, r.game);
        assert_eq!(alone.game.number, i + 1);
        let places = |g: &PgnGame| g.moves.iter().map(|m| m.at).collect::<Vec<_>>();
        assert_eq!(places(&alone.game), places(&r.game));
        assert!(again.next_game().unwrap().is_none());
    }
    assert!(THREE_GAMES[read[0].span.clone()].ends_with("1-0"));
}

#[test]
fn a_game_read_again_alone_reports_errors_where_the_file_has_them() {
    let text = "[White \"A\"]\n1. e4 e5 *\n\n[White \"Б\"]\n1. e4 e5 2. Ke3 *\n";
    let mut reader = pgn::PgnReader::new(text);
    reader.next_game().unwrap();
    let second = reader.next_game().unwrap().unwrap();
    let alone = pgn::PgnReader::resume(&text[second.span.clone()], second.at, 1)
        .next_game()
        .unwrap()
        .unwrap();
    let e = alone.game.replay::<Mongolian>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "PGN game 2 (Б vs ?), line 5, column 13: move 2. (white): 'Ke3' is illegal: no white king can move to e3"
    );
}
