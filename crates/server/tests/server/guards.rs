//! The server's guards, met over real WebSockets: rate limits, the `Origin` check, and
//! finished games leaving memory.

use std::sync::Arc;
use std::time::Duration;

use shatar_rules::Ruleset;
use shatar_server::limits::{AddressLimits, Limits, Rate};
use shatar_server::time::ManualTime;
use shatar_server::wire::{ClientMessage, Envelope, ErrorKind, ServerMessage};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::support::{Client, Game, start, start_config};

fn watch_unknown(id: u32) -> String {
    let game = "000102030405060708090a0b0c0d0e0f".parse().unwrap();
    serde_json::to_string(&Envelope::new(id, ClientMessage::Watch { game })).unwrap()
}

fn error_of(envelope: &Envelope<ServerMessage>) -> &ErrorKind {
    match &envelope.body {
        ServerMessage::Error { error } => error,
        other => panic!("not refused: {other:?}"),
    }
}

#[tokio::test]
async fn a_flooding_connection_is_told_to_wait_then_closed() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start_config(&data, None, time.clone(), |config| {
        config.limits = Limits::default();
    })
    .await;
    let mut client = Client::connect(&server).await;
    // A burst of 20, then 5 a second: the 21st and later are refused under their own id.
    for id in 1..=24 {
        client.send_text(watch_unknown(id)).await;
    }
    for id in 1..=24 {
        let answer = client.receive().await;
        assert_eq!(answer.id, id);
        let expected = if id <= 20 {
            ErrorKind::UnknownGame
        } else {
            ErrorKind::RateLimited {
                retry_after_ms: 200,
            }
        };
        assert_eq!(error_of(&answer), &expected, "{id}");
    }
    time.advance(200);
    client.send_text(watch_unknown(26)).await;
    assert_eq!(error_of(&client.receive().await), &ErrorKind::UnknownGame);
    // Five refusals in a row: the last one closes the connection.
    for id in 27..=31 {
        client.send_text(watch_unknown(id)).await;
    }
    for id in 27..=31 {
        let answer = client.receive().await;
        assert_eq!(answer.id, id);
        assert!(matches!(error_of(&answer), ErrorKind::RateLimited { .. }));
    }
    assert_eq!(client.close_code().await, Some(1008));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_address_gets_a_budget_of_connections() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start_config(&data, None, time.clone(), |config| {
        config.limits.per_address = Some(AddressLimits {
            connections: Rate {
                burst: 2,
                per_second: 1,
            },
            messages: Rate {
                burst: 100,
                per_second: 10,
            },
            open: 3,
            ..AddressLimits::default()
        });
    })
    .await;
    let mut open = vec![
        Client::connect(&server).await,
        Client::connect(&server).await,
    ];
    let mut third = Client::connect(&server).await;
    assert_eq!(
        error_of(&third.receive().await),
        &ErrorKind::RateLimited {
            retry_after_ms: 1_000
        }
    );
    assert!(third.closed().await);
    time.advance(1_000);
    open.push(Client::player(&server).await);
    time.advance(10_000);
    let mut fourth = Client::connect(&server).await;
    assert_eq!(
        error_of(&fourth.receive().await),
        &ErrorKind::TooManyConnections { max: 3 }
    );
    assert_eq!(fourth.close_code().await, Some(1013));
    // Once one closes, its place is free again (when the server has seen it go).
    drop(open.pop());
    let mut attempts = 0;
    loop {
        let mut client = Client::connect(&server).await;
        let request = ClientMessage::Hello { player: None };
        match client.request(request).await {
            ServerMessage::Welcome { .. } => break,
            ServerMessage::Error {
                error: ErrorKind::TooManyConnections { .. },
            } if attempts < 100 => {
                attempts += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => panic!("{other:?}"),
        }
    }
    server.stop().await.unwrap();
}

/// The upgrade's HTTP status, with this `Origin` header (or none).
async fn upgrade_status(addr: std::net::SocketAddr, origin: Option<&str>) -> u16 {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((_, response)) => response.status().as_u16(),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn only_the_servers_own_pages_and_listed_origins_may_open_the_websocket() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let own = format!("http://{}", server.addr);
    assert_eq!(upgrade_status(server.addr, None).await, 101);
    assert_eq!(upgrade_status(server.addr, Some(&own)).await, 101);
    assert_eq!(
        upgrade_status(server.addr, Some("https://evil.example")).await,
        403
    );
    server.stop().await.unwrap();

    let data = crate::data::data();
    let server = start_config(&data, None, Arc::new(ManualTime::default()), |config| {
        config.origins.allow("https://shatar.example").unwrap()
    })
    .await;
    let own = format!("http://{}", server.addr);
    assert_eq!(
        upgrade_status(server.addr, Some("https://shatar.example")).await,
        101
    );
    assert_eq!(upgrade_status(server.addr, Some(&own)).await, 403);
    assert_eq!(upgrade_status(server.addr, None).await, 101);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_finished_game_leaves_memory_after_its_watchers_and_comes_back_on_watch() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    // Ended with no one watching: let go at once.
    let game = Game::start(&server, Ruleset::Chess.into()).await;
    let mut white = game.white;
    white.request(ClientMessage::Resign { game: game.id }).await;
    assert_eq!(server.games_in_memory(), 0);

    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let mut spectator = Client::connect(&server).await;
    spectator
        .request(ClientMessage::Watch { game: game.id })
        .await;
    game.play(0, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    assert_eq!(server.games_in_memory(), 1, "watched");
    drop(spectator);
    let mut waited = 0;
    while server.games_in_memory() > 0 {
        assert!(waited < 200, "the room stays after its watcher left");
        waited += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut later = Client::connect(&server).await;
    let ServerMessage::Game(snapshot) = later.request(ClientMessage::Watch { game: game.id }).await
    else {
        panic!("the finished game is read again");
    };
    assert_eq!(snapshot.moves.len(), 4);
    assert!(snapshot.outcome.is_some());
    server.stop().await.unwrap();
}
