use super::*;

#[test]
fn a_request_reads() {
    let text = r#"{"v":1,"id":4,"body":{"Resign":{"game":"000102030405060708090a0b0c0d0e0f"}}}"#;
    let envelope = decode(text).unwrap();
    assert_eq!(envelope.id, 4);
    assert!(matches!(envelope.body, ClientMessage::Resign { .. }));
}

#[test]
fn refusals_are_typed_and_answer_the_request_when_it_was_read() {
    let cases = [
        ("not json", 0, "Malformed"),
        (r#"{"v":1,"id":2,"body":{"Fly":{}}}"#, 2, "Malformed"),
        (r#"{"v":9,"id":3,"body":"Hello"}"#, 3, "VersionMismatch"),
        (
            r#"{"v":1,"id":5,"body":{"Watch":{"game":"XYZ"}}}"#,
            5,
            "Malformed",
        ),
    ];
    for (text, id, kind) in cases {
        let refused = decode(text).unwrap_err();
        assert_eq!(refused.id, id, "{text}");
        assert!(
            format!("{:?}", refused.error).starts_with(kind),
            "{text}: {refused:?}"
        );
    }
    let huge = format!(
        r#"{{"v":1,"id":1,"body":"{}"}}"#,
        "x".repeat(MAX_MESSAGE_BYTES)
    );
    assert_eq!(
        decode(&huge).unwrap_err().error,
        ErrorKind::TooLarge {
            max_bytes: MAX_MESSAGE_BYTES
        }
    );
}

#[test]
fn an_outcome_is_written_as_the_worker_protocol_writes_it() {
    use shatar_rules::{Color, EndReason, Outcome};
    let text = encode(
        0,
        &ServerMessage::Error {
            error: ErrorKind::GameOver {
                outcome: OutcomeWire(Outcome::win(Color::White, EndReason::Checkmate)),
            },
        },
    );
    assert!(
        text.contains(r#"{"result":"1-0","reason":"Checkmate"}"#),
        "{text}"
    );
}

/// Protocol 1's messages are read (the service worker may hold a page of it), and what is
/// written to such a client is protocol 1's shape: its version, and `"game"` for a listed
/// challenge's kind; other frames change only their version.
#[test]
fn a_client_of_protocol_1_is_read_and_written_to_in_its_shapes() {
    let create = include_str!("../../../protocol/golden/online-v1-create-challenge.json");
    let envelope = decode(create.trim()).expect("protocol 1 reads");
    assert_eq!(envelope.v, 1);
    assert!(matches!(
        envelope.body,
        ClientMessage::CreateChallenge {
            kind: shatar_rules::GameKind::Xiangqi,
            ..
        }
    ));
    let value = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    for name in ["listed", "lobby"] {
        let old = match name {
            "listed" => include_str!("../../../protocol/golden/online-v1-listed.json"),
            _ => include_str!("../../../protocol/golden/online-v1-lobby.json"),
        };
        let envelope: Envelope<ServerMessage> = serde_json::from_str(old).unwrap();
        let today = encode(envelope.id, &envelope.body);
        assert!(
            today.contains(r#""v":2"#) && today.contains(r#""kind":"xiangqi""#),
            "{today}"
        );
        assert_eq!(value(&for_version(1, today.clone())), value(old), "{name}");
        assert_eq!(for_version(ONLINE_PROTOCOL_VERSION, today.clone()), today);
    }
    let accepted = encode(3, &ServerMessage::Accepted);
    assert_eq!(
        value(&for_version(1, accepted)),
        value(r#"{"v":1,"id":3,"body":"Accepted"}"#)
    );
}
