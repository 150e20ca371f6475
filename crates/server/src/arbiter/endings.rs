//! Endings the server decides, as lichess does, that the rules do not: a game nobody
//! starts is aborted; a player whose opponent has gone may end the game, once the game is
//! far enough along that absence cannot be used to win it.

use shatar_rules::{Color, EndReason, Outcome};

use super::{Change, Pairing, Step, Table};
use crate::ids::PlayerId;
use crate::wire::{EndNote, ErrorKind, Side};

/// How long a live game waits for each side's first move before it is aborted.
pub const ABORT_MS: u64 = 60_000;

pub use crate::wire::ABSENCE_CLAIM_MS as ABSENT_MS;

/// The plies a game between people who chose each other (a link challenge, a rematch) must
/// have before an absent opponent's game can be won or drawn: five moves each. Before them a
/// claim aborts the game. Whoever sends a link to someone who is not there, or opens an old
/// link, must not collect a win from it (issue 55); lichess gives no "claim victory" in a
/// friend's game at all, but there a game simply stalls, which helps no one.
pub const LINK_CLAIM_PLIES: usize = 10;

impl Table {
    /// How long the side to move may owe its first move: a minute live; in
    /// correspondence the days of a move, the same as its flag would give.
    fn abort_after_ms(&self) -> u64 {
        match (self.pairing, self.time_control().days_per_move) {
            (Pairing::Event { no_show_ms }, _) => no_show_ms,
            (_, Some(days)) => u64::from(days) * crate::wire::time_control::DAY_MS,
            (_, None) => ABORT_MS,
        }
    }

    /// Whether the game still waits for a side's first move.
    fn unstarted(&self) -> bool {
        !self.is_over() && self.moves.len() < 2
    }

    pub(super) fn until_abort(&self, now_ms: u64) -> Option<u64> {
        self.unstarted().then(|| {
            self.turn_since_ms
                .saturating_add(self.abort_after_ms())
                .saturating_sub(self.turn_carried_ms)
                .saturating_sub(now_ms)
        })
    }

    /// The abort that is due by `now_ms`: a side owed its first move too long. In an
    /// event's game the side that did not come loses by forfeit instead (2017 art.
    /// 6.7.1; AXF 2008 ch. 2 §6 一); when neither came, White, whose clock would have run
    /// (6.7.2), is the one who did not.
    pub(super) fn abort_due(&self, now_ms: u64) -> Option<Change> {
        if self.until_abort(now_ms) != Some(0) {
            return None;
        }
        Some(match self.pairing {
            Pairing::Event { .. } => {
                let absent = self.side_to_move();
                let mut table = self.clone();
                table.note = Some(EndNote::Abandoned { by: absent });
                let outcome = Outcome::win(Color::from(absent.other()), EndReason::TimeForfeit);
                table.end(outcome, now_ms)
            }
            _ => self.clone().aborted(now_ms),
        })
    }

    /// `player` aborts a game in which it has not moved yet.
    pub fn abort(&self, player: PlayerId, now_ms: u64) -> Result<Change, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.side_of(player)?;
        if let Pairing::Event { .. } = self.pairing {
            // An event's game counts: a player who does not play it forfeits it.
            return Err(ErrorKind::EventGame);
        }
        let own_moves = match side {
            Side::White => self.moves.len().div_ceil(2),
            Side::Black => self.moves.len() / 2,
        };
        if own_moves > 0 {
            return Err(ErrorKind::TooLateToAbort);
        }
        Ok(self.clone().aborted(now_ms))
    }

    fn aborted(mut self, now_ms: u64) -> Change {
        self.note = Some(EndNote::Aborted);
        self.clock.pause(now_ms);
        self.proposals.clear();
        Change::new(self, Step::Aborted)
    }

    /// `player` ends the game its opponent has left: `gone_ms` is how long the opponent
    /// has had no connection (`None`: it has one). `win` takes the game; else a draw.
    ///
    /// The outcome is the rules' nearest: a win on time (the absent side's time is as
    /// good as gone), or a draw by agreement (the one present agrees for both); the
    /// [`EndNote::Abandoned`] note says what happened. A game that has not begun (before
    /// both sides have moved, and before `LINK_CLAIM_PLIES` in a game between people who
    /// chose each other) is aborted instead, with no result, whatever `win` asked: as
    /// lichess does, no one wins a game by the absence of someone who never played it.
    pub fn claim_absence(
        &self,
        player: PlayerId,
        win: bool,
        gone_ms: Option<u64>,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        self.refuse_if_over()?;
        let side = self.side_of(player)?;
        if self.is_correspondence() {
            return Err(ErrorKind::OpponentPresent { wait_ms: None });
        }
        match gone_ms {
            Some(gone) if gone >= ABSENT_MS => {}
            gone => {
                return Err(ErrorKind::OpponentPresent {
                    wait_ms: Some(ABSENT_MS - gone.unwrap_or(0)),
                });
            }
        }
        if self.moves.len() < self.plies_before_claims() {
            if let Pairing::Event { .. } = self.pairing {
                // The no-show time decides a game not begun (`abort_due`).
                return Err(ErrorKind::OpponentPresent { wait_ms: None });
            }
            return Ok(self.clone().aborted(now_ms));
        }
        let outcome = match win {
            true => Outcome::win(Color::from(side), EndReason::TimeForfeit),
            false => Outcome::draw(EndReason::Agreement),
        };
        let mut table = self.clone();
        table.note = Some(EndNote::Abandoned { by: side.other() });
        Ok(table.end(outcome, now_ms))
    }

    /// The plies before which a claim of absence aborts the game.
    pub fn plies_before_claims(&self) -> usize {
        match self.pairing {
            Pairing::Lobby | Pairing::Event { .. } => 2,
            Pairing::Link | Pairing::Rematch => LINK_CLAIM_PLIES,
        }
    }
}
