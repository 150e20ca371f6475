//! The worker's JS boundary in a real browser worker (headless Chromium, run by
//! `scripts/wasm-test.sh`): messages built as the page builds them (`serde-wasm-bindgen`'s
//! JSON-compatible serializer, or raw JSON for what a page of another build might send)
//! go through `Session::handle`, the same decode-handle-encode path as `run_worker`'s
//! `onmessage`, and the replies are read back as the page reads them.
//!
//! Natively this file is empty: the request handling itself is tested in `src/handle`.

#![cfg(target_arch = "wasm32")]

use serde::Serialize;
use shatar_protocol::{
    Envelope, ErrorKind, PROTOCOL_VERSION, RecordWire, Request, Response, SearchInfo, SearchLimits,
    Strength,
};
use shatar_rules::Ruleset;
use shatar_worker::Session;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

// Where the engine really runs: a dedicated worker has `performance` but no `window`.
wasm_bindgen_test_configure!(run_in_dedicated_worker);

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -";

/// As the page posts it.
fn to_js(envelope: &Envelope<Request>) -> JsValue {
    envelope
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("a request serializes")
}

fn raw(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON parses")
}

/// The replies as the page decodes them, after a trip through `JSON.stringify` to prove
/// they hold nothing `postMessage` or JSON could not carry (a `Map`, a `BigInt`).
fn send(session: &mut Session, message: JsValue) -> Vec<Envelope<Response>> {
    let replies = session.handle(message).expect("the session answers");
    replies
        .iter()
        .map(|reply| {
            let text = js_sys::JSON::stringify(&reply).expect("a reply is JSON");
            let reply = js_sys::JSON::parse(&String::from(text)).expect("its JSON parses");
            serde_wasm_bindgen::from_value(reply).expect("a reply decodes as the page decodes it")
        })
        .collect()
}

fn error_of(reply: &Envelope<Response>) -> &ErrorKind {
    match &reply.body {
        Response::Error { error } => error,
        other => panic!("not an error: {other:?}"),
    }
}

#[wasm_bindgen_test]
fn perft_counts_the_mongolian_first_round() {
    let mut session = Session::new();
    let request = Request::Perft {
        fen: START.into(),
        kind: Ruleset::Mongolian.into(),
        depth: 3,
    };
    let replies = send(&mut session, to_js(&Envelope::new(4, request)));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!((replies[0].v, replies[0].id), (PROTOCOL_VERSION, 4));
    match replies[0].body {
        Response::PerftResult { nodes, millis } => {
            assert_eq!(nodes, 42);
            assert!(millis >= 0.0, "{millis}");
        }
        ref other => panic!("not a perft result: {other:?}"),
    }
    let request = Request::Perft {
        fen: START.into(),
        kind: Ruleset::Chess.into(),
        depth: 3,
    };
    let replies = send(&mut session, to_js(&Envelope::new(5, request)));
    assert!(matches!(
        replies[..],
        [Envelope {
            id: 5,
            body: Response::PerftResult { nodes: 8902, .. },
            ..
        }]
    ));
}

#[wasm_bindgen_test]
fn a_search_at_a_level_reports_its_iterations_then_a_legal_move() {
    let mut session = Session::new();
    let game = RecordWire {
        kind: Ruleset::Mongolian.into(),
        fen: None,
        moves: ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec(),
    };
    let limits = SearchLimits {
        move_time_ms: Some(300),
        level: Some(Strength { level: 5, seed: 11 }),
        ..SearchLimits::default()
    };
    let started = js_sys::Date::now();
    let mut replies = send(
        &mut session,
        to_js(&Envelope::new(
            7,
            Request::Search {
                record: game.clone(),
                limits,
            },
        )),
    );
    let elapsed = js_sys::Date::now() - started;
    // The level's caps or the move time end it; well within the move time plus slack.
    assert!(elapsed < 3000.0, "the search took {elapsed} ms");

    assert!(
        replies.iter().all(|r| r.id == 7 && r.v == PROTOCOL_VERSION),
        "{replies:?}"
    );
    let Some(Envelope {
        body: Response::BestMove(best),
        ..
    }) = replies.pop()
    else {
        panic!("the last reply is not a BestMove: {replies:?}")
    };
    let infos: Vec<&SearchInfo> = replies
        .iter()
        .map(|r| match &r.body {
            Response::SearchInfo(info) => info,
            other => panic!("not a SearchInfo before the BestMove: {other:?}"),
        })
        .collect();
    assert!(!infos.is_empty(), "no SearchInfo");
    assert!(
        infos.windows(2).all(|w| w[0].depth <= w[1].depth),
        "{infos:?}"
    );

    let status = send(
        &mut session,
        to_js(&Envelope::new(8, Request::GameStatus { record: game })),
    );
    let [
        Envelope {
            id: 8,
            body: Response::GameStatus { legal_moves, .. },
            ..
        },
    ] = &status[..]
    else {
        panic!("not a game status: {status:?}")
    };
    assert!(
        legal_moves.contains(&best.best_move),
        "{} is not among {legal_moves:?}",
        best.best_move
    );
}

