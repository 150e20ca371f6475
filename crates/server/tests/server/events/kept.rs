//! Nothing entered is lost: an online event ended early still takes the result of a game
//! that was being played, and the database itself refuses to change or drop a result.
//! The public reads are revalidated by the event's revision and readable from any site.

use shatar_protocol::events::{
    DirectorAction, EventError, NewEvent, ResultSource, ResultWire, SystemWire,
};
use shatar_rules::Ruleset;
use shatar_server::wire::{ClientMessage, ServerMessage};

use super::{Director, fresh, http, join, pair, until};
use crate::support::{Client, minutes};

#[tokio::test]
async fn an_event_ended_early_keeps_every_result_and_takes_the_last_games() {
    let (data, server, _time) = fresh().await;
    let director = Director::create(
        server.addr,
        NewEvent {
            name: "Ended early".into(),
            game: Some(Ruleset::Chess.into()),
            online: true,
            system: Some(SystemWire::Axf),
            rounds: Some(3),
            no_show_minutes: Some(10),
            time_control: Some(minutes(5)),
            ..NewEvent::default()
        },
    )
    .await;
    let mut players = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let client = Client::player(&server).await;
        join(&director, &client, name).await.unwrap();
        players.push(client);
    }
    director.ok(pair(1)).await;
    let view = until(&director, |v| {
        v.rounds[0].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    let (game1, game2) = (
        view.rounds[0].boards[0].game.unwrap(),
        view.rounds[0].boards[1].game.unwrap(),
    );
    for (i, text) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        assert_eq!(
            players[i % 2].play(game1, i as u32, text).await,
            ServerMessage::Accepted
        );
    }
    until(&director, |v| v.rounds[0].boards[0].result.is_some()).await;
    for (i, text) in ["e2e4", "e7e5"].iter().enumerate() {
        assert_eq!(
            players[2 + i % 2].play(game2, i as u32, text).await,
            ServerMessage::Accepted
        );
    }

    // The director ends the event in the middle of round 1.
    director.ok(DirectorAction::EndEvent).await;
    assert_eq!(
        director
            .act(DirectorAction::PairRound {
                round: 2,
                starts_at_ms: None
            })
            .await,
        Err(EventError::Ended)
    );
    // The game still being played ends, and counts.
    assert_eq!(
        players[3]
            .request(ClientMessage::Resign { game: game2 })
            .await,
        ServerMessage::Accepted
    );
    let view = until(&director, |v| v.rounds[0].boards[1].result.is_some()).await;
    assert!(view.ended);
    let results: Vec<(ResultWire, ResultSource)> = view.rounds[0]
        .boards
        .iter()
        .map(|b| {
            let r = b.result.as_ref().unwrap();
            (r.result, r.source)
        })
        .collect();
    assert_eq!(
        results,
        [
            (ResultWire::BlackWins, ResultSource::Game),
            (ResultWire::WhiteWins, ResultSource::Game)
        ]
    );

    // Public reads: any site may read them, and a reader with the revision gets 304.
    let answer = director.get("/standings").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("access-control-allow-origin"), Some("*"));
    let tag = answer.header("etag").unwrap().to_string();
    let again = http(
        server.addr,
        "GET",
        &format!("/api/events/{}/standings", director.event),
        &[("If-None-Match", tag.clone())],
        None,
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    server.stop().await.unwrap();

    // The database refuses to change or drop a result, whoever asks.
    let dropped = data.execute("DELETE FROM event_results").await.unwrap_err();
    assert!(dropped.to_string().contains("never dropped"), "{dropped}");
    let changed = data
        .execute("UPDATE event_results SET result = '\"Draw\"'")
        .await
        .unwrap_err();
    assert!(changed.to_string().contains("never changed"), "{changed}");
    assert_eq!(data.count("SELECT COUNT(*) FROM event_results").await, 2);
}
