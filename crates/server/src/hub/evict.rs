//! Letting finished games go from memory once no one watches them: they stay in the
//! database, from which a later `Watch` reads them again.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::game_room::GameRoom;
use super::{Hub, Outbox};
use crate::ids::GameId;

/// The fewest rooms at which a sweep is worth it.
const FIRST_SWEEP: usize = 256;

impl Hub {
    /// `outbox`'s connection is gone: it watches none of `games` any more, and those of
    /// them that are over and unwatched now leave memory.
    pub async fn leave(&self, games: &HashSet<GameId>, outbox: &Outbox) {
        for game in games {
            let room = self.rooms().get(game).cloned();
            if let Some(room) = room {
                room.unwatch(outbox).await;
                self.evict_if_done(*game);
            }
        }
    }

    /// How many games are held in memory (the unfinished ones and those still watched).
    pub fn games_in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// Lets `game` go if it is over and no open connection watches it.
    pub(super) fn evict_if_done(&self, game: GameId) {
        let mut rooms = self.rooms();
        if rooms.get(&game).is_some_and(|room| room.retire()) {
            rooms.remove(&game);
        }
    }

    /// Lets every finished, unwatched game go once the rooms have doubled since the last
    /// sweep: this catches the games that ended with no one there (a flag that fell after
    /// both players left) at a cost of O(1) a new room.
    pub(super) fn sweep(rooms: &mut HashMap<GameId, Arc<GameRoom>>, sweep_at: &AtomicUsize) {
        if rooms.len() < sweep_at.load(Ordering::Relaxed).max(FIRST_SWEEP) {
            return;
        }
        rooms.retain(|_, room| !room.retire());
        sweep_at.store(2 * rooms.len(), Ordering::Relaxed);
    }
}
