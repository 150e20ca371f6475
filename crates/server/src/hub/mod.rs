//! What the server holds in memory: the games being played or watched, each behind its
//! own lock so that its changes are committed and announced one at a time, and the
//! connections of each player, to tell a challenger that its challenge was taken.

mod challenges;
mod endings;
mod event_games;
mod evict;
mod game_room;
mod lobby;
mod outbox;
mod players;
mod presence;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::arbiter::Table;
use crate::ids::{GameId, NoRandomness, PlayerId};
use crate::store::{Store, StoreError};
use crate::time::TimeSource;
use crate::wire::{ErrorKind, GameSnapshot, ServerMessage};
pub use event_games::EventBoard;
use event_games::EventWatchers;
use game_room::GameRoom;
use lobby::LobbyWatchers;
pub use outbox::{Gone, Inbox, Outbox, Unasked, outbox};
use presence::Presence;

pub struct Hub {
    backing: Backing,
    rooms: Mutex<HashMap<GameId, Arc<GameRoom>>>,
    /// When the rooms reach this many, finished games no one watches are let go.
    sweep_rooms_at: std::sync::atomic::AtomicUsize,
    players: Mutex<HashMap<PlayerId, Vec<Outbox>>>,
    presence: Arc<Presence>,
    lobby: LobbyWatchers,
    event_watchers: EventWatchers,
    /// When the server that ran on this database before was last known alive: a live
    /// game loaded at the start charges its side to move up to then.
    alive_before_ms: Option<u64>,
    /// The task that notes, about once a second, that this server is alive, and lets
    /// challenges lapse.
    heartbeat: Mutex<Option<tokio::task::AbortHandle>>,
}

/// How often the server notes that it is alive: the most a live player's thinking time
/// can be under-charged by, after a crash.
const HEARTBEAT_MS: u64 = 1_000;

/// Why the hub could not load the games it had.
#[derive(Debug)]
pub enum LoadError {
    Store(StoreError),
    Game {
        game: GameId,
        why: crate::arbiter::RestoreError,
    },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Store(e) => e.fmt(f),
            LoadError::Game { game, why } => write!(f, "game {game}: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl Hub {
    /// The hub with every unfinished game loaded and its clock running again.
    pub async fn load(store: Store, time: Arc<dyn TimeSource>) -> Result<Arc<Hub>, LoadError> {
        let started_ms = time.now_ms();
        let alive_before_ms = store.last_alive().await.map_err(LoadError::Store)?;
        let hub = Arc::new(Hub {
            backing: Backing { store, time },
            rooms: Mutex::default(),
            sweep_rooms_at: Default::default(),
            players: Mutex::default(),
            presence: Arc::new(Presence::new(started_ms)),
            lobby: LobbyWatchers::default(),
            event_watchers: EventWatchers::default(),
            alive_before_ms,
            heartbeat: Mutex::default(),
        });
        let rows = hub
            .backing
            .store
            .unfinished_games()
            .await
            .map_err(LoadError::Store)?;
        for row in rows {
            let table = hub
                .restore(row)
                .map_err(|(game, why)| LoadError::Game { game, why })?;
            hub.open_room(table).await;
        }
        let beating = tokio::spawn(Hub::beat(Arc::downgrade(&hub)));
        *hub.heartbeat.lock().unwrap_or_else(PoisonError::into_inner) =
            Some(beating.abort_handle());
        Ok(hub)
    }

    /// Notes that the server is alive, and lets challenges lapse, once a second until the
    /// hub is gone.
    async fn beat(hub: std::sync::Weak<Hub>) {
        let mut every = tokio::time::interval(std::time::Duration::from_millis(HEARTBEAT_MS));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let Some(hub) = hub.upgrade() else { return };
            if let Err(e) = hub.store().beat(hub.wall_ms()).await {
                drop(unavailable(e));
            }
            hub.expire_challenges().await;
        }
    }

    pub fn now_ms(&self) -> u64 {
        self.backing.time.now_ms()
    }

    /// The epoch time: what the database's times are kept in.
    pub fn wall_ms(&self) -> u64 {
        self.backing.time.wall_ms()
    }

    fn store(&self) -> &Store {
        &self.backing.store
    }

