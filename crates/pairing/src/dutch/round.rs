//! A round of the Dutch system (C.04.3 section 3, "Pairing process for a bracket"), as
//! Gacrux (MIT, Otto Milvang; `pairingdutch.py`, its weighted method) pairs it: the
//! score level of the pairing-allocated bye first, then bracket by bracket from the top,
//! each bracket as two lightest matchings of all the players not yet paired, so that the
//! completion criterion (C4: the rest can still be paired) is kept by the matching
//! itself. The first matching chooses the moved-down players' opponents (HE), the
//! second the remainder's S1, S2 and transpositions (HO); only the bracket's own pairs
//! are kept, the rest of each matching only shows that the round can be completed.

use alloc::vec::Vec;

use super::colour::{Side, allocate};
use super::criteria::{Criteria, Heterogeneous, Homogeneous};
use super::field::Field;
use super::reduce::{self, Plan};
use super::rules::RuleSet;
use super::solve::{min_weight_matching, perfect};
use crate::bignum::Nat;
use crate::model::{FirstColour, PlayerId, Tournament};
use crate::pairing::{Pair, Pairing};
use crate::points::Points;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DutchError {
    /// No pairing of the whole field keeps the absolute criteria (C.04.3 1.9.3: the
    /// chief arbiter decides).
    NoLegalPairing { round: u32 },
    /// The event plans fewer rounds (TRF 142 or XXR), as Gacrux's checker refuses it.
    PastLastRound { round: u32, rounds: u32 },
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
            DutchError::PastLastRound { round, rounds } => write!(
                f,
                "round {round}: the event plans {rounds} rounds (TRF record 142 or XXR); \
                 change the number of rounds to pair more"
            ),
        }
    }
}

pub(super) struct State<'a> {
    pub(super) field: &'a Field,
    /// The players still to pair, by level (highest first), then number.
    pub(super) nodes: Vec<u32>,
    /// The pairs that may meet among them (the lower number first).
    pub(super) edges: Vec<(u32, u32)>,
    pub(super) pab_level: usize,
    /// QN8 of each bracket paired (None: it had no pairs).
    pub(super) qn8: Vec<Option<u32>>,
    pub(super) pairs: Vec<(u32, u32)>,
    /// Whether `reduce` may shrink the graphs.
    pub(super) reduce: bool,
}

/// Round `round` of `t` by the 2026 text (any round: the first is the same process with
/// one bracket).
pub fn pair_round(t: &Tournament, round: u32) -> Result<Pairing, DutchError> {
    pair(t, round, RuleSet::Fide2026, true)
}

/// Round `round` of `t` by the text `rules` (the 2017 text for an event begun under it).
pub fn pair_round_by(t: &Tournament, round: u32, rules: RuleSet) -> Result<Pairing, DutchError> {
    pair(t, round, rules, true)
}

/// [`pair_round`] with every bracket matched on the whole field, as Gacrux matches it:
/// the check of `reduce`'s smaller graphs (`tests/dutch_reduce.rs`).
#[doc(hidden)]
pub fn pair_round_unreduced(t: &Tournament, round: u32) -> Result<Pairing, DutchError> {
    pair(t, round, RuleSet::Fide2026, false)
}

/// [`pair_round_by`] on the whole field, the check of `reduce` under either text.
#[doc(hidden)]
pub fn pair_round_unreduced_by(
    t: &Tournament,
    round: u32,
    rules: RuleSet,
) -> Result<Pairing, DutchError> {
    pair(t, round, rules, false)
}

