//! A homogeneous bracket (or the residents left once the moved-down players have their
//! opponents) paired without a matching when its lightest matching can be shown to be
//! S1 against the first transposition of S2 that the criteria allow (Gacrux's "simple"
//! pairing, here with a proof for each bracket).
//!
//! A bracket of B players (B even, nobody moved down into it, the PAB not in it) that
//! `reduce` pairs alone (`Plan::Within`) is matched on weights `C·T + H`: C the pair's
//! criteria number, H its HO number (`criteria.rs`), T the HO numbers' total. The
//! search below takes S1 = bracket numbers 1..B/2 in order and gives each the lowest
//! S2 player left whose pair is perfect but for colours (C12 and C13 its only digits),
//! keeping the C12 and C13 counts at their lower bounds for any pairing of the bracket
//! (the players of the more asked-for colour who cannot meet one of the others must meet
//! each other; and so for strong preferences); it backtracks, and gives up after a fixed
//! number of steps. What it finds, M0, is the bracket's lightest matching, and the only
//! one:
//!
//! - any matching M has C(M) ≥ C(M0), every digit being a non-negative count and M0's
//!   at their lower bounds, equal only with the same digit sums; where C(M) > C(M0),
//!   W(M) - W(M0) ≥ T - H(M0) > 0, checked (H(M0) < the HO1 place < T);
//! - with C(M) = C(M0), an M that pairs two S2 players carries the HO1 digit, so H(M) is
//!   at least its place, more than H(M0) (checked);
//! - otherwise M pairs S1 against S2, HO2 to HO4 are the same as M0's, and HO5 sums
//!   `P_a·(b_a - a)` over S1's numbers a, where `P_(a-1) = (B - a)·P_a`. If M first
//!   differs from M0 at a = k, with b_k larger (M0 is the first in that order), then
//!   H(M) - H(M0) ≥ P_k - Σ_(a>k) P_a·(B - a - 1) = P_k - (P_k - P_(B/2)) > 0, since
//!   1 ≤ b_a - a ≤ B - a. So the carries Gacrux's radices allow change nothing here.
//!
//! An odd bracket that `reduce` pairs with one stand-in for the next bracket (`Blobs`,
//! one player sent down) is the same with S2 one longer: the S2 player left over floats,
//! and his float must cost C6 alone. Every matching of that graph has one floater, so
//! C(M) ≥ C6 + the colour bounds (taken over whoever floats); an M in which an S1
//! player floats, or two S1 or two S2 players meet, pairs two S2 players, HO1 again;
//! the pair with the stand-in weighs HO4's sum whoever floats, and HO5 is as above.
//! Then `reduce`'s check of a `Blobs` matching is made on M0, as `stage` would have
//! made it on the matching.
//!
//! When `reduce` pairs the bracket with the next one and a stand-in for the players
//! below (a two-bracket `Blobs`), next.rs shows the rest completes at the lower bounds
//! (the floater meets the next bracket at C6's cost, the stand-in takes a player of the
//! next bracket at QN8's, the others there pair among themselves at no C): so C(M) ≥
//! C(M0), the bound of QN8 being the stand-ins, whom every perfect matching pairs; every
//! pair not of two residents weighs HO4's sum, and there are as many in any M with
//! C(M) = C(M0), so the comparison of H is the one above. M0's count of pairs leaving
//! the next bracket (QN8, which C9 reads in the next bracket) is the stand-ins'.
//!
//! A bracket with moved-down players is paired in two stages (round.rs): the first
//! chooses their opponents by the matching (HE weights are small numbers, cheap); once
//! each has his opponent, the remainder is a homogeneous bracket of the residents left,
//! its stage weighted with the same HO numbers, so this search pairs it when the
//! matching's count of its pairs (the first stage's) is the one assumed here, half.
//!
//! The matching stages it stands for are n³ steps on numbers of B! size: a bracket of
//! 800 players took minutes (docs/logs/dutch-journal.md).

use alloc::vec;
use alloc::vec::Vec;

use super::colour::Strength;
use super::criteria::{Criteria, Homogeneous};
use super::next::{Next, Taken};
use super::reduce::{self, Plan};
use super::round::State;
use crate::bignum::Nat;
use crate::model::Colour;

/// How far the search may go before the matching is left to do the work.
const STEPS: usize = 200_000;

/// What a pair of the bracket costs in C: impossible (they may not meet, or a digit other
/// than C12 and C13), nothing, C12, or C12 and C13.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pair {
    Unknown,
    No,
    Clean,
    C12,
    C13,
}

impl Pair {
    /// Its C12 and C13 digits.
    fn colours(self) -> (i64, i64) {
        match self {
            Pair::C12 => (1, 0),
            Pair::C13 => (1, 1),
            _ => (0, 0),
        }
    }
}

