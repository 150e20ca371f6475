//! The fuzz checks: one function per target, each taking any bytes. A check panics when a
//! reader panics on its input, or when what a reader accepts breaks the invariant of that
//! reader (what it reads writes back and reads again as the same thing; a move it reads is
//! legal).
//!
//! This one file is compiled twice: as the library of the `shatar-fuzz` crate, whose
//! cargo-fuzz targets (`fuzz_targets/*.rs`) are one-line calls of these functions, and as a
//! module of the stable test `crates/rules/tests/fuzz_seeds.rs`, which runs every check over
//! the seeds in `fuzz/seeds/<target>/` and mutations of them in the normal test run. So it
//! uses only `std` and `shatar_rules`, and has no crate-level attributes.
//!
//! Inputs are read as UTF-8 text (anything else is skipped). The move readers need a
//! position too: for them the first bytes choose it (see [`split_header`]).

use shatar_rules::pgn::{self, PgnGame};
use shatar_rules::san::{self, San};
use shatar_rules::xiangqi::{self, chinese, iccs, wxf};
use shatar_rules::{
    AnyRecord, Chess, Mongolian, MongolianFolk, Position, Rules, Ruleset, fen, uci,
};

/// A check: any bytes in, a panic when something is wrong.
pub type Check = fn(&[u8]);

/// Every check, by the name of its fuzz target and of its seed directory.
pub const TARGETS: &[(&str, Check)] = &[
    ("xiangqi_fen", xiangqi_fen),
    ("xiangqi_iccs", xiangqi_iccs),
    ("xiangqi_wxf", xiangqi_wxf),
    ("xiangqi_chinese", xiangqi_chinese),
    ("fen", fen),
    ("san", san),
    ("pgn", pgn),
    ("xiangqi_pgn", xiangqi_pgn),
];

/// The Xiangqi positions the notation checks start from: the initial one, two openings, a
/// middlegame, and like pieces on one file (two chariots, two advisors, three, four soldiers,
/// soldiers on two files), where the notations name the piece by its place.
pub const XIANGQI_STARTS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p5p1p/4P1p2/2P1P4/2P1P4/1C5C1/9/RNBAKABNR w",
    "rnbakabnr/9/1c5c1/2p1p4/2p1p4/2P1p4/2P6/1C5C1/9/RNBAKABNR b",
    "4k4/9/9/9/9/9/R8/R8/9/5K3 w",
    "r3k4/r8/9/9/9/9/9/9/9/5K3 b",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w",
    "3k5/9/4P4/2P1P4/2P1P4/9/9/9/9/5K3 w",
    "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w",
    "3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b",
    "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
    "2bak4/4a4/2n1b1c2/p1p1C3p/2r1n4/4R4/P3P3P/2N1B4/4A4/2BAK4 w - - 4 20",
];

