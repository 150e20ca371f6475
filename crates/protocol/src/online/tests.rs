//! The messages' JSON, pinned: the page is written against these shapes.

use alloc::string::String;
use alloc::vec;

use super::*;
use shatar_rules::{EndReason, GameKind, Outcome};

const G: &str = "0000000000000000000000000000000a";
const C: &str = "0000000000000000000000000000000c";

fn game() -> GameId {
    G.parse().unwrap()
}

fn client(json: &str, message: ClientMessage) {
    assert_eq!(serde_json::to_string(&message).unwrap(), json);
    assert_eq!(
        serde_json::from_str::<ClientMessage>(json).unwrap(),
        message
    );
}

fn server(json: &str, message: ServerMessage) {
    assert_eq!(serde_json::to_string(&message).unwrap(), json);
    assert_eq!(
        serde_json::from_str::<ServerMessage>(json).unwrap(),
        message
    );
}

#[test]
fn the_requests_of_the_endings_lobby_and_records_read_as_documented() {
    let g = G;
    client(
        &alloc::format!(r#"{{"Propose":{{"game":"{g}","proposal":"Draw"}}}}"#),
        ClientMessage::Propose {
            game: game(),
            proposal: Proposal::Draw,
        },
    );
    client(
        &alloc::format!(r#"{{"Answer":{{"game":"{g}","proposal":"Takeback","accept":true}}}}"#),
        ClientMessage::Answer {
            game: game(),
            proposal: Proposal::Takeback,
            accept: true,
        },
    );
    client(
        &alloc::format!(r#"{{"ClaimDraw":{{"game":"{g}","ply":9,"move":"f6g8"}}}}"#),
        ClientMessage::ClaimDraw {
            game: game(),
            ply: 9,
            text: Some("f6g8".into()),
        },
    );
    client(
        &alloc::format!(r#"{{"ClaimAbsence":{{"game":"{g}","win":false}}}}"#),
        ClientMessage::ClaimAbsence {
            game: game(),
            win: false,
        },
    );
    client(
        r#"{"WatchLobby":{"filter":{"kinds":["xiangqi"],"speeds":["Blitz"]}}}"#,
        ClientMessage::WatchLobby {
            filter: LobbyFilter {
                kinds: vec![Kind(GameKind::Xiangqi)],
                speeds: vec![Speed::Blitz],
            },
        },
    );
    client(
        r#"{"SetName":{"name":"Батаа"}}"#,
        ClientMessage::SetName {
            name: Some("Батаа".into()),
        },
    );
    client(r#""MyGames""#, ClientMessage::MyGames);
    client(
        r#"{"CreateChallenge":{"kind":"mongolian","time_control":{"periods":[],"days_per_move":3},"color":"Random","open":true}}"#,
        ClientMessage::CreateChallenge {
            kind: shatar_rules::Ruleset::Mongolian.into(),
            time_control: TimeControlWire::days(3),
            color: ColorChoice::Random,
            open: true,
        },
    );
    // A page from before the lobby leaves `open` out: a challenge by link.
    let old =
        r#"{"CreateChallenge":{"game":"chess","time_control":{"periods":[]},"color":"White"}}"#;
    assert!(matches!(
        serde_json::from_str::<ClientMessage>(old).unwrap(),
        ClientMessage::CreateChallenge { open: false, .. }
    ));
}

#[test]
fn the_news_of_the_endings_lobby_and_records_reads_as_documented() {
    let (g, c) = (G, C);
    let clock = ClockView {
        white_ms: 1,
        black_ms: 2,
        running: None,
    };
    server(
        &alloc::format!(
            r#"{{"Ended":{{"game":"{g}","outcome":{{"result":"1-0","reason":"TimeForfeit"}},"clock":{{"white_ms":1,"black_ms":2,"running":null}},"note":{{"Abandoned":{{"by":"Black"}}}}}}}}"#
        ),
        ServerMessage::Ended {
            game: game(),
            outcome: OutcomeWire(Outcome::win(
                shatar_rules::Color::White,
                EndReason::TimeForfeit,
            )),
            clock,
            note: Some(EndNote::Abandoned { by: Side::Black }),
        },
    );
    server(
        &alloc::format!(
            r#"{{"ClaimRefused":{{"game":"{g}","by":"White","added_ms":120000,"clock":{{"white_ms":1,"black_ms":2,"running":null}}}}}}"#
        ),
        ServerMessage::ClaimRefused {
            game: game(),
            by: Side::White,
            added_ms: 120_000,
            clock,
        },
    );
    server(
        &alloc::format!(r#"{{"Aborted":{{"game":"{g}"}}}}"#),
        ServerMessage::Aborted { game: game() },
    );
    server(
        &alloc::format!(r#"{{"Unlisted":{{"challenge":"{c}"}}}}"#),
        ServerMessage::Unlisted {
            challenge: C.parse().unwrap(),
        },
    );
    server(
        &alloc::format!(r#"{{"Pgn":{{"game":"{g}","text":"*"}}}}"#),
        ServerMessage::Pgn {
            game: game(),
            text: String::from("*"),
        },
    );
    let refusal = ErrorKind::WrongClaim { added_ms: 120_000 };
    assert_eq!(
        serde_json::to_string(&refusal).unwrap(),
        r#"{"WrongClaim":{"added_ms":120000}}"#
    );
    assert_eq!(
        alloc::format!("{refusal}"),
        "no draw can be claimed here; your opponent gets 120 s more"
    );
}
