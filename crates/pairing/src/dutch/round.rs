//! A round of the Dutch system (C.04.3 section 3, "Pairing process for a bracket"), as
//! Gacrux (MIT, Otto Milvang; `pairingdutch.py`, its weighted method) pairs it: the
//! score level of the pairing-allocated bye first, then bracket by bracket from the top,
//! each bracket as two lightest matchings of all the players not yet paired, so that the
//! completion criterion (C4: the rest can still be paired) is kept by the matching
//! itself. The first matching chooses the moved-down players' opponents (HE), the
//! second the remainder's S1, S2 and transpositions (HO); only the bracket's own pairs
//! are kept, the rest of each matching only shows that the round can be completed.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::colour::{Side, allocate};
use super::criteria::{Criteria, Heterogeneous, Homogeneous};
use super::field::Field;
use super::solve::{min_weight_matching, unmatched};
use crate::bignum::Nat;
use crate::model::{FirstColour, PlayerId, Tournament};
use crate::pairing::{Pair, Pairing};

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DutchError {
    /// No pairing of the whole field keeps the absolute criteria (C.04.3 1.9.3: the
    /// chief arbiter decides).
    NoLegalPairing { round: u32 },
}

impl core::fmt::Display for DutchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DutchError::NoLegalPairing { round } => write!(
                f,
                "round {round}: no pairing of the players keeps the absolute criteria (no \
                 rematch, no second pairing-allocated bye, no two non-topscorers with the \
                 same absolute colour preference, no prohibited pair): C.04.3 1.9.3 leaves \
                 it to the chief arbiter"
            ),
        }
    }
}

struct State<'a> {
    field: &'a Field,
    /// The players still to pair, by level (highest first), then number.
    nodes: Vec<u32>,
    /// The pairs that may meet among them (the lower number first).
    edges: Vec<(u32, u32)>,
    pab_level: usize,
    /// QN8 of each bracket paired (None: it had no pairs).
    qn8: Vec<Option<u32>>,
    pairs: Vec<(u32, u32)>,
}

/// Round `round` of `t` (any round: the first is the same process with one bracket).
pub fn pair_round(t: &Tournament, round: u32) -> Result<Pairing, DutchError> {
    let field = Field::new(t, round);
    let mut nodes: Vec<u32> = field
        .players
        .iter()
        .filter(|c| c.present)
        .map(|c| c.id)
        .collect();
    nodes.sort_by_key(|&n| (core::cmp::Reverse(field.get(n).level), n));
    let mut edges = Vec::new();
    for (i, &a) in nodes.iter().enumerate() {
        for &b in &nodes[i + 1..] {
            if field.can_meet(t, a, b) {
                edges.push((a.min(b), a.max(b)));
            }
        }
    }
    let error = DutchError::NoLegalPairing { round };
    // The level of the PAB: the lowest from which a player can take it with the rest
    // still paired (Gacrux's find_weighted_pab).
    let weighted: Vec<(u32, u32, Nat)> = edges
        .iter()
        .map(|&(a, b)| {
            let w = if a == 0 { field.get(b).level } else { 0 };
            (a, b, Nat::from_u64(w as u64))
        })
        .collect();
    let matched = min_weight_matching(&nodes, &weighted);
    if matched.len() * 2 < nodes.len() {
        return Err(error);
    }
    let pab_level = matched
        .iter()
        .find(|&&(a, _)| a == 0)
        .map_or(0, |&(_, b)| field.get(b).level);
    edges.retain(|&(a, b)| a != 0 || field.get(b).level == pab_level);
    let top = nodes.first().map_or(0, |&n| field.get(n).level);
    let mut state = State {
        field: &field,
        nodes,
        edges,
        pab_level,
        qn8: Vec::new(),
        pairs: Vec::new(),
    };
    for level in (0..=top).rev() {
        if state.nodes.is_empty() {
            break;
        }
        state.bracket(level);
    }
    if !state.nodes.is_empty() {
        return Err(error);
    }
    Ok(boards(t, &field, &state.pairs))
}

