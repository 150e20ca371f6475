//! Draw offers (2017 art. 9.1.2), takebacks and rematches: proposed by one side, answered
//! by the other.

use shatar_rules::clock::Clock;
use shatar_rules::{AnyGameRecord, EndReason, Outcome};

use super::{Change, Seats, Step, Table};
use crate::hub::unavailable;
use crate::ids::{GameId, PlayerId};
use crate::wire::{ErrorKind, Proposal, Side};

impl Table {
    /// `player` proposes `proposal`; if its opponent had proposed the same, that is
    /// accepted. `rematch` names the game an agreed rematch would start.
    pub fn propose(
        &self,
        player: PlayerId,
        proposal: Proposal,
        rematch: GameId,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        let side = self.side_of(player)?;
        self.may_propose(proposal)?;
        if self.pending(side.other(), proposal) {
            return self.accept(side, proposal, rematch, now_ms);
        }
        if proposal == Proposal::Takeback && self.last_move_of(side).is_none() {
            return Err(ErrorKind::NothingToTakeBack);
        }
        let mut table = self.clone();
        if table.pending(side, proposal) {
            // Asked again (a resent request): it stands as it was.
            return Ok(Change::unchanged(table));
        }
        table.proposals.push((side, proposal));
        // 2017 art. 9.1.2.b: the offer is written with the offerer's move.
        let mark = match proposal {
            Proposal::Draw => table.last_move_of(side),
            _ => None,
        };
        if let Some(ply) = mark {
            table.history[ply].draw_offer = true;
        }
        let mark = mark.and_then(|ply| u32::try_from(ply).ok());
        Ok(Change::new(
            table,
            Step::Proposed {
                by: side,
                proposal,
                mark,
            },
        ))
    }

    /// `player` accepts or declines its opponent's pending `proposal`.
    pub fn answer(
        &self,
        player: PlayerId,
        proposal: Proposal,
        accept: bool,
        rematch: GameId,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        let side = self.side_of(player)?;
        self.may_propose(proposal)?;
        if !self.pending(side.other(), proposal) {
            return Err(ErrorKind::NoProposal { proposal });
        }
        if accept {
            return self.accept(side, proposal, rematch, now_ms);
        }
        let mut table = self.clone();
        table.proposals.retain(|&p| p != (side.other(), proposal));
        Ok(Change::new(table, Step::Declined { by: side, proposal }))
    }

    /// A rematch once the game is over; the rest while it goes on.
    fn may_propose(&self, proposal: Proposal) -> Result<(), ErrorKind> {
        match proposal {
            Proposal::Rematch if !self.is_over() => Err(ErrorKind::NotNow { proposal }),
            Proposal::Rematch => Ok(()),
            Proposal::Draw | Proposal::Takeback => self.refuse_if_over(),
        }
    }

    fn pending(&self, by: Side, proposal: Proposal) -> bool {
        self.proposals.contains(&(by, proposal))
    }

    /// The index of `side`'s last move.
    pub(super) fn last_move_of(&self, side: Side) -> Option<usize> {
        let parity = usize::from(side == Side::Black);
        (0..self.moves.len()).rev().find(|ply| ply % 2 == parity)
    }

    /// `side` accepts its opponent's `proposal`.
    fn accept(
        &self,
        side: Side,
        proposal: Proposal,
        rematch: GameId,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        let table = self.clone();
        match proposal {
            // 2017 art. 9.1: a draw by agreement.
            Proposal::Draw => Ok(table.end(Outcome::draw(EndReason::Agreement), now_ms)),
            Proposal::Takeback => {
                let ply = self
                    .last_move_of(side.other())
                    .ok_or(ErrorKind::NothingToTakeBack)?;
                table.take_back_to(ply, now_ms)
            }
            Proposal::Rematch => {
                let seats = Seats {
                    white: self.seats.black,
                    black: self.seats.white,
                };
                let control = self.clock.control.clone();
                let new = Table::new(
                    rematch,
                    seats,
                    self.kind(),
                    control,
                    super::Pairing::Rematch,
                    now_ms,
                );
                let mut change = Change::new(table, Step::Rematched { rematch });
                change.table.proposals.clear();
                change.spawned = Some(new);
                Ok(change)
            }
        }
    }

    /// The game as it was after its first `ply` moves, its clocks as they were then (the
    /// time thought since is given back: the opponent agreed to it).
    fn take_back_to(mut self, ply: usize, now_ms: u64) -> Result<Change, ErrorKind> {
        let clock = match ply.checked_sub(1) {
            None => Clock::new(self.clock.control.clone()),
            Some(last) => self.history[last]
                .clock
                .as_ref()
                .ok_or_else(|| unavailable(format!("game {}: no clock kept", self.id)))?
                .to_clock(now_ms)
                .map_err(|e| unavailable(format!("{:?}", e.0)))?,
        };
        self.moves.truncate(ply);
        self.history.truncate(ply);
        self.record =
            AnyGameRecord::from_wire(self.kind(), None, &self.moves).map_err(unavailable)?;
        self.clock = clock;
        self.proposals.clear();
        self.new_turn(now_ms);
        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
        Ok(Change::new(self, Step::TookBack { ply }))
    }
}
