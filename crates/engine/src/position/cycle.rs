//! A repetition found inside the search, handed to the game to rule on
//! ([`SearchPosition::repetition_value`]). The 8x8 games call every repetition a draw;
//! Xiangqi judges the cycle by the rules crate's repetition rulings (perpetual check and
//! perpetual chase lose, AXF 2008), the same judgement that ends a game in its record.
//!
//! The search keeps only the move played at each ply of its path; a cycle's positions are
//! rebuilt from the root when a repetition is found, which is rare next to the nodes
//! searched. A cycle that reaches back before the root is rebuilt from the game's
//! positions and moves when the caller gave them
//! ([`History::Game`](crate::History::Game)); from hashes alone it cannot be, and stays a
//! draw.

use alloc::vec::Vec;

use super::SearchPosition;

/// A way round from a position back to the same one: the search reached, at some node, a
/// position it had met `plies` plies before on its path or in the game before the root.
pub struct Cycle<'c, P: SearchPosition> {
    pub(crate) root: &'c P,
    /// The moves from the root to the node, `None` for a pass (the null move).
    pub(crate) path: &'c [Option<P::Move>],
    /// The game's positions before the root, with the move played from each (the last one
    /// into the root); empty when the caller gave only hashes.
    pub(crate) earlier: &'c [P],
    pub(crate) earlier_moves: &'c [P::Move],
    pub(crate) plies: usize,
}

impl<P: SearchPosition> Cycle<'_, P> {
    /// How many moves the cycle took (an even number: the same side is to move).
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The cycle's positions, oldest first, and the move played from each: the first is
    /// the position that repeats, and the last move leads back to it. `None` when it
    /// cannot be told: the search passed (a null move) inside the cycle, or the cycle
    /// reaches back before the root further than the game's positions given.
    pub fn replay(&self) -> Option<(Vec<P>, Vec<P::Move>)> {
        let ply = self.path.len();
        let mut positions = Vec::with_capacity(self.plies);
        let mut moves = Vec::with_capacity(self.plies);
        if let Some(before) = self.plies.checked_sub(ply).filter(|&b| b > 0) {
            let from = self.earlier.len().checked_sub(before)?;
            positions.extend_from_slice(&self.earlier[from..]);
            moves.extend_from_slice(&self.earlier_moves[from..]);
        }
        let start = ply.saturating_sub(self.plies);
        let mut pos = self.root.clone();
        for (i, &m) in self.path.iter().enumerate() {
            if i >= start {
                positions.push(pos.clone());
                moves.push(m?);
            }
            if i + 1 < ply {
                match m {
                    Some(m) => pos.play_unchecked(m),
                    None => pos.play_null(),
                }
            }
        }
        Some((positions, moves))
    }
}
