//! When to stop between iterations: the plan of [`TimeBudget`] stretched or shrunk by
//! what the iterations show. A best move that keeps changing, or a value that falls, asks
//! for more time; a best move that has stood for many iterations needs less.

use crate::limits::TimeBudget;
use crate::score::{Value, is_mate};

/// Iterations with the same best move after which the position counts as obvious.
const STABLE_ITERATIONS: u32 = 6;

pub struct TimeKeeper<M> {
    budget: Option<TimeBudget>,
    /// A fixed move time: every millisecond is used, the last iteration's partial result
    /// included, so no iteration is skipped.
    fixed: bool,
    best: Option<M>,
    /// Recent changes of the best move, in thousandths, halved at every iteration.
    changes: u32,
    stable: u32,
    last_value: Option<Value>,
}

impl<M: Copy + PartialEq> TimeKeeper<M> {
    pub fn new(budget: Option<TimeBudget>, fixed: bool) -> Self {
        TimeKeeper {
            budget,
            fixed,
            best: None,
            changes: 0,
            stable: 0,
            last_value: None,
        }
    }

    /// After an iteration that chose `best` at `value`, `elapsed_ms` into the search:
    /// whether to stop rather than start the next one.
    pub fn stop_after(&mut self, elapsed_ms: u64, best: M, value: Value) -> bool {
        let changed = self.best.is_some_and(|b| b != best);
        self.changes = self.changes / 2 + if changed { 1000 } else { 0 };
        self.stable = if changed { 0 } else { self.stable + 1 };
        self.best = Some(best);
        let falling = match self.last_value {
            Some(last) if !is_mate(last) && !is_mate(value) => (last - value).clamp(-50, 100),
            _ => 0,
        };
        self.last_value = Some(value);
        let Some(budget) = self.budget else {
            return false;
        };
        if self.fixed {
            return elapsed_ms >= budget.hard_ms;
        }
        // In thousandths of the planned time.
        let mut scale = u64::from(1000 + self.changes);
        // From 0.77 for a value 50 cp up to 1.46 for one 100 cp down.
        scale = scale * (1300 + 6 * falling) as u64 / 1300;
        if self.stable >= STABLE_ITERATIONS {
            scale = scale * 7 / 10;
        }
        let soft = budget.soft_ms * scale / 1000;
        elapsed_ms >= soft.min(budget.hard_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keeper() -> TimeKeeper<u8> {
        TimeKeeper::new(
            Some(TimeBudget {
                soft_ms: 100,
                hard_ms: 400,
            }),
            false,
        )
    }

    #[test]
    fn an_unstable_best_move_gets_more_time() {
        let mut steady = keeper();
        let mut unsteady = keeper();
        for i in 0..4 {
            steady.stop_after(10, 1, 20);
            unsteady.stop_after(10, i, 20);
        }
        assert!(steady.stop_after(110, 1, 20));
        assert!(!unsteady.stop_after(110, 7, 20));
    }

    #[test]
    fn an_obvious_move_is_played_sooner_and_a_falling_value_later() {
        let mut k = keeper();
        for _ in 0..STABLE_ITERATIONS {
            k.stop_after(10, 1, 20);
        }
        assert!(k.stop_after(75, 1, 20));
        let mut falling = keeper();
        falling.stop_after(10, 1, 20);
        assert!(!falling.stop_after(120, 1, -60));
    }

    #[test]
    fn a_fixed_time_is_used_to_the_end() {
        let mut k = TimeKeeper::new(
            Some(TimeBudget {
                soft_ms: 90,
                hard_ms: 90,
            }),
            true,
        );
        for _ in 0..10 {
            assert!(!k.stop_after(80, 1, 0));
        }
        assert!(k.stop_after(90, 1, 0));
    }
}
