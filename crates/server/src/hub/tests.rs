use std::time::Duration;

use shatar_rules::Ruleset;

use super::*;
use crate::time::ManualTime;
use crate::wire::{BonusWire, ColorChoice, PeriodWire, Side, TimeControlWire};

async fn game(hub: &Hub) -> (GameId, PlayerId, PlayerId) {
    let (white, _) = hub.introduce(None).await.unwrap();
    let (black, _) = hub.introduce(None).await.unwrap();
    let control = TimeControlWire {
        periods: vec![PeriodWire {
            moves: None,
            base_ms: 600_000,
            bonus: BonusWire::Increment { ms: 0 },
        }],
        days_per_move: None,
    };
    let challenge = hub
        .create_challenge(
            white,
            Ruleset::Chess.into(),
            control,
            ColorChoice::White,
            false,
        )
        .await
        .unwrap();
    let (game, side) = hub.accept_challenge(black, challenge).await.unwrap();
    assert_eq!(side, Side::Black);
    (game, white, black)
}

async fn nothing_more(inbox: &mut Inbox) -> bool {
    tokio::time::timeout(Duration::from_millis(50), inbox.recv())
        .await
        .is_err()
}

#[tokio::test]
async fn a_watcher_that_does_not_read_is_let_go_with_a_bounded_queue() {
    let data = tempfile::tempdir().unwrap();
    let store = Store::open(data.path()).await.unwrap();
    let hub = Hub::load(store, Arc::new(ManualTime::default()))
        .await
        .unwrap();
    let (id, white, black) = game(&hub).await;
    let (slow, mut slow_inbox) = outbox(4);
    let (fast, mut fast_inbox) = outbox(4);
    hub.watch(id, slow.clone()).await.unwrap();
    hub.watch(id, fast.clone()).await.unwrap();
    let moves = [
        "g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8",
    ];
    for (ply, text) in moves.iter().enumerate() {
        let player = if ply % 2 == 0 { white } else { black };
        hub.play(id, player, ply as u32, text).await.unwrap();
        // The fast watcher reads each move as it comes.
        assert!(matches!(fast_inbox.recv().await, Some(Unasked::Frame(_))));
    }
    // The slow one is told it fell behind, holds the four frames it had room for, and is
    // sent nothing more.
    assert_eq!(slow_inbox.recv().await, Some(Unasked::FellBehind));
    for _ in 0..4 {
        assert!(matches!(slow_inbox.recv().await, Some(Unasked::Frame(_))));
    }
    assert!(nothing_more(&mut slow_inbox).await);
    assert!(nothing_more(&mut fast_inbox).await);
    hub.close().await;
}

#[tokio::test]
async fn a_finished_game_leaves_memory_when_its_last_watcher_does() {
    let data = tempfile::tempdir().unwrap();
    let store = Store::open(data.path()).await.unwrap();
    let hub = Hub::load(store, Arc::new(ManualTime::default()))
        .await
        .unwrap();
    let (id, white, _) = game(&hub).await;
    let (watcher, _inbox) = outbox(4);
    hub.watch(id, watcher.clone()).await.unwrap();
    hub.resign(id, white).await.unwrap();
    assert_eq!(hub.games_in_memory(), 1, "still watched");
    hub.leave(&[id].into(), &watcher).await;
    assert_eq!(hub.games_in_memory(), 0);
    // A later watcher reads it again from the database.
    let snapshot = hub.watch(id, watcher).await.unwrap();
    assert!(snapshot.outcome.is_some());
    assert_eq!(hub.games_in_memory(), 1);
    hub.close().await;
}

#[tokio::test]
async fn the_watchers_of_events_that_never_change_do_not_pile_up() {
    let data = tempfile::tempdir().unwrap();
    let store = Store::open(data.path()).await.unwrap();
    let hub = Hub::load(store, Arc::new(ManualTime::default()))
        .await
        .unwrap();
    // Connections that follow an event each, unknown ones, and close.
    for i in 0..10_000u32 {
        let (outbox, inbox) = outbox(4);
        let mut bytes = [0u8; 16];
        bytes[..4].copy_from_slice(&i.to_le_bytes());
        hub.watch_event(shatar_protocol::events::EventId::from_bytes(bytes), outbox);
        drop(inbox);
    }
    let kept = hub.event_watchers.len();
    assert!(kept <= 2 * 1_024, "{kept} events' watchers kept");
    // A watcher still open is told of its event's change.
    let event = shatar_protocol::events::EventId::from_bytes([7; 16]);
    let (outbox, mut inbox) = outbox(4);
    hub.watch_event(event, outbox);
    hub.event_changed(event, 3);
    let Some(Unasked::Frame(frame)) = inbox.recv().await else {
        panic!("a frame");
    };
    assert!(frame.contains("\"EventChanged\""), "{frame}");
}
