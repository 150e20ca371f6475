//! The worker's Xiangqi answers, through the same `Handler::handle` the page calls.

use shatar_protocol::{BestMove, ErrorKind, RecordWire, Request, Response, Score, SearchLimits};
use shatar_rules::xiangqi::{Position, iccs};
use shatar_rules::{Color, EndReason, GameKind, GameResult, Outcome};

use crate::Handler;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// Red's chariot chases the bare black general along ranks 9 and 8: `PERPETUAL` checks
/// on every Red move.
const CHASED_GENERAL: &str = "3k5/9/R8/9/9/9/9/9/9/4K4 w";
const PERPETUAL: &str = "a7a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9";

fn ask(request: Request) -> Vec<Response> {
    let mut out = Vec::new();
    Handler::new().handle(request, &|| 0.0, &mut |r| out.push(r));
    out
}

fn one(request: Request) -> Response {
    let mut replies = ask(request);
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.remove(0)
}

fn game(fen: Option<&str>, moves: &str) -> RecordWire {
    RecordWire {
        kind: GameKind::Xiangqi,
        fen: fen.map(str::to_string),
        moves: moves.split_whitespace().map(str::to_string).collect(),
    }
}

fn best(game: RecordWire, limits: SearchLimits) -> BestMove {
    match ask(Request::Search {
        record: game,
        limits,
    })
    .pop()
    {
        Some(Response::BestMove(best)) => best,
        other => panic!("no BestMove: {other:?}"),
    }
}

#[test]
fn perft_and_legal_moves_of_the_start_in_iccs() {
    let request = Request::Perft {
        fen: START.into(),
        kind: GameKind::Xiangqi,
        depth: 3,
    };
    let Response::PerftResult { nodes, .. } = one(request) else {
        panic!("no perft result")
    };
    assert_eq!(nodes, 79_666);
    let Response::LegalMoves { moves } = one(Request::LegalMoves {
        fen: START.into(),
        kind: GameKind::Xiangqi,
    }) else {
        panic!("no legal moves")
    };
    assert_eq!(moves.len(), 44);
    assert!(
        moves.iter().any(|m| m == "h2e2"),
        "炮二平五 is h2e2: {moves:?}"
    );
}

#[test]
fn a_search_answers_a_legal_move_with_a_legal_line() {
    let played = game(None, "h2e2 h9g7");
    let limits = SearchLimits {
        depth: Some(4),
        ..SearchLimits::default()
    };
    let replies = ask(Request::Search {
        record: played,
        limits,
    });
    let Some(Response::BestMove(best)) = replies.last() else {
        panic!("no BestMove last: {replies:?}")
    };
    let mut pos = Position::new();
    for m in ["h2e2", "h9g7"] {
        pos.play(iccs::parse(m).expect("iccs")).expect("legal");
    }
    assert!(
        iccs::parse_legal(&pos, &best.best_move).is_ok(),
        "{}",
        best.best_move
    );
    for reply in &replies[..replies.len() - 1] {
        let Response::SearchInfo(info) = reply else {
            panic!("{reply:?}")
        };
        let mut line = pos;
        for m in &info.pv {
            let m = iccs::parse_legal(&line, m).unwrap_or_else(|e| panic!("pv {:?}: {e}", info.pv));
            line.play(m).expect("legal");
        }
    }
}

#[test]
fn a_level_and_a_new_game_work_as_for_the_8x8_games() {
    let mut handler = Handler::new();
    let mut out = Vec::new();
    let new_game = Request::NewGame {
        kind: GameKind::Xiangqi,
        hash_mb: Some(4),
    };
    handler.handle(new_game, &|| 0.0, &mut |r| out.push(r));
    assert_eq!(out, [Response::NewGameReady]);
    let limits = SearchLimits {
        nodes: Some(2_000),
        level: Some(shatar_protocol::Strength { level: 2, seed: 7 }),
        ..SearchLimits::default()
    };
    let a = best(game(None, ""), limits.clone());
    let b = best(game(None, ""), limits);
    assert_eq!(
        a.best_move, b.best_move,
        "the same seed plays the same move"
    );
}

