use alloc::string::ToString;
use alloc::vec;

use super::*;
use crate::Envelope;

#[test]
fn a_director_action_reads_back_what_it_writes() {
    let action = DirectorAction::EnterResult {
        round: 2,
        board: 3,
        result: ResultWire::WhiteForfeitWin,
        reason: Some("Black did not come (art. 6.7.1)".into()),
        replaces: None,
        tie_break_winner: None,
    };
    let text = serde_json::to_string(&Envelope::new(0, &action)).unwrap();
    assert!(
        text.starts_with(r#"{"v":1,"id":0,"body":{"EnterResult":{"round":2"#),
        "{text}"
    );
    let back: Envelope<DirectorAction> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.body, action);
}

#[test]
fn a_new_event_needs_only_a_name() {
    let new: NewEvent = serde_json::from_str(r#"{"name":"Naadam open"}"#).unwrap();
    assert_eq!(new.name, "Naadam open");
    assert_eq!(new.game, None);
    let new: NewEvent =
        serde_json::from_str(r#"{"name":"x","game":"xiangqi","system":"Axf","rounds":7}"#).unwrap();
    assert_eq!(new.game, Some(shatar_rules::GameKind::Xiangqi));
    assert_eq!(new.system, Some(SystemWire::Axf));
    assert!(serde_json::from_str::<NewEvent>(r#"{"name":"x","game":"go"}"#).is_err());
}

#[test]
fn event_ids_are_unguessable_names() {
    let id: EventId = "00112233445566778899aabbccddeeff".parse().unwrap();
    assert_eq!(id.to_string(), "00112233445566778899aabbccddeeff");
    assert!("0011".parse::<EventId>().is_err());
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(serde_json::from_str::<EventId>(&json).unwrap(), id);
}

#[test]
fn refusals_say_what_and_where() {
    let e = EventError::RoundNotFinished {
        round: 2,
        boards: vec![3, 5],
    };
    assert_eq!(e.to_string(), "round 2 has boards without a result: [3, 5]");
    let text = serde_json::to_string(&EventReply::Error { error: e.clone() }).unwrap();
    let back: EventReply = serde_json::from_str(&text).unwrap();
    assert_eq!(back, EventReply::Error { error: e });
}
