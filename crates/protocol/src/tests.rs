use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use shatar_rules::{Color, EndReason, GameKind, GameResult, Outcome, Ruleset};

use crate::*;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(value: T) {
    let json = serde_json::to_string(&value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, value, "{json}");
}

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

fn game() -> RecordWire {
    RecordWire {
        kind: Ruleset::Mongolian.into(),
        fen: None,
        moves: strings(&["e2e4", "e7e5", "g1f3"]),
    }
}

fn every_limit() -> SearchLimits {
    SearchLimits {
        depth: Some(12),
        nodes: Some(1_000_000),
        move_time_ms: Some(2_500),
        clock: Some(ClockState {
            remaining_ms: 300_000,
            increment_ms: 2_000,
            delay: Delay::Bronstein { ms: 5_000 },
            moves_to_go: Some(40),
        }),
        level: Some(Strength {
            level: 3,
            seed: 1 << 52,
        }),
        multi_pv: Some(3),
    }
}

#[test]
fn every_message_round_trips() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -".to_string();
    for ruleset in GameKind::ALL {
        round_trip(Envelope::new(
            3,
            Request::Perft {
                fen: fen.clone(),
                kind: ruleset,
                depth: 3,
            },
        ));
        round_trip(Envelope::new(
            4,
            Request::LegalMoves {
                fen: fen.clone(),
                kind: ruleset,
            },
        ));
        round_trip(Envelope::new(
            5,
            Request::NewGame {
                kind: ruleset,
                hash_mb: Some(32),
            },
        ));
        round_trip(Envelope::new(
            6,
            Request::GameStatus {
                record: RecordWire {
                    fen: Some(fen.clone()),
                    ..RecordWire::startpos(ruleset)
                },
            },
        ));
    }
    round_trip(Envelope::new(
        7,
        Request::Search {
            record: game(),
            limits: every_limit(),
        },
    ));
    round_trip(Envelope::new(
        7,
        Request::Search {
            record: game(),
            limits: SearchLimits::default(),
        },
    ));
    for delay in [Delay::None, Delay::Simple { ms: 1 }] {
        let clock = ClockState {
            remaining_ms: 1,
            increment_ms: 0,
            delay,
            moves_to_go: None,
        };
        let limits = SearchLimits {
            clock: Some(clock),
            ..SearchLimits::default()
        };
        round_trip(Envelope::new(
            8,
            Request::Search {
                record: game(),
                limits,
            },
        ));
    }
    for result in [
        None,
        Some(GameResult::WhiteWins),
        Some(GameResult::BlackWins),
        Some(GameResult::Draw),
    ] {
        let tags = vec![("White".to_string(), "shatar".to_string())];
        round_trip(Envelope::new(
            9,
            Request::Pgn {
                record: game(),
                tags,
                result,
            },
        ));
    }

    round_trip(Envelope::new(0, Response::Ready));
    round_trip(Envelope::new(
        3,
        Response::PerftResult {
            nodes: 42,
            millis: 0.5,
        },
    ));
    round_trip(Envelope::new(
        4,
        Response::LegalMoves {
            moves: strings(&["e2e4", "d2d4"]),
        },
    ));
    round_trip(Envelope::new(5, Response::NewGameReady));
    for score in [
        Score::Cp { cp: -35 },
        Score::Mate { moves: 3 },
        Score::Mate { moves: -2 },
    ] {
        round_trip(Envelope::new(
            7,
            Response::SearchInfo(SearchInfo {
                depth: 9,
                seldepth: 14,
                multi_pv: 2,
                score,
                nodes: 123_456,
                nps: 1_000_000,
                time_ms: 123,
                hashfull: 17,
                pv: strings(&["g1f3", "b8c6"]),
            }),
        ));
        round_trip(Envelope::new(
            7,
            Response::BestMove(BestMove {
                best_move: "g1f3".to_string(),
                ponder: None,
                score,
                depth: 9,
                nodes: 123_456,
                time_ms: 123,
            }),
        ));
    }
    for (outcome, claimable_draw) in [
        (None, None),
        (None, Some(EndReason::ThreefoldRepetition)),
        (Some(Outcome::win(Color::Black, EndReason::Checkmate)), None),
        (Some(Outcome::draw(EndReason::FivefoldRepetition)), None),
    ] {
        round_trip(Envelope::new(
            6,
            Response::GameStatus {
                fen: "f".to_string(),
                legal_moves: strings(&["a2a3"]),
                in_check: true,
                outcome,
                claimable_draw,
                ruling: outcome
                    .map(|_| "Red loses: perpetual check (AXF 2008 ruling 1)".to_string()),
            },
        ));
    }
    round_trip(Envelope::new(
        9,
        Response::Pgn {
            text: "1. e4 e5 *\n".to_string(),
        },
    ));
    for error in [
        ErrorKind::Malformed {
            detail: "x".to_string(),
        },
        ErrorKind::VersionMismatch {
            expected: 1,
            got: 2,
        },
        ErrorKind::BadFen {
            detail: "y".to_string(),
        },
        ErrorKind::DepthTooLarge {
            max: MAX_PERFT_DEPTH,
        },
        ErrorKind::IllegalMove {
            ply: 3,
            uci: "e2e5".to_string(),
            reason: "z".to_string(),
        },
        ErrorKind::GameOver {
            outcome: Outcome::draw(EndReason::Stalemate),
        },
        ErrorKind::LevelOutOfRange { level: 11, max: 10 },
        ErrorKind::Unbounded,
        ErrorKind::GameNotBuilt {
            kind: GameKind::Xiangqi,
        },
    ] {
        round_trip(Envelope::new(5, Response::Error { error }));
    }
}