/// AXF 2008 ruling 1 (perpetual check loses): the fourth occurrence ends the game, the
/// status names the ruling, and the worker refuses to search on.
#[test]
fn a_perpetual_check_is_ruled_a_loss_with_its_ruling() {
    let status = one(Request::GameStatus {
        record: game(Some(CHASED_GENERAL), PERPETUAL),
    });
    let Response::GameStatus {
        outcome,
        legal_moves,
        ruling,
        claimable_draw,
        ..
    } = status
    else {
        panic!("{status:?}")
    };
    assert_eq!(
        outcome,
        Some(Outcome::win(Color::Black, EndReason::ForbiddenRepetition))
    );
    assert!(legal_moves.is_empty());
    assert_eq!(claimable_draw, None);
    let ruling = ruling.expect("the ruling is named");
    assert!(ruling.contains("AXF"), "{ruling}");

    let refused = one(Request::Search {
        record: game(Some(CHASED_GENERAL), PERPETUAL),
        limits: depth_1(),
    });
    assert!(
        matches!(
            refused,
            Response::Error {
                error: ErrorKind::GameOver { .. }
            }
        ),
        "{refused:?}"
    );

    let one_short = PERPETUAL.rsplit_once(' ').expect("moves").0;
    let Response::GameStatus {
        outcome: None,
        ruling: None,
        ..
    } = one(Request::GameStatus {
        record: game(Some(CHASED_GENERAL), one_short),
    })
    else {
        panic!("the game goes on before the fourth occurrence")
    };
}

/// The search is given the game's moves, so it judges a cycle begun before its root: in
/// game 82 of the match against Fairy-Stockfish the engine, Black, went on chasing the red
/// cannon with its chariot (14. g7g8 h7h8 15. g8g7 h8h7) and lost by it. After 15. g8g7,
/// h8h7 would come back to the position after 13... h9h7: a draw to a search that knew
/// only the earlier positions' hashes, a lost chase now.
#[test]
fn a_chase_begun_before_the_search_is_not_repeated() {
    let start = "rnb1kabnr/4a4/4c4/2p1C1p1p/p8/9/P1P1P1P1P/1CN3Nc1/9/R1BAKAB1R w - - 3 5";
    let moves = "c0e2 b9c7 e6f6 h9g7 a0b0 c6c5 f0e1 c7b5 b2b4 i9h9 b4g4 b5c3 g4g7 c3e2 g0e2 h2e2 e1f0 h9h7 \
                 g7g8 h7h8 g8g7";
    let best = best(
        game(Some(start), moves),
        SearchLimits {
            depth: Some(8),
            ..SearchLimits::default()
        },
    );
    // Walked away from, and the game goes on: not the ruling's loss (a mate score). Whether
    // Black stands a little below or above equal at depth 8 is the search's detail.
    assert_ne!(best.best_move, "h8h7");
    assert!(matches!(best.score, Score::Cp { .. }), "{:?}", best.score);
}

fn depth_1() -> SearchLimits {
    SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    }
}

#[test]
fn bad_fens_and_moves_are_typed_errors() {
    let bad = one(Request::LegalMoves {
        fen: "rnbakabnr/9 w".into(),
        kind: GameKind::Xiangqi,
    });
    assert!(
        matches!(
            bad,
            Response::Error {
                error: ErrorKind::BadFen { .. }
            }
        ),
        "{bad:?}"
    );
    // An 8x8 move in a Xiangqi game, and a Xiangqi move that is not legal.
    for (moves, ply) in [("e2e4", 1), ("h2e2 h9g7 e2e9", 3)] {
        let wrong = one(Request::GameStatus {
            record: game(None, moves),
        });
        let Response::Error {
            error: ErrorKind::IllegalMove { ply: got, .. },
        } = wrong
        else {
            panic!("{wrong:?}")
        };
        assert_eq!(got, ply, "{moves}");
    }
}

#[test]
fn pgn_in_iccs_with_the_callers_result() {
    let request = Request::Pgn {
        record: game(None, "h2e2 h9g7"),
        tags: vec![("Red".into(), "shatar".into())],
        result: Some(GameResult::Draw),
    };
    let Response::Pgn { text } = one(request) else {
        panic!("no pgn")
    };
    for needle in [
        "[Variant \"Xiangqi\"]",
        "[Format \"ICCS\"]",
        "[Red \"shatar\"]",
        "1. h2e2 h9g7",
        "1/2-1/2",
    ] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
}
