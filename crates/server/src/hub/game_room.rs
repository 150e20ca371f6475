//! One game in memory: its table, its watchers and the timer that lets its flag fall (or
//! aborts it) when no one moves.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Mutex;
use tokio::task::AbortHandle;

use super::{Backing, Hub, Outbox, unavailable};
use crate::arbiter::{Change, Seats, Step, Table};
use crate::wire::{ErrorKind, GameSnapshot, OutcomeWire, ServerMessage, Side};

/// How long the flag timer waits before trying again when the database failed to take
/// a fallen flag.
const RETRY_MS: u64 = 1_000;

pub struct GameRoom {
    /// The game's players, readable without waiting for the lock.
    pub seats: Seats,
    /// Held across the database commit: a game's changes are committed, then announced,
    /// one at a time and in order.
    state: Mutex<RoomState>,
}

struct RoomState {
    table: Table,
    watchers: Vec<Outbox>,
    flag_timer: Option<AbortHandle>,
    /// Let go from the hub's map (see `Hub::evict_if_done`): a watcher that finds the room
    /// this way looks the game up again.
    retired: bool,
}

impl GameRoom {
    pub fn new(table: Table) -> GameRoom {
        GameRoom {
            seats: table.seats,
            state: Mutex::new(RoomState {
                table,
                watchers: Vec::new(),
                flag_timer: None,
                retired: false,
            }),
        }
    }

    pub async fn watch(
        self: &Arc<Self>,
        backing: &Backing,
        outbox: Outbox,
    ) -> Result<Option<GameSnapshot>, ErrorKind> {
        let mut state = self.state.lock().await;
        if state.retired {
            return Ok(None);
        }
        let now = backing.time.now_ms();
        self.settle_due(&mut state, backing, now).await?;
        // A connection that asks again (after a reconnection of its own page) is one
        // watcher, not two that each get every move.
        if !state.watchers.iter().any(|w| w.same_channel(&outbox)) {
            state.watchers.push(outbox);
        }
        Ok(Some(state.table.snapshot(now)))
    }

    pub async fn unwatch(&self, outbox: &Outbox) {
        self.state
            .lock()
            .await
            .watchers
            .retain(|w| !w.same_channel(outbox));
    }

    /// Tells the watchers whether `side`'s player is connected, as `gone` reads it now,
    /// while the game is being played.
    pub async fn tell_presence(&self, side: Side, gone: impl FnOnce() -> Option<u64>) {
        let mut state = self.state.lock().await;
        if state.retired || state.table.outcome().is_some() {
            return;
        }
        let message = ServerMessage::Presence {
            game: state.table.id,
            side,
            gone_ms: gone(),
        };
        Hub::send_all(&mut state.watchers, &message);
    }

    /// Marks the room retired when its game is over and no open connection watches it.
    /// Never waits: a room in use is kept, for a later sweep.
    pub fn retire(&self) -> bool {
        let Ok(mut state) = self.state.try_lock() else {
            return false;
        };
        state.watchers.retain(|w| !w.is_closed());
        if state.table.outcome().is_some() && state.watchers.is_empty() {
            state.retired = true;
        }
        state.retired
    }

    /// Makes the change `plan` works out on the table, once what fell due before it (a
    /// flag, an abort) has ended the game (then `plan` is refused as too late). Returns
    /// the game the change started (a rematch), or the change's own refusal once it is
    /// committed (a wrong claim).
    pub async fn change(
        self: &Arc<Self>,
        backing: &Backing,
        plan: impl FnOnce(&Table, u64) -> Result<Change, ErrorKind>,
    ) -> Result<Option<Table>, ErrorKind> {
        let mut state = self.state.lock().await;
        let now = backing.time.now_ms();
        self.settle_due(&mut state, backing, now).await?;
        let change = plan(&state.table, now)?;
        self.take(&mut state, backing, change, now).await
    }

    /// Reads the table as it stands, after what fell due.
    pub async fn read<T>(
        self: &Arc<Self>,
        backing: &Backing,
        read: impl FnOnce(&Table, u64) -> T,
    ) -> Result<T, ErrorKind> {
        let mut state = self.state.lock().await;
        let now = backing.time.now_ms();
        self.settle_due(&mut state, backing, now).await?;
        Ok(read(&state.table, now))
    }