/// Every end of a game survives the trip: the remote definitions name them all.
#[test]
fn every_outcome_round_trips() {
    use EndReason::*;
    let reasons = [
        Checkmate,
        KnightMate,
        Stalemate,
        NoLegalMove,
        DeadPosition,
        BareKing,
        ThreefoldRepetition,
        FiftyMoves,
        FivefoldRepetition,
        SeventyFiveMoves,
        PerpetualCheck,
        Resignation,
        Agreement,
        TimeForfeit,
        TimeoutVsInsufficientMaterial,
        BothFlags,
        ForbiddenRepetition,
        RepetitionDraw,
        NaturalMoveLimit,
    ];
    for reason in reasons {
        for result in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            let error = ErrorKind::GameOver {
                outcome: Outcome { result, reason },
            };
            round_trip(Envelope::new(1, Response::Error { error }));
        }
    }
}

/// The JS side writes these objects by hand: the shape is part of the protocol.
#[test]
fn wire_shape_is_an_externally_tagged_object_with_the_kind_id() {
    let msg = Envelope::new(
        7,
        Request::Perft {
            fen: "f".to_string(),
            kind: Ruleset::MongolianFolk.into(),
            depth: 2,
        },
    );
    assert_eq!(
        serde_json::to_string(&msg).expect("serialises"),
        r#"{"v":5,"id":7,"body":{"Perft":{"fen":"f","kind":"mongolian-folk","depth":2}}}"#
    );
    let ready = Envelope::new(0, Response::Ready);
    assert_eq!(
        serde_json::to_string(&ready).expect("serialises"),
        r#"{"v":5,"id":0,"body":"Ready"}"#
    );
}

#[test]
fn search_wire_shape() {
    let limits = SearchLimits {
        move_time_ms: Some(100),
        ..SearchLimits::default()
    };
    let search = Envelope::new(
        8,
        Request::Search {
            record: game(),
            limits,
        },
    );
    assert_eq!(
        serde_json::to_string(&search).expect("serialises"),
        concat!(
            r#"{"v":5,"id":8,"body":{"Search":{"#,
            r#""record":{"kind":"mongolian","fen":null,"moves":["e2e4","e7e5","g1f3"]},"#,
            r#""limits":{"depth":null,"nodes":null,"move_time_ms":100,"clock":null,"level":null,"multi_pv":null}}}}"#
        )
    );
    let best = Envelope::new(
        8,
        Response::BestMove(BestMove {
            best_move: "b8c6".to_string(),
            ponder: Some("f1c4".to_string()),
            score: Score::Mate { moves: -2 },
            depth: 5,
            nodes: 10,
            time_ms: 1,
        }),
    );
    assert_eq!(
        serde_json::to_string(&best).expect("serialises"),
        concat!(
            r#"{"v":5,"id":8,"body":{"BestMove":{"best_move":"b8c6","ponder":"f1c4","#,
            r#""score":{"Mate":{"moves":-2}},"depth":5,"nodes":10,"time_ms":1}}}"#
        )
    );
    let over = Envelope::new(
        8,
        Response::Error {
            error: ErrorKind::GameOver {
                outcome: Outcome::win(Color::White, EndReason::Checkmate),
            },
        },
    );
    assert_eq!(
        serde_json::to_string(&over).expect("serialises"),
        r#"{"v":5,"id":8,"body":{"Error":{"error":{"GameOver":{"outcome":{"result":"1-0","reason":"Checkmate"}}}}}}"#
    );
}