    /// Follows `game`: its state now, then its moves and end through `outbox`.
    pub async fn watch(&self, game: GameId, outbox: Outbox) -> Result<GameSnapshot, ErrorKind> {
        let mut snapshot = loop {
            let room = self.room(game).await?;
            // `None`: the room was let go between the lookup and the lock; the game is
            // read again from the database.
            if let Some(snapshot) = room.watch(&self.backing, outbox.clone()).await? {
                break snapshot;
            }
        };
        let name = |player| self.store().name(player);
        snapshot.white_name = name(snapshot.white).await.map_err(unavailable)?;
        snapshot.black_name = name(snapshot.black).await.map_err(unavailable)?;
        if snapshot.outcome.is_none() {
            let (white, black) = (snapshot.white, snapshot.black);
            snapshot.gone = self.gone(crate::arbiter::Seats { white, black });
        }
        Ok(snapshot)
    }

    pub async fn play(
        &self,
        game: GameId,
        player: PlayerId,
        ply: u32,
        text: &str,
    ) -> Result<(), ErrorKind> {
        let room = self.room(game).await?;
        room.change(&self.backing, |table, now| {
            table.play(player, ply, text, now)
        })
        .await?;
        self.evict_if_done(game);
        Ok(())
    }

    pub async fn resign(&self, game: GameId, player: PlayerId) -> Result<(), ErrorKind> {
        let room = self.room(game).await?;
        room.change(&self.backing, |table, now| table.resign(player, now))
            .await?;
        self.evict_if_done(game);
        Ok(())
    }

    /// Stops every flag timer: a stopped server's rooms make no more changes. Notes the
    /// time last, so that a restart charges the live games' sides to move up to it.
    pub async fn close(&self) {
        let rooms: Vec<Arc<GameRoom>> = self.rooms().values().cloned().collect();
        for room in rooms {
            room.disarm().await;
        }
        let beating = self
            .heartbeat
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(beating) = beating {
            beating.abort();
        }
        if let Err(e) = self.store().beat(self.wall_ms()).await {
            drop(unavailable(e));
        }
    }

    /// The room of `game`, from memory or else from the database (a finished game).
    async fn room(&self, game: GameId) -> Result<Arc<GameRoom>, ErrorKind> {
        if let Some(room) = self.rooms().get(&game) {
            return Ok(room.clone());
        }
        let row = self
            .store()
            .game(game)
            .await
            .map_err(unavailable)?
            .ok_or(ErrorKind::UnknownGame)?;
        let table = self.restore(row).map_err(|(_, why)| unavailable(why))?;
        Ok(self.open_room(table).await)
    }

    fn restore(
        &self,
        row: crate::store::GameRow,
    ) -> Result<Table, (GameId, crate::arbiter::RestoreError)> {
        let id = row.id;
        let time = &self.backing.time;
        Table::restore(row, time.now_ms(), time.wall_ms(), self.alive_before_ms)
            .map_err(|why| (id, why))
    }

    /// Puts `table` in a room, unless another task loaded the same game first: then
    /// that room, so that a game has one lock.
    async fn open_room(&self, table: Table) -> Arc<GameRoom> {
        let id = table.id;
        let (room, new) = {
            let mut rooms = self.rooms();
            match rooms.get(&id) {
                Some(room) => (room.clone(), false),
                None => {
                    Hub::sweep(&mut rooms, &self.sweep_rooms_at);
                    let room = Arc::new(GameRoom::new(table));
                    rooms.insert(id, room.clone());
                    (room, true)
                }
            }
        };
        if new {
            room.arm_timer(&self.backing).await;
        }
        room
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<GameRoom>>> {
        // A panic while the map was held left it whole: its changes are single inserts.
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends `message`, unasked, to every connection in `outboxes`, dropping the closed.
    fn send_all(outboxes: &mut Vec<Outbox>, message: &ServerMessage) {
        let frame: Arc<str> = crate::wire::encode(0, message).into();
        outboxes.retain(|outbox| outbox.send(frame.clone()).is_ok());
    }
}

/// What a room needs to commit a change and read the time, its flag timer included.
#[derive(Clone)]
struct Backing {
    store: Store,
    time: Arc<dyn TimeSource>,
}

/// A failure of the server's own: logged here (no secret reaches this far), answered as
/// [`ErrorKind::Unavailable`].
pub fn unavailable(e: impl std::fmt::Display) -> ErrorKind {
    eprintln!("shatar-server: {e}");
    ErrorKind::Unavailable
}

impl From<NoRandomness> for ErrorKind {
    fn from(e: NoRandomness) -> ErrorKind {
        unavailable(e)
    }
}

#[cfg(test)]
mod tests;
