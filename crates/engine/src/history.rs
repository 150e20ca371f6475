//! What the search learns about quiet moves while it runs, to order them and to judge how
//! far to reduce them: killer moves (quiet moves that refuted a sibling at the same ply),
//! the counter move (the quiet move that last refuted the opponent's move), the history
//! table (quiet moves that tend to cut off anywhere) and the continuation histories
//! (quiet moves that cut off after a given move one or two plies before).

use alloc::vec::Vec;

use crate::score::MAX_PLY;

/// History scores stay within this bound (the "gravity" update keeps them there).
pub const HISTORY_MAX: i32 = 16_384;

/// How many plies back the continuation histories look: the opponent's last move, and
/// our own before it.
const CONTINUATIONS: usize = 2;

/// A node's view of the tables: who moves, and the keys of the moves that led to it
/// (`None` for a pass, or before the root).
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    pub side: usize,
    pub previous: [Option<usize>; CONTINUATIONS],
}

pub struct Tables<M> {
    keys: usize,
    killers: [[Option<M>; 2]; MAX_PLY + 2],
    /// By side and move key.
    history: Vec<i32>,
    /// By side and the opponent's last move key.
    counters: Vec<Option<M>>,
    /// By plies back, side, that move's key and this move's key.
    continuation: Vec<i16>,
}

impl<M: Copy + Eq> Tables<M> {
    /// Tables for a game with `move_keys` distinct move keys (see
    /// [`crate::SearchPosition::move_key`]), per side to move.
    pub fn new(move_keys: usize) -> Self {
        Tables {
            keys: move_keys,
            killers: [[None; 2]; MAX_PLY + 2],
            history: alloc::vec![0; 2 * move_keys],
            counters: alloc::vec![None; 2 * move_keys],
            continuation: alloc::vec![0; CONTINUATIONS * 2 * move_keys * move_keys],
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.history.fill(0);
        self.counters.fill(None);
        self.continuation.fill(0);
    }

    /// Between searches: killers are about the last tree, the histories halve their memory.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
    }

    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    /// The quiet move that last refuted the opponent's last move.
    pub fn counter(&self, ctx: &Context) -> Option<M> {
        ctx.previous[0].and_then(|p| self.counters[ctx.side * self.keys + p])
    }

    fn continuation_index(&self, back: usize, side: usize, previous: usize, key: usize) -> usize {
        ((back * 2 + side) * self.keys + previous) * self.keys + key
    }

    /// The continuation histories of `key` after the moves before it, each or zero.
    pub fn continuations(&self, ctx: &Context, key: usize) -> [i32; CONTINUATIONS] {
        core::array::from_fn(|back| {
            ctx.previous[back].map_or(0, |p| {
                i32::from(self.continuation[self.continuation_index(back, ctx.side, p, key)])
            })
        })
    }

    /// How good a quiet move looks: its history and its continuation histories.
    pub fn quiet_score(&self, ctx: &Context, key: usize) -> i32 {
        self.history[ctx.side * self.keys + key] + self.continuations(ctx, key).iter().sum::<i32>()
    }

    /// A quiet move cut off at `ply` after `tried` other quiet moves failed: it gains, and
    /// the ones tried before it lose.
    pub fn reward_cutoff(
        &mut self,
        ply: usize,
        ctx: &Context,
        depth: i32,
        best: (M, usize),
        tried: &[usize],
    ) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(best.0) {
            slot[1] = slot[0];
            slot[0] = Some(best.0);
        }
        if let Some(p) = ctx.previous[0] {
            self.counters[ctx.side * self.keys + p] = Some(best.0);
        }
        let bonus = (32 * depth * depth + 64 * depth).min(2400);
        self.update_quiet(ctx, best.1, bonus);
        for &key in tried {
            if key != best.1 {
                self.update_quiet(ctx, key, -bonus);
            }
        }
    }

    fn update_quiet(&mut self, ctx: &Context, key: usize, bonus: i32) {
        update(&mut self.history[ctx.side * self.keys + key], bonus);
        for back in 0..CONTINUATIONS {
            if let Some(p) = ctx.previous[back] {
                let i = self.continuation_index(back, ctx.side, p, key);
                let mut entry = i32::from(self.continuation[i]);
                update(&mut entry, bonus);
                self.continuation[i] = entry as i16;
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
            update(&mut h, 2400);
        }
        assert!(h <= HISTORY_MAX && h > HISTORY_MAX / 2, "{h}");
        for _ in 0..10_000 {
            update(&mut h, -2400);
        }
        assert!(h >= -HISTORY_MAX);
    }

    #[test]
    fn the_newest_killer_comes_first() {
        let mut t = Tables::<u16>::new(8);
        let ctx = Context::default();
        t.reward_cutoff(3, &ctx, 4, (10, 1), &[2, 1]);
        t.reward_cutoff(3, &ctx, 4, (11, 2), &[2]);
        assert_eq!(t.killers(3), [Some(11), Some(10)]);
        assert!(t.quiet_score(&ctx, 1) > 0, "the first cutoff's move gained");
        let black = Context {
            side: 1,
            ..Context::default()
        };
        assert_eq!(t.quiet_score(&black, 2), 0);
    }

    #[test]
    fn continuations_and_counters_follow_the_previous_moves() {
        let mut t = Tables::<u16>::new(8);
        let after = |p0, p1| Context {
            side: 0,
            previous: [Some(p0), Some(p1)],
        };
        t.reward_cutoff(2, &after(5, 6), 6, (40, 3), &[4]);
        assert_eq!(t.counter(&after(5, 0)), Some(40));
        assert_eq!(t.counter(&after(4, 6)), None);
        let [reply, follow_up] = t.continuations(&after(5, 6), 3);
        assert!(reply > 0 && follow_up > 0);
        assert!(
            t.continuations(&after(5, 6), 4)[0] < 0,
            "tried before the cutoff"
        );
        assert_eq!(t.continuations(&after(7, 7), 3), [0, 0]);
    }
}
