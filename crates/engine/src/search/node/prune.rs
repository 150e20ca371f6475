//! The prunings, reductions and extensions of the main search: which nodes and moves are
//! cut without a search, and how deep each move is searched.

use super::{MoveFacts, Node, NodeKind, NonPv, Pv, Tree};
use crate::picker::Stage;
use crate::position::SearchPosition;
use crate::score::{DRAW, Value, is_mate};

/// Late move reductions by depth and move number: grows with the log of both. Built at
/// compile time.
static REDUCTIONS: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut depth = 1;
    while depth < 64 {
        let mut count = 1;
        while count < 64 {
            table[depth][count] = (0.5 + ln(depth as f64) * ln(count as f64) / 1.75) as u8;
            count += 1;
        }
        depth += 1;
    }
    table
};

fn late_move_reduction(depth: i32, count: usize) -> i32 {
    i32::from(REDUCTIONS[(depth as usize).min(63)][count.min(63)])
}

/// The depth a late move reduction would leave a quiet move: what its futility and its
/// histories are judged at.
fn reduced_depth(depth: i32, searched: usize) -> i32 {
    (depth - 1 - late_move_reduction(depth, searched)).max(0)
}

/// ln(x) for x >= 1, in a const context (no libm in `no_std`): enough precision for a
/// table of small integers.
const fn ln(x: f64) -> f64 {
    // Halve into [1, 2), then ln(x) = 2 artanh((x-1)/(x+1)), which converges fast there.
    let (mut x, mut halvings) = (x, 0.0);
    while x >= 2.0 {
        x /= 2.0;
        halvings += 1.0;
    }
    let y = (x - 1.0) / (x + 1.0);
    let (mut term, mut sum, mut k) = (y, 0.0, 1.0);
    while k < 60.0 {
        sum += term / k;
        term *= y * y;
        k += 2.0;
    }
    halvings * core::f64::consts::LN_2 + 2.0 * sum
}

impl<P: SearchPosition> Tree<'_, P> {
    /// Prunings of a whole non-PV node out of check, before any move is searched.
    pub(super) fn prune_node(&mut self, pos: &P, node: &Node, beta: Value) -> Option<Value> {
        let Node {
            depth,
            ply,
            eval,
            improving,
            ..
        } = *node;
        // Reverse futility: far enough above beta that a shallow search will not fall.
        let margin = 90 * depth - if improving { 60 } else { 0 };
        if depth <= 6 && eval - margin >= beta && !is_mate(beta) && !is_mate(eval) {
            return Some(eval);
        }
        // Null move: if passing still holds beta, a real move will too. Guarded against
        // zugzwang by the game (pieces beyond pawns, not in a fixed first round) and by a
        // verification search at high depth.
        if depth >= 3 && eval >= beta && !self.passed[ply] && pos.null_move_allowed() {
            let reduction = 3 + depth / 4 + ((eval - beta) / 200).min(3);
            let mut next = pos.clone();
            next.play_null();
            self.path[ply] = None;
            self.path_keys[ply] = None;
            self.passed[ply + 1] = true;
            let value = self.child::<NonPv>(pos, &next, depth - 1 - reduction, beta - 1, beta, ply);
            self.passed[ply + 1] = false;
            if self.stopped {
                return Some(DRAW);
            }
            if value >= beta {
                let value = if is_mate(value) { beta } else { value };
                if depth < 12
                    || self.negamax::<NonPv>(pos, depth - 1 - reduction, beta - 1, beta, ply)
                        >= beta
                {
                    return Some(value);
                }
            }
        }
        None
    }

    /// Whether every quiet move that gives no check is pruned from here on, whichever it
    /// is: late ones at any depth (the ordering puts the moves that matter first), and any
    /// whose futility at its reduced depth leaves it short of alpha. Once true it stays true
    /// for the node, as the moves searched and alpha only grow.
    pub(super) fn quiets_pruned(node: &Node, searched: usize, alpha: Value) -> bool {
        let late = (3 + node.depth * node.depth) as usize / if node.improving { 1 } else { 2 };
        if searched >= late {
            return true;
        }
        let lmr_depth = reduced_depth(node.depth, searched);
        lmr_depth < 6 && node.static_eval + 200 + 150 * lmr_depth <= alpha
    }

    /// Whether to skip move `m` unsearched: late quiet moves and hopeless ones at shallow
    /// depth, quiet moves that put a piece where it is lost, captures and checks that
    /// lose too much. Never in check.
    pub(super) fn prune_move(
        &self,
        pos: &P,
        m: P::Move,
        node: &Node,
        facts: MoveFacts,
        searched: usize,
        alpha: Value,
    ) -> bool {
        let depth = node.depth;
        if node.in_check {
            return false;
        }
        if facts.tactical || facts.gives_check {
            return depth <= 7 && !pos.see_ge(m, -100 * depth);
        }
        if Self::quiets_pruned(node, searched, alpha) {
            return true;
        }
        let lmr_depth = reduced_depth(node.depth, searched);
        if lmr_depth < 3
            && self
                .tables
                .continuations(&node.ctx, pos.move_key(m))
                .iter()
                .all(|&h| h < 0)
        {
            return true;
        }
        lmr_depth <= 7 && !pos.see_ge(m, -25 * lmr_depth * lmr_depth)
    }

    /// Searches one move: the first with the full window, the others with a null window,
    /// reduced when late, and again in full if they beat alpha.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_move<N: NodeKind>(
        &mut self,
        pos: &P,
        m: P::Move,
        next: &P,
        node: &Node,
        facts: MoveFacts,
        searched: usize,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let (depth, ply) = (node.depth, node.ply);
        // Check extension, for checks that do not lose material by the exchange test.
        let extension = i32::from(facts.gives_check && pos.see_ge(m, 0));
        let new_depth = depth - 1 + extension;
        if searched == 1 {
            return if N::PV {
                self.child::<Pv>(pos, next, new_depth, alpha, beta, ply)
            } else {
                self.child::<NonPv>(pos, next, new_depth, alpha, beta, ply)
            };
        }
        let mut reduction = 0;
        // Late moves are reduced: quiet ones and checks by their history, captures only
        // when they lose material by the exchange test.
        if depth >= 2
            && !node.in_check
            && (!facts.tactical || facts.stage == Stage::BadTactical)
            && searched > 1 + usize::from(N::PV)
        {
            reduction = late_move_reduction(depth, searched);
            reduction -= i32::from(N::PV);
            reduction += i32::from(!node.improving);
            reduction -= i32::from(facts.gives_check);
            if !facts.tactical {
                reduction -= i32::from(facts.stage == Stage::Killers);
                reduction += i32::from(node.table_tactical);
                reduction -= self.tables.quiet_score(&node.ctx, pos.move_key(m)) / 12_000;
            }
            reduction = reduction.clamp(0, (new_depth - 1).max(0));
        }
        let mut value =
            self.child::<NonPv>(pos, next, new_depth - reduction, alpha, alpha + 1, ply);
        if value > alpha && reduction > 0 {
            value = self.child::<NonPv>(pos, next, new_depth, alpha, alpha + 1, ply);
        }
        if N::PV && value > alpha && value < beta {
            value = self.child::<Pv>(pos, next, new_depth, alpha, beta, ply);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_log_is_close_enough() {
        let cases = [
            (1.0, 0.0),
            (2.0, core::f64::consts::LN_2),
            (10.0, core::f64::consts::LN_10),
            (63.0, 4.143_134_726_391_533),
        ];
        for (x, expected) in cases {
            assert!((ln(x) - expected).abs() < 1e-9, "ln {x}");
        }
    }
}
