//! What the search learns about quiet moves while it runs: killer moves (quiet moves that
//! refuted a sibling at the same ply) and the history table (quiet moves that tend to cut
//! off anywhere), both used to order moves.

use alloc::vec::Vec;

use crate::score::MAX_PLY;

/// History scores stay within this bound (the "gravity" update keeps them there).
pub const HISTORY_MAX: i32 = 16_384;

pub struct Tables<M> {
    killers: [[Option<M>; 2]; MAX_PLY + 2],
    history: Vec<i32>,
}

impl<M: Copy + Eq> Tables<M> {
    /// Tables for a game with `move_keys` distinct move keys (see
    /// [`crate::SearchPosition::move_key`]), per side to move.
    pub fn new(move_keys: usize) -> Self {
        Tables {
            killers: [[None; 2]; MAX_PLY + 2],
            history: alloc::vec![0; 2 * move_keys],
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.history.fill(0);
    }

    /// Between searches: killers are about the last tree, history halves its memory.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    pub fn history(&self, side: usize, key: usize) -> i32 {
        self.history[side * (self.history.len() / 2) + key]
    }

    /// A quiet move cut off at `ply` after `tried` other quiet moves failed: it gains, and
    /// the ones tried before it lose.
    pub fn reward_cutoff(
        &mut self,
        ply: usize,
        side: usize,
        depth: i32,
        best: (M, usize),
        tried: &[usize],
    ) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(best.0) {
            slot[1] = slot[0];
            slot[0] = Some(best.0);
        }
        let bonus = (depth * depth).min(1200);
        let base = side * (self.history.len() / 2);
        update(&mut self.history[base + best.1], bonus);
        for &key in tried {
            if key != best.1 {
                update(&mut self.history[base + key], -bonus);
            }
        }
    }
}

/// Moves `entry` towards the bound by `bonus`, more slowly the closer it already is.
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded() {
        let mut h = 0;
        for _ in 0..10_000 {
            update(&mut h, 1200);
        }
        assert!(h <= HISTORY_MAX && h > HISTORY_MAX / 2, "{h}");
        for _ in 0..10_000 {
            update(&mut h, -1200);
        }
        assert!(h >= -HISTORY_MAX);
    }

    #[test]
    fn the_newest_killer_comes_first() {
        let mut t = Tables::<u16>::new(8);
        t.reward_cutoff(3, 0, 4, (10, 1), &[2, 1]);
        t.reward_cutoff(3, 0, 4, (11, 2), &[2]);
        assert_eq!(t.killers(3), [Some(11), Some(10)]);
        assert!(t.history(0, 1) > 0, "the first cutoff's move gained");
        assert_eq!(t.history(1, 2), 0);
    }
}