fn pair(t: &Tournament, round: u32, rules: RuleSet, reduce: bool) -> Result<Pairing, DutchError> {
    if let Some(rounds) = t.rounds.filter(|&r| round > r) {
        return Err(DutchError::PastLastRound { round, rounds });
    }
    let field = Field::new(t, round, rules);
    // A first round with one score group and no prohibited pair is S1 against S2 in
    // order (what the matchings below find too, at a cost that grows as n³ with
    // factorial-sized weights): pair_first_round, checked against Gacrux on its own.
    let present = || field.players[1..].iter().filter(|c| c.present);
    if round == 1
        && present().all(|c| c.score == Points::ZERO)
        && !t
            .prohibited
            .iter()
            .any(|p| (p.first_round..=p.last_round).contains(&1))
    {
        return Ok(super::first_round::pair_first_round(t));
    }
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
    let pab_level = pab_level(&field, &nodes, &edges).ok_or(error.clone())?;
    if rules.fixes_pab_level() {
        edges.retain(|&(a, b)| a != 0 || field.get(b).level == pab_level);
    }
    let top = nodes.first().map_or(0, |&n| field.get(n).level);
    let mut state = State {
        field: &field,
        nodes,
        edges,
        pab_level,
        qn8: Vec::new(),
        pairs: Vec::new(),
        reduce,
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

/// The partner `State::stage` gives a player matched to one of `reduce`'s stand-ins: the
/// dummy's number, whose level (0) is below every bracket's.
pub(super) const STAND_IN: u32 = 0;

/// The level of the PAB (0 without the dummy): the lowest from which a player can take
/// it with the rest still paired (Gacrux's find_weighted_pab: a lightest maximum matching
/// in which the dummy's pairs weigh their partner's level); at once when Dirac's theorem
/// pairs the rest after the lowest candidate. None when the field cannot be paired.
fn pab_level(field: &Field, nodes: &[u32], edges: &[(u32, u32)]) -> Option<usize> {
    let n = nodes.len();
    let mut degree = alloc::vec![0usize; field.players.len()];
    for &(a, b) in edges.iter().filter(|&&(a, _)| a != 0) {
        degree[a as usize] += 1;
        degree[b as usize] += 1;
    }
    let lowest = edges
        .iter()
        .filter(|&&(a, _)| a == 0)
        .map(|&(_, b)| field.get(b).level)
        .min();
    let dummy = nodes.contains(&0);
    // Without the dummy and its partner, n - 2 players, each with at most one neighbour
    // gone (the partner).
    let dirac = if dummy {
        lowest.is_some()
            && n >= 5
            && nodes
                .iter()
                .filter(|&&v| v != 0)
                .all(|&v| 2 * degree[v as usize].saturating_sub(1) >= n - 2)
    } else {
        n >= 4 && nodes.iter().all(|&v| 2 * degree[v as usize] >= n)
    };
    if dirac {
        return Some(lowest.unwrap_or(0));
    }
    let weighted: Vec<(u32, u32, Nat)> = edges
        .iter()
        .map(|&(a, b)| {
            let w = if a == 0 { field.get(b).level } else { 0 };
            (a, b, Nat::from_u64(w as u64))
        })
        .collect();
    let matched = min_weight_matching(nodes, &weighted);
    if matched.len() * 2 < n {
        return None;
    }
    Some(
        matched
            .iter()
            .map(|&k| edges[k])
            .find(|&(a, _)| a == 0)
            .map_or(0, |(_, b)| field.get(b).level),
    )
}

impl State<'_> {
    pub(super) fn level(&self, n: u32) -> usize {
        self.field.get(n).level
    }

    /// Pairs the bracket of score level `s`.
    fn bracket(&mut self, s: usize) {
        let c9 = self.c9(s);
        let criteria = Criteria::new(self.field, s, &self.nodes, c9);
        // Each pair's C number and QN8, in the order of `self.edges`, when needed.
        let mut crit: Vec<Option<(Nat, u32)>> = alloc::vec![None; self.edges.len()];
        // The next bracket reads this one's QN8 when C9 may apply to it.
        let exact_qn8 = s >= 3 && s - 1 <= self.pab_level;
        let mut bracket_pairs = 0;
        let mut qn8 = 0;
        // HE: the moved-down players' opponents.
        let top = self
            .nodes
            .iter()
            .take_while(|&&n| self.level(n) >= s)
            .count();
        let mut numbers = alloc::vec![None; self.field.players.len()];
        for (i, &n) in self.nodes[..top].iter().enumerate() {
            numbers[n as usize] = Some(i + 1);
        }
        let moved = criteria.mdp.iter().sum::<u64>() as usize;
        let he = Heterogeneous::new(top, moved);
        let plan = self.plan(s, exact_qn8);
        // A homogeneous bracket paired alone (or sending one down, or with the next
        // bracket), when the first transposition of S2 is provably the lightest
        // matching (simple.rs, next.rs).
        if moved == 0
            && self.reduce
            && let Some((pairs, leaving)) = self.simple(s, &plan, &criteria)
        {
            self.remove(&pairs, &mut crit);
            self.qn8.push(Some(leaving));
            return;
        }
        let side = |n: u32| (numbers[n as usize], self.level(n));
        let weight =
            |(a, b): (u32, u32), qc: &Nat| qc.mul(he.total()).add(&he.edge(side(a), side(b), s));
        let matched = self.stage(s, &plan, &criteria, &mut crit, &weight);
        let mut homogeneous_pairs = 0;
        let mut paired = Vec::new();
        for (a, b, q) in matched {
            let (la, lb) = (self.level(a), self.level(b));
            let (high, low) = (la.max(lb), la.min(lb));
            if high > s && low == s {
                qn8 += q;
                paired.push((a, b));
            } else if high == s && low == s {
                homogeneous_pairs += 1;
            }
        }
        bracket_pairs += paired.len();
        self.remove(&paired, &mut crit);
        // HO: the remainder, rerun until the number of its pairs is the one assumed.
        let mut residents = alloc::vec![None; self.field.players.len()];
        let mut count = 0;
        for &n in self.nodes.iter().filter(|&&n| self.level(n) <= s) {
            if self.level(n) != s {
                break;
            }
            count += 1;
            residents[n as usize] = Some(count);
        }
        let plan = self.plan(s, exact_qn8);
        // The remainder, now homogeneous when every moved-down player has his
        // opponent, by its first transposition when that is provably its lightest
        // matching (simple.rs): the matching below with the same count of pairs.
        if moved > 0
            && self.reduce
            && homogeneous_pairs == count / 2
            && let Some((pairs, leaving)) = self.simple(s, &plan, &criteria)
        {
            bracket_pairs += pairs.len();
            self.remove(&pairs, &mut crit);
            self.qn8.push((bracket_pairs > 0).then_some(qn8 + leaving));
            return;
        }
        let result = loop {
            let ho = Homogeneous::new(count, homogeneous_pairs);
            let numbers = |a: u32, b: u32| match (residents[a as usize], residents[b as usize]) {
                (Some(x), Some(y)) => Some((x, y)),
                _ => None,
            };
            let weight =
                |(a, b): (u32, u32), qc: &Nat| qc.mul(ho.total()).add(&ho.edge(numbers(a, b)));
            let result = self.stage(s, &plan, &criteria, &mut crit, &weight);
            let within = result
                .iter()
                .filter(|&&(a, b, _)| self.level(a) == s && self.level(b) == s)
                .count();
            if within == homogeneous_pairs {
                break result;
            }
            homogeneous_pairs = within;
        };
        let mut paired = Vec::new();
        for (a, b, q) in result {
            qn8 += q;
            if self.level(a) == s && self.level(b) == s {
                paired.push((a, b));
            }
        }
        bracket_pairs += paired.len();
        self.remove(&paired, &mut crit);
        self.qn8.push((bracket_pairs > 0).then_some(qn8));
    }

    fn plan(&self, s: usize, exact_qn8: bool) -> Plan {
        if self.reduce {
            reduce::plan(self.field, &self.nodes, &self.edges, s, exact_qn8)
        } else {
            Plan::Full
        }
    }

    /// Whether C9 (minimise the unplayed games of the PAB's assignee) applies to the
    /// bracket of level `s` (Gacrux's apply_c9).
    fn c9(&self, s: usize) -> bool {
        if !self.field.rules.has_c9() || s > self.pab_level {
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
            let mut member = alloc::vec![false; self.field.players.len()];
            for &n in set {
                member[n as usize] = true;
            }
            self.edges
                .iter()
                .copied()
                .filter(|&(a, b)| member[a as usize] && member[b as usize])
                .collect()
        };
        perfect(&upper, &within(&upper)) && perfect(&rest, &within(&rest))
    }

    /// Takes the players of `paired` out, and their edges (with `crit`, which follows
    /// the edges).
    fn remove(&mut self, paired: &[(u32, u32)], crit: &mut Vec<Option<(Nat, u32)>>) {
        if paired.is_empty() {
            return;
        }
        let mut gone = alloc::vec![false; self.field.players.len()];
        for &(a, b) in paired {
            gone[a as usize] = true;
            gone[b as usize] = true;
        }
        self.nodes.retain(|&n| !gone[n as usize]);
        let keep: Vec<bool> = self
            .edges
            .iter()
            .map(|&(a, b)| !gone[a as usize] && !gone[b as usize])
            .collect();
        let mut k = 0;
        self.edges.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        let mut k = 0;
        crit.retain(|_| {
            k += 1;
            keep[k - 1]
        });
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
