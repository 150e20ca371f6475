use std::cell::Cell;

use shatar_protocol::Strength;
use shatar_rules::{Color, EndReason, Outcome, Ruleset};

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";

fn no_clock() -> f64 {
    0.0
}

fn ask(handler: &mut Handler, request: Request) -> Vec<Response> {
    let mut out = Vec::new();
    handler.handle(request, &no_clock, &mut |r| out.push(r));
    out
}

/// The one reply of a request that gets one, from a fresh worker.
fn one(request: Request) -> Response {
    let mut replies = ask(&mut Handler::new(), request);
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.remove(0)
}

fn game(ruleset: Ruleset, fen: Option<&str>, moves: &str) -> RecordWire {
    RecordWire {
        kind: ruleset.into(),
        fen: fen.map(str::to_string),
        moves: moves.split_whitespace().map(str::to_string).collect(),
    }
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

/// The `BestMove` that ends a search's replies, and the `SearchInfo`s before it.
fn search(
    handler: &mut Handler,
    game: RecordWire,
    limits: SearchLimits,
) -> (Vec<SearchInfo>, BestMove) {
    let mut replies = ask(
        handler,
        Request::Search {
            record: game,
            limits,
        },
    );
    let Some(Response::BestMove(best)) = replies.pop() else {
        panic!("no BestMove last: {replies:?}")
    };
    let infos = replies
        .into_iter()
        .map(|r| match r {
            Response::SearchInfo(info) => info,
            other => panic!("not a SearchInfo: {other:?}"),
        })
        .collect();
    (infos, best)
}

fn error(response: Response) -> ErrorKind {
    match response {
        Response::Error { error } => error,
        other => panic!("not an error: {other:?}"),
    }
}

#[test]
fn perft_of_the_mongolian_start_follows_the_first_round() {
    let request = Request::Perft {
        fen: START.into(),
        kind: Ruleset::Mongolian.into(),
        depth: 3,
    };
    assert_eq!(
        one(request),
        Response::PerftResult {
            nodes: 42,
            millis: 0.0
        }
    );
}

#[test]
fn legal_moves_depend_on_the_ruleset() {
    let mongolian = one(Request::LegalMoves {
        fen: START.into(),
        kind: Ruleset::Mongolian.into(),
    });
    assert_eq!(
        mongolian,
        Response::LegalMoves {
            moves: vec!["e2e4".into(), "d2d4".into()]
        }
    );
    let chess = one(Request::LegalMoves {
        fen: START.into(),
        kind: Ruleset::Chess.into(),
    });
    assert!(matches!(chess, Response::LegalMoves { moves } if moves.len() == 20));
}

#[test]
fn bad_input_is_a_typed_error() {
    let bad_fen = one(Request::LegalMoves {
        fen: "not a fen".into(),
        kind: Ruleset::Mongolian.into(),
    });
    assert!(
        matches!(
            bad_fen,
            Response::Error {
                error: ErrorKind::BadFen { .. }
            }
        ),
        "{bad_fen:?}"
    );
    let no_king = one(Request::Perft {
        fen: "8/8/8/8/8/8/8/8 w - -".into(),
        kind: Ruleset::Chess.into(),
        depth: 1,
    });
    assert!(
        matches!(
            no_king,
            Response::Error {
                error: ErrorKind::BadFen { .. }
            }
        ),
        "{no_king:?}"
    );
    let deep = one(Request::Perft {
        fen: START.into(),
        kind: Ruleset::Mongolian.into(),
        depth: MAX_PERFT_DEPTH + 1,
    });
    assert_eq!(
        deep,
        Response::Error {
            error: ErrorKind::DepthTooLarge {
                max: MAX_PERFT_DEPTH
            }
        }
    );
    let bad_start = one(Request::Search {
        record: game(Ruleset::Chess, Some("8/8/8/8 w"), ""),
        limits: depth(1),
    });
    assert!(
        matches!(
            bad_start,
            Response::Error {
                error: ErrorKind::BadFen { .. }
            }
        ),
        "{bad_start:?}"
    );
}

#[test]
fn a_search_reports_each_iteration_then_its_move() {
    let (infos, best) = search(
        &mut Handler::new(),
        RecordWire::startpos(Ruleset::Mongolian),
        depth(4),
    );
    assert_eq!(
        infos.iter().map(|i| i.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    // 2017 art. 1.2: the first round is e2-e4 or d2-d4, and Black mirrors it.
    assert!(
        ["e2e4", "d2d4"].contains(&best.best_move.as_str()),
        "{best:?}"
    );
    let reply = if best.best_move == "e2e4" {
        "e7e5"
    } else {
        "d7d5"
    };
    assert_eq!(best.ponder.as_deref(), Some(reply));
    let last = infos.last().expect("four reports");
    assert_eq!(
        (best.depth, best.nodes, best.score),
        (4, last.nodes, last.score)
    );
    assert_eq!(last.pv[0], best.best_move);
}

/// Black is mated next move (Ra8#) whatever it does, unless its knight returns to h1 and
/// so to a position of the game: only the moves played before the root tell the search
/// that this is a draw. Mate scores, so the test does not depend on the evaluation.
#[test]
fn the_game_history_reaches_the_search() {
    let fen = "7k/8/6K1/8/8/6n1/R7/8 w - - 0 1";
    let played = game(Ruleset::Chess, Some(fen), "a2a3 g3h1 a3a2 h1g3 a2a3");
    let (_, with_history) = search(&mut Handler::new(), played.clone(), depth(3));
    assert_eq!(
        (with_history.best_move.as_str(), with_history.score),
        ("g3h1", Score::Cp { cp: 0 })
    );

    let Response::GameStatus { fen: root, .. } = one(Request::GameStatus { record: played }) else {
        panic!()
    };
    let (_, without) = search(
        &mut Handler::new(),
        game(Ruleset::Chess, Some(&root), ""),
        depth(3),
    );
    assert_eq!(without.score, Score::Mate { moves: -1 });
}

#[test]
fn a_finished_game_gets_no_search() {
    let fools_mate = game(Ruleset::Chess, None, "f2f3 e7e5 g2g4 d8h4");
    let over = one(Request::Search {
        record: fools_mate.clone(),
        limits: depth(3),
    });
    let mate = Outcome::win(Color::Black, EndReason::Checkmate);
    assert_eq!(error(over), ErrorKind::GameOver { outcome: mate });

    let status = one(Request::GameStatus { record: fools_mate });
    let expected = Response::GameStatus {
        fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".into(),
        legal_moves: Vec::new(),
        in_check: true,
        outcome: Some(mate),
        claimable_draw: None,
        ruling: None,
    };
    assert_eq!(status, expected);
}

#[test]
fn an_illegal_move_is_named_with_its_place_in_the_game() {
    let wrong = error(one(Request::GameStatus {
        record: game(Ruleset::Mongolian, None, "e2e4 e7e5 e2e5"),
    }));
    let ErrorKind::IllegalMove {
        ply: 3, ref uci, ..
    } = wrong
    else {
        panic!("{wrong:?}")
    };
    assert_eq!(uci, "e2e5");
    assert!(
        wrong.to_string().starts_with("move 3 (e2e5) is illegal: "),
        "{wrong}"
    );

    let first_round = error(one(Request::GameStatus {
        record: game(Ruleset::Mongolian, None, "g1f3"),
    }));
    assert!(
        first_round.to_string().contains("1.2"),
        "cites the first round: {first_round}"
    );

    let nonsense = error(one(Request::GameStatus {
        record: game(Ruleset::Chess, None, "e2e4 castle"),
    }));
    assert!(
        nonsense
            .to_string()
            .starts_with("move 2 (castle) is illegal: not a UCI move"),
        "{nonsense}"
    );

    let after_mate = error(one(Request::GameStatus {
        record: game(Ruleset::Chess, None, "f2f3 e7e5 g2g4 d8h4 a2a3"),
    }));
    assert_eq!(
        after_mate.to_string(),
        "move 5 (a2a3) is illegal: the game is over: 0-1 (checkmate)"
    );
}

#[test]
fn a_search_must_be_bounded_and_at_a_real_level() {
    let start = || RecordWire::startpos(Ruleset::Chess);
    let search_with = |limits| {
        one(Request::Search {
            record: start(),
            limits,
        })
    };
    assert_eq!(
        error(search_with(SearchLimits::default())),
        ErrorKind::Unbounded
    );
    let level = |level| SearchLimits {
        level: Some(Strength { level, seed: 1 }),
        ..SearchLimits::default()
    };
    // Full strength caps nothing; the weaker levels cap the nodes.
    assert_eq!(error(search_with(level(10))), ErrorKind::Unbounded);
    assert!(matches!(
        search_with(level(0)),
        Response::Error {
            error: ErrorKind::LevelOutOfRange { level: 0, max: 10 }
        }
    ));
    assert!(matches!(
        search_with(level(11)),
        Response::Error {
            error: ErrorKind::LevelOutOfRange { level: 11, .. }
        }
    ));
    let (_, weak) = search(&mut Handler::new(), start(), level(3));
    assert!(
        weak.nodes <= 4_000 + 64,
        "level 3 searches at most 4,000 nodes: {weak:?}"
    );
}

#[test]
fn a_level_plays_the_same_move_for_the_same_seed() {
    let mut handler = Handler::new();
    let limits = SearchLimits {
        level: Some(Strength { level: 2, seed: 99 }),
        ..SearchLimits::default()
    };
    let middlegame = game(Ruleset::Mongolian, None, "e2e4 e7e5 g1f3 b8c6 f1c4");
    let (_, first) = search(&mut handler, middlegame.clone(), limits.clone());
    ask(
        &mut handler,
        Request::NewGame {
            kind: Ruleset::Mongolian.into(),
            hash_mb: None,
        },
    );
    let (_, again) = search(&mut handler, middlegame, limits);
    assert_eq!(first, again);
}

/// The table persists from one search to the next of the same game; a new game or
/// another ruleset starts from nothing, so its searches repeat node for node. (Depth 9:
/// a search of a few hundred nodes, at depth 6 or 7, can take more nodes warm than fresh
/// with the kept histories changing the order and the reductions.)
#[test]
fn the_engine_learns_until_a_new_game_or_another_ruleset() {
    let mut handler = Handler::new();
    let chess = || RecordWire::startpos(Ruleset::Chess);
    let nodes = |handler: &mut Handler, game: RecordWire| search(handler, game, depth(9)).1.nodes;
    let fresh = nodes(&mut handler, chess());
    let warm = nodes(&mut handler, chess());
    assert!(
        warm < fresh,
        "the second search reuses the table: {warm} vs {fresh}"
    );

    assert_eq!(
        ask(
            &mut handler,
            Request::NewGame {
                kind: Ruleset::Chess.into(),
                hash_mb: None
            }
        ),
        [Response::NewGameReady]
    );
    assert_eq!(nodes(&mut handler, chess()), fresh);

    nodes(&mut handler, RecordWire::startpos(Ruleset::Mongolian));
    assert_eq!(
        nodes(&mut handler, chess()),
        fresh,
        "switching rulesets cleared the table"
    );

    // A table of another size is another engine: it still starts empty.
    ask(
        &mut handler,
        Request::NewGame {
            kind: Ruleset::Chess.into(),
            hash_mb: Some(1),
        },
    );
    assert!(nodes(&mut handler, chess()) > 0);
}

#[test]
fn multi_pv_reports_distinct_lines() {
    let limits = SearchLimits {
        multi_pv: Some(3),
        ..depth(3)
    };
    let (infos, best) = search(
        &mut Handler::new(),
        RecordWire::startpos(Ruleset::Chess),
        limits,
    );
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(
        last.iter().map(|i| i.multi_pv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let mut firsts: Vec<&str> = last.iter().map(|i| i.pv[0].as_str()).collect();
    assert_eq!(firsts[0], best.best_move);
    firsts.dedup();
    assert_eq!(firsts.len(), 3);
}

#[test]
fn a_move_time_ends_the_search_by_the_callers_clock() {
    // A clock that advances a millisecond each time it is read.
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let limits = SearchLimits {
        move_time_ms: Some(200),
        ..SearchLimits::default()
    };
    let mut replies = Vec::new();
    Handler::new().handle(
        Request::Search {
            record: RecordWire::startpos(Ruleset::Chess),
            limits,
        },
        &clock,
        &mut |r| replies.push(r),
    );
    let Some(Response::BestMove(best)) = replies.last() else {
        panic!("{replies:?}")
    };
    assert!(best.time_ms <= 200, "{best:?}");
}

#[test]
fn status_tells_claims_from_automatic_ends() {
    let status = |game| one(Request::GameStatus { record: game });
    let Response::GameStatus {
        legal_moves,
        outcome: None,
        ..
    } = status(RecordWire::startpos(Ruleset::Mongolian))
    else {
        panic!()
    };
    assert_eq!(legal_moves, ["e2e4", "d2d4"]);

    let knights = "g1f3 g8f6 f3g1 f6g8 ";
    // Third occurrence of the initial position: 2017 art. 9.2 and FIDE let the player
    // to move claim; the folk rules draw at once.
    let threefold = knights.repeat(2);
    for (ruleset, moves) in [
        (Ruleset::Chess, threefold.clone()),
        (Ruleset::Mongolian, format!("e2e4 e7e5 {threefold}")),
    ] {
        let Response::GameStatus {
            outcome: None,
            claimable_draw,
            ..
        } = status(game(ruleset, None, &moves))
        else {
            panic!()
        };
        assert_eq!(claimable_draw, Some(EndReason::ThreefoldRepetition));
    }
    let folk = status(game(
        Ruleset::MongolianFolk,
        None,
        &format!("e2e4 e7e5 {threefold}"),
    ));
    let Response::GameStatus {
        outcome: Some(outcome),
        claimable_draw: None,
        legal_moves,
        ..
    } = folk
    else {
        panic!()
    };
    assert_eq!(outcome, Outcome::draw(EndReason::ThreefoldRepetition));
    assert!(legal_moves.is_empty());

    // Fifth occurrence: over without a claim (2017 art. 9.6).
    let fivefold = game(
        Ruleset::Mongolian,
        None,
        &format!("e2e4 e7e5 {}", knights.repeat(4)),
    );
    let Response::GameStatus { outcome, .. } = status(fivefold.clone()) else {
        panic!()
    };
    assert_eq!(outcome, Some(Outcome::draw(EndReason::FivefoldRepetition)));
    assert!(matches!(
        error(one(Request::Search {
            record: fivefold,
            limits: depth(1)
        })),
        ErrorKind::GameOver { .. }
    ));
}

#[test]
fn pgn_of_a_game_with_the_callers_tags_and_result() {
    let tags = vec![
        ("White".to_string(), "shatar".to_string()),
        ("Black".to_string(), "Fairy-Stockfish".to_string()),
    ];
    let request = Request::Pgn {
        record: game(Ruleset::Mongolian, None, "e2e4 e7e5 g1f3"),
        tags,
        result: Some(shatar_rules::GameResult::Draw),
    };
    let Response::Pgn { text } = one(request) else {
        panic!()
    };
    assert!(
        text.contains("[White \"shatar\"]\n[Black \"Fairy-Stockfish\"]\n[Result \"1/2-1/2\"]"),
        "{text}"
    );
    assert!(text.contains("[Variant \"Mongolian\"]"), "{text}");
    assert!(text.ends_with("1. e4 e5 2. Nf3 1/2-1/2\n"), "{text}");

    // Without a result of the caller's, the game's own: unfinished here.
    let Response::Pgn { text } = one(Request::Pgn {
        record: game(Ruleset::Chess, None, "f2f3"),
        tags: Vec::new(),
        result: None,
    }) else {
        panic!()
    };
    assert!(text.ends_with("1. f3 *\n"), "{text}");
}

#[cfg(feature = "xiangqi")]
mod xiangqi;

/// The page's and the snippet builder's level menus name each level's rating, which must be
/// the engine's (docs/engine.md has how they were measured).
#[test]
fn the_level_menus_show_the_engines_ratings() {
    let expected: Vec<String> = (1..=Level::MAX.number())
        .map(|n| match Level::new(n).unwrap().strength() {
            EngineStrength::Elo(elo) => format!("<option value=\"{n}\">{n} (~{elo})</option>"),
            EngineStrength::Full => {
                let below = Level::new(n - 1).map(Level::strength);
                let Some(EngineStrength::Elo(elo)) = below else {
                    panic!("full strength above a rated level")
                };
                format!("<option value=\"{n}\">{n} ({elo}+)</option>")
            }
        })
        .collect();
    for (page, html) in [
        ("index.html", include_str!("../../../../index.html")),
        (
            "www/builder.html",
            include_str!("../../../../www/builder.html"),
        ),
    ] {
        let menu = html
            .split("<select name=\"level\">")
            .nth(1)
            .and_then(|rest| rest.split("</select>").next())
            .unwrap_or_else(|| panic!("{page} has no level menu"));
        let options: Vec<String> = menu
            .split("<option")
            .skip(1)
            .map(|o| format!("<option{}", o.trim_end()).replace(" selected", ""))
            .collect();
        assert_eq!(options, expected, "{page}");
    }
}
