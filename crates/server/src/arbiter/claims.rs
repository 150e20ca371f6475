//! Draw claims: 2017 art. 9.2 (repetition) and 9.3 (fifty moves), judged under art. 9.5.

use shatar_rules::any_game::GameMove;
use shatar_rules::clock::WRONG_CLAIM_BONUS_MS;
use shatar_rules::{Claim, ClaimVerdict, PlayError};

use super::{Change, Step, Table};
use crate::ids::PlayerId;
use crate::wire::{ErrorKind, Proposal};

impl Table {
    /// `player`, to move on ply `ply`, claims a draw as things stand or by announcing the
    /// move `text` (art. 9.2.a, 9.3.a). A right claim ends the game drawn (9.5.1). A wrong
    /// one (9.5.2) lets the announced move stand, gives the opponent two minutes (not in
    /// correspondence, where minutes mean nothing) and stands as a draw offer (9.1.2.c);
    /// the change is then committed and the claim still refused with
    /// [`ErrorKind::WrongClaim`].
    ///
    /// Games whose draws come by themselves (the folk rules, Xiangqi) take no claims.
    pub fn claim_draw(
        &self,
        player: PlayerId,
        ply: u32,
        text: Option<&str>,
        now_ms: u64,
    ) -> Result<Change, ErrorKind> {
        let side = self.mover(player, ply)?;
        if !self.record.has_claims() {
            return Err(ErrorKind::NoClaims);
        }
        let mut table = self.clone();
        let announced = match text {
            None => None,
            Some(text) => match self.parse(text)? {
                GameMove::Board8(m) => Some(m),
                GameMove::Xiangqi(_) => return Err(ErrorKind::NoClaims),
            },
        };
        let claim = announced.map_or(Claim::Now, Claim::WithMove);
        let verdict = table.record.claim_draw(claim).map_err(|e| match e {
            PlayError::GameOver(outcome) => ErrorKind::GameOver {
                outcome: crate::wire::OutcomeWire(outcome),
            },
            PlayError::Illegal(m) => ErrorKind::IllegalMove {
                text: m.to_string(),
                reason: "no legal move here".into(),
            },
        })?;
        let mut steps = Vec::new();
        if let Some(m) = announced {
            steps.push(table.after_move(side, m.to_string(), now_ms));
        }
        match verdict {
            ClaimVerdict::Drawn(outcome) if announced.is_some() => {
                // The announced move made the draw: its own step says so.
                table.clock.pause(now_ms);
                table.proposals.clear();
                if let Some(Step::Moved { outcome: o, .. }) = steps.last_mut() {
                    *o = Some(outcome);
                }
                Ok(Change {
                    steps,
                    ..Change::unchanged(table)
                })
            }
            ClaimVerdict::Drawn(outcome) => Ok(table.end(outcome, now_ms)),
            // The announced move may have ended the game by itself (a mate).
            ClaimVerdict::Rejected if table.is_over() => Ok(Change {
                steps,
                ..Change::unchanged(table)
            }),
            ClaimVerdict::Rejected => {
                let added_ms = match table.is_correspondence() {
                    true => 0,
                    false => WRONG_CLAIM_BONUS_MS,
                };
                table.clock.add_time(side.other().into(), added_ms);
                steps.push(Step::ClaimRefused { by: side, added_ms });
                if !table.proposals.contains(&(side, Proposal::Draw)) {
                    table.proposals.push((side, Proposal::Draw));
                }
                let mut change = Change {
                    steps,
                    ..Change::unchanged(table)
                };
                change.refusal = Some(ErrorKind::WrongClaim { added_ms });
                Ok(change)
            }
        }
    }
}
