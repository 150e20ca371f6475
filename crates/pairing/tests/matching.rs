//! The maximum-weight matching against brute force on random graphs.

use shatar_pairing::matching::{Cardinality, Edge, max_weight_matching};

/// xorshift64*: a fixed sequence, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The best (cardinality, weight) over every matching, by trying them all.
fn brute_force(n: usize, edges: &[Edge], cardinality: Cardinality) -> (usize, i128) {
    fn go(
        v: usize,
        n: usize,
        used: &mut Vec<bool>,
        edges: &[Edge],
        size: usize,
        weight: i128,
        best: &mut Vec<(usize, i128)>,
    ) {
        if v == n {
            best.push((size, weight));
            return;
        }
        if used[v] {
            return go(v + 1, n, used, edges, size, weight, best);
        }
        go(v + 1, n, used, edges, size, weight, best);
        used[v] = true;
        for &(a, b, w) in edges {
            let other = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if other > v && !used[other] {
                used[other] = true;
                go(v + 1, n, used, edges, size + 1, weight + w, best);
                used[other] = false;
            }
        }
        used[v] = false;
    }
    let mut all = Vec::new();
    go(0, n, &mut vec![false; n], edges, 0, 0, &mut all);
    match cardinality {
        Cardinality::Any => all.into_iter().max_by_key(|&(_, w)| w).unwrap(),
        Cardinality::Maximum => all.into_iter().max().unwrap(),
    }
}

fn check(n: usize, edges: &[Edge], cardinality: Cardinality) {
    let mate = max_weight_matching(n, edges, cardinality);
    let mut size = 0;
    let mut weight = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(m) = *m {
            assert_eq!(mate[m], Some(v), "a matching is symmetric");
            if v < m {
                size += 1;
                weight += edges
                    .iter()
                    .filter(|e| (e.0 == v && e.1 == m) || (e.0 == m && e.1 == v))
                    .map(|e| e.2)
                    .max()
                    .expect("matched along an edge");
            }
        }
    }
    let (best_size, best_weight) = brute_force(n, edges, cardinality);
    if cardinality == Cardinality::Maximum {
        assert_eq!(size, best_size, "{edges:?}");
    }
    assert_eq!(
        weight, best_weight,
        "{n} vertices, {edges:?}, {cardinality:?}"
    );
}

#[test]
fn equal_to_brute_force_on_random_graphs() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    for case in 0..3000 {
        let n = 1 + rng.below(10) as usize;
        let density = 1 + rng.below(4);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.below(4) < density {
                    // Small weights make many ties, where blossoms form most.
                    let w = if case % 3 == 0 {
                        rng.below(5) as i128
                    } else {
                        rng.below(1000) as i128 - 100
                    };
                    edges.push((i, j, w));
                }
            }
        }
        for cardinality in [Cardinality::Any, Cardinality::Maximum] {
            check(n, &edges, cardinality);
        }
    }
}

#[test]
fn known_graphs() {
    // Cases from van Rantwijk's mwmatching.py tests.
    let mate = max_weight_matching(4, &[(1, 2, 10), (2, 3, 11)], Cardinality::Any);
    assert_eq!(mate, [None, None, Some(3), Some(2)]);
    let edges = [(1, 2, 5), (2, 3, 11), (3, 4, 5)];
    let mate = max_weight_matching(5, &edges, Cardinality::Any);
    assert_eq!(mate, [None, None, Some(3), Some(2), None]);
    let mate = max_weight_matching(5, &edges, Cardinality::Maximum);
    assert_eq!(mate, [None, Some(2), Some(1), Some(4), Some(3)]);
    // An S-blossom used for an augmentation.
    let mate = max_weight_matching(
        5,
        &[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)],
        Cardinality::Any,
    );
    assert_eq!(mate, [None, Some(2), Some(1), Some(4), Some(3)]);
    let edges = [
        (1, 2, 9),
        (1, 3, 8),
        (2, 3, 10),
        (1, 4, 5),
        (4, 5, 4),
        (1, 6, 3),
    ];
    let mate = max_weight_matching(7, &edges, Cardinality::Any);
    assert_eq!(
        mate,
        [None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)]
    );
    assert_eq!(
        max_weight_matching(3, &[], Cardinality::Any),
        [None, None, None]
    );
}