    pub async fn arm_timer(self: &Arc<Self>, backing: &Backing) {
        let mut state = self.state.lock().await;
        let now = backing.time.now_ms();
        self.rearm(&mut state, backing, now);
    }

    pub async fn disarm(&self) {
        if let Some(timer) = self.state.lock().await.flag_timer.take() {
            timer.abort();
        }
    }

    async fn settle_due(
        self: &Arc<Self>,
        state: &mut RoomState,
        backing: &Backing,
        now: u64,
    ) -> Result<(), ErrorKind> {
        match state.table.due(now) {
            Some(change) => self.take(state, backing, change, now).await.map(drop),
            None => Ok(()),
        }
    }

    /// Commits `change`, then takes it and tells the watchers.
    async fn take(
        self: &Arc<Self>,
        state: &mut RoomState,
        backing: &Backing,
        change: Change,
        now: u64,
    ) -> Result<Option<Table>, ErrorKind> {
        if !change.steps.is_empty() {
            let wall_ms = backing.time.wall_ms();
            backing
                .store
                .commit(&change, now, wall_ms)
                .await
                .map_err(unavailable)?;
        }
        let Change {
            table,
            steps,
            spawned,
            refusal,
        } = change;
        state.table = table;
        for step in steps {
            let message = announcement(&state.table, step, now);
            Hub::send_all(&mut state.watchers, &message);
        }
        self.rearm(state, backing, now);
        match refusal {
            Some(error) => Err(error),
            None => Ok(spawned),
        }
    }

    /// A timer for what falls due next (the running clock's flag, an abort), in place of
    /// the last one.
    fn rearm(self: &Arc<Self>, state: &mut RoomState, backing: &Backing, now: u64) {
        if let Some(timer) = state.flag_timer.take() {
            timer.abort();
        }
        let Some(wait_ms) = state.table.until_due(now) else {
            return;
        };
        let room = self.clone();
        let backing = backing.clone();
        state.flag_timer = Some(tokio::spawn(room.flag_watch(backing, wait_ms)).abort_handle());
    }

    async fn flag_watch(self: Arc<Self>, backing: Backing, mut wait_ms: u64) {
        loop {
            // One past the reading: a flag at exactly zero is down (shatar_rules::clock).
            tokio::time::sleep(Duration::from_millis(wait_ms.saturating_add(1))).await;
            let mut state = self.state.lock().await;
            let now = backing.time.now_ms();
            let Some(change) = state.table.due(now) else {
                match state.table.until_due(now) {
                    Some(left) => wait_ms = left,
                    None => return,
                }
                continue;
            };
            // This task is the timer: `take` must not abort it halfway.
            state.flag_timer = None;
            match self.take(&mut state, &backing, change, now).await {
                Ok(_) => return,
                Err(_) => wait_ms = RETRY_MS,
            }
        }
    }
}

/// What the watchers hear of a step, the table as the change left it.
fn announcement(table: &Table, step: Step, now: u64) -> ServerMessage {
    let (game, clock) = (table.id, table.clock_view(now));
    match step {
        Step::Moved { ply, text, outcome } => ServerMessage::Moved {
            game,
            ply,
            text,
            clock,
            outcome: outcome.map(OutcomeWire),
        },
        Step::Ended { outcome } => ServerMessage::Ended {
            game,
            outcome: OutcomeWire(outcome),
            clock,
            note: table.note(),
        },
        Step::Aborted => ServerMessage::Aborted { game },
        Step::Proposed { by, proposal, .. } => ServerMessage::Proposed { game, proposal, by },
        Step::Declined { by, proposal } => ServerMessage::Declined { game, proposal, by },
        Step::TookBack { ply } => ServerMessage::TookBack { game, ply, clock },
        Step::ClaimRefused { by, added_ms } => ServerMessage::ClaimRefused {
            game,
            by,
            added_ms,
            clock,
        },
        Step::Rematched { rematch } => ServerMessage::Rematch { game, rematch },
    }
}
