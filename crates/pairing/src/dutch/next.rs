//! The next bracket's part of a first transposition (simple.rs) when `reduce` pairs a
//! bracket together with the next one and a stand-in for the players below
//! (`Plan::Blobs` with `upper > upper_s`). The first transposition is then the lightest
//! matching of that graph only if the rest of it can be completed at the lower bounds
//! of C: the bracket's floater (an odd bracket has one) meets a player of the next
//! bracket at C6's cost alone; the stand-in (when the two brackets' parity sends one
//! player further down) meets another player of the next bracket, at QN8's cost alone
//! (no QC8); and the others of the next bracket pair among themselves, pairs that weigh
//! nothing in C and the same in HO whoever meets whom. What the floater's pair and the
//! stand-in's pair cost does not depend on the partner, so only the existence of such
//! a completion matters: found here by trying a few partners and Dirac's theorem (or a
//! maximum matching) on the rest. Not finding one proves nothing, and sends the bracket
//! to the matching.

use alloc::vec::Vec;

use super::criteria::Criteria;
use super::round::State;
use super::solve::perfect;

/// How many partners of the floater, and of the stand-in, are tried.
const TRIES: usize = 3;

/// Whether the floater can be taken by the next bracket.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Taken {
    /// Yes, with the rest completed at the lower bounds.
    Yes,
    /// No pairing in which he floats costs C6 alone (a float again, C14 or C16, or no
    /// opponent in the next bracket): he cannot be the floater of a lightest matching.
    Never,
    /// Not found: the matching decides.
    Unknown,
}

/// The next bracket of a two-bracket `Blobs` graph.
pub(super) struct Next<'p> {
    /// The next bracket's players.
    players: Vec<u32>,
    /// Who they are, by pairing number.
    member: Vec<bool>,
    /// Their pairs among themselves.
    edges: Vec<(u32, u32)>,
    /// The players of the next bracket who can meet a player below (the stand-in's
    /// partners), when there is a stand-in.
    down: Vec<u32>,
    blobs: usize,
    state: &'p State<'p>,
}

impl<'p> Next<'p> {
    /// `upper_s..upper`: the next bracket's places in `state.nodes`; `reps[i]`: an edge
    /// from player `i` to a player below (None without a stand-in).
    pub(super) fn new(
        state: &'p State<'p>,
        upper_s: usize,
        upper: usize,
        blobs: usize,
        reps: &[Option<usize>],
    ) -> Next<'p> {
        let players = state.nodes[upper_s..upper].to_vec();
        let mut member = alloc::vec![false; state.field.players.len()];
        for &n in &players {
            member[n as usize] = true;
        }
        let edges = state
            .edges
            .iter()
            .copied()
            .filter(|&(a, b)| member[a as usize] && member[b as usize])
            .collect();
        let down = (upper_s..upper)
            .filter(|&i| blobs == 1 && reps.get(i).copied().flatten().is_some())
            .map(|i| state.nodes[i])
            .collect();
        Next {
            players,
            member,
            edges,
            down,
            blobs,
            state,
        }
    }

    /// Whether the rest of the graph completes at the lower bounds with `floater` (a
    /// bracket player, or None when the bracket is even) sent to the next bracket.
    pub(super) fn takes(&self, floater: Option<u32>, criteria: &Criteria) -> Taken {
        let mut partners: Vec<Option<u32>> = Vec::new();
        if let Some(f) = floater {
            let mut ys = self.state.edges.iter().filter_map(|&(a, b)| {
                let y = if a == f {
                    b
                } else if b == f {
                    a
                } else {
                    return None;
                };
                self.member[y as usize].then_some(y)
            });
            let Some(first) = ys.next() else {
                return Taken::Never;
            };
            // C6 alone: his float costs the same whoever takes him.
            if &criteria.edge(f, first).weight != criteria.float_place() {
                return Taken::Never;
            }
            partners.push(Some(first));
            partners.extend(ys.take(TRIES - 1).map(Some));
        } else {
            partners.push(None);
        }
        for &y in &partners {
            let zs: Vec<Option<u32>> = if self.blobs == 1 {
                self.down
                    .iter()
                    .copied()
                    .filter(|&z| Some(z) != y)
                    .take(TRIES)
                    .map(Some)
                    .collect()
            } else {
                alloc::vec![None]
            };
            for z in zs {
                let gone = |n: u32| Some(n) == y || Some(n) == z;
                let rest: Vec<u32> = self.players.iter().copied().filter(|&n| !gone(n)).collect();
                let edges: Vec<(u32, u32)> = self
                    .edges
                    .iter()
                    .copied()
                    .filter(|&(a, b)| !gone(a) && !gone(b))
                    .collect();
                if perfect(&rest, &edges) {
                    return Taken::Yes;
                }
            }
        }
        Taken::Unknown
    }
}
