//! Smaller graphs with the same lightest matching, for large fields.
//!
//! Gacrux pairs each bracket with a matching of every player not yet paired, so that
//! the rest of the round can still be completed; with n players that is n³ steps on
//! integers of n! size. Most of those players only have to be matchable: their pairs
//! among themselves all weigh the same, and a pair of one of them with a player above
//! weighs what that player's float costs, whoever the one below is. So, when it can be
//! shown that the players below can take whatever comes down to them:
//!
//! - `Within`: the bracket's players (level `s` and above) can all be paired among
//!   themselves and so can the players below: no one floats (C6 is the first criterion),
//!   and the bracket's matching alone decides.
//! - `Blobs`: the bracket's players stay, with one stand-in for the next bracket's when
//!   the bracket's parity sends one of them down (those keep a perfect matching whoever
//!   of them is taken, and so do the players below them: Dirac's theorem with that
//!   margin); or, failing that, the players of the bracket and of the next one stay,
//!   with one stand-in for those below when the two brackets' parity sends one down.
//!   The stand-in is joined to every player above with a neighbour it stands for, at
//!   the weight of his float. Each matching of the smaller graph is one of the whole
//!   graph, its weight less a constant. The whole graph's lightest matching is among
//!   them when the one found is at the lower bounds of the three first criteria: as few
//!   floaters from the bracket as its own maximum matching leaves (C6), no moved-down
//!   player floating on (C7), and no more pairs leaving the next bracket than parity
//!   forces (QN8); then the whole graph's lightest has those values too, so at most the
//!   one pair down, and it is the same. When the check fails, the whole graph.
//!
//! Otherwise (`Full`) the whole graph.

use alloc::vec;
use alloc::vec::Vec;

use super::field::Field;
use super::solve::unmatched;

pub enum Plan {
    Full,
    /// The first `upper` players (those of level `s` and above).
    Within {
        upper: usize,
    },
    /// The first `upper` players (level `s - 1` and above; the first `upper_s` of them
    /// the bracket's) and `blobs` stand-ins (0 or 1, what parity forces down);
    /// `reps[i]`: an edge from player i to a player below, standing for all of them.
    /// Exact when the matching found is as good on C6, C7 and QN8 as can be: see
    /// [`verified`].
    Blobs {
        upper: usize,
        upper_s: usize,
        blobs: usize,
        /// The size of a maximum matching within the bracket.
        bracket_matching: usize,
        reps: Vec<Option<usize>>,
        /// The level the stand-in counts as (the next bracket's, or below it).
        stand_in_level: usize,
        /// The pairs leaving the next bracket a check must find (QN8).
        leaving: usize,
    },
}

/// Small fields are paired on the whole graph, as Gacrux pairs them.
const SMALL: usize = 64;

