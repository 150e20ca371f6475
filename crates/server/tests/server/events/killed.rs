//! The server's binary killed (SIGKILL) in the middle of a round, at the board and online,
//! and started again on the same database: every pairing and every result is there, the
//! director's token still works, and the online game goes on and reports its result.

use shatar_protocol::events::{DirectorAction, NewEvent, ResultSource, ResultWire, SystemWire};
use shatar_rules::{GameKind, Ruleset};
use shatar_server::wire::ServerMessage;

use super::{Director, join, until};
use crate::killed::spawn;
use crate::support::{Client, minutes};

fn signed(round: u32, board: u32, result: ResultWire) -> DirectorAction {
    DirectorAction::EnterResult {
        round,
        board,
        result,
        reason: Some("as signed".into()),
        replaces: None,
        tie_break_winner: None,
    }
}

#[tokio::test]
async fn a_server_killed_mid_round_loses_no_pairing_and_no_result() {
    let data = crate::data::data();
    let (mut server, addr) = spawn(&data);

    // At the board: six players of an AXF Swiss, round 1 paired, two results of three.
    let board = Director::create(
        addr,
        NewEvent {
            name: "Sagaalgan Xiangqi".into(),
            game: Some(GameKind::Xiangqi),
            rounds: Some(5),
            ..NewEvent::default()
        },
    )
    .await;
    for i in 1..=6 {
        board
            .ok(DirectorAction::AddPlayer {
                name: format!("Player {i}"),
                rating: 1600,
                club: None,
            })
            .await;
    }
    board
        .ok(DirectorAction::PairRound {
            round: 1,
            starts_at_ms: None,
        })
        .await;
    board.ok(signed(1, 1, ResultWire::WhiteWins)).await;
    board.ok(signed(1, 2, ResultWire::Draw)).await;
    let before = board.view().await;

    // Online: two players, their game started and under way.
    let online = Director::create(
        addr,
        NewEvent {
            name: "Online".into(),
            game: Some(Ruleset::Chess.into()),
            online: true,
            system: Some(SystemWire::Axf),
            rounds: Some(1),
            no_show_minutes: Some(10),
            time_control: Some(minutes(10)),
            ..NewEvent::default()
        },
    )
    .await;
    let mut players = Vec::new();
    for name in ["White", "Black"] {
        let client = Client::player(&addr).await;
        join(&online, &client, name).await.unwrap();
        players.push(client);
    }
    online
        .ok(DirectorAction::PairRound {
            round: 1,
            starts_at_ms: None,
        })
        .await;
    let view = until(&online, |v| v.rounds[0].boards[0].game.is_some()).await;
    let game = view.rounds[0].boards[0].game.unwrap();
    for (i, text) in ["f2f3", "e7e5", "g2g4"].iter().enumerate() {
        assert_eq!(
            players[i % 2].play(game, i as u32, text).await,
            ServerMessage::Accepted
        );
    }
    let credentials: Vec<_> = players
        .iter()
        .map(|p| p.credentials.clone().unwrap())
        .collect();
    drop(players);

    server.kill();
    let (_server, addr) = spawn(&data);
    let board = Director { addr, ..board };
    let online = Director { addr, ..online };

    // Every pairing and result of the board event, as it was.
    let after = board.view().await;
    assert_eq!(after.rounds, before.rounds);
    assert_eq!(after.players, before.players);
    board.ok(signed(1, 3, ResultWire::BlackWins)).await;
    let view = board
        .ok(DirectorAction::PairRound {
            round: 2,
            starts_at_ms: None,
        })
        .await;
    assert_eq!(view.rounds.len(), 2);

    // The online game goes on where it was, and its end comes back as the result.
    let mut black = Client::again(&addr, &credentials[1]).await;
    let snapshot = black.watch(game).await;
    assert_eq!(snapshot.moves, ["f2f3", "e7e5", "g2g4"]);
    assert_eq!(black.play(game, 3, "d8h4").await, ServerMessage::Accepted);
    let view = until(&online, |v| v.rounds[0].boards[0].result.is_some()).await;
    let result = view.rounds[0].boards[0].result.clone().unwrap();
    assert_eq!(
        (result.result, result.source),
        (ResultWire::BlackWins, ResultSource::Game)
    );
}
