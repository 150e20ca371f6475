//! An online event: players join by the link as the online identities they have, a
//! round's games start on the server by themselves, a game's end comes back as the
//! board's result, and a player who never moves forfeits after the no-show time.

use std::time::Duration;

use shatar_protocol::events::{
    DirectorAction, EventError, EventReply, NewEvent, ResultSource, ResultWire, SystemWire,
};
use shatar_rules::Ruleset;
use shatar_server::time::TimeSource;
use shatar_server::wire::{ClientMessage, ErrorKind, ServerMessage, Side};

use super::{Director, boards, fresh, join, pair, until};
use crate::support::{Client, minutes, refused};

#[tokio::test]
async fn an_online_round_plays_itself_and_a_no_show_forfeits() {
    let (_data, server, time) = fresh().await;
    let director = Director::create(
        server.addr,
        NewEvent {
            name: "Online blitz".into(),
            game: Some(Ruleset::Chess.into()),
            online: true,
            system: Some(SystemWire::Axf),
            rounds: Some(2),
            no_show_minutes: Some(5),
            time_control: Some(minutes(3)),
            ..NewEvent::default()
        },
    )
    .await;
    let mut watcher = Client::connect(&server).await;
    assert_eq!(
        watcher
            .request(ClientMessage::WatchEvent {
                event: director.event
            })
            .await,
        ServerMessage::Accepted
    );

    let mut players = Vec::new();
    for name in ["Ganbold", "Khulan", "Temuulen", "Saraa"] {
        let client = Client::player(&server).await;
        let number = join(&director, &client, name).await.unwrap();
        assert_eq!(number as usize, players.len() + 1);
        players.push(client);
    }
    // A second join is refused; a stranger's credentials too.
    assert_eq!(
        join(&director, &players[0], "again").await,
        Err(EventError::AlreadyJoined { number: 1 })
    );
    let mut stranger = Client::player(&server).await;
    stranger.credentials.as_mut().unwrap().secret = "0".repeat(32).parse().unwrap();
    assert_eq!(
        join(&director, &stranger, "x").await,
        Err(EventError::BadCredentials)
    );
    // The watcher heard each change.
    let ServerMessage::EventChanged { event, revision } = watcher.unasked().await else {
        panic!("a change");
    };
    assert_eq!((event, revision), (director.event, 1));

    // AXF round one: 1-2, 3-4, the odd numbers Red (White); the games start now.
    director.ok(pair(1)).await;
    let view = until(&director, |v| {
        v.rounds[0].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    assert_eq!(boards(&view, 1), [(1, Some(2)), (3, Some(4))]);
    let game1 = view.rounds[0].boards[0].game.unwrap();
    let game2 = view.rounds[0].boards[1].game.unwrap();
    // Each player is told where it plays.
    for (client, (game, side, board)) in players.iter_mut().zip([
        (game1, Side::White, 1),
        (game1, Side::Black, 1),
        (game2, Side::White, 2),
        (game2, Side::Black, 2),
    ]) {
        assert_eq!(
            client.unasked().await,
            ServerMessage::EventGameStarted {
                event: director.event,
                round: 1,
                board,
                game,
                side
            }
        );
    }
    // An event's game is not aborted.
    assert_eq!(
        refused(
            players[0]
                .request(ClientMessage::Abort { game: game1 })
                .await
        ),
        ErrorKind::EventGame
    );

    // Board 1 is played to mate; its result comes back by itself.
    for (i, text) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let mover = &mut players[i % 2];
        assert_eq!(
            mover.play(game1, i as u32, text).await,
            ServerMessage::Accepted
        );
    }
    let view = until(&director, |v| v.rounds[0].boards[0].result.is_some()).await;
    let result = view.rounds[0].boards[0].result.clone().unwrap();
    assert_eq!(
        (result.result, result.source),
        (ResultWire::BlackWins, ResultSource::Game)
    );

    // Board 2: White never moves. Before the no-show time nothing happens...
    time.advance(5 * 60_000 - 1_000);
    players[3].watch(game2).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert!(director.view().await.rounds[0].boards[1].result.is_none());
    // ...after it, White loses by forfeit: a round not played.
    time.advance(1_000);
    let snapshot = players[3].watch(game2).await;
    assert!(snapshot.outcome.is_some());
    let view = until(&director, |v| v.rounds[0].boards[1].result.is_some()).await;
    let result = view.rounds[0].boards[1].result.clone().unwrap();
    assert_eq!(
        (result.result, result.source),
        (ResultWire::BlackForfeitWin, ResultSource::NoShow)
    );

    // Round 2 by score: the two winners meet, at the time the director sets: its games
    // wait for it.
    let starts = time.now_ms() + 10 * 60_000;
    director
        .ok(DirectorAction::PairRound {
            round: 2,
            starts_at_ms: Some(starts),
        })
        .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let view = director.view().await;
    assert_eq!(view.rounds[1].starts_at_ms, Some(starts));
    assert!(view.rounds[1].boards.iter().all(|b| b.game.is_none()));
    time.advance(10 * 60_000);
    until(&director, |v| {
        v.rounds[1].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    let view = director.view().await;
    let round2 = boards(&view, 2);
    assert!(
        round2.contains(&(2, Some(4))) || round2.contains(&(4, Some(2))),
        "{round2:?}"
    );
    let points = director.points("?round=1").await;
    // A chess event scores 1/½/0 (not AXF's 2/1/0, whose Swiss it pairs with). The two
    // winners lead; their order is the tie-breaks' (a forfeit's virtual opponent, C.07 §16).
    let (mut leaders, mut rest) = (points[..2].to_vec(), points[2..].to_vec());
    leaders.sort();
    rest.sort();
    assert_eq!(leaders, ["2:1", "4:1"]);
    assert_eq!(rest, ["1:0", "3:0"]);
    let EventReply::Crosstable(cross) = director.get("/crosstable").await.reply() else {
        panic!("crosstable");
    };
    let player3 = cross.rows.iter().find(|r| r.number == 3).unwrap();
    assert_eq!(player3.cells[0].score, "-");
    // The event's PGN: the mate with its moves and clocks, the no-show as abandoned, and
    // round 2's games as they stand; the event's name and each game's round and board.
    let pgn = director.get(".pgn").await;
    assert_eq!(pgn.body.matches("[Event \"Online blitz\"]").count(), 4);
    assert!(pgn.body.contains("[Round \"1.1\"]"));
    assert!(
        pgn.body
            .contains("[Round \"1.1\"]\n[White \"Ganbold\"]\n[Black \"Khulan\"]"),
        "{}",
        pgn.body
    );
    assert!(pgn.body.contains("Qh4#"), "{}", pgn.body);
    // The no-show reads as a forfeit, not a game lost: the winner's result, the PGN
    // standard's termination with "forfeit" as its detail, and a comment a reader shows.
    let no_show = pgn
        .body
        .split("[Event ")
        .find(|g| g.contains("[Round \"1.2\"]"))
        .unwrap();
    assert!(no_show.contains("[Result \"0-1\"]"), "{no_show}");
    assert!(no_show.contains("[Termination \"abandoned\"]"), "{no_show}");
    assert!(
        no_show.contains("[TerminationDetails \"forfeit\"]"),
        "{no_show}"
    );
    assert!(no_show.trim_end().ends_with("{forfeit} 0-1"), "{no_show}");
    assert!(!no_show.contains("abandoned by"), "{no_show}");
    super::pgn_check(&pgn.body, 4);
    server.stop().await.unwrap();
}
