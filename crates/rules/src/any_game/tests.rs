//! The run-time game types answer as each game's own types do.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::*;
use crate::{GameKind, Ruleset};

fn wire(moves: &str) -> Vec<String> {
    moves.split_whitespace().map(ToString::to_string).collect()
}

#[test]
fn a_wire_game_replays_to_the_position_its_moves_reach() {
    // 2017 art. 1.2: the compulsory first round, then play as usual.
    let game = GameKind::Board8(Ruleset::Mongolian);
    let record = AnyGameRecord::from_wire(game, None, &wire("e2e4 e7e5 g1f3")).unwrap();
    assert_eq!(record.len(), 3);
    assert_eq!(record.kind(), game);
    let moves: Vec<String> = record.moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, wire("e2e4 e7e5 g1f3"));
    assert_eq!(record.earlier_hashes().len(), 3);
    assert_eq!(record.position().turn(), crate::Color::Black);
}

#[test]
fn a_wire_game_names_the_move_that_does_not_fit() {
    // 2017 art. 1.2: Black must mirror White's first move.
    let game = GameKind::Board8(Ruleset::Mongolian);
    let Err(WireGameError::Move { index, text, .. }) =
        AnyGameRecord::from_wire(game, None, &wire("e2e4 d7d5"))
    else {
        panic!("d7d5 does not mirror e2e4");
    };
    assert_eq!((index, text.as_str()), (1, "d7d5"));
}

#[test]
fn a_typed_move_is_read_in_any_of_the_usual_notations() {
    let pos = AnyGamePosition::startpos(GameKind::Board8(Ruleset::Chess)).unwrap();
    let want = pos.parse_wire_move("g1f3").unwrap();
    for text in ["Nf3", "g1-f3", "g1f3", "Ng1-f3"] {
        assert_eq!(pos.read_typed_move(text), Some(want), "{text}");
    }
    assert_eq!(pos.read_typed_move("Nf4"), None);
}

#[test]
fn a_pgn_round_trip_keeps_the_moves_and_the_game() {
    let game = GameKind::Board8(Ruleset::MongolianFolk);
    let record = AnyGameRecord::from_wire(game, None, &wire("d2d4 d7d5 c1f4")).unwrap();
    let text = record.to_pgn(crate::xiangqi::pgn::Notation::Wxf).write();
    let parsed = crate::pgn::parse_game(&text).unwrap();
    let back = AnyGameRecord::from_pgn(&parsed, GameKind::default()).unwrap();
    assert_eq!(back.kind(), game);
    assert_eq!(back.moves(), record.moves());
}

#[cfg(feature = "xiangqi")]
#[test]
fn xiangqi_plays_through_the_same_types() {
    let record = AnyGameRecord::from_wire(GameKind::Xiangqi, None, &wire("h2e2 h9g7")).unwrap();
    let start = AnyGamePosition::startpos(GameKind::Xiangqi).unwrap();
    assert_eq!((start.perft(1), start.perft(2)), (44, 1920));
    assert_eq!(
        record.position().fen(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    let text = record.to_pgn(crate::xiangqi::pgn::Notation::Iccs).write();
    let back = AnyGameRecord::from_pgn(&crate::pgn::parse_game(&text).unwrap(), GameKind::Xiangqi)
        .unwrap();
    assert_eq!(back.moves(), record.moves());
    let pos = record.position();
    assert_eq!(
        pos.read_typed_move("P7+1"),
        pos.parse_wire_move("c3c4").ok()
    );
}

#[cfg(not(feature = "xiangqi"))]
#[test]
fn a_build_without_xiangqi_says_so_and_makes_no_xiangqi_value() {
    assert!(!carries(GameKind::Xiangqi));
    assert_eq!(
        AnyGamePosition::startpos(GameKind::Xiangqi),
        Err(NotCarried(GameKind::Xiangqi))
    );
    let Err(WireGameError::Start(GameFenError::NotCarried(_))) =
        AnyGameRecord::from_wire(GameKind::Xiangqi, None, &[])
    else {
        panic!("a build without Xiangqi replays no Xiangqi game");
    };
}
