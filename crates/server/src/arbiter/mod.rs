//! The arbiter of one game: who sits where, the game's record under the rules crate's
//! one run-time game type, and its clocks. Plain data and no I/O: each change is worked
//! out on a copy ([`Change`]), which the caller commits to the database before it takes
//! it, so that nothing is announced that a crash could lose.

mod change;
mod claims;
mod endings;
mod pgn;
mod play;
mod proposals;
mod row;
pub mod stored_clock;

use shatar_rules::clock::{Clock, TimeControl};
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind, Outcome};

use crate::ids::{GameId, PlayerId};
use crate::wire::{
    ClockView, EndNote, ErrorKind, GameSnapshot, OutcomeWire, Proposal, Side, TimeControlWire,
};
pub use change::{Change, RestoreError, Step};
pub use pgn::PgnHeader;
pub use row::{GameRow, StoredMove};

pub use stored_clock::{BadStoredControl, StoredClock};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    pub white: PlayerId,
    pub black: PlayerId,
}

impl Seats {
    pub fn side_of(&self, player: PlayerId) -> Option<Side> {
        if player == self.white {
            Some(Side::White)
        } else if player == self.black {
            Some(Side::Black)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    pub id: GameId,
    pub seats: Seats,
    record: AnyGameRecord,
    /// The moves in the wire's notation, as the rules crate writes them.
    moves: Vec<String>,
    /// What came with each move: the clocks after it, a draw offer.
    history: Vec<MoveMeta>,
    clock: Clock,
    /// An ending the rules have no outcome for (aborted), or a word on the outcome
    /// (abandoned).
    note: Option<EndNote>,
    /// Proposals waiting for an answer.
    proposals: Vec<(Side, Proposal)>,
    /// How the players met: a game between people who chose each other takes no claim of
    /// absence in its first moves (`endings`).
    pub pairing: Pairing,
    /// The server's time since which the side to move has been on turn: its clock's
    /// start, and the abort timer's while a first move is owed (see `endings`).
    turn_since_ms: u64,
    /// What the side to move had spent of this turn before `turn_since_ms`, in an earlier
    /// process (a restart): charged to its clock already, and counted by the abort timer.
    turn_carried_ms: u64,
}

/// How a game's players met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// One took the other's challenge in the lobby: strangers.
    Lobby,
    /// One opened the other's challenge by its link: people who chose each other.
    Link,
    /// A rematch agreed at the end of a game.
    Rematch,
    /// A club event's round paired them (issue 56). A side that has not made its first
    /// move `no_show_ms` after its turn began loses by forfeit (AXF 2008 ch. 2 §6 一; 2017
    /// art. 6.7), where other games are aborted; the game cannot be aborted by a player.
    Event { no_show_ms: u64 },
}

impl std::fmt::Display for Pairing {
    /// The `games.pairing` column: `lobby`, `link`, `rematch`, `event:<no-show ms>`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pairing::Lobby => f.write_str("lobby"),
            Pairing::Link => f.write_str("link"),
            Pairing::Rematch => f.write_str("rematch"),
            Pairing::Event { no_show_ms } => write!(f, "event:{no_show_ms}"),
        }
    }
}

impl std::str::FromStr for Pairing {
    type Err = String;

    fn from_str(text: &str) -> Result<Pairing, String> {
        if let Some(ms) = text.strip_prefix("event:") {
            return ms
                .parse()
                .map(|no_show_ms| Pairing::Event { no_show_ms })
                .map_err(|_| format!("no pairing is called {text:?}"));
        }
        [Pairing::Lobby, Pairing::Link, Pairing::Rematch]
            .into_iter()
            .find(|p| p.to_string() == text)
            .ok_or_else(|| format!("no pairing is called {text:?}"))
    }
}

/// What the database keeps with a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMeta {
    /// The clocks just after the move; `None` for moves stored before they were kept.
    pub clock: Option<StoredClock>,
    /// 2017 art. 9.1.2.b: the mover offered a draw with it, written `(=)`.
    pub draw_offer: bool,
}

impl Table {
    /// A game of `kind` from its initial position, made at `now_ms`; no clock runs until
    /// White's first move.
    pub fn new(
        id: GameId,
        seats: Seats,
        kind: GameKind,
        control: TimeControl,
        pairing: Pairing,
        now_ms: u64,
    ) -> Table {
        let start = AnyGamePosition::startpos(kind)
            .expect("the server is built with every game (the rules crate's xiangqi feature)");
        Table {
            id,
            seats,
            record: AnyGameRecord::new(start),
            moves: Vec::new(),
            history: Vec::new(),
            clock: Clock::new(control),
            note: None,
            proposals: Vec::new(),
            pairing,
            turn_since_ms: now_ms,
            turn_carried_ms: 0,
        }
    }