/// A player's colour preference, and whether it is strong (C13).
type Asks = Option<(Colour, bool)>;

/// The colour counts of a set of players, for the lower bounds.
#[derive(Clone, Copy, Default)]
struct Counts {
    white: i64,
    black: i64,
    none: i64,
    strong_white: i64,
    strong_black: i64,
}

impl Counts {
    fn add(&mut self, asks: Asks, sign: i64) {
        match asks {
            None => self.none += sign,
            Some((Colour::White, strong)) => {
                self.white += sign;
                self.strong_white += sign * i64::from(strong);
            }
            Some((Colour::Black, strong)) => {
                self.black += sign;
                self.strong_black += sign * i64::from(strong);
            }
        }
    }

    /// The fewest pairs with one colour asked twice (C12), and asked strongly twice
    /// (C13), in any pairing of these players; of an odd number, whoever is left out.
    fn bounds(&self) -> (i64, i64) {
        if (self.white + self.black + self.none) % 2 == 0 {
            return self.even_bounds();
        }
        let kinds = [
            (self.none > 0, None),
            (self.white > self.strong_white, Some((Colour::White, false))),
            (self.strong_white > 0, Some((Colour::White, true))),
            (self.black > self.strong_black, Some((Colour::Black, false))),
            (self.strong_black > 0, Some((Colour::Black, true))),
        ];
        let mut best = (i64::MAX, i64::MAX);
        for (present, kind) in kinds {
            if present {
                let mut without = *self;
                without.add(kind, -1);
                let (c12, c13) = without.even_bounds();
                best = (best.0.min(c12), best.1.min(c13));
            }
        }
        best
    }

    /// The players of the colour more asked for who cannot meet one of the others meet
    /// each other; and so for strong preferences.
    fn even_bounds(&self) -> (i64, i64) {
        let total = self.white + self.black + self.none;
        let more = self.white.max(self.black);
        let c12 = (more - (total - more)).max(0) / 2;
        let half = total / 2;
        let c13 = (self.strong_white - half).max(0) + (self.strong_black - half).max(0);
        (c12, c13)
    }
}