#[wasm_bindgen_test]
fn malformed_messages_are_answered_with_a_typed_error() {
    let mut session = Session::new();

    // An envelope whose body is no request: the reply keeps the id.
    let v = PROTOCOL_VERSION;
    let replies = send(
        &mut session,
        raw(&format!(
            r#"{{"v":{v},"id":9,"body":{{"Frobnicate":{{}}}}}}"#
        )),
    );
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(replies[0].id, 9);
    assert!(
        matches!(error_of(&replies[0]), ErrorKind::Malformed { .. }),
        "{replies:?}"
    );

    // A known request with a field of the wrong type.
    let perft =
        format!(r#"{{"v":{v},"id":10,"body":{{"Perft":{{"fen":3,"kind":"chess","depth":1}}}}}}"#);
    let replies = send(&mut session, raw(&perft));
    assert_eq!(replies[0].id, 10);
    assert!(
        matches!(error_of(&replies[0]), ErrorKind::Malformed { .. }),
        "{replies:?}"
    );

    // Not an envelope at all: no id to answer with, so 0.
    for message in [JsValue::from_str("hello"), JsValue::NULL, raw("[1,2]")] {
        let replies = send(&mut session, message);
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert_eq!(replies[0].id, 0);
        assert!(
            matches!(error_of(&replies[0]), ErrorKind::Malformed { .. }),
            "{replies:?}"
        );
    }

    // And the session still works afterwards.
    let request = Request::LegalMoves {
        fen: "8/8/8/8/8/8/8/K1k5 w - -".into(),
        kind: Ruleset::Chess.into(),
    };
    let replies = send(&mut session, to_js(&Envelope::new(11, request)));
    let [
        Envelope {
            id: 11,
            body: Response::LegalMoves { moves },
            ..
        },
    ] = &replies[..]
    else {
        panic!("not the legal moves: {replies:?}")
    };
    // The black king on c1 guards b1 and b2.
    assert_eq!(moves, &["a1a2"]);
}

#[wasm_bindgen_test]
fn a_page_of_another_build_hears_version_mismatch() {
    let mut session = Session::new();
    let older = PROTOCOL_VERSION - 1;
    // A body this version reads: still refused, since the peer may mean something else by it.
    let message = format!(
        r#"{{"v":{older},"id":3,"body":{{"Perft":{{"fen":"{START}","kind":"chess","depth":1}}}}}}"#
    );
    let replies = send(&mut session, raw(&message));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!((replies[0].v, replies[0].id), (PROTOCOL_VERSION, 3));
    assert_eq!(
        error_of(&replies[0]),
        &ErrorKind::VersionMismatch {
            expected: PROTOCOL_VERSION,
            got: older
        }
    );

    // A body this version cannot read: the version, not the body, is what is reported.
    let newer = PROTOCOL_VERSION + 1;
    let message = format!(r#"{{"v":{newer},"id":4,"body":{{"Teleport":{{"to":"e4"}}}}}}"#);
    let replies = send(&mut session, raw(&message));
    assert_eq!(
        error_of(&replies[0]),
        &ErrorKind::VersionMismatch {
            expected: PROTOCOL_VERSION,
            got: newer
        }
    );
    assert!(
        error_of(&replies[0])
            .to_string()
            .contains("different builds")
    );
}
