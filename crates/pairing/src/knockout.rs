//! Knockout: a seeded bracket, and matches of a few games decided, when level, by
//! tie-break games (AXF 2008 ch. 2 §5 一: seeds in different parts of the draw, so
//! that they do not meet early; a level match played off with faster games).
//!
//! The bracket is the usual one: seed 1 meets seed 2 only in the final, seeds 1 to 4 not
//! before the semi-finals, and so on; where the field is not a power of two, the top
//! seeds have byes in the first round.

use alloc::vec;
use alloc::vec::Vec;

use crate::model::{Colour, Outcome, Player, PlayerId};
use crate::points::Points;
use crate::scoring::ScoreSystem;

/// The seeds in bracket order for a bracket of `size` (a power of two): adjacent seeds
/// meet in the first round, adjacent pairs' winners in the second, and so on. Built by
/// doubling: every seed `s` is followed by `size + 1 - s`.
pub fn bracket_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    let mut n = 1;
    while n < size {
        n *= 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The players in seeding order: by rating, highest first, then by number.
pub fn seeds(players: &[Player]) -> Vec<PlayerId> {
    let mut seeded: Vec<&Player> = players.iter().collect();
    seeded.sort_by_key(|p| (core::cmp::Reverse(p.rating), p.id));
    seeded.into_iter().map(|p| p.id).collect()
}

/// One place of a round's draw: a match, or a player through without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// `higher` is the better seed.
    Match {
        higher: PlayerId,
        lower: PlayerId,
    },
    Bye(PlayerId),
}

/// The first round of a knockout of `seeded` (best first), in bracket order.
pub fn first_round(seeded: &[PlayerId]) -> Vec<Tie> {
    let size = (seeded.len() as u32).next_power_of_two().max(2);
    let order = bracket_order(size);
    let player = |seed: u32| seeded.get(seed as usize - 1).copied();
    order
        .chunks(2)
        .filter_map(|pair| match (player(pair[0]), player(pair[1])) {
            (Some(a), Some(b)) => Some(Tie::Match {
                higher: a,
                lower: b,
            }),
            (Some(a), None) | (None, Some(a)) => Some(Tie::Bye(a)),
            (None, None) => None,
        })
        .collect()
}

/// The next round from the winners of this one, in bracket order; `seed_of` gives each
/// player's seed (1 the best).
pub fn next_round(winners: &[PlayerId], seed_of: &dyn Fn(PlayerId) -> u32) -> Vec<Tie> {
    winners
        .chunks(2)
        .map(|pair| match *pair {
            [a, b] if seed_of(a) <= seed_of(b) => Tie::Match {
                higher: a,
                lower: b,
            },
            [a, b] => Tie::Match {
                higher: b,
                lower: a,
            },
            [a] => Tie::Bye(a),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// A match's games, from the better seed's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// The games of the match proper.
    pub games: Vec<Outcome>,
    /// The tie-break games, played only when the match is level, in order.
    pub tie_breaks: Vec<Outcome>,
}

/// Who won a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchWinner {
    Higher,
    Lower,
}

impl MatchResult {
    /// The winner: more points in the match; if level, more points in the tie-break
    /// games; `None` while it is still level (more tie-break games are needed).
    pub fn winner(&self, scoring: &ScoreSystem) -> Option<MatchWinner> {
        let points = |games: &[Outcome]| -> (Points, Points) {
            let higher = games.iter().map(|&o| scoring.outcome(o)).sum();
            let lower = games.iter().map(|&o| scoring.outcome(o.reversed())).sum();
            (higher, lower)
        };
        for games in [&self.games, &self.tie_breaks] {
            let (h, l) = points(games);
            if h != l {
                return Some(if h > l {
                    MatchWinner::Higher
                } else {
                    MatchWinner::Lower
                });
            }
        }
        None
    }

    /// The better seed's colour in game `game` (from 0) of the match, his first being
    /// `first`: colours alternate, and the tie-break games go on alternating.
    pub fn colour(first: Colour, game: usize) -> Colour {
        if game.is_multiple_of(2) {
            first
        } else {
            first.opposite()
        }
    }
}
