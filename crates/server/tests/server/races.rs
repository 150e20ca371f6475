//! Two messages that race never both win (issue 55): each pair is sent at the same moment,
//! many times, and exactly one of them takes effect, in the answers and in the database.

use std::sync::Arc;

use shatar_rules::Ruleset;
use shatar_server::time::ManualTime;
use shatar_server::wire::{ClientMessage, ColorChoice, ErrorKind, Proposal, ServerMessage};

use crate::support::{Client, Game, refused, start};

/// How many times each race is run: enough that an unguarded pair (cancel and accept both
/// won about two tries in three) cannot pass by luck.
const TRIES: usize = 60;

#[tokio::test]
async fn a_challenge_is_either_cancelled_or_taken_never_both() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut challenger = Client::player(&server).await;
    let mut taker = Client::player(&server).await;
    let (mut cancelled, mut taken) = (0, 0);
    for i in 0..TRIES {
        let challenge = challenger
            .challenge(Ruleset::Chess.into(), ColorChoice::White)
            .await;
        let cancel = challenger.request(ClientMessage::CancelChallenge { challenge });
        let accept = taker.request(ClientMessage::AcceptChallenge { challenge });
        // Each goes out first every other time (join! sends in its order).
        let (cancel, accept) = match i % 2 {
            0 => tokio::join!(cancel, accept),
            _ => {
                let (accept, cancel) = tokio::join!(accept, cancel);
                (cancel, accept)
            }
        };
        match (cancel, accept) {
            (ServerMessage::Accepted, accept) => {
                assert_eq!(refused(accept), ErrorKind::UnknownChallenge);
                cancelled += 1;
            }
            (cancel, ServerMessage::GameStarted { game, .. }) => {
                assert_eq!(refused(cancel), ErrorKind::UnknownChallenge);
                // The challenger hears that its challenge was taken.
                assert!(matches!(
                    challenger.unasked().await,
                    ServerMessage::GameStarted { game: g, .. } if g == game
                ));
                taker.accepted(ClientMessage::Abort { game }).await;
                taken += 1;
            }
            other => panic!("both or neither won: {other:?}"),
        }
    }
    eprintln!("cancel against accept, {TRIES} tries: {cancelled} cancelled, {taken} taken");
    let both = "SELECT COUNT(*) FROM challenges WHERE cancelled != 0 AND game IS NOT NULL";
    assert_eq!(data.count(both).await, 0);
    let games = "SELECT COUNT(*) FROM games";
    assert_eq!(data.count(games).await, taken);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_challenge_taken_by_two_at_once_starts_one_game() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut challenger = Client::player(&server).await;
    let mut first = Client::player(&server).await;
    let mut second = Client::player(&server).await;
    for _ in 0..TRIES {
        let challenge = challenger
            .challenge(Ruleset::Mongolian.into(), ColorChoice::Random)
            .await;
        let (a, b) = tokio::join!(
            first.request(ClientMessage::AcceptChallenge { challenge }),
            second.request(ClientMessage::AcceptChallenge { challenge }),
        );
        let game = match (a, b) {
            (ServerMessage::GameStarted { game, .. }, lost)
            | (lost, ServerMessage::GameStarted { game, .. }) => {
                assert_eq!(refused(lost), ErrorKind::UnknownChallenge);
                game
            }
            other => panic!("both or neither took it: {other:?}"),
        };
        assert!(matches!(
            challenger.unasked().await,
            ServerMessage::GameStarted { game: g, .. } if g == game
        ));
        challenger.accepted(ClientMessage::Abort { game }).await;
    }
    let games = "SELECT COUNT(*) FROM games";
    assert_eq!(data.count(games).await, TRIES as i64);
    server.stop().await.unwrap();
}

/// A draw accepted as the offerer resigns: the game ends once, one way.
#[tokio::test]
async fn a_draw_accepted_as_the_offerer_resigns_ends_the_game_once() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let (mut drawn, mut resigned) = (0, 0);
    for i in 0..TRIES {
        let mut game = Game::start(&server, Ruleset::Chess.into()).await;
        let id = game.id;
        game.play(0, &["e2e4", "e7e5"]).await;
        game.white
            .accepted(ClientMessage::Propose {
                game: id,
                proposal: Proposal::Draw,
            })
            .await;
        let resign = game.white.request(ClientMessage::Resign { game: id });
        let answer = game.black.request(ClientMessage::Answer {
            game: id,
            proposal: Proposal::Draw,
            accept: true,
        });
        // Each goes out first every other time (join! sends in its order).
        let (resign, answer) = match i % 2 {
            0 => tokio::join!(resign, answer),
            _ => {
                let (answer, resign) = tokio::join!(answer, resign);
                (resign, answer)
            }
        };
        match (resign, answer) {
            (ServerMessage::Accepted, answer) => {
                assert!(matches!(refused(answer), ErrorKind::GameOver { .. }));
                resigned += 1;
            }
            (resign, ServerMessage::Accepted) => {
                assert!(matches!(refused(resign), ErrorKind::GameOver { .. }));
                drawn += 1;
            }
            other => panic!("both or neither ended it: {other:?}"),
        }
    }
    eprintln!("resign against a draw accepted, {TRIES} tries: {resigned} resigned, {drawn} drawn");
    server.stop().await.unwrap();
}

/// Both players ask for a rematch at once: proposing what the opponent proposed accepts
/// it, and one new game starts, not two.
#[tokio::test]
async fn a_rematch_both_ask_for_at_once_is_one_game() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    for _ in 0..TRIES / 2 {
        let mut game = Game::start(&server, Ruleset::Chess.into()).await;
        let id = game.id;
        game.play(0, &["e2e4", "e7e5"]).await;
        game.white
            .accepted(ClientMessage::Resign { game: id })
            .await;
        let rematch = ClientMessage::Propose {
            game: id,
            proposal: Proposal::Rematch,
        };
        let (a, b) = tokio::join!(
            game.white.request(rematch.clone()),
            game.black.request(rematch),
        );
        assert_eq!((a, b), (ServerMessage::Accepted, ServerMessage::Accepted));
    }
    // Each series: its first game and one rematch.
    let games = "SELECT COUNT(*) FROM games";
    assert_eq!(data.count(games).await, TRIES as i64);
    server.stop().await.unwrap();
}