impl State<'_> {
    fn level(&self, n: u32) -> usize {
        self.field.get(n).level
    }

    /// Pairs the bracket of score level `s`.
    fn bracket(&mut self, s: usize) {
        let c9 = self.c9(s);
        let criteria = Criteria::new(self.field, s, &self.nodes, c9);
        let mut cache: BTreeMap<(u32, u32), (Nat, u32)> = BTreeMap::new();
        for &(a, b) in &self.edges {
            let e = criteria.edge(a, b);
            cache.insert((a, b), (e.weight, e.qn8));
        }
        let mut bracket_pairs = 0;
        let mut qn8 = 0;
        // HE: the moved-down players' opponents.
        let numbers: BTreeMap<u32, usize> = self
            .nodes
            .iter()
            .take_while(|&&n| self.level(n) >= s)
            .enumerate()
            .map(|(i, &n)| (n, i + 1))
            .collect();
        let moved = criteria.mdp.iter().sum::<u64>() as usize;
        let he = Heterogeneous::new(numbers.len(), moved);
        let weights: Vec<(u32, u32, Nat)> = self
            .edges
            .iter()
            .map(|&(a, b)| {
                let side = |n: u32| (numbers.get(&n).copied(), self.level(n));
                let w = cache[&(a, b)]
                    .0
                    .mul(he.total())
                    .add(&he.edge(side(a), side(b), s));
                (a, b, w)
            })
            .collect();
        let mut homogeneous_pairs = 0;
        let mut paired = Vec::new();
        for (a, b) in min_weight_matching(&self.nodes, &weights) {
            let (high, low) = (
                self.level(a).max(self.level(b)),
                self.level(a).min(self.level(b)),
            );
            if high > s && low == s {
                qn8 += cache[&(a, b)].1;
                paired.push((a, b));
            } else if high == s && low == s {
                homogeneous_pairs += 1;
            }
        }
        bracket_pairs += paired.len();
        self.remove(&paired);
        // HO: the remainder, rerun until the number of its pairs is the one assumed.
        let residents: BTreeMap<u32, usize> = self
            .nodes
            .iter()
            .filter(|&&n| self.level(n) <= s)
            .take_while(|&&n| self.level(n) == s)
            .enumerate()
            .map(|(i, &n)| (n, i + 1))
            .collect();
        let result = loop {
            let ho = Homogeneous::new(residents.len(), homogeneous_pairs);
            let weights: Vec<(u32, u32, Nat)> = self
                .edges
                .iter()
                .map(|&(a, b)| {
                    let numbers = match (residents.get(&a), residents.get(&b)) {
                        (Some(&x), Some(&y)) => Some((x, y)),
                        _ => None,
                    };
                    (
                        a,
                        b,
                        cache[&(a, b)].0.mul(ho.total()).add(&ho.edge(numbers)),
                    )
                })
                .collect();
            let result = min_weight_matching(&self.nodes, &weights);
            let count = result
                .iter()
                .filter(|&&(a, b)| self.level(a) == s && self.level(b) == s)
                .count();
            if count == homogeneous_pairs {
                break result;
            }
            homogeneous_pairs = count;
        };
        let mut paired = Vec::new();
        for (a, b) in result {
            qn8 += cache[&(a, b)].1;
            if self.level(a) == s && self.level(b) == s {
                paired.push((a, b));
            }
        }
        bracket_pairs += paired.len();
        self.remove(&paired);
        self.qn8.push((bracket_pairs > 0).then_some(qn8));
    }

    /// Whether C9 (minimise the unplayed games of the PAB's assignee) applies to the
    /// bracket of level `s` (Gacrux's apply_c9).
    fn c9(&self, s: usize) -> bool {
        if s > self.pab_level {
            return false;
        }
        if s <= 1 {
            return true;
        }
        if let Some(&Some(qn8)) = self.qn8.last() {
            return qn8 == 1;
        }
        let upper: Vec<u32> = self
            .nodes
            .iter()
            .copied()
            .filter(|&n| self.level(n) >= s || n == 0)
            .collect();
        if upper.len() % 2 == 1 {
            return false;
        }
        let rest: Vec<u32> = self
            .nodes
            .iter()
            .copied()
            .filter(|&n| self.level(n) < s && n != 0)
            .collect();
        let within = |set: &[u32]| -> Vec<(u32, u32)> {
            self.edges
                .iter()
                .copied()
                .filter(|(a, b)| set.contains(a) && set.contains(b))
                .collect()
        };
        unmatched(&upper, &within(&upper)) == 0 && unmatched(&rest, &within(&rest)) == 0
    }

    fn remove(&mut self, paired: &[(u32, u32)]) {
        if paired.is_empty() {
            return;
        }
        let gone: Vec<u32> = paired.iter().flat_map(|&(a, b)| [a, b]).collect();
        self.nodes.retain(|n| !gone.contains(n));
        self.edges
            .retain(|(a, b)| !gone.contains(a) && !gone.contains(b));
        self.pairs.extend_from_slice(paired);
    }
}

/// The pairs with colours (E.1-E.5), by board: the higher score of the pair, then the
/// sum of the scores, then the higher-ranked player (C.04.2); the bye last.
fn boards(t: &Tournament, field: &Field, pairs: &[(u32, u32)]) -> Pairing {
    let first = t.first_colour.unwrap_or(FirstColour::White);
    let mut games = Vec::new();
    let mut bye = None;
    for &(a, b) in pairs {
        let (a, b) = (a.min(b), a.max(b));
        if a == 0 {
            bye = Some(PlayerId(b));
            continue;
        }
        let side = |n: u32| {
            let c = field.get(n);
            Side {
                id: PlayerId(n),
                number: c.number,
                score: c.score,
                history: &c.history,
            }
        };
        let (white, black) = allocate(&side(a), &side(b), first);
        let (sa, sb) = (field.get(a).score, field.get(b).score);
        games.push((
            (
                core::cmp::Reverse(sa.max(sb)),
                core::cmp::Reverse(sa + sb),
                a,
            ),
            white,
            black,
        ));
    }
    games.sort_by_key(|g| g.0);
    let mut out: Vec<Pair> = games
        .into_iter()
        .map(|(_, white, black)| Pair::Game { white, black })
        .collect();
    if let Some(p) = bye {
        out.push(Pair::Bye(p));
    }
    Pairing { pairs: out }
}