/// How bracket `s` can be matched, `nodes` being by level, highest first. `exact_qn8`:
/// the count of pairs leaving the next bracket (QN8) is read afterwards and must be the
/// whole graph's, which `Within` does not give.
pub fn plan(field: &Field, nodes: &[u32], edges: &[(u32, u32)], s: usize, exact_qn8: bool) -> Plan {
    if nodes.len() <= SMALL || s == 0 {
        return Plan::Full;
    }
    let level = |n: u32| field.get(n).level;
    let upper_s = nodes.iter().take_while(|&&n| level(n) >= s).count();
    let upper = nodes.iter().take_while(|&&n| level(n) + 1 >= s).count();
    let mut pos = vec![usize::MAX; field.players.len()];
    for (i, &n) in nodes.iter().enumerate() {
        pos[n as usize] = i;
    }
    // Degrees within the bracket (i < upper_s), within the rest (i >= upper_s), within
    // the next bracket (upper_s <= i < upper), within the players two levels down
    // (i >= upper) with and without the dummy's edges; for the players above, a pair
    // with a player of the next bracket and with one two levels down (not the dummy),
    // and how many of those.
    let n = nodes.len();
    let (mut in_bracket, mut in_rest, mut in_next) = (vec![0; n], vec![0; n], vec![0; n]);
    let (mut in_low, mut in_low_all) = (vec![0; n], vec![0; n]);
    let mut down = vec![0usize; n];
    let mut reps = vec![None; upper];
    let mut next_reps = vec![None; upper_s];
    for (k, &(a, b)) in edges.iter().enumerate() {
        let (i, j) = (pos[a as usize], pos[b as usize]);
        let (i, j) = (i.min(j), i.max(j));
        if j < upper_s {
            in_bracket[i] += 1;
            in_bracket[j] += 1;
        } else if i >= upper_s {
            in_rest[i] += 1;
            in_rest[j] += 1;
        }
        if i >= upper_s && j < upper {
            in_next[i] += 1;
            in_next[j] += 1;
        }
        if i >= upper {
            in_low_all[i] += 1;
            in_low_all[j] += 1;
            if a != 0 && b != 0 {
                in_low[i] += 1;
                in_low[j] += 1;
            }
        }
        if i < upper_s && (upper_s..upper).contains(&j) {
            next_reps[i].get_or_insert(k);
        }
        if i < upper && j >= upper && nodes[j] != 0 {
            down[i] += 1;
            reps[i].get_or_insert(k);
        }
    }
    let dummy_at = nodes.iter().position(|&n| n == 0);
    let bracket_matching = || {
        // Half the bracket when Dirac's theorem holds there, else counted.
        let dirac = upper_s >= 3 && in_bracket[..upper_s].iter().all(|&d| 2 * d >= upper_s);
        if dirac {
            upper_s / 2
        } else {
            let within: Vec<(u32, u32)> = edges
                .iter()
                .copied()
                .filter(|&(a, b)| pos[a as usize] < upper_s && pos[b as usize] < upper_s)
                .collect();
            (upper_s - unmatched(&nodes[..upper_s], &within)) / 2
        }
    };
    if !exact_qn8
        && upper_s % 2 == 0
        && perfect(&in_bracket[..upper_s], dummy_at.filter(|&d| d < upper_s))
        && perfect(
            &in_rest[upper_s..],
            dummy_at.and_then(|d| d.checked_sub(upper_s)),
        )
    {
        return Plan::Within { upper: upper_s };
    }
    // Near: the bracket and, when its parity sends one down, one stand-in for the next
    // bracket's players, who keep a perfect matching whoever of them is taken, as do
    // the players below them.
    let k = upper_s % 2;
    let next = upper - upper_s;
    if next >= k + 3
        && (next - k) % 2 == 0
        && in_next[upper_s..upper].iter().all(|&d| 2 * d >= next + k)
        && perfect(
            &in_low_all[upper..],
            dummy_at.and_then(|d| d.checked_sub(upper)),
        )
    {
        return Plan::Blobs {
            upper: upper_s,
            upper_s,
            blobs: k,
            bracket_matching: bracket_matching(),
            reps: next_reps
                .into_iter()
                .map(|r| r.filter(|_| k == 1))
                .collect(),
            stand_in_level: s - 1,
            leaving: 0,
        };
    }
    // Blobs: as many stand-ins as the parity of the two brackets forces down (0 or 1).
    let blobs = upper % 2;
    let low = n - upper;
    let dummy_low = dummy_at.filter(|&d| d >= upper);
    let others = low - usize::from(dummy_low.is_some());
    // With the dummy below, he must keep a partner whoever comes down, and the others
    // a perfect matching without that partner too.
    let dummy_ok = dummy_low.is_none()
        || edges
            .iter()
            .filter(|&&(a, b)| a == 0 && pos[b as usize] >= upper)
            .count()
            > blobs;
    let margin = blobs + usize::from(dummy_low.is_some());
    let robust = (upper..n)
        .filter(|&i| Some(i) != dummy_low)
        .all(|i| 2 * in_low[i] >= others + margin);
    if others >= margin + 3 && dummy_ok && robust {
        for (i, r) in reps.iter_mut().enumerate() {
            if down[i] == 0 || blobs == 0 {
                *r = None;
            }
        }
        return Plan::Blobs {
            upper,
            upper_s,
            blobs,
            bracket_matching: bracket_matching(),
            reps,
            stand_in_level: 0,
            leaving: blobs,
        };
    }
    Plan::Full
}

/// Whether a group of players with these degrees among themselves surely has a perfect
/// matching (Dirac: a minimum degree of half the group makes it Hamiltonian). With the
/// dummy (at `dummy`), the others must keep that with one of them gone to him.
fn perfect(degrees: &[usize], dummy: Option<usize>) -> bool {
    let n = degrees.len();
    if n == 0 {
        return true;
    }
    if n % 2 == 1 {
        return false;
    }
    match dummy {
        None => n >= 3 && degrees.iter().all(|&d| 2 * d >= n),
        Some(at) => {
            // The dummy's degree counts its edges here; the others' include him at most
            // once, which the margin of one covers.
            degrees[at] >= 1
                && n > 3
                && degrees
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != at)
                    .all(|(_, &d)| 2 * (d.saturating_sub(1)) >= n)
        }
    }
}

/// Whether a matching found on a `Blobs` graph is the whole graph's (see the module):
/// `pairs` as (player, partner's level, the partner being below the next bracket),
/// `bracket_matching` the size of a maximum matching within the bracket.
pub fn verified(
    pairs: &[(usize, usize)],
    s: usize,
    upper_s: usize,
    bracket_matching: usize,
    expected: usize,
) -> bool {
    let floats = pairs
        .iter()
        .filter(|&&(a, b)| a.max(b) >= s && a.min(b) < s)
        .count();
    let moved_on = pairs
        .iter()
        .filter(|&&(a, b)| a.max(b) > s && a.min(b) < s)
        .count();
    let leaving = pairs
        .iter()
        .filter(|&&(a, b)| a.max(b) + 1 >= s && a.min(b) + 1 < s)
        .count();
    floats == upper_s - 2 * bracket_matching && moved_on == 0 && leaving == expected
}
