//! The matchings a Dutch round is solved with: the lightest of the largest matchings
//! (networkx's `min_weight_matching`, which Gacrux calls: each weight taken from one
//! more than the largest, and the heaviest of the largest matchings of those), on
//! integers as wide as the bracket's weights need.

use alloc::vec::Vec;

use crate::bignum::{Nat, Wide};
use crate::matching::{Cardinality, Weight, max_weight_matching_of};

/// The edges (indices into `edges`) of a lightest maximum-cardinality matching of the
/// players `vertices` (pairing numbers).
pub fn min_weight_matching(vertices: &[u32], edges: &[(u32, u32, Nat)]) -> Vec<usize> {
    if edges.is_empty() {
        return Vec::new();
    }
    let top = vertices.iter().copied().max().unwrap_or(0) as usize;
    let mut index = alloc::vec![usize::MAX; top + 1];
    for (i, &v) in vertices.iter().enumerate() {
        index[v as usize] = i;
    }
    let max = edges
        .iter()
        .map(|e| &e.2)
        .max()
        .expect("edges")
        .add(&Nat::from_u64(1));
    let inverted: Vec<(usize, usize, Nat)> = edges
        .iter()
        .map(|(a, b, w)| (index[*a as usize], index[*b as usize], max.sub(w)))
        .collect();
    let n = vertices.len();
    // Room for the duals: sums of a few weights, and a sign.
    let bits = max.bits() + 4;
    let mate = if bits < 127 {
        solve(n, &inverted, |w| {
            let l = w.limbs();
            let low = u128::from(l.first().copied().unwrap_or(0));
            let high = u128::from(l.get(1).copied().unwrap_or(0));
            (low | (high << 64)) as i128
        })
    } else if bits < 4 * 64 {
        solve(n, &inverted, wide::<4>)
    } else if bits < 8 * 64 {
        solve(n, &inverted, wide::<8>)
    } else if bits < 16 * 64 {
        solve(n, &inverted, wide::<16>)
    } else if bits < 32 * 64 {
        solve(n, &inverted, wide::<32>)
    } else if bits < 64 * 64 {
        solve(n, &inverted, wide::<64>)
    } else if bits < 128 * 64 {
        solve(n, &inverted, wide::<128>)
    } else if bits < 256 * 64 {
        solve(n, &inverted, wide::<256>)
    } else {
        solve(n, &inverted, wide::<512>)
    };
    inverted
        .iter()
        .enumerate()
        .filter(|(_, (a, b, _))| mate[*a] == Some(*b))
        .map(|(k, _)| k)
        .collect()
}

fn wide<const N: usize>(w: &Nat) -> Wide<N> {
    Wide::from_nat(w).expect("a width chosen for the largest weight")
}

fn solve<W: Weight>(
    n: usize,
    edges: &[(usize, usize, Nat)],
    convert: impl Fn(&Nat) -> W,
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, W)> =
        edges.iter().map(|(a, b, w)| (*a, *b, convert(w))).collect();
    max_weight_matching_of(n, &edges, Cardinality::Maximum)
}

/// How many of `vertices` a largest matching over `edges` leaves unmatched.
pub fn unmatched(vertices: &[u32], edges: &[(u32, u32)]) -> usize {
    if edges.is_empty() {
        return vertices.len();
    }
    let top = vertices.iter().copied().max().unwrap_or(0) as usize;
    let mut index = alloc::vec![usize::MAX; top + 1];
    for (i, &v) in vertices.iter().enumerate() {
        index[v as usize] = i;
    }
    let edges: Vec<(usize, usize, i128)> = edges
        .iter()
        .map(|&(a, b)| (index[a as usize], index[b as usize], 1))
        .collect();
    let mate = max_weight_matching_of(vertices.len(), &edges, Cardinality::Maximum);
    mate.iter().filter(|m| m.is_none()).count()
}

/// Whether `vertices` have a perfect matching over `edges`: at once when Dirac's theorem
/// gives one (every degree at least half the number), else by a maximum matching.
pub fn perfect(vertices: &[u32], edges: &[(u32, u32)]) -> bool {
    let n = vertices.len();
    if n % 2 == 1 {
        return false;
    }
    if n == 0 {
        return true;
    }
    let top = vertices.iter().copied().max().unwrap_or(0) as usize;
    let mut degree = alloc::vec![0usize; top + 1];
    for &(a, b) in edges {
        degree[a as usize] += 1;
        degree[b as usize] += 1;
    }
    if n >= 3 && vertices.iter().all(|&v| 2 * degree[v as usize] >= n) {
        return true;
    }
    unmatched(vertices, edges) == 0
}
