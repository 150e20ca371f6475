//! A player who tries to take more than its share (issue 55): challenges and games past
//! the caps, a lobby filled by one player, challenges that never lapse, a win collected
//! from an opponent who never played.

use std::sync::Arc;
use std::time::Duration;

use shatar_rules::{GameKind, Ruleset};
use shatar_server::store::{LISTED_MAX, UNFINISHED_MAX, WAITING_MAX};
use shatar_server::time::ManualTime;
use shatar_server::wire::{
    ClientMessage, ColorChoice, ErrorKind, Kind, LobbyFilter, ServerMessage, TimeControlWire,
};

use crate::lobby::lobby;
use crate::support::{Client, minutes, refused, start};

fn challenge(game: GameKind, time_control: TimeControlWire, open: bool) -> ClientMessage {
    ClientMessage::CreateChallenge {
        kind: game,
        time_control,
        color: ColorChoice::White,
        open,
    }
}

fn correspondence(days: u32) -> TimeControlWire {
    TimeControlWire {
        periods: Vec::new(),
        days_per_move: Some(days),
    }
}

#[tokio::test]
async fn one_player_cannot_fill_the_lobby() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut flooder = Client::player(&server).await;
    let chess: GameKind = Ruleset::Chess.into();
    for _ in 0..LISTED_MAX {
        assert!(matches!(
            flooder
                .request(challenge(chess, correspondence(3), true))
                .await,
            ServerMessage::ChallengeCreated { .. }
        ));
    }
    assert_eq!(
        refused(
            flooder
                .request(challenge(chess, correspondence(3), true))
                .await
        ),
        ErrorKind::TooManyChallenges { max: LISTED_MAX }
    );
    // Links to send to people are counted apart, up to the cap on all that wait.
    for _ in LISTED_MAX..WAITING_MAX {
        assert!(matches!(
            flooder.request(challenge(chess, minutes(5), false)).await,
            ServerMessage::ChallengeCreated { .. }
        ));
    }
    assert_eq!(
        refused(flooder.request(challenge(chess, minutes(5), false)).await),
        ErrorKind::TooManyChallenges { max: WAITING_MAX }
    );

    // Seventy players fill the lobby's 200 places with chess before anyone else comes:
    // the one Xiangqi challenge after them is still found by those who look for Xiangqi.
    for _ in 0..70 {
        let mut crowd = Client::player(&server).await;
        for _ in 0..LISTED_MAX {
            crowd
                .request(challenge(chess, correspondence(3), true))
                .await;
        }
    }
    let mut player = Client::player(&server).await;
    let ServerMessage::ChallengeCreated { challenge: late } = player
        .request(challenge(GameKind::Xiangqi, minutes(10), true))
        .await
    else {
        panic!("created");
    };
    let mut looker = Client::connect(&server).await;
    let everything = lobby(&mut looker, LobbyFilter::default()).await;
    assert_eq!(everything.len(), 200);
    assert!(everything.iter().all(|c| c.challenge != late));
    let xiangqi = LobbyFilter {
        kinds: vec![Kind(GameKind::Xiangqi)],
        speeds: Vec::new(),
    };
    let found = lobby(&mut looker, xiangqi).await;
    assert_eq!(
        found.iter().map(|c| c.challenge).collect::<Vec<_>>(),
        [late]
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn challenges_lapse_and_leave_the_lobby() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut maker = Client::player(&server).await;
    let chess: GameKind = Ruleset::Chess.into();
    let link = maker.challenge(chess, ColorChoice::White).await;
    let ServerMessage::ChallengeCreated { challenge: listed } = maker
        .request(challenge(chess, correspondence(3), true))
        .await
    else {
        panic!("created");
    };
    let mut watcher = Client::connect(&server).await;
    assert_eq!(lobby(&mut watcher, LobbyFilter::default()).await.len(), 1);
    let mut taker = Client::player(&server).await;

    // A day later the live link has lapsed; the correspondence challenge waits on.
    time.advance(24 * 3_600_000);
    assert_eq!(
        refused(
            taker
                .request(ClientMessage::AcceptChallenge { challenge: link })
                .await
        ),
        ErrorKind::UnknownChallenge
    );
    assert_eq!(lobby(&mut watcher, LobbyFilter::default()).await.len(), 1);
    // Two weeks: it lapses too, and the lobby's watchers are told within a heartbeat.
    time.advance(13 * 24 * 3_600_000);
    let unlisted = tokio::time::timeout(Duration::from_secs(5), watcher.unasked())
        .await
        .expect("told in time");
    assert_eq!(unlisted, ServerMessage::Unlisted { challenge: listed });
    assert!(lobby(&mut watcher, LobbyFilter::default()).await.is_empty());
    assert_eq!(
        refused(
            taker
                .request(ClientMessage::AcceptChallenge { challenge: listed })
                .await
        ),
        ErrorKind::UnknownChallenge
    );
    // And it no longer counts against its maker's share.
    for _ in 0..LISTED_MAX {
        assert!(matches!(
            maker
                .request(challenge(chess, correspondence(3), true))
                .await,
            ServerMessage::ChallengeCreated { .. }
        ));
    }
    server.stop().await.unwrap();
}

