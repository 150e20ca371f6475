//! Each player's rounds as the tie-breaks see them (C.07 §4 and §16): points, whether
//! the round was played, and whether it was a voluntarily unplayed round.

use alloc::vec::Vec;

use crate::model::{Bye, Colour, Entry, GameResult, Outcome, Tournament};
use crate::points::Points;

/// One round of one player.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    /// The event's points for it.
    pub points: Points,
    /// 1, ½, 0 whatever the event's scores, for the rating tie-breaks (FIDE B.02).
    pub rating_points: Points,
    /// White for byes and absences, as in Gacrux.
    pub colour: Colour,
    /// Played over the board, or the pairing-allocated bye: C.07 counts the PAB among
    /// the rounds a player was paired and played (§16.2).
    pub played: bool,
    /// A voluntarily unplayed round (C.07 §16.2.5): not played and not worth a win (a
    /// forfeit win and a full-point bye are not voluntary).
    pub vur: bool,
    /// The opponent's index, in a pairing (played, forfeited or pending).
    pub opponent: Option<usize>,
}

/// Every player's rounds, 1 to `rounds`; rounds without an entry are absences.
pub fn rounds(t: &Tournament, rounds: u32) -> Vec<Vec<Round>> {
    t.players
        .iter()
        .map(|p| {
            (1..=rounds)
                .map(|r| round(t, p.entry(r).copied().unwrap_or(Entry::Bye(Bye::Absent))))
                .collect()
        })
        .collect()
}

fn round(t: &Tournament, entry: Entry) -> Round {
    let points = t.scoring.points(&entry);
    let mut round = Round {
        points,
        rating_points: Points::ZERO,
        colour: Colour::White,
        played: false,
        vur: true,
        opponent: None,
    };
    match entry {
        Entry::Game {
            opponent,
            colour,
            result,
        } => {
            round.colour = colour;
            round.opponent = Some(opponent.index());
            match result {
                GameResult::Played { outcome, .. } => {
                    round.played = true;
                    round.vur = false;
                    round.rating_points = match outcome {
                        Outcome::Win => Points::ONE,
                        Outcome::Draw => Points::HALF,
                        Outcome::Loss => Points::ZERO,
                    };
                }
                GameResult::Forfeit { won } => round.vur = !won,
                GameResult::Pending => {}
            }
        }
        Entry::Bye(Bye::PairingAllocated) => {
            round.played = true;
            round.vur = false;
        }
        Entry::Bye(Bye::FullPoint) => round.vur = false,
        Entry::Bye(Bye::HalfPoint | Bye::ZeroPoint | Bye::Absent) => {}
    }
    round
}