/// The 8x8 positions the SAN check starts from, with their rules: the initial arrays,
/// castling and en passant, promotions, and pieces that need disambiguating.
pub const BOARD8_STARTS: &[(Ruleset, &str)] = &[
    (Ruleset::Mongolian, fen::MONGOLIAN_INITIAL),
    (Ruleset::Chess, fen::CHESS_INITIAL),
    (Ruleset::MongolianFolk, fen::MONGOLIAN_INITIAL),
    (
        Ruleset::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        Ruleset::Chess,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ),
    (
        Ruleset::Mongolian,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
    ),
    (Ruleset::MongolianFolk, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    (
        Ruleset::Mongolian,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ),
    (Ruleset::Chess, "N3k3/8/8/2N5/8/8/8/N3K2N w - - 0 1"),
    (Ruleset::Mongolian, "1k6/8/8/3Q1Q2/8/3Q1Q2/8/K7 w - - 0 1"),
];

/// Splits `data` for the checks that read a move in a position: byte 0 chooses one of
/// `count` start positions (its low four bits, modulo `count`); byte 1's low three bits give
/// a number of plies, 0 to 7; that many bytes follow, each choosing a legal move (its
/// value modulo the number of legal moves); the rest is the text. ASCII digits make
/// readable seeds: `00炮二平五` is the text `炮二平五` in the first position, `12ab...` two
/// plies from the second. `None` when the input is too short or the text not UTF-8.
pub fn split_header(data: &[u8], count: usize) -> Option<(usize, &[u8], &str)> {
    let [start, plies, rest @ ..] = data else {
        return None;
    };
    let plies = usize::from(plies & 7);
    if rest.len() < plies {
        return None;
    }
    let (choices, text) = rest.split_at(plies);
    Some((
        usize::from(start & 0x0f) % count,
        choices,
        std::str::from_utf8(text).ok()?,
    ))
}

// ---------------------------------------------------------------------------------------
// Xiangqi

/// Xiangqi FEN: reading never panics; a setup that reads writes back to a FEN that reads as
/// the same setup; a position that reads writes back to a FEN that reads as the same
/// position, its hash is the hash from scratch, and each of its legal moves plays, to a
/// position that writes and reads back too.
pub fn xiangqi_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    use xiangqi::fen::{parse_position, parse_setup, write};
    match parse_setup(text) {
        Ok(setup) => {
            let written = write(&setup);
            assert_eq!(
                parse_setup(&written),
                Ok(setup),
                "{text:?} written as {written:?}"
            );
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(
                parse_position(text).is_err(),
                "{text:?}: the setup does not read, the position does"
            );
        }
    }
    let pos = match parse_position(text) {
        Ok(pos) => pos,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let written = write(&pos.to_setup());
    assert_eq!(
        parse_position(&written),
        Ok(pos),
        "{text:?} written as {written:?}"
    );
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{written}");
    let _ = (pos.is_check(), pos.outcome());
    let legal = pos.legal_moves();
    assert_eq!(pos.perft(1), legal.len() as u64, "{written}");
    for &m in legal.iter() {
        assert!(pos.is_legal(m), "{m} in {written}");
        let mut next = pos;
        next.play(m)
            .unwrap_or_else(|e| panic!("{e}: {m} in {written}"));
        assert_eq!(next.hash(), next.hash_from_scratch(), "{m} in {written}");
        let after = write(&next.to_setup());
        assert_eq!(
            parse_position(&after),
            Ok(next),
            "after {m} in {written}: {after}"
        );
    }
}

/// ICCS coordinates: reading never panics; a move that reads is the text trimmed, lower
/// case and without the dash, and reads again as itself; `parse_legal` in the initial
/// position agrees with `parse` and the legal moves.
pub fn xiangqi_iccs(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let start = xiangqi::Position::new();
    match iccs::parse(text) {
        Ok(m) => {
            let mut normal = text.trim().to_ascii_lowercase();
            if normal.len() == 5 {
                normal.remove(2);
            }
            assert_eq!(m.to_string(), normal, "{text:?}");
            assert_eq!(iccs::parse(&m.to_string()), Ok(m), "{text:?}");
            let expected = if start.is_legal(m) {
                Ok(m)
            } else {
                Err(iccs::IccsError::Illegal(m))
            };
            assert_eq!(iccs::parse_legal(&start, text), expected, "{text:?}");
        }
        Err(e) => {
            let _ = e.to_string();
            assert_eq!(iccs::parse_legal(&start, text), Err(e), "{text:?}");
        }
    }
}

/// The Xiangqi position a header chooses (see [`split_header`]), and the text after it.
fn xiangqi_position(data: &[u8]) -> Option<(xiangqi::Position, &str)> {
    let (start, choices, text) = split_header(data, XIANGQI_STARTS.len())?;
    let mut pos =
        xiangqi::fen::parse_position(XIANGQI_STARTS[start]).expect("a start position reads");
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(legal[usize::from(c) % legal.len()])
            .expect("a legal move plays");
    }
    Some((pos, text))
}

/// WXF notation in a chosen position: reading never panics; a move that reads is legal,
/// and its written form reads as the same move. An input with no text after the header
/// checks the position instead: every legal move writes to a form that reads as that move
/// alone (each move costs a pass over all, too slow to do on every input).
pub fn xiangqi_wxf(data: &[u8]) {
    let Some((pos, text)) = xiangqi_position(data) else {
        return;
    };
    match wxf::parse(&pos, text) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} read as {m} in {pos}");
            let written = wxf::write(&pos, m);
            assert_eq!(
                wxf::parse(&pos, &written),
                Ok(m),
                "{text:?} read as {m}, written {written:?} in {pos}"
            );
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    if text.is_empty() {
        for &m in pos.legal_moves().iter() {
            let written = wxf::write(&pos, m);
            assert_eq!(
                wxf::parse(&pos, &written),
                Ok(m),
                "{m} written {written:?} in {pos}"
            );
        }
    }
}

