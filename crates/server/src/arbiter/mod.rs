//! The arbiter of one game: who sits where, the game's record under the rules crate's
//! one run-time game type, and its clocks. Plain data and no I/O: each change is worked
//! out on a copy ([`Change`]), which the caller commits to the database before it takes
//! it, so that nothing is announced that a crash could lose.

pub mod stored_clock;

use shatar_rules::any_game::WireGameError;
use shatar_rules::clock::{Clock, TimeControl};
use shatar_rules::{AnyGamePosition, AnyGameRecord, EndReason, GameKind, Outcome};

use crate::ids::{GameId, PlayerId};
use crate::wire::{ClockView, ErrorKind, GameSnapshot, OutcomeWire, Side, TimeControlWire};
pub use stored_clock::{BadStoredControl, StoredClock};

/// Wire moves are short (`e7e8q`, `h2e2`): anything longer is refused unread.
const MAX_MOVE_TEXT: usize = 8;

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
    clock: Clock,
}

/// What a change did, for the database and the watchers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Move `ply` (from 0) was played; `outcome` if it ended the game on the board.
    Moved {
        ply: u32,
        text: String,
        outcome: Option<Outcome>,
    },
    /// The game ended off the board: a flag, a resignation.
    Ended { outcome: Outcome },
}

/// A table as it will be once the change is committed.
#[derive(Debug)]
pub struct Change {
    pub table: Table,
    pub step: Step,
}

/// Why a table could not be rebuilt from what the database holds.
#[derive(Debug)]
pub enum RestoreError {
    Moves(WireGameError),
    Clock(BadStoredControl),
}

impl core::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RestoreError::Moves(e) => write!(f, "the stored moves do not replay: {e}"),
            RestoreError::Clock(e) => write!(f, "the stored clock's control is unsound: {:?}", e.0),
        }
    }
}

impl std::error::Error for RestoreError {}

impl Table {
    /// A game of `kind` from its initial position; no clock runs until White's first
    /// move.
    pub fn new(id: GameId, seats: Seats, kind: GameKind, control: TimeControl) -> Table {
        let start = AnyGamePosition::startpos(kind)
            .expect("the server is built with every game (the rules crate's xiangqi feature)");
        Table {
            id,
            seats,
            record: AnyGameRecord::new(start),
            moves: Vec::new(),
            clock: Clock::new(control),
        }
    }

    /// A game as the database holds it, its clock running again from `now_ms`.
    pub fn restore(
        id: GameId,
        seats: Seats,
        kind: GameKind,
        moves: Vec<String>,
        clock: &StoredClock,
        outcome: Option<Outcome>,
        now_ms: u64,
    ) -> Result<Table, RestoreError> {
        let mut record =
            AnyGameRecord::from_wire(kind, None, &moves).map_err(RestoreError::Moves)?;
        if let Some(outcome) = outcome
            && record.outcome().is_none()
        {
            record.set_outcome(outcome);
        }
        Ok(Table {
            id,
            seats,
            record,
            moves,
            clock: clock.to_clock(now_ms).map_err(RestoreError::Clock)?,
        })
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

    pub fn stored_clock(&self) -> StoredClock {
        StoredClock::from_clock(&self.clock)
    }

    pub fn time_control(&self) -> TimeControlWire {
        TimeControlWire::from_rules(&self.clock.control)
    }

    /// The running side's flag, if it has fallen by `now_ms`: the game ends under 2017
    /// art. 6.9 (a draw when the opponent cannot mate) or, in Xiangqi, as a loss.
    pub fn flag_fall(&self, now_ms: u64) -> Option<Change> {
        if self.outcome().is_some() {
            return None;
        }
        let mut table = self.clone();
        let flagged = table.clock.check_flag(now_ms)?;
        let outcome = table.record.position().flag_outcome(flagged);
        Some(table.end(outcome, now_ms))
    }

    /// Milliseconds until the running side's flag falls; `None` when no clock runs.
    pub fn until_flag(&self, now_ms: u64) -> Option<u64> {
        match self.outcome() {
            Some(_) => None,
            None => self.clock.until_flag(now_ms),
        }
    }

    /// `player`'s move `text`, made on ply `ply`: legal only from the seat whose turn it
    /// is. Ask [`Table::flag_fall`] first: a move made after the flag is no move.
    pub fn play(
        &self,
        player: PlayerId,
        ply: u32,
        text: &str,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.seats.side_of(player).ok_or(ErrorKind::NotYourSeat)?;
        if side != Side::from(self.record.position().turn()) {
            return Err(ErrorKind::NotYourTurn);
        }
        let expected = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        if ply != expected {
            return Err(ErrorKind::StalePly { expected });
        }
        let illegal = |reason: String| ErrorKind::IllegalMove {
            text: text.chars().take(MAX_MOVE_TEXT).collect(),
            reason,
        };
        if text.len() > MAX_MOVE_TEXT {
            return Err(illegal("no move is written this long".into()));
        }
        let m = self
            .record
            .position()
            .parse_wire_move(text)
            .map_err(|e| illegal(e.to_string()))?;
        let mut table = self.clone();
        table.record.play(m).map_err(|e| illegal(e.to_string()))?;
        let text = m.to_string();
        table.moves.push(text.clone());
        table.press(now_ms);
        let outcome = table.record.outcome();
        if outcome.is_some() {
            table.clock.pause(now_ms);
        }
        Ok(Change {
            table,
            step: Step::Moved { ply, text, outcome },
        })
    }

    /// `player` resigns (2017 art. 5.1): the opponent wins.
    pub fn resign(&self, player: PlayerId, now_ms: u64) -> Result<Change, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.seats.side_of(player).ok_or(ErrorKind::NotYourSeat)?;
        let winner = shatar_rules::Color::from(side).other();
        Ok(self
            .clone()
            .end(Outcome::win(winner, EndReason::Resignation), now_ms))
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
        }
    }

    pub fn clock_view(&self, now_ms: u64) -> ClockView {
        let left = |side: Side| {
            let reading = self.clock.read(side.into(), now_ms);
            reading.base_ms.saturating_add(reading.delay_ms)
        };
        ClockView {
            white_ms: left(Side::White),
            black_ms: left(Side::Black),
            running: self.clock.running.map(Side::from),
        }
    }

    fn refuse_if_over(&self) -> Result<(), ErrorKind> {
        match self.outcome() {
            Some(outcome) => Err(ErrorKind::GameOver {
                outcome: OutcomeWire(outcome),
            }),
            None => Ok(()),
        }
    }

    /// The clock after a move. The clocks start with White's first move, and Black's
    /// runs from then on: a press on a standing clock counts the move and charges nothing
    /// (see `shatar_rules::clock`). A flag found down here was missed by `flag_fall`,
    /// which the caller asks first; the move then stands, as an arbiter who noticed the
    /// flag only after the move would let it (2017 art. 6.9 needs the flag seen first).
    fn press(&mut self, now_ms: u64) {
        let started = self.clock.is_started();
        let _ = self.clock.press(now_ms);
        if !started {
            self.clock.start(now_ms);
        }
    }

    fn end(mut self, outcome: Outcome, now_ms: u64) -> Change {
        self.record.set_outcome(outcome);
        self.clock.pause(now_ms);
        Change {
            table: self,
            step: Step::Ended { outcome },
        }
    }
}

#[cfg(test)]
mod tests;
