//! The first round (C.04.3: one bracket, S1 the top half against S2 the bottom half,
//! the pairing-allocated bye to the lowest-ranked player; colours by E.5).

use alloc::vec::Vec;

use super::colour::{ColourHistory, Side, allocate, pairing_numbers};
use crate::model::{FirstColour, PlayerId, Tournament};
use crate::pairing::{Pair, Pairing};

/// Round 1 of `t`: its players in number order (TRF's starting ranks are the initial
/// ranking, C.04.3 A.2), less those with an entry for round 1 already (requested byes,
/// absences).
pub fn pair_first_round(t: &Tournament) -> Pairing {
    let players: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|p| p.entry(1).is_none() && p.withdrawn_from.is_none_or(|w| w > 1))
        .map(|p| p.id)
        .collect();
    let first = t.first_colour.unwrap_or(FirstColour::White);
    let half = players.len() / 2;
    let none = ColourHistory::default();
    let numbers = pairing_numbers(t, 1);
    let mut pairs: Vec<Pair> = (0..half)
        .map(|i| {
            let side = |id: PlayerId| Side {
                id,
                number: numbers[id.index()].unwrap_or(id.0),
                score: crate::Points::ZERO,
                history: &none,
            };
            let (white, black) = allocate(&side(players[i]), &side(players[half + i]), first);
            Pair::Game { white, black }
        })
        .collect();
    if players.len() % 2 == 1 {
        pairs.push(Pair::Bye(players[players.len() - 1]));
    }
    Pairing { pairs }
}