/// The traditional Chinese notation in a chosen position: as [`xiangqi_wxf`].
pub fn xiangqi_chinese(data: &[u8]) {
    let Some((pos, text)) = xiangqi_position(data) else {
        return;
    };
    match chinese::parse(&pos, text) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} read as {m} in {pos}");
            let written = chinese::write(&pos, m);
            assert_eq!(
                chinese::parse(&pos, &written),
                Ok(m),
                "{text:?} read as {m}, written {written:?} in {pos}"
            );
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    if text.is_empty() {
        for &m in pos.legal_moves().iter() {
            let written = chinese::write(&pos, m);
            assert_eq!(
                chinese::parse(&pos, &written),
                Ok(m),
                "{m} written {written:?} in {pos}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The 8x8 games

/// 8x8 FEN, in each of the three rulesets: reading never panics; a setup that reads writes
/// back to a FEN that reads as the same setup; a position that reads writes back to a FEN
/// that reads as the same position (and writes the same again), its hash is the hash from
/// scratch, and each of its legal moves plays, to a position that writes and reads back.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fen::parse(text) {
        Ok(setup) => {
            let written = fen::write(&setup);
            assert_eq!(
                fen::parse(&written),
                Ok(setup),
                "{text:?} written as {written:?}"
            );
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    fen_in::<Mongolian>(text);
    fen_in::<MongolianFolk>(text);
    fen_in::<Chess>(text);
}

fn fen_in<R: Rules>(text: &str) {
    let pos = match fen::parse_position::<R>(text) {
        Ok(pos) => pos,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let written = pos.to_string();
    let again: Position<R> = fen::parse_position(&written)
        .unwrap_or_else(|e| panic!("{text:?} written as {written:?}: {e}"));
    assert_eq!(again, pos, "{text:?} written as {written:?}");
    assert_eq!(again.to_string(), written);
    assert_eq!(pos.hash(), pos.compute_hash(), "{written}");
    let _ = (pos.is_check(), pos.outcome(), pos.is_dead_position());
    for &m in pos.legal_moves().iter() {
        assert!(pos.is_legal(m), "{m} in {written}");
        let next = pos
            .play(m)
            .unwrap_or_else(|e| panic!("{e}: {m} in {written}"));
        assert_eq!(next.hash(), next.compute_hash(), "{m} in {written}");
        let after = next.to_string();
        let reread: Position<R> = fen::parse_position(&after)
            .unwrap_or_else(|e| panic!("after {m} in {written}: {after}: {e}"));
        assert_eq!(reread, next, "after {m} in {written}: {after}");
    }
}

/// SAN, the long form and UCI moves in a chosen 8x8 position (see [`split_header`] and
/// [`BOARD8_STARTS`]): reading never panics; notation that reads without a position
/// displays as notation that reads and displays the same; a move that reads is legal, and
/// its SAN, long form and UCI each read as the same move; the long-form and UCI readers
/// agree with the SAN reader (which takes both forms). With no text after the header,
/// every legal move of the position round-trips in SAN.
pub fn san(data: &[u8]) {
    let Some((start, choices, text)) = split_header(data, BOARD8_STARTS.len()) else {
        return;
    };
    let (ruleset, start) = BOARD8_STARTS[start];
    match ruleset {
        Ruleset::Mongolian => san_in::<Mongolian>(start, choices, text),
        Ruleset::MongolianFolk => san_in::<MongolianFolk>(start, choices, text),
        Ruleset::Chess => san_in::<Chess>(start, choices, text),
    }
}

fn san_in<R: Rules>(start: &str, choices: &[u8], text: &str) {
    let mut pos: Position<R> = fen::parse_position(start).expect("a start position reads");
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos = pos
            .play(legal[usize::from(c) % legal.len()])
            .expect("a legal move plays");
    }
    match San::parse(text) {
        Ok(s) => {
            let shown = s.to_string();
            let again =
                San::parse(&shown).unwrap_or_else(|e| panic!("{text:?} shown as {shown:?}: {e}"));
            assert_eq!(again.to_string(), shown, "{text:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    let read = san::parse(&pos, text);
    match &read {
        Ok(m) => {
            let m = *m;
            assert!(pos.is_legal(m), "{text:?} read as {m} in {pos}");
            let written = san::write(&pos, m);
            assert_eq!(
                san::parse(&pos, &written),
                Ok(m),
                "{text:?} read as {m}, written {written:?} in {pos}"
            );
            let long = san::write_long(&pos, m);
            assert_eq!(
                san::parse_long(&pos, &long),
                Ok(m),
                "{text:?} read as {m}, long {long:?} in {pos}"
            );
            assert_eq!(
                san::parse(&pos, &long),
                Ok(m),
                "{text:?} read as {m}, long {long:?} in {pos}"
            );
            let coords = uci::write(m);
            assert_eq!(
                uci::parse_move(&pos, &coords),
                Ok(m),
                "{text:?} read as {m}, UCI {coords:?} in {pos}"
            );
            assert_eq!(
                san::parse(&pos, &coords),
                Ok(m),
                "{text:?} read as {m}, UCI {coords:?} in {pos}"
            );
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    match san::parse_long(&pos, text) {
        Ok(m) => assert_eq!(
            read,
            Ok(m),
            "{text:?} in {pos}: the long form reads, SAN does not agree"
        ),
        Err(e) => {
            let _ = e.to_string();
        }
    }
    match uci::parse_move(&pos, text) {
        Ok(m) => {
            assert!(
                uci::write(m).eq_ignore_ascii_case(text),
                "{text:?} read as {m} in {pos}"
            );
            assert_eq!(
                read,
                Ok(m),
                "{text:?} in {pos}: UCI reads, SAN does not agree"
            );
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    if text.is_empty() {
        for &m in pos.legal_moves().iter() {
            let written = san::write(&pos, m);
            assert_eq!(
                san::parse(&pos, &written),
                Ok(m),
                "{m} written {written:?} in {pos}"
            );
        }
    }
}

/// PGN: reading never panics; every game that reads writes to PGN that reads as one game
/// with the same moves (comments, variations and all), result and tags, and writes the
/// same text again; a game that replays (in its Variant's rules, or each default's) replays
/// from the written text to the same moves and outcome, and the PGN of the record it
/// replays to (`PgnGame::from_record`) replays to the same moves and result.
pub fn pgn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let games = match pgn::parse_games(text) {
        Ok(games) => games,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    for game in &games {
        let written = game.write();
        let again = pgn::parse_game(&written)
            .unwrap_or_else(|e| panic!("written PGN does not read: {e}\n{written}"));
        assert_eq!(again.moves, game.moves, "{written}");
        assert_eq!(again.comments, game.comments, "{written}");
        assert_eq!(again.result, game.result, "{written}");
        // A tag is one line: the writer turns line breaks in a value into spaces.
        for (name, value) in game.tags.iter().filter(|(name, _)| name != "Result") {
            let one_line = game.tag(name).unwrap_or(value).replace(['\n', '\r'], " ");
            assert_eq!(
                again.tag(name),
                Some(one_line.as_str()),
                "tag {name:?} in {written}"
            );
        }
        assert_eq!(
            again.write(),
            written,
            "written PGN is not written the same again"
        );
        for default in Ruleset::ALL {
            let record = match game.replay_any(default) {
                Ok(record) => record,
                Err(e) => {
                    let _ = e.to_string();
                    assert!(
                        again.replay_any(default).is_err(),
                        "only the written PGN replays\n{written}"
                    );
                    continue;
                }
            };
            let replayed = again
                .replay_any(default)
                .unwrap_or_else(|e| panic!("written PGN does not replay: {e}\n{written}"));
            assert_eq!(replayed.ruleset(), record.ruleset(), "{written}");
            assert_eq!(replayed.moves(), record.moves(), "{written}");
            assert_eq!(replayed.outcome(), record.outcome(), "{written}");
            let from_record = match &record {
                AnyRecord::Mongolian(r) => PgnGame::from_record(r),
                AnyRecord::MongolianFolk(r) => PgnGame::from_record(r),
                AnyRecord::Chess(r) => PgnGame::from_record(r),
            };
            let text = from_record.write();
            let reread = pgn::parse_game(&text)
                .and_then(|g| g.replay_any(record.ruleset()))
                .unwrap_or_else(|e| panic!("the record's PGN does not replay: {e}\n{text}"));
            assert_eq!(reread.moves(), record.moves(), "{text}");
            assert_eq!(
                reread.outcome().map(|o| o.result),
                record.outcome().map(|o| o.result),
                "{text}"
            );
        }
    }
}

/// Xiangqi PGN: a game that names Xiangqi and replays (under either repetition text) is
/// written in each notation, and the written text replays to the same moves and outcome.
pub fn xiangqi_pgn(data: &[u8]) {
    use shatar_rules::xiangqi::RepetitionRules;
    use shatar_rules::xiangqi::pgn::{Notation, replay, write};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = pgn::parse_games(text) else {
        return;
    };
    for game in games {
        if !matches!(
            game.game(Ruleset::Mongolian),
            Ok(shatar_rules::GameKind::Xiangqi)
        ) {
            continue;
        }
        for rules in [RepetitionRules::Axf2008, RepetitionRules::Prc1956] {
            let record = match replay(&game, rules) {
                Ok(record) => record,
                Err(e) => {
                    let _ = e.to_string();
                    continue;
                }
            };
            for notation in Notation::ALL {
                let written = write(&record, notation, &[]);
                let again = pgn::parse_game(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
                let back = replay(&again, rules).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(back.moves(), record.moves(), "moves differ in\n{written}");
                assert_eq!(
                    back.outcome(),
                    record.outcome(),
                    "outcome differs in\n{written}"
                );
            }
        }
    }
}
