//! Who is connected: what an absent opponent's claim is judged by, and what the watchers
//! of a game are told of its players.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::Hub;
use super::game_room::GameRoom;
use crate::arbiter::Seats;
use crate::ids::PlayerId;
use crate::wire::Side;

pub struct Presence {
    /// Each player's open connections, and when its last one closed.
    players: Mutex<HashMap<PlayerId, Seen>>,
    /// A player not seen since the server started counts as gone since then.
    started_ms: u64,
}

#[derive(Clone, Copy)]
struct Seen {
    connections: usize,
    left_ms: u64,
}

impl Presence {
    pub fn new(started_ms: u64) -> Presence {
        Presence {
            players: Mutex::default(),
            started_ms,
        }
    }

    /// One more connection of `player`: `true` if it is its only one.
    pub fn arrive(&self, player: PlayerId) -> bool {
        let mut players = self.players();
        let seen = players.entry(player).or_insert(Seen {
            connections: 0,
            left_ms: self.started_ms,
        });
        seen.connections += 1;
        seen.connections == 1
    }

    /// One of `player`'s connections closed: `true` if it was the last.
    pub fn leave(&self, player: PlayerId, now_ms: u64) -> bool {
        let mut players = self.players();
        let Some(seen) = players.get_mut(&player) else {
            return false;
        };
        seen.connections = seen.connections.saturating_sub(1);
        if seen.connections == 0 {
            seen.left_ms = now_ms;
        }
        seen.connections == 0
    }

    /// How long `player` has had no connection; `None` while it has one.
    pub fn gone_ms(&self, player: PlayerId, now_ms: u64) -> Option<u64> {
        match self.players().get(&player) {
            Some(seen) if seen.connections > 0 => None,
            Some(seen) => Some(now_ms.saturating_sub(seen.left_ms)),
            None => Some(now_ms.saturating_sub(self.started_ms)),
        }
    }

    fn players(&self) -> std::sync::MutexGuard<'_, HashMap<PlayerId, Seen>> {
        // A panic while the map was held left it whole: its changes are single writes.
        self.players.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Hub {
    /// Tells the watchers of `player`'s games that it came or went. Each room reads the
    /// player's presence as it sends, under its own lock, so that after two quick changes
    /// (a reload) the last word every room sends is the truth.
    pub(super) fn announce_presence(self: &Arc<Self>, player: PlayerId) {
        let rooms: Vec<(Side, Arc<GameRoom>)> = self
            .rooms()
            .values()
            .filter_map(|room| Some((room.seats.side_of(player)?, room.clone())))
            .collect();
        if rooms.is_empty() {
            return;
        }
        let hub = self.clone();
        tokio::spawn(async move {
            for (side, room) in rooms {
                room.tell_presence(side, || hub.presence.gone_ms(player, hub.now_ms()))
                    .await;
            }
        });
    }

    /// The players of `seats` with no connection, and for how long.
    pub(super) fn gone(&self, seats: Seats) -> Vec<(Side, u64)> {
        let now = self.now_ms();
        [(Side::White, seats.white), (Side::Black, seats.black)]
            .into_iter()
            .filter_map(|(side, player)| Some((side, self.presence.gone_ms(player, now)?)))
            .collect()
    }
}