impl State<'_> {
    /// The pairs of bracket `s`, all of whose players are of level `s`, when `plan` pairs
    /// it alone, with one stand-in, or with the next bracket (next.rs), and the search
    /// finds M0; and the count of pairs leaving the next bracket (QN8) of the matching
    /// M0 stands for. `None` to match as usual.
    pub(super) fn simple(
        &self,
        s: usize,
        plan: &Plan,
        criteria: &Criteria,
    ) -> Option<(Vec<(u32, u32)>, u32)> {
        let (upper, reps, below) = match plan {
            Plan::Within { upper } => (*upper, None, None),
            Plan::Blobs {
                upper,
                upper_s,
                blobs: 1,
                reps,
                ..
            } if upper == upper_s => (*upper, Some(reps), None),
            Plan::Blobs {
                upper,
                upper_s,
                blobs,
                reps,
                ..
            } if upper > upper_s => (
                *upper_s,
                None,
                Some(Next::new(self, *upper_s, *upper, *blobs, reps)),
            ),
            _ => return None,
        };
        let bracket = &self.nodes[..upper];
        let size = bracket.len();
        let odd = size % 2 == 1;
        if size < 4
            || (below.is_none() && odd != reps.is_some())
            || bracket.iter().any(|&n| n == 0 || self.level(n) != s)
        {
            return None;
        }
        // An even bracket sends nobody to the next one; it must still complete.
        if let Some(below) = &below
            && !odd
            && below.takes(None, criteria) != Taken::Yes
        {
            return None;
        }
        // S1 the first half, S2 the rest (one more when one floats).
        let half = size / 2;
        let others = size - half;
        let field = self.field;
        let mut number = vec![usize::MAX; field.players.len()];
        for (i, &n) in bracket.iter().enumerate() {
            number[n as usize] = i;
        }
        let mut pairs = vec![Pair::No; size * size];
        for &(a, b) in &self.edges {
            let (i, j) = (number[a as usize], number[b as usize]);
            if i != usize::MAX && j != usize::MAX {
                pairs[i.min(j) * size + i.max(j)] = Pair::Unknown;
            }
        }
        let (p12, p13) = criteria.colour_places();
        let both = p12.add(p13);
        // S1's i-th against S2's j-th.
        let mut cost = |i: usize, j: usize| -> Pair {
            let (x, y) = (i.min(half + j), i.max(half + j));
            let k = x * size + y;
            if pairs[k] == Pair::Unknown {
                let w = criteria.edge(bracket[x], bracket[y]).weight;
                pairs[k] = if w.is_zero() {
                    Pair::Clean
                } else if &w == p12 {
                    Pair::C12
                } else if w == both {
                    Pair::C13
                } else {
                    Pair::No
                };
            }
            pairs[k]
        };
        // Whether S2's j-th may float at C6's cost alone (through `reduce`'s stand-in).
        let floats_clean = |j: usize| {
            reps.and_then(|reps| reps[half + j]).is_some_and(|k| {
                let (a, b) = self.edges[k];
                &criteria.edge(a, b).weight == criteria.float_place()
            })
        };
        let asks = |i: usize| {
            field
                .get(bracket[i])
                .preference
                .map(|p| (p.colour, p.strength > Strength::Mild))
        };
        let mut rest = Counts::default();
        for i in 0..size {
            rest.add(asks(i), 1);
        }
        let (bound12, bound13) = rest.bounds();
        // choice[i]: the S2 index given to S1's i-th; the C12 and C13 counts so far.
        let mut choice: Vec<usize> = Vec::with_capacity(half);
        let mut used = vec![false; others];
        let (mut c12, mut c13) = (0i64, 0i64);
        let mut next = 0usize;
        let mut steps = 0;
        // Whether S2's j-th, left over, floats as M0's floater must (next.rs when the
        // next bracket is in the graph), remembered.
        let mut taken = vec![None; others];
        let mut floats = |j: usize| -> Taken {
            *taken[j].get_or_insert_with(|| match &below {
                Some(below) => below.takes(Some(bracket[half + j]), criteria),
                None if floats_clean(j) => Taken::Yes,
                None => Taken::Never,
            })
        };
        loop {
            let done = choice.len() == half;
            if done {
                if !odd {
                    break;
                }
                let left = (0..others).find(|&j| !used[j])?;
                match floats(left) {
                    Taken::Yes => break,
                    Taken::Never => {}
                    // Not proven either way: a later transposition is not M0's.
                    Taken::Unknown => return None,
                }
            }
            steps += 1;
            if steps > STEPS {
                return None;
            }
            let i = choice.len();
            let mut found = None;
            for j in (next..others).filter(|_| !done) {
                let pair = if used[j] { Pair::No } else { cost(i, j) };
                if pair == Pair::No {
                    continue;
                }
                let (d12, d13) = pair.colours();
                let mut after = rest;
                after.add(asks(i), -1);
                after.add(asks(half + j), -1);
                let (r12, r13) = after.bounds();
                if c12 + d12 + r12 <= bound12 && c13 + d13 + r13 <= bound13 {
                    found = Some((j, d12, d13, after));
                    break;
                }
            }
            if let Some((j, d12, d13, after)) = found {
                choice.push(j);
                used[j] = true;
                (c12, c13, rest) = (c12 + d12, c13 + d13, after);
                next = 0;
                continue;
            }
            // Back: the last choice gives way to the next S2 player after it.
            let j = choice.pop()?;
            let i = choice.len();
            used[j] = false;
            let (d12, d13) = cost(i, j).colours();
            (c12, c13) = (c12 - d12, c13 - d13);
            rest.add(asks(i), 1);
            rest.add(asks(half + j), 1);
            next = j + 1;
        }
        if (c12, c13) != (bound12, bound13) {
            return None;
        }
        // H(M0) below HO1's place (module comment); every pair not of two residents
        // (the floater's, the stand-in's, the next bracket's) weighs HO4's sum.
        let ho = Homogeneous::new(size, half);
        let h = choice.iter().enumerate().fold(Nat::zero(), |h, (i, &j)| {
            h.add(&ho.edge(Some((i + 1, half + j + 1))))
        });
        let (graph, blobs) = match plan {
            Plan::Within { upper } => (*upper, 0),
            Plan::Blobs { upper, blobs, .. } => (*upper, *blobs),
            Plan::Full => return None,
        };
        let others_pairs = (graph + blobs) / 2 - half;
        let h = h.add(&ho.edge(None).mul_small(others_pairs as u64));
        if &h >= ho.first_place() {
            return None;
        }
        let mut qn8 = 0;
        if let Plan::Blobs {
            upper_s,
            bracket_matching,
            stand_in_level,
            leaving,
            ..
        } = plan
        {
            // The check `stage` makes of a Blobs graph's matching: the floater's pair
            // (with the stand-in, or with the next bracket) and the stand-in's.
            let mut levels = vec![(s, s); half];
            if below.is_none() {
                levels.push((s, *stand_in_level));
            } else {
                if odd {
                    levels.push((s, s - 1));
                }
                if blobs == 1 {
                    levels.push((s - 1, *stand_in_level));
                    qn8 = 1;
                }
            }
            if !reduce::verified(&levels, s, *upper_s, *bracket_matching, *leaving) {
                return None;
            }
        }
        let pairs = choice
            .iter()
            .enumerate()
            .map(|(i, &j)| (bracket[i], bracket[half + j]))
            .collect();
        Some((pairs, qn8))
    }
}
