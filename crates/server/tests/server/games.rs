use std::sync::Arc;

use shatar_rules::{Color, EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::{ManualTime, MonotonicTime};
use shatar_server::wire::{
    BonusWire, ClientMessage, ErrorKind, OutcomeWire, PeriodWire, ServerMessage, TimeControlWire,
};

use crate::support::{Client, Game, start, start_with};

/// The moves `watcher` is sent, until one ends the game.
async fn moves_seen(watcher: &mut Client) -> (Vec<String>, Option<Outcome>) {
    let mut seen = Vec::new();
    loop {
        match watcher.unasked().await {
            ServerMessage::Moved {
                text, outcome, ply, ..
            } => {
                assert_eq!(ply as usize, seen.len());
                seen.push(text);
                if let Some(outcome) = outcome {
                    return (seen, Some(outcome.0));
                }
            }
            other => panic!("not a move: {other:?}"),
        }
    }
}

#[tokio::test]
async fn fools_mate_is_played_to_the_end_and_a_spectator_sees_every_move() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let mut spectator = Client::connect(&server).await;
    let ServerMessage::Game(snapshot) = spectator
        .request(ClientMessage::Watch { game: game.id })
        .await
    else {
        panic!("a spectator needs no Hello to watch");
    };
    // Asking twice makes one watcher: each move comes once (moves_seen checks the plies).
    spectator
        .request(ClientMessage::Watch { game: game.id })
        .await;
    assert_eq!(snapshot.kind, GameKind::from(Ruleset::Chess));
    assert!(snapshot.moves.is_empty());

    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    game.play(0, &moves).await;
    let mate = Outcome::win(Color::Black, EndReason::Checkmate);
    assert_eq!(
        moves_seen(&mut spectator).await,
        (moves.map(String::from).to_vec(), Some(mate))
    );
    assert_eq!(
        game.white.play(game.id, 4, "e1f2").await,
        ServerMessage::Error {
            error: ErrorKind::GameOver {
                outcome: OutcomeWire(mate)
            }
        }
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_mongolian_game_honours_the_compulsory_first_round_and_ends_in_mate() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, Ruleset::Mongolian.into()).await;
    game.white
        .request(ClientMessage::Watch { game: game.id })
        .await;
    // 2017 art. 1.2: White opens e2-e4 or d2-d4; Black answers symmetrically.
    for opening in ["g1f3", "c2c4", "e2e3"] {
        assert!(
            matches!(
                game.white.play(game.id, 0, opening).await,
                ServerMessage::Error {
                    error: ErrorKind::IllegalMove { .. }
                }
            ),
            "{opening}"
        );
    }
    game.play(0, &["e2e4"]).await;
    assert!(matches!(
        game.black.play(game.id, 1, "d7d5").await,
        ServerMessage::Error {
            error: ErrorKind::IllegalMove { .. }
        }
    ));
    let moves = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
    game.play(1, &moves[1..]).await;
    let mate = Outcome::win(Color::White, EndReason::Checkmate);
    assert_eq!(
        moves_seen(&mut game.white).await,
        (moves.map(String::from).to_vec(), Some(mate))
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_xiangqi_game_is_played_in_iccs_and_ends_by_resignation() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut game = Game::start(&server, GameKind::Xiangqi).await;
    let mut spectator = Client::connect(&server).await;
    spectator
        .request(ClientMessage::Watch { game: game.id })
        .await;
    game.play(0, &["h2e2", "h9g7"]).await;
    assert_eq!(
        game.white
            .request(ClientMessage::Resign { game: game.id })
            .await,
        ServerMessage::Accepted
    );
    for text in ["h2e2", "h9g7"] {
        assert!(
            matches!(spectator.unasked().await, ServerMessage::Moved { text: t, .. } if t == text)
        );
    }
    let ServerMessage::Ended { outcome, .. } = spectator.unasked().await else {
        panic!("the resignation is announced");
    };
    assert_eq!(
        outcome.0,
        Outcome::win(Color::Black, EndReason::Resignation)
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_flag_ends_the_game_and_a_late_move_is_refused() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    game.white
        .request(ClientMessage::Watch { game: game.id })
        .await;
    game.play(0, &["e2e4"]).await;
    // Black's five minutes run out with nothing on the board to stop White mating.
    time.advance(5 * 60_000);
    let loss = Outcome::win(Color::White, EndReason::TimeForfeit);
    assert_eq!(
        game.black.play(game.id, 1, "e7e5").await,
        ServerMessage::Error {
            error: ErrorKind::GameOver {
                outcome: OutcomeWire(loss)
            }
        }
    );
    assert!(matches!(
        game.white.unasked().await,
        ServerMessage::Moved { .. }
    ));
    let ServerMessage::Ended { outcome, clock, .. } = game.white.unasked().await else {
        panic!("the flag is announced");
    };
    assert_eq!((outcome.0, clock.black_ms, clock.running), (loss, 0, None));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_server_lets_a_flag_fall_by_itself_on_its_own_time() {
    let data = crate::data::data();
    let server = start_with(&data, None, Arc::new(MonotonicTime::new())).await;
    let half_a_second = TimeControlWire::live(vec![PeriodWire {
        moves: None,
        base_ms: 500,
        bonus: BonusWire::None,
    }]);
    let mut game = Game::start_with(&server, Ruleset::Chess.into(), half_a_second).await;
    game.white
        .request(ClientMessage::Watch { game: game.id })
        .await;
    game.play(0, &["e2e4"]).await;
    assert!(matches!(
        game.white.unasked().await,
        ServerMessage::Moved { .. }
    ));
    // No one moves: the server's timer ends the game when Black's half second is gone.
    let ServerMessage::Ended { outcome, .. } = game.white.unasked().await else {
        panic!("the flag is announced unasked");
    };
    assert_eq!(
        outcome.0,
        Outcome::win(Color::White, EndReason::TimeForfeit)
    );
    server.stop().await.unwrap();
}
