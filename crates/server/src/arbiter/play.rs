//! Moves, flags and resignations.

use shatar_rules::{Color, EndReason, Outcome};

use super::{Change, MoveMeta, Step, StoredClock, Table};
use crate::ids::PlayerId;
use crate::wire::{ErrorKind, Proposal, Side};

/// Wire moves are short (`e7e8q`, `h2e2`): anything longer is refused unread.
const MAX_MOVE_TEXT: usize = 8;

impl Table {
    /// The running side's flag, if it has fallen by `now_ms`: the game ends under 2017
    /// art. 6.9 (a draw when the opponent cannot mate) or, in Xiangqi, as a loss.
    ///
    /// Both flags down (art. 6.11) cannot happen here: the server sees each flag as it
    /// falls (its timer, or the next message), and the first one ends the game.
    pub fn flag_fall(&self, now_ms: u64) -> Option<Change> {
        if self.is_over() {
            return None;
        }
        let mut table = self.clone();
        let flagged = table.clock.check_flag(now_ms)?;
        let outcome = table.record.position().flag_outcome(flagged);
        Some(table.end(outcome, now_ms))
    }

    /// Milliseconds until the running side's flag falls; `None` when no clock runs.
    pub fn until_flag(&self, now_ms: u64) -> Option<u64> {
        match self.is_over() {
            true => None,
            false => self.clock.until_flag(now_ms),
        }
    }

    /// What is due by `now_ms` without anyone asking: a fallen flag, or an abort.
    pub fn due(&self, now_ms: u64) -> Option<Change> {
        self.flag_fall(now_ms).or_else(|| self.abort_due(now_ms))
    }

    /// Milliseconds until something may be due; `None` when nothing will be.
    pub fn until_due(&self, now_ms: u64) -> Option<u64> {
        match (self.until_flag(now_ms), self.until_abort(now_ms)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// `player`'s move `text`, made on ply `ply`: legal only from the seat whose turn it
    /// is. Ask [`Table::due`] first: a move made after the flag is no move.
    pub fn play(
        &self,
        player: PlayerId,
        ply: u32,
        text: &str,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        let side = self.mover(player, ply)?;
        let m = self.parse(text)?;
        let mut table = self.clone();
        table
            .record
            .play(m)
            .map_err(|e| illegal(text, e.to_string()))?;
        let step = table.after_move(side, m.to_string(), now_ms);
        Ok(Change::new(table, step))
    }

    /// `player`'s seat, if it may move on ply `ply` now.
    pub(super) fn mover(&self, player: PlayerId, ply: u32) -> Result<Side, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.side_of(player)?;
        if side != self.side_to_move() {
            return Err(ErrorKind::NotYourTurn);
        }
        let expected = self.plies();
        if ply != expected {
            return Err(ErrorKind::StalePly { expected });
        }
        Ok(side)
    }

    pub(super) fn parse(&self, text: &str) -> Result<shatar_rules::any_game::GameMove, ErrorKind> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(illegal(text, "no move is written this long".into()));
        }
        self.record
            .position()
            .parse_wire_move(text)
            .map_err(|e| illegal(text, e.to_string()))
    }

    pub fn plies(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// What follows a move `side` added to the record: its clock pressed, the opponent's
    /// proposals lapsed (2017 art. 9.1.2.a: a move declines an offer) and the mover's own
    /// takeback request with them (the position it asked about is gone).
    pub(super) fn after_move(&mut self, side: Side, text: String, now_ms: u64) -> Step {
        let ply = self.plies();
        self.moves.push(text.clone());
        self.press(now_ms);
        let outcome = self.record.outcome();
        if outcome.is_some() {
            self.clock.pause(now_ms);
        }
        self.history.push(MoveMeta {
            clock: Some(StoredClock::from_clock(&self.clock)),
            draw_offer: false,
        });
        self.proposals
            .retain(|&(by, proposal)| by == side && proposal != Proposal::Takeback);
        // The opponent's turn (and, after White's first move, the abort timer's wait for
        // Black's) runs from now.
        self.new_turn(now_ms);
        Step::Moved { ply, text, outcome }
    }

    /// `player` resigns (2017 art. 5.1): the opponent wins.
    pub fn resign(&self, player: PlayerId, now_ms: u64) -> Result<Change, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.side_of(player)?;
        let winner = Color::from(side).other();
        Ok(self
            .clone()
            .end(Outcome::win(winner, EndReason::Resignation), now_ms))
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
}

fn illegal(text: &str, reason: String) -> ErrorKind {
    ErrorKind::IllegalMove {
        text: text.chars().take(MAX_MOVE_TEXT).collect(),
        reason,
    }
}
