//! One matching of a bracket's stage (Gacrux's HE or HO), on the whole field or on the
//! smaller graph `reduce` plans, with the check that makes the smaller graph's answer
//! the whole field's.

use alloc::vec::Vec;

use super::criteria::Criteria;
use super::reduce::{self, Plan};
use super::round::{STAND_IN, State};
use super::solve::min_weight_matching;
use crate::bignum::Nat;

impl State<'_> {
    /// One lightest matching of the players left, on the graph `plan` gives (the whole
    /// graph when a `Blobs` graph's matching fails its check): the pairs (a stand-in of
    /// `reduce` as `STAND_IN`) and their QN8. `weight` is a pair's weight from its C
    /// number.
    pub(super) fn stage(
        &self,
        s: usize,
        plan: &Plan,
        criteria: &Criteria,
        crit: &mut [Option<(Nat, u32)>],
        weight: &dyn Fn((u32, u32), &Nat) -> Nat,
    ) -> Vec<(u32, u32, u32)> {
        let pairs = self.try_stage(plan, criteria, crit, weight);
        let Plan::Blobs {
            upper,
            upper_s,
            blobs,
            bracket_matching,
            stand_in_level,
            leaving,
            ..
        } = *plan
        else {
            return pairs;
        };
        // The stand-in is the pairs' STAND_IN (no real dummy is above it).
        let level = |n: u32| {
            if n == STAND_IN {
                stand_in_level
            } else {
                self.level(n)
            }
        };
        let levels: Vec<(usize, usize)> = pairs
            .iter()
            .map(|&(a, b, _)| (level(a), level(b)))
            .collect();
        if pairs.len() * 2 == upper + blobs
            && reduce::verified(&levels, s, upper_s, bracket_matching, leaving)
        {
            return pairs;
        }
        self.try_stage(&Plan::Full, criteria, crit, weight)
    }

    /// The lightest matching on the graph `plan` gives, unchecked.
    fn try_stage(
        &self,
        plan: &Plan,
        criteria: &Criteria,
        crit: &mut [Option<(Nat, u32)>],
        weight: &dyn Fn((u32, u32), &Nat) -> Nat,
    ) -> Vec<(u32, u32, u32)> {
        let mut get = |k: usize| -> (Nat, u32) {
            crit[k]
                .get_or_insert_with(|| {
                    let (a, b) = self.edges[k];
                    let e = criteria.edge(a, b);
                    (e.weight, e.qn8)
                })
                .clone()
        };
        let (upper, blobs) = match plan {
            Plan::Full => (self.nodes.len(), 0),
            Plan::Within { upper } => (*upper, 0),
            Plan::Blobs { upper, blobs, .. } => (*upper, *blobs),
        };
        let mut inside = alloc::vec![false; self.field.players.len()];
        for &n in &self.nodes[..upper] {
            inside[n as usize] = true;
        }
        // The graph: (a, b, weight), and the edge of self.edges each stands for.
        let mut vertices: Vec<u32> = self.nodes[..upper].to_vec();
        let mut graph: Vec<(u32, u32, Nat)> = Vec::new();
        let mut origin: Vec<usize> = Vec::new();
        for (k, &(a, b)) in self.edges.iter().enumerate() {
            if inside[a as usize] && inside[b as usize] {
                let (qc, _) = get(k);
                graph.push((a, b, weight((a, b), &qc)));
                origin.push(k);
            }
        }
        if let Plan::Blobs { reps, .. } = plan {
            let first = self.field.players.len() as u32;
            vertices.extend(first..first + blobs as u32);
            for (i, rep) in reps.iter().enumerate() {
                if let Some(k) = *rep {
                    let (qc, _) = get(k);
                    let w = weight(self.edges[k], &qc);
                    for j in 0..blobs as u32 {
                        graph.push((self.nodes[i], first + j, w.clone()));
                        origin.push(k);
                    }
                }
            }
        }
        let mut out = Vec::new();
        for e in min_weight_matching(&vertices, &graph) {
            let k = origin[e];
            let (a, b, _) = graph[e];
            let q = crit[k].as_ref().map_or(0, |c| c.1);
            let b = if (b as usize) < self.field.players.len() {
                b
            } else {
                STAND_IN
            };
            out.push((a, b, q));
        }
        out
    }
}
