use std::sync::Arc;

use shatar_rules::{Color, EndReason, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::{ClientMessage, ServerMessage, Side};

use crate::support::{Client, start};

#[tokio::test]
async fn a_restarted_server_has_every_game_and_move_and_play_goes_on() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = crate::support::Game::start(&server, Ruleset::Mongolian.into()).await;
    time.advance(1_000);
    game.play(0, &["d2d4", "d7d5", "c1f4"]).await;
    time.advance(7_000);
    let ServerMessage::Game(before) = game
        .white
        .request(ClientMessage::Watch { game: game.id })
        .await
    else {
        panic!("the game is there");
    };
    let credentials = [
        game.white.credentials.clone().unwrap(),
        game.black.credentials.clone().unwrap(),
    ];
    drop(game.white);
    drop(game.black);
    server.stop().await.unwrap();

    // Down for an hour: no one is charged for it.
    time.advance(3_600_000);
    let server = start(&data, None, time.clone()).await;
    let mut white = Client::again(&server, &credentials[0]).await;
    let mut black = Client::again(&server, &credentials[1]).await;
    let ServerMessage::Game(after) = black
        .request(ClientMessage::Watch { game: before.game })
        .await
    else {
        panic!("the game is there after the restart");
    };
    assert_eq!(after.moves, ["d2d4", "d7d5", "c1f4"]);
    assert_eq!((after.white, after.black), (before.white, before.black));
    assert_eq!(after.clock.running, Some(Side::Black));
    assert_eq!(after.clock.white_ms, before.clock.white_ms);
    // Black's clock ran 7 s before the stop, and Black keeps them spent (issue 55: the
    // stop's last heartbeat); the hour the server was down is charged to no one.
    assert_eq!(after.clock.black_ms, before.clock.black_ms, "{after:?}");

    for (ply, text) in [(3u32, "e7e6"), (4, "f4c7")] {
        let mover = if ply.is_multiple_of(2) {
            &mut white
        } else {
            &mut black
        };
        assert_eq!(
            mover.play(before.game, ply, text).await,
            ServerMessage::Accepted
        );
    }
    assert_eq!(
        white
            .request(ClientMessage::Resign { game: before.game })
            .await,
        ServerMessage::Accepted
    );
    server.stop().await.unwrap();

    // A finished game is kept too, with its end.
    let server = start(&data, None, time).await;
    let mut spectator = Client::connect(&server).await;
    let ServerMessage::Game(finished) = spectator
        .request(ClientMessage::Watch { game: before.game })
        .await
    else {
        panic!("the finished game is there");
    };
    assert_eq!(finished.moves.len(), 5);
    assert_eq!(
        finished.outcome.map(|o| o.0),
        Some(Outcome::win(Color::Black, EndReason::Resignation))
    );
    server.stop().await.unwrap();
}
