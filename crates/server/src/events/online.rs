//! An online event's rounds on the server: at a round's time its games start (in rooms
//! like any game's, `Pairing::Event`), and when a game ends its result is entered in the
//! event (a game a side never began, by the no-show rule, as a forfeit). A task looks
//! about once a second for events with something due, so that nothing depends on the
//! process that paired the round: a restarted server picks up where the old one was.

use std::sync::{Arc, Weak};
use std::time::Duration;

use shatar_pairing::{Entry, GameResult};
use shatar_protocol::events::{EventId, ResultSource, ResultWire};
use shatar_rules::GameResult as PgnResult;

use super::record::{self, RecordExt, Scope};
use super::{ATTEMPTS, Events, unavailable};
use crate::arbiter::{Pairing, Seats, Table};
use crate::hub::EventBoard;
use crate::ids::{GameId, Generate};
use crate::store::NewGame;
use crate::store::events::{Committed, EventRecord, GameEnd, ResultRow, Write};
use crate::wire::{EndNote, Side};

/// The writes due in an event, and the games they start (opened once committed).
type Due = (Vec<Write>, Vec<(Table, EventBoard)>);

/// How often the task looks: a round's games start within this of their time.
const TICK_MS: u64 = 1_000;

/// Looks for due events until `events` is gone.
pub async fn run(events: Weak<Events>) {
    let mut every = tokio::time::interval(Duration::from_millis(TICK_MS));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(events) = events.upgrade() else {
            return;
        };
        events.tick().await;
    }
}

/// The result an ended game gives its board: a win or a draw as played, or, for a game a
/// side never began (the no-show time ran out, 2017 art. 6.7.1, AXF 2008 ch. 2 §6 一), a
/// forfeit: not a game played (C.07's unplayed rounds).
pub fn from_game(end: GameEnd) -> (ResultWire, ResultSource) {
    match (end.outcome, end.note) {
        (Some(_), Some(EndNote::Abandoned { by })) if end.plies < 2 => (
            match by {
                Side::White => ResultWire::BlackForfeitWin,
                Side::Black => ResultWire::WhiteForfeitWin,
            },
            ResultSource::NoShow,
        ),
        (Some(outcome), _) => (
            match outcome.result {
                PgnResult::WhiteWins => ResultWire::WhiteWins,
                PgnResult::BlackWins => ResultWire::BlackWins,
                PgnResult::Draw => ResultWire::Draw,
            },
            ResultSource::Game,
        ),
        // An event's game is never aborted (`Pairing::Event`); one that was anyway
        // counts for neither.
        (None, _) => (ResultWire::DoubleForfeit, ResultSource::Game),
    }
}

impl Events {
    pub(super) async fn tick(&self) {
        let due = match self.store().events_due(self.hub.wall_ms()).await {
            Ok(due) => due,
            Err(e) => {
                unavailable(e);
                return;
            }
        };
        for id in due {
            if let Err(e) = self.advance(id).await {
                eprintln!("shatar-server: event {id}: {e}");
            }
        }
    }

    /// Starts `id`'s games that are due and enters the results of those that ended.
    pub async fn advance(&self, id: EventId) -> Result<(), shatar_protocol::events::EventError> {
        let _turn = self.turn(id).await;
        for _ in 0..ATTEMPTS {
            let record = self.record(id).await?;
            let (writes, started) = self.due(&record)?;
            if writes.is_empty() {
                return Ok(());
            }
            let committed = self
                .store()
                .commit_event(id, record.event.revision, true, &writes, self.hub.wall_ms())
                .await
                .map_err(unavailable)?;
            if let Committed::Yes { revision } = committed {
                for (table, at) in started {
                    self.hub.open_event_game(table, at).await;
                }
                self.hub.event_changed(id, revision);
                return Ok(());
            }
        }
        Err(shatar_protocol::events::EventError::Busy)
    }

    /// What is due in `record` now: the games to start (their tables, to open once
    /// committed) and the results to enter.
    fn due(&self, record: &EventRecord) -> Result<Due, shatar_protocol::events::EventError> {
        let settings = &record.event.settings;
        let built = record::build(record, Scope::Through(record.paired_rounds()));
        let now = self.hub.wall_ms();
        let mut writes = Vec::new();
        let mut started = Vec::new();
        for board in &record.boards {
            let Some(black) = board.black else { continue };
            if record.standing(board.round, board.board).is_some() {
                continue;
            }
            if let Some(end) = board.game_end {
                let (result, source) = from_game(end);
                writes.push(Write::Result(ResultRow {
                    seq: 0,
                    round: board.round,
                    board: board.board,
                    result,
                    reason: None,
                    source,
                    tie_break_winner: None,
                    entered_ms: now,
                }));
                continue;
            }
            let starts = record
                .rounds
                .iter()
                .find(|r| r.round == board.round)
                .and_then(|r| r.starts_ms);
            let pending = matches!(
                built.t.player(built.id(board.white)).entry(board.round),
                Some(Entry::Game {
                    result: GameResult::Pending,
                    ..
                })
            );
            let identity = |n: u32| record.players[n as usize - 1].player;
            let (Some(white), Some(black)) = (identity(board.white), identity(black)) else {
                continue;
            };
            if !settings.online
                || record.event.ended_ms.is_some()
                || board.game.is_some()
                || !pending
                || starts.is_none_or(|s| s > now)
            {
                continue;
            }
            let control = settings.time_control.to_rules().map_err(unavailable)?;
            let no_show_ms = u64::from(settings.no_show_minutes.unwrap_or(30)) * 60_000;
            let table = Table::new(
                GameId::generate().map_err(unavailable)?,
                Seats { white, black },
                settings.game,
                control,
                Pairing::Event { no_show_ms },
                self.hub.now_ms(),
            );
            writes.push(Write::StartGame {
                round: board.round,
                board: board.board,
                game: NewGame::of(&table),
            });
            started.push((
                table,
                EventBoard {
                    event: record.event.id,
                    round: board.round,
                    board: board.board,
                },
            ));
        }
        Ok((writes, started))
    }
}

/// Starts the task that looks for due events; it ends when `events` is dropped or the
/// handle is aborted.
pub fn spawn(events: &Arc<Events>) -> tokio::task::AbortHandle {
    tokio::spawn(run(Arc::downgrade(events))).abort_handle()
}