    /// A game as the database holds it, its clock (and abort timer) running again from
    /// `now_ms`. The side to move is charged for the part of its turn that `row` shows it
    /// had used: in a live game up to `alive_ms`, the old process's last sign of life (the
    /// time the server was down is charged to no one); in correspondence up to `wall_ms`,
    /// the epoch time now, days of downtime included, as a postal arbiter would.
    pub fn restore(
        row: GameRow,
        now_ms: u64,
        wall_ms: u64,
        alive_ms: Option<u64>,
    ) -> Result<Table, RestoreError> {
        let moves: Vec<String> = row.moves.iter().map(|m| m.text.clone()).collect();
        let mut record =
            AnyGameRecord::from_wire(row.kind, None, &moves).map_err(RestoreError::Moves)?;
        if let Some(outcome) = row.outcome
            && record.outcome().is_none()
        {
            record.set_outcome(outcome);
        }
        let mut clock = row.clock.to_clock(now_ms).map_err(RestoreError::Clock)?;
        let turn_end = match row.clock.control.is_correspondence() {
            true => Some(wall_ms),
            false => alive_ms.map(|alive| alive.min(wall_ms)),
        };
        let carried = match (row.turn_since_wall_ms, turn_end) {
            (Some(since), Some(end)) if row.outcome.is_none() && row.note.is_none() => {
                end.saturating_sub(since)
            }
            _ => 0,
        };
        if clock.running.is_some() {
            // The turn's first `carried` ms, as if the clock had run from 0 to `carried`,
            // then again from now: the clock's own arithmetic (delays first) charges them.
            clock.since_ms = Some(0);
            clock.pause(carried);
            clock.resume(now_ms);
        }
        Ok(Table {
            id: row.id,
            seats: Seats {
                white: row.white,
                black: row.black,
            },
            record,
            moves,
            history: row.moves.into_iter().map(|m| m.meta).collect(),
            clock,
            note: row.note,
            proposals: row.proposals,
            pairing: row.pairing,
            turn_since_ms: now_ms,
            turn_carried_ms: carried,
        })
    }

    /// The epoch time since which the side to move has been on turn, `wall_ms` being the
    /// epoch time at `now_ms`: what the database keeps for a restart.
    pub fn turn_since_wall_ms(&self, now_ms: u64, wall_ms: u64) -> u64 {
        let on_turn = now_ms
            .saturating_sub(self.turn_since_ms)
            .saturating_add(self.turn_carried_ms);
        wall_ms.saturating_sub(on_turn)
    }

    /// The side to move is on turn from `now_ms`, with nothing carried from before.
    fn new_turn(&mut self, now_ms: u64) {
        self.turn_since_ms = now_ms;
        self.turn_carried_ms = 0;
    }

    pub fn kind(&self) -> GameKind {
        self.record.kind()
    }

    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    pub fn note(&self) -> Option<EndNote> {
        self.note
    }

    pub fn proposals(&self) -> &[(Side, Proposal)] {
        &self.proposals
    }

    pub fn history(&self) -> &[MoveMeta] {
        &self.history
    }

    /// Over, with a result or aborted.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some() || self.note == Some(EndNote::Aborted)
    }

    pub fn is_correspondence(&self) -> bool {
        self.time_control().is_correspondence()
    }

    /// The seat `player` holds.
    pub fn side_of(&self, player: PlayerId) -> Result<Side, ErrorKind> {
        self.seats.side_of(player).ok_or(ErrorKind::NotYourSeat)
    }

    pub fn side_to_move(&self) -> Side {
        self.record.position().turn().into()
    }

    pub fn stored_clock(&self) -> StoredClock {
        StoredClock::from_clock(&self.clock)
    }

    pub fn time_control(&self) -> TimeControlWire {
        TimeControlWire::from_rules(&self.clock.control)
    }

    pub fn snapshot(&self, now_ms: u64) -> GameSnapshot {
        GameSnapshot {
            game: self.id,
            kind: self.kind(),
            time_control: self.time_control(),
            white: self.seats.white,
            black: self.seats.black,
            moves: self.moves.clone(),
            clock: self.clock_view(now_ms),
            outcome: self.outcome().map(OutcomeWire),
            note: self.note,
            white_name: None,
            black_name: None,
            proposals: self.proposals.clone(),
            gone: Vec::new(),
            absence_claims_from: u32::try_from(self.plies_before_claims()).unwrap_or(u32::MAX),
        }
    }

    /// Each side's time left. In correspondence the side not to move shows the days its
    /// next move will have (its clock holds no base time: see `TimeControlWire`).
    pub fn clock_view(&self, now_ms: u64) -> ClockView {
        let days = self.time_control().days_per_move;
        let to_move = Side::from(self.clock.to_move);
        let left = |side: Side| match days {
            Some(days) if side != to_move => u64::from(days) * crate::wire::time_control::DAY_MS,
            _ => {
                let reading = self.clock.read(side.into(), now_ms);
                reading.base_ms.saturating_add(reading.delay_ms)
            }
        };
        ClockView {
            white_ms: left(Side::White),
            black_ms: left(Side::Black),
            running: self.clock.running.map(Side::from),
        }
    }

    fn refuse_if_over(&self) -> Result<(), ErrorKind> {
        match (self.outcome(), self.note) {
            (Some(outcome), _) => Err(ErrorKind::GameOver {
                outcome: OutcomeWire(outcome),
            }),
            (None, Some(EndNote::Aborted)) => Err(ErrorKind::GameAborted),
            _ => Ok(()),
        }
    }

    fn end(mut self, outcome: Outcome, now_ms: u64) -> Change {
        self.record.set_outcome(outcome);
        self.clock.pause(now_ms);
        self.proposals.clear();
        Change::new(self, Step::Ended { outcome })
    }
}

#[cfg(test)]
mod tests;
