//! A team event's rounds: a round robin by FIDE's Berger tables (C.05 Annex 1), or a
//! Swiss by the Dutch system (C.04.3) on match points, both on the tournament of teams.
//!
//! FIDE pairs team Swiss events by its own team system (C.04.6: colour preferences of
//! teams, floats counted otherwise, game points in the brackets' order), which is not
//! implemented here: the Dutch system on match points needs nothing the individual
//! system does not have (docs/rules.md).

use alloc::vec::Vec;

use super::{Fixture, Match, TeamEvent, TeamId};
use crate::dutch::{self, DutchError};
use crate::model::{Bye, GameResult};
use crate::pairing::{Pair, Pairing};
use crate::round_robin::{self, Cycles};

/// Round `round` of a round robin of the event's teams, in their order; `None` past its
/// last round.
pub fn pair_round_robin(event: &TeamEvent, cycles: Cycles, round: u32) -> Option<Pairing> {
    round_robin::pair_round(event.teams.len() as u32, cycles, round)
}

/// Round `round` of a Swiss: the Dutch system pairs the teams on their match points,
/// their pairing numbers their order in the event; the team it gives White is named
/// first (White on board 1). A team with a bye already entered for the round (requested,
/// or absent) is not paired.
pub fn pair_swiss(event: &TeamEvent, round: u32) -> Result<Pairing, DutchError> {
    dutch::pair_round(&event.teams_tournament(), round)
}

impl TeamEvent {
    /// Enters `pairing` as round `round`: each match with the regulars lined up and no
    /// result, the pairing-allocated bye; byes already entered for the round stay.
    pub fn enter(&mut self, pairing: &Pairing, round: u32) {
        let index = round as usize - 1;
        if self.fixtures.len() <= index {
            self.fixtures.resize(index + 1, Vec::new());
        }
        let boards = self.boards as usize;
        let fixtures: Vec<Fixture> = pairing
            .pairs
            .iter()
            .map(|pair| match *pair {
                Pair::Game { white, black } => {
                    let (first, second) = (TeamId(white.0), TeamId(black.0));
                    Fixture::Match(Match {
                        first,
                        second,
                        first_line_up: self.regulars(first),
                        second_line_up: self.regulars(second),
                        results: alloc::vec![GameResult::Pending; boards],
                    })
                }
                Pair::Bye(team) => Fixture::Bye {
                    team: TeamId(team.0),
                    bye: Bye::PairingAllocated,
                },
            })
            .collect();
        let kept = core::mem::take(&mut self.fixtures[index])
            .into_iter()
            .filter(|f| matches!(f, Fixture::Bye { bye, .. } if *bye != Bye::PairingAllocated));
        self.fixtures[index] = fixtures.into_iter().chain(kept).collect();
    }

    /// Enters the result of `board` (from 1) of `team`'s match in round `round`, as
    /// `team`'s player's result.
    pub fn record(&mut self, round: u32, team: TeamId, board: u32, result: GameResult) -> bool {
        let Some(m) = self.match_of(round, team) else {
            return false;
        };
        let result = if m.first == team {
            result
        } else {
            result.reversed()
        };
        match m.results.get_mut(board as usize - 1) {
            Some(slot) => {
                *slot = result;
                true
            }
            None => false,
        }
    }
}