/// What a hand-written JS request may leave out: every limit, the FEN, the moves, the
/// clock's extras and the seed.
#[test]
fn optional_fields_may_be_left_out() {
    let text = r#"{"v":5,"id":1,"body":{"Search":{"record":{"kind":"chess"},
        "limits":{"clock":{"remaining_ms":60000},"level":{"level":4}}}}}"#;
    let msg: Envelope<Request> = serde_json::from_str(text).expect("minimal search");
    let clock = ClockState {
        remaining_ms: 60_000,
        ..ClockState::default()
    };
    let limits = SearchLimits {
        clock: Some(clock),
        level: Some(Strength { level: 4, seed: 0 }),
        ..SearchLimits::default()
    };
    assert_eq!(
        msg.body,
        Request::Search {
            record: RecordWire::startpos(Ruleset::Chess),
            limits
        }
    );

    let text = r#"{"v":5,"id":2,"body":{"NewGame":{"kind":"mongolian"}}}"#;
    let msg: Envelope<Request> = serde_json::from_str(text).expect("minimal new game");
    assert_eq!(
        msg.body,
        Request::NewGame {
            kind: Ruleset::Mongolian.into(),
            hash_mb: None
        }
    );

    let text =
        r#"{"v":5,"id":3,"body":{"Pgn":{"record":{"kind":"mongolian-folk","moves":["e2e4"]}}}}"#;
    let msg: Envelope<Request> = serde_json::from_str(text).expect("minimal pgn");
    let game = RecordWire {
        moves: strings(&["e2e4"]),
        ..RecordWire::startpos(Ruleset::MongolianFolk)
    };
    assert_eq!(
        msg.body,
        Request::Pgn {
            record: game,
            tags: Vec::new(),
            result: None
        }
    );
}

#[test]
fn unknown_ruleset_and_unknown_request_are_errors_not_panics() {
    let bad_ruleset = r#"{"v":5,"id":1,"body":{"LegalMoves":{"fen":"f","kind":"shogi"}}}"#;
    let error = serde_json::from_str::<Envelope<Request>>(bad_ruleset).expect_err("no shogi");
    assert!(
        error.to_string().contains("\"shogi\": unknown game"),
        "{error}"
    );
    let bad_type = r#"{"v":5,"id":1,"body":"Launch"}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(bad_type).is_err());
    let bad_delay = r#"{"v":5,"id":1,"body":{"Search":{"record":{"kind":"chess"},
        "limits":{"clock":{"remaining_ms":1,"delay":{"Hourglass":{"ms":5}}}}}}}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(bad_delay).is_err());
    let bad_result = r#"{"v":5,"id":1,"body":{"Pgn":{"record":{"kind":"chess"},"result":"2-0"}}}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(bad_result).is_err());
    let negative_nodes =
        r#"{"v":5,"id":1,"body":{"Search":{"record":{"kind":"chess"},"limits":{"nodes":-5}}}}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(negative_nodes).is_err());
}

#[test]
fn header_reads_any_body_and_checks_the_version() {
    let future = r#"{"v":6,"id":9,"body":{"SomethingNew":{"x":[1,2]}}}"#;
    let header: Header = serde_json::from_str(future).expect("header of any body");
    assert_eq!(header, Header { v: 6, id: 9 });
    assert_eq!(
        header.check_version(),
        Err(ErrorKind::VersionMismatch {
            expected: PROTOCOL_VERSION,
            got: 6
        })
    );
    assert_eq!(
        Header {
            v: PROTOCOL_VERSION,
            id: 1
        }
        .check_version(),
        Ok(())
    );
    // A page of an earlier protocol (internally tagged) meets this worker: told apart from
    // a malformed message.
    let old: Header =
        serde_json::from_str(r#"{"v":2,"id":4,"body":{"type":"Perft"}}"#).expect("old header");
    assert_eq!(
        old.check_version(),
        Err(ErrorKind::VersionMismatch {
            expected: PROTOCOL_VERSION,
            got: 2
        })
    );
}

/// Errors say what and where, in words a page can show as they are.
#[test]
fn errors_read_as_sentences() {
    let illegal = ErrorKind::IllegalMove {
        ply: 3,
        uci: "e2e5".to_string(),
        reason: "the pawn on e2 cannot reach e5".to_string(),
    };
    assert_eq!(
        illegal.to_string(),
        "move 3 (e2e5) is illegal: the pawn on e2 cannot reach e5"
    );
    let over = ErrorKind::GameOver {
        outcome: Outcome::win(Color::White, EndReason::Checkmate),
    };
    assert_eq!(over.to_string(), "the game is over: 1-0 (checkmate)");
}
