use alloc::string::ToString;
use alloc::vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use shatar_rules::Ruleset;

use crate::*;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(value: T) {
    let json = serde_json::to_string(&value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, value, "{json}");
}

#[test]
fn every_message_round_trips() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -".to_string();
    for ruleset in Ruleset::ALL {
        round_trip(Envelope::new(3, Request::Perft { fen: fen.clone(), ruleset, depth: 3 }));
        round_trip(Envelope::new(4, Request::LegalMoves { fen: fen.clone(), ruleset }));
    }
    round_trip(Envelope::new(0, Response::Ready));
    round_trip(Envelope::new(3, Response::PerftResult { nodes: 42, millis: 0.5 }));
    round_trip(Envelope::new(4, Response::LegalMoves { moves: vec!["e2e4".to_string(), "d2d4".to_string()] }));
    for error in [
        ErrorKind::Malformed { detail: "x".to_string() },
        ErrorKind::VersionMismatch { expected: 1, got: 2 },
        ErrorKind::BadFen { detail: "y".to_string() },
        ErrorKind::DepthTooLarge { max: MAX_PERFT_DEPTH },
    ] {
        round_trip(Envelope::new(5, Response::Error { error }));
    }
}

/// The JS side writes these objects by hand: the shape is part of the protocol.
#[test]
fn wire_shape_is_a_tagged_object_with_the_ruleset_id() {
    let msg = Envelope::new(7, Request::Perft { fen: "f".to_string(), ruleset: Ruleset::MongolianFolk, depth: 2 });
    assert_eq!(
        serde_json::to_string(&msg).expect("serialises"),
        r#"{"v":1,"id":7,"body":{"type":"Perft","fen":"f","ruleset":"mongolian-folk","depth":2}}"#
    );
    let ready = Envelope::new(0, Response::Ready);
    assert_eq!(serde_json::to_string(&ready).expect("serialises"), r#"{"v":1,"id":0,"body":{"type":"Ready"}}"#);
}

#[test]
fn unknown_ruleset_and_unknown_request_are_errors_not_panics() {
    let bad_ruleset = r#"{"v":1,"id":1,"body":{"type":"LegalMoves","fen":"f","ruleset":"xiangqi"}}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(bad_ruleset).is_err());
    let bad_type = r#"{"v":1,"id":1,"body":{"type":"Launch"}}"#;
    assert!(serde_json::from_str::<Envelope<Request>>(bad_type).is_err());
}

#[test]
fn header_reads_any_body_and_checks_the_version() {
    let future = r#"{"v":2,"id":9,"body":{"type":"SomethingNew","x":[1,2]}}"#;
    let header: Header = serde_json::from_str(future).expect("header of any body");
    assert_eq!(header, Header { v: 2, id: 9 });
    assert_eq!(header.check_version(), Err(ErrorKind::VersionMismatch { expected: PROTOCOL_VERSION, got: 2 }));
    assert_eq!(Header { v: PROTOCOL_VERSION, id: 1 }.check_version(), Ok(()));
}