/// Lichess caps the games a player has going at 200; so does the server, on both sides of
/// a challenge, in the same statement that takes it.
#[tokio::test]
async fn a_player_has_at_most_its_share_of_unfinished_games() {
    let data = crate::data::data();
    let server = start(&data, None, Arc::new(ManualTime::default())).await;
    let mut hoarder = Client::player(&server).await;
    let mut friend = Client::player(&server).await;
    let chess: GameKind = Ruleset::Chess.into();
    for _ in 0..UNFINISHED_MAX {
        let link = friend
            .challenge_with(chess, ColorChoice::White, correspondence(14))
            .await;
        hoarder.accept(link).await;
        assert!(matches!(
            friend.unasked().await,
            ServerMessage::GameStarted { .. }
        ));
    }
    let mut stranger = Client::player(&server).await;
    // The hoarder may take no more...
    let link = stranger
        .challenge_with(chess, ColorChoice::White, correspondence(14))
        .await;
    assert_eq!(
        refused(
            hoarder
                .request(ClientMessage::AcceptChallenge { challenge: link })
                .await
        ),
        ErrorKind::TooManyGames {
            max: UNFINISHED_MAX
        }
    );
    // ...nor have its own challenges taken; and the challenge still waits for another.
    let own = hoarder
        .challenge_with(chess, ColorChoice::White, correspondence(14))
        .await;
    assert_eq!(
        refused(
            stranger
                .request(ClientMessage::AcceptChallenge { challenge: own })
                .await
        ),
        ErrorKind::TooManyGames {
            max: UNFINISHED_MAX
        }
    );
    let mut other = Client::player(&server).await;
    other.accept(link).await;
    // One game over, one place free.
    let ServerMessage::MyGames { games } = hoarder.request(ClientMessage::MyGames).await else {
        panic!("a list");
    };
    assert_eq!(games.len(), UNFINISHED_MAX as usize);
    hoarder
        .accepted(ClientMessage::Abort {
            game: games[0].game,
        })
        .await;
    stranger.accept(own).await;
    server.stop().await.unwrap();
}

/// Issue 55: accepting a link whose maker left long ago and claiming the win at once gave
/// a win; now the game that has not begun is aborted, with no result.
#[tokio::test]
async fn an_absent_maker_of_a_link_gives_no_win() {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    let mut maker = Client::player(&server).await;
    let link = maker
        .challenge(Ruleset::Chess.into(), ColorChoice::White)
        .await;
    drop(maker);
    tokio::time::sleep(Duration::from_millis(200)).await;
    time.advance(60_000);
    let mut taker = Client::player(&server).await;
    let (game, _) = taker.accept(link).await;
    taker
        .accepted(ClientMessage::ClaimAbsence { game, win: true })
        .await;
    let snapshot = taker.watch(game).await;
    assert_eq!(snapshot.outcome, None);
    assert_eq!(snapshot.note, Some(shatar_server::wire::EndNote::Aborted));
    server.stop().await.unwrap();
}
