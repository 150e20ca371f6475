//! The hub's side of club events (issue 56): the connections that follow an event, told
//! when it changes; and an event's games, which start in rooms of their own like any
//! other game, their players told on every connection they have.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use shatar_protocol::events::EventId;

use super::{Hub, Outbox};
use crate::arbiter::Table;
use crate::wire::{ServerMessage, Side};

/// The connections following each event.
#[derive(Default)]
pub struct EventWatchers {
    map: Mutex<Watching>,
}

#[derive(Default)]
struct Watching {
    events: HashMap<EventId, Vec<Outbox>>,
    /// The size at which closed connections are swept out (an event that never changes,
    /// or none such, would otherwise keep them): twice what was kept last time.
    sweep_at: usize,
}

/// The smallest map that is swept.
const FIRST_SWEEP: usize = 1_024;

impl EventWatchers {
    fn map(&self) -> MutexGuard<'_, Watching> {
        // Its changes are single pushes and removals: a panic leaves it whole.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Where an event's game is played.
#[derive(Clone, Copy, Debug)]
pub struct EventBoard {
    pub event: EventId,
    pub round: u32,
    pub board: u32,
}

impl EventWatchers {
    /// How many events have watchers kept (for the hub's tests).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map().events.len()
    }
}

impl Hub {
    /// `outbox` hears `EventChanged` each time `event` changes, until it closes.
    pub fn watch_event(&self, event: EventId, outbox: Outbox) {
        let mut map = self.event_watchers.map();
        if map.events.len() >= map.sweep_at.max(FIRST_SWEEP) {
            map.events.retain(|_, watchers| {
                watchers.retain(|o| !o.is_closed());
                !watchers.is_empty()
            });
            map.sweep_at = 2 * map.events.len();
        }
        // Closed connections go when their event next changes, or here.
        let watchers = map.events.entry(event).or_default();
        watchers.retain(|o| !o.is_closed());
        watchers.push(outbox);
    }

    /// Tells `event`'s watchers that it is at `revision` now.
    pub fn event_changed(&self, event: EventId, revision: u64) {
        let mut map = self.event_watchers.map();
        if let Some(watchers) = map.events.get_mut(&event) {
            Hub::send_all(watchers, &ServerMessage::EventChanged { event, revision });
            if watchers.is_empty() {
                map.events.remove(&event);
            }
        }
    }

    /// Opens the room of an event's game, committed already, and tells both players.
    pub async fn open_event_game(&self, table: Table, at: EventBoard) {
        let (game, seats) = (table.id, table.seats);
        self.open_room(table).await;
        for (player, side) in [(seats.white, Side::White), (seats.black, Side::Black)] {
            self.notify(
                player,
                &ServerMessage::EventGameStarted {
                    event: at.event,
                    round: at.round,
                    board: at.board,
                    game,
                    side,
                },
            );
        }
    }

    /// Whether `player`'s secret is this one: an event's join proves the online identity.
    pub async fn check_player(
        &self,
        credentials: &crate::wire::Credentials,
    ) -> Result<bool, crate::store::StoreError> {
        Ok(self
            .store()
            .player_secret(credentials.id)
            .await?
            .is_some_and(|hash| hash.matches(&credentials.secret)))
    }

    /// The player's display name, if it set one.
    pub async fn display_name(
        &self,
        player: crate::ids::PlayerId,
    ) -> Result<Option<String>, crate::store::StoreError> {
        self.store().name(player).await
    }

    /// The database, for the events' own reads and writes.
    pub fn event_store(&self) -> &crate::store::Store {
        self.store()
    }
}
