//! AXF's Swiss (积分编排制, AXF 2008 ch. 3 §3 一): "each round is paired anew; the first
//! round by lot, 1 against 2, 3 against 4 and so on, the odd numbers moving first (Red);
//! in the second round, as far as possible, who had Red has Black".
//!
//! The text says no more, so what it leaves open is chosen here (docs/rules.md,
//! "Tournaments"):
//! - the lot is the players' numbers: the director draws them, this crate draws nothing;
//! - later rounds: the players in order of score, then number; each in turn meets the
//!   highest-placed player left whom he has not met (any earlier pairing, forfeits
//!   included, is a meeting), backtracking where that would leave someone unpaired;
//! - prohibited pairings (`Tournament::prohibited`) are avoided as rematches are;
//! - an odd number: the lowest-placed player who has not had a bye sits out, with a
//!   bye worth a win (the event's `pairing_bye`), as C.04.1 gives it and AXF does not
//!   say otherwise;
//! - colours: each player's colour is the other one than in his last game; when both
//!   had the same last colour, the one who had Red more often gets Black, and when that
//!   is equal too, the higher-placed player gets his alternation.

use alloc::vec::Vec;

use crate::model::{Bye, Colour, Entry, PlayerId, Tournament};
use crate::pairing::{Pair, Pairing};
use crate::points::Points;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AxfPairingError {
    /// Everyone left has met everyone else left: no pairing without a rematch.
    NoPairing { round: u32 },
}

impl core::fmt::Display for AxfPairingError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AxfPairingError::NoPairing { round } => write!(
                f,
                "round {round} cannot be paired without two players meeting again"
            ),
        }
    }
}

/// A limit on the search, so that a field that cannot be paired fails in time.
const MAX_STEPS: u32 = 2_000_000;

/// Pairs round `round` of `t`: the players who have no entry for it yet and have not
/// withdrawn.
pub fn pair_round(t: &Tournament, round: u32) -> Result<Pairing, AxfPairingError> {
    let mut players: Vec<(Points, PlayerId)> = t
        .players
        .iter()
        .filter(|p| p.entry(round).is_none() && p.withdrawn_from.is_none_or(|w| w > round))
        .map(|p| (t.score(p.id, round - 1), p.id))
        .collect();
    // By score, then by number (the lot's order in round 1).
    players.sort_by_key(|&(score, id)| (core::cmp::Reverse(score), id));
    let order: Vec<PlayerId> = players.into_iter().map(|(_, id)| id).collect();
    // A prohibited pairing (same club, same family: record 260) counts as a meeting.
    let met = |a: PlayerId, b: PlayerId| {
        t.prohibited(round, a, b)
            || t.player(a)
                .rounds
                .iter()
                .take(round as usize - 1)
                .any(|e| e.opponent() == Some(b))
    };
    let had_bye = |p: PlayerId| {
        t.player(p)
            .rounds
            .iter()
            .take(round as usize - 1)
            .any(|e| *e == Entry::Bye(Bye::PairingAllocated))
    };
    let mut candidates: Vec<Option<usize>> = Vec::new();
    if order.len() % 2 == 1 {
        candidates.extend(
            (0..order.len())
                .rev()
                .filter(|&i| !had_bye(order[i]))
                .map(Some),
        );
        // Everyone has had one: the lowest-placed gets a second rather than no round.
        candidates.extend(
            (0..order.len())
                .rev()
                .filter(|&i| had_bye(order[i]))
                .map(Some),
        );
    } else {
        candidates.push(None);
    }
    for bye in candidates {
        let mut paired = alloc::vec![false; order.len()];
        if let Some(b) = bye {
            paired[b] = true;
        }
        let mut pairs = Vec::new();
        let mut steps = 0;
        if search(&order, &met, &mut paired, &mut pairs, &mut steps) {
            let mut result: Vec<Pair> = pairs
                .into_iter()
                .map(|(a, b)| colours(t, round, order[a], order[b]))
                .collect();
            if let Some(b) = bye {
                result.push(Pair::Bye(order[b]));
            }
            return Ok(Pairing { pairs: result });
        }
    }
    Err(AxfPairingError::NoPairing { round })
}

/// Pairs the first unpaired player with the highest-placed opponent that leaves the rest
/// pairable.
fn search(
    order: &[PlayerId],
    met: &dyn Fn(PlayerId, PlayerId) -> bool,
    paired: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    steps: &mut u32,
) -> bool {
    let Some(a) = paired.iter().position(|&p| !p) else {
        return true;
    };
    paired[a] = true;
    for b in a + 1..order.len() {
        *steps += 1;
        if *steps > MAX_STEPS {
            break;
        }
        if paired[b] || met(order[a], order[b]) {
            continue;
        }
        paired[b] = true;
        pairs.push((a, b));
        if search(order, met, paired, pairs, steps) {
            return true;
        }
        pairs.pop();
        paired[b] = false;
    }
    paired[a] = false;
    false
}

/// Who has Red (White): `higher` is the higher-placed player.
fn colours(t: &Tournament, round: u32, higher: PlayerId, lower: PlayerId) -> Pair {
    let history = |p: PlayerId| -> (Option<Colour>, i32) {
        let played: Vec<Colour> = t
            .player(p)
            .rounds
            .iter()
            .take(round as usize - 1)
            .filter_map(Entry::played_colour)
            .collect();
        let reds = played.iter().filter(|&&c| c == Colour::White).count() as i32;
        (played.last().copied(), 2 * reds - played.len() as i32)
    };
    let (last_h, balance_h) = history(higher);
    let (last_l, balance_l) = history(lower);
    let higher_colour = match (last_h, last_l) {
        (Some(h), Some(l)) if h != l => h.opposite(),
        (Some(h), None) => h.opposite(),
        (None, Some(l)) => l,
        (Some(_), Some(_)) if balance_h != balance_l => {
            if balance_h > balance_l {
                Colour::Black
            } else {
                Colour::White
            }
        }
        (Some(h), Some(_)) => h.opposite(),
        // Round 1, or two newcomers: the higher-placed (the odd number) has Red.
        (None, None) => Colour::White,
    };
    match higher_colour {
        Colour::White => Pair::Game {
            white: higher,
            black: lower,
        },
        Colour::Black => Pair::Game {
            white: lower,
            black: higher,
        },
    }
}
