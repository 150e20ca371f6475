//! Games that end without a mate: aborted, abandoned, flagged against a bare king.

use std::sync::Arc;

use shatar_rules::any_game::AnyGameRecord;
use shatar_rules::{Color, EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::wire::{ClientMessage, EndNote, ErrorKind, OutcomeWire, ServerMessage, Side};

use crate::support::{Client, Game, refused, start};

#[tokio::test]
async fn a_player_aborts_before_its_first_move_and_no_later() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;

    let mut game = Game::start(&server, Ruleset::Chess.into())
        .await
        .watched()
        .await;
    game.white
        .accepted(ClientMessage::Abort { game: game.id })
        .await;
    assert_eq!(
        game.black.unasked().await,
        ServerMessage::Aborted { game: game.id }
    );
    assert_eq!(
        refused(game.white.play(game.id, 0, "e2e4").await),
        ErrorKind::GameAborted
    );
    let snapshot = game.black.watch(game.id).await;
    assert_eq!(
        (snapshot.outcome, snapshot.note),
        (None, Some(EndNote::Aborted))
    );

    // White has moved: only Black may still abort.
    let mut game = Game::start(&server, GameKind::Xiangqi).await;
    game.play(0, &["h2e2"]).await;
    assert_eq!(
        refused(
            game.white
                .request(ClientMessage::Abort { game: game.id })
                .await
        ),
        ErrorKind::TooLateToAbort
    );
    game.black
        .accepted(ClientMessage::Abort { game: game.id })
        .await;
    // An aborted game is not among its players' games, nor picked up by a restart.
    let ServerMessage::MyGames { games } = game.white.request(ClientMessage::MyGames).await else {
        panic!("a list");
    };
    assert!(games.is_empty(), "{games:?}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_game_nobody_starts_is_aborted_after_a_minute_for_each_first_move() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Mongolian.into()).await;
    time.advance(59_000);
    game.play(0, &["e2e4"]).await;
    // Black owes its first move a minute from White's.
    time.advance(59_000);
    assert!(game.white.watch(game.id).await.note.is_none());
    time.advance(1_000);
    assert_eq!(
        refused(game.black.play(game.id, 1, "e7e5").await),
        ErrorKind::GameAborted
    );
    let snapshot = game.white.watch(game.id).await;
    assert_eq!(
        (snapshot.outcome, snapshot.note),
        (None, Some(EndNote::Aborted))
    );
    let ServerMessage::Pgn { text, .. } = game
        .white
        .request(ClientMessage::GetPgn { game: game.id })
        .await
    else {
        panic!("a record");
    };
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(
        text.contains("[Termination \"abandoned\"]\n[TerminationDetails \"aborted\"]"),
        "{text}"
    );
    server.stop().await.unwrap();
}

/// As lichess does: once the opponent has had no connection for 30 s, the player may
/// take the game (or call it a draw); in a game from a link, after five moves each.
#[tokio::test]
async fn a_player_whose_opponent_has_gone_claims_the_game() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Chess.into()).await;
    let id = game.id;
    let ten = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "b1c3", "d7d6",
    ];
    game.play(0, &ten).await;
    let claim = |win| ClientMessage::ClaimAbsence { game: id, win };
    assert_eq!(
        refused(game.white.request(claim(true)).await),
        ErrorKind::OpponentPresent {
            wait_ms: Some(30_000)
        }
    );
    drop(game.black);
    // The server hears of the closed connection in its own time: until then Black counts
    // as present, and the time it left is read when it does.
    loop {
        time.advance(1);
        match refused(game.white.request(claim(true)).await) {
            ErrorKind::OpponentPresent { wait_ms: Some(ms) } if ms < 30_000 => break,
            ErrorKind::OpponentPresent { .. } => {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await
            }
            other => panic!("{other:?}"),
        }
    }
    time.advance(30_000);
    let mut spectator = Client::connect(&server).await;
    spectator.watch(id).await;
    game.white.accepted(claim(true)).await;
    let ServerMessage::Ended { outcome, note, .. } = spectator.unasked().await else {
        panic!("the end is announced");
    };
    assert_eq!(
        (outcome.0, note),
        (
            Outcome::win(Color::White, EndReason::TimeForfeit),
            Some(EndNote::Abandoned { by: Side::Black })
        )
    );
    server.stop().await.unwrap();
}

/// The watchers of a game are told when a player's last connection closes and when it
/// comes back; a watcher that arrives meanwhile finds it in the game's snapshot.
#[tokio::test]
async fn the_watchers_see_a_player_go_and_come_back() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut game = Game::start(&server, Ruleset::Chess.into())
        .await
        .watched()
        .await;
    let id = game.id;
    let mut spectator = Client::connect(&server).await;
    assert_eq!(spectator.watch(id).await.gone, vec![]);
    let black = game.black.credentials.clone().unwrap();
    time.advance(5_000);
    drop(game.black);
    assert_eq!(spectator.presence().await, (id, Side::Black, Some(0)));
    assert_eq!(game.white.presence().await, (id, Side::Black, Some(0)));
    time.advance(12_000);
    let mut late = Client::connect(&server).await;
    assert_eq!(late.watch(id).await.gone, vec![(Side::Black, 12_000)]);
    let _back = Client::again(&server, &black).await;
    assert_eq!(spectator.presence().await, (id, Side::Black, None));
    assert_eq!(late.presence().await, (id, Side::Black, None));
    game.white
        .accepted(ClientMessage::Resign { game: id })
        .await;
    assert!(matches!(
        spectator.unasked().await,
        ServerMessage::Ended { .. }
    ));
    server.stop().await.unwrap();
}

/// 2017 art. 6.9: a flag that falls when the opponent has nothing but its king is a draw.
/// White takes every black piece in a friendly game, then lets its own time run out.
#[tokio::test]
async fn a_flag_against_a_bare_king_is_a_draw() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let kind: GameKind = Ruleset::Chess.into();
    let mut game = Game::start(&server, kind).await;
    let mut moves = vec![
        "a2a3", "g8h6", "f2f4", "g7g5", "f4g5", "c7c6", "g5h6", "f8g7", "h6g7", "b7b5", "g7h8n",
        "c6c5", "h8f7", "b5b4", "a3b4", "e8f8", "f7d8", "h7h5", "a1a7", "e7e6", "a7a8", "f8e8",
        "d8e6", "h5h4", "a8b8", "c5c4", "b8c8", "e8e7", "c8c4", "d7d5", "c4h4", "d5d4", "h4d4",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    // The bare king's move, whichever the rules allow first.
    let record = AnyGameRecord::from_wire(kind, None, &moves).unwrap();
    let king = record.position().legal_moves()[0].to_string();
    assert_eq!(
        record
            .position()
            .fen()
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_lowercase)
            .count(),
        1,
        "Black has its king only"
    );
    moves.push(king);
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    game.play(0, &texts).await;
    time.advance(6 * 60_000);
    let snapshot = game.black.watch(game.id).await;
    assert_eq!(
        snapshot.outcome,
        Some(OutcomeWire(Outcome::draw(
            EndReason::TimeoutVsInsufficientMaterial
        )))
    );
    assert_eq!(snapshot.clock.white_ms, 0);
    server.stop().await.unwrap();
}
