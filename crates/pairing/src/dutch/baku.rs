//! Baku acceleration (C.04.5.1): in the first half of the rounds the top players, group
//! A, pair with virtual points added to their scores, a win's worth in the first half of
//! those rounds and half a win's in the second, so that the strong meet each other
//! sooner. The points are never added to the standings ([`Tournament::virtual_points`]
//! is read by the pairing only).
//!
//! Group A is the first 2⌈N/4⌉ players of the N who start (an even number, so that it
//! pairs within itself), as Gacrux's tournament generator builds it. The text gives 1
//! and ½ point, which in 1/½/0 are a win and a draw; under AXF's 2/1/0 the same places
//! among the real scores are 2 and 1 points, a win and a draw again, which is what this
//! gives (the points scale with the event's win; docs/rules.md, "Tournaments").

use alloc::vec::Vec;

use crate::model::{Acceleration, PlayerId, Tournament};
use crate::points::Points;

/// The virtual points of Baku acceleration for `t`, whose planned number of rounds is
/// `rounds`: one range for group A in the first ⌈R/4⌉ rounds (a win), one for the rounds
/// after them up to ⌈R/2⌉ (half a win).
pub fn baku(t: &Tournament, rounds: u32) -> Vec<Acceleration> {
    let starting: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|p| p.withdrawn_from.is_none_or(|w| w > 1))
        .map(|p| p.id)
        .collect();
    let Some(&first_player) = starting.first() else {
        return Vec::new();
    };
    let group = starting.len().div_ceil(4) * 2;
    let last_player = starting[group.min(starting.len()) - 1];
    let (full, half) = (rounds.div_ceil(4), rounds.div_ceil(2));
    let win = t.scoring.win;
    let mut ranges = Vec::new();
    for (first_round, last_round, points) in [(1, full, win), (full + 1, half, Points(win.0 / 2))] {
        if first_round <= last_round {
            ranges.push(Acceleration {
                points,
                first_round,
                last_round,
                first_player,
                last_player,
            });
        }
    }
    ranges
}
