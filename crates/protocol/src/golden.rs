//! The messages whose fields were renamed to the glossary's names (worker protocol 5,
//! online protocol 2) still read in the shapes of before: `golden/` holds them as the code
//! of before wrote them (worker protocol 4, online protocol 1), and each reads as the
//! message it was, and is written back under the new names.

use alloc::string::String;
use alloc::vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use shatar_rules::{GameKind, GameResult, Ruleset};

use crate::online::{
    ClientMessage, ColorChoice, Kind, LobbyChallenge, LobbyFilter, ServerMessage, Speed,
    TimeControlWire,
};
use crate::{Envelope, ErrorKind, RecordWire, Request, Response, SearchLimits};

/// `text`'s body as a `T`, which written again holds none of `old` and all of `new`.
fn reads<T: DeserializeOwned + Serialize>(text: &str, v: u32, old: &[&str], new: &[&str]) -> T {
    let envelope: Envelope<T> = serde_json::from_str(text).expect("an old message reads");
    assert_eq!(envelope.v, v);
    let again = serde_json::to_string(&envelope.body).unwrap();
    for name in old {
        assert!(
            !again.contains(&alloc::format!("\"{name}\":")),
            "{name} in {again}"
        );
    }
    for name in new {
        assert!(
            again.contains(&alloc::format!("\"{name}\":")),
            "no {name} in {again}"
        );
    }
    envelope.body
}

fn mongolian(moves: &[&str]) -> RecordWire {
    RecordWire {
        kind: Ruleset::Mongolian.into(),
        fen: None,
        moves: moves.iter().map(|m| String::from(*m)).collect(),
    }
}

#[test]
fn the_worker_requests_of_protocol_4_still_read() {
    let fen = String::from("8/8/8/8/8/8/8/K1k5 w - -");
    let perft: Request = reads(
        include_str!("../golden/worker-v4-perft.json"),
        4,
        &["ruleset"],
        &["kind"],
    );
    assert_eq!(
        perft,
        Request::Perft {
            fen: fen.clone(),
            kind: Ruleset::Mongolian.into(),
            depth: 2
        }
    );
    let legal: Request = reads(
        include_str!("../golden/worker-v4-legal-moves.json"),
        4,
        &["ruleset"],
        &["kind"],
    );
    assert_eq!(
        legal,
        Request::LegalMoves {
            fen,
            kind: GameKind::Xiangqi
        }
    );
    let new_game: Request = reads(
        include_str!("../golden/worker-v4-new-game.json"),
        4,
        &["ruleset"],
        &["kind"],
    );
    assert_eq!(
        new_game,
        Request::NewGame {
            kind: Ruleset::Chess.into(),
            hash_mb: Some(16)
        }
    );
    let old = ["ruleset", "game"];
    let new = ["kind", "record"];
    let search: Request = reads(
        include_str!("../golden/worker-v4-search.json"),
        4,
        &old,
        &new,
    );
    assert_eq!(
        search,
        Request::Search {
            record: mongolian(&["e2e4", "e7e5"]),
            limits: SearchLimits {
                depth: Some(3),
                ..SearchLimits::default()
            }
        }
    );
    let status: Request = reads(
        include_str!("../golden/worker-v4-game-status.json"),
        4,
        &old,
        &new,
    );
    let Request::GameStatus { record } = status else {
        panic!("{status:?}")
    };
    assert_eq!(
        (record.kind, record.moves),
        (GameKind::Xiangqi, vec![String::from("h2e2")])
    );
    assert!(record.fen.is_some_and(|f| f.starts_with("rnbakabnr/")));
    let pgn: Request = reads(include_str!("../golden/worker-v4-pgn.json"), 4, &old, &new);
    assert_eq!(
        pgn,
        Request::Pgn {
            record: mongolian(&["e2e4", "e7e5"]),
            tags: vec![("White".into(), "shatar".into())],
            result: Some(GameResult::Draw)
        }
    );
    let not_built: Response = reads(
        include_str!("../golden/worker-v4-game-not-built.json"),
        4,
        &["game"],
        &["kind"],
    );
    assert_eq!(
        not_built,
        Response::Error {
            error: ErrorKind::GameNotBuilt {
                kind: GameKind::Xiangqi
            }
        }
    );
}

#[test]
fn the_online_messages_of_protocol_1_still_read() {
    let control: TimeControlWire = serde_json::from_str(
        r#"{"periods":[{"moves":null,"base_ms":180000,"bonus":{"Increment":{"ms":2000}}}]}"#,
    )
    .unwrap();
    let create: ClientMessage = reads(
        include_str!("../golden/online-v1-create-challenge.json"),
        1,
        &["game"],
        &["kind"],
    );
    assert_eq!(
        create,
        ClientMessage::CreateChallenge {
            kind: GameKind::Xiangqi,
            time_control: control.clone(),
            color: ColorChoice::Random,
            open: true
        }
    );
    let lobby: ClientMessage = reads(
        include_str!("../golden/online-v1-watch-lobby.json"),
        1,
        &["games"],
        &["kinds"],
    );
    assert_eq!(
        lobby,
        ClientMessage::WatchLobby {
            filter: LobbyFilter {
                kinds: vec![Kind(GameKind::Xiangqi), Kind(Ruleset::Mongolian.into())],
                speeds: vec![Speed::Blitz]
            }
        }
    );
    let challenge = LobbyChallenge {
        challenge: "0000000000000000000000000000000c".parse().unwrap(),
        kind: GameKind::Xiangqi,
        time_control: control,
        speed: Speed::Blitz,
        color: ColorChoice::Random,
        challenger: "0000000000000000000000000000000b".parse().unwrap(),
        name: Some("Батаа".into()),
    };
    let listed: ServerMessage = reads(
        include_str!("../golden/online-v1-listed.json"),
        1,
        &["game"],
        &["kind"],
    );
    assert_eq!(listed, ServerMessage::Listed(challenge.clone()));
    let list: ServerMessage = reads(
        include_str!("../golden/online-v1-lobby.json"),
        1,
        &["game"],
        &["kind"],
    );
    assert_eq!(
        list,
        ServerMessage::Lobby {
            challenges: vec![challenge]
        }
    );
}
