//! What bounds a search, and the clock it is measured with. The engine reads no clock of
//! its own: `std::time::Instant` panics on wasm32, and a caller-owned [`Clock`] makes
//! time-dependent behaviour testable.

/// A monotonic clock in milliseconds, from any origin. Native callers wrap `Instant`,
/// the browser worker wraps `performance.now()`.
pub trait Clock {
    fn now_ms(&self) -> u64;
}

/// When the search must stop. Every limit given applies; the first reached ends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Full iterations, in plies.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Exactly this long (less a safety margin), whatever the position.
    pub move_time_ms: Option<u64>,
    /// The player's clock: the engine plans its own time.
    pub clock: Option<GameClock>,
    /// Lines to report and choose among (UCI `MultiPV`); 0 is taken as 1.
    pub multi_pv: usize,
}

/// The side to move's clock as the time control sets it (2017 art. 6.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// The base time left, not counting this move's delay.
    pub remaining_ms: u64,
    /// Added after each move (Fischer, art. 6.3.1).
    pub increment_ms: u64,
    pub delay: Delay,
    /// Moves until the next time control, if the period has a move count.
    pub moves_to_go: Option<u32>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Delay {
    #[default]
    None,
    /// Each move first spends this allowance; the base time only runs once it is used
    /// up (art. 6.3.2, "加长").
    Simple(u64),
    /// The time used, up to this much, is given back after the move.
    Bronstein(u64),
}

impl Delay {
    /// Time a move may take without costing base time.
    fn free_ms(self) -> u64 {
        match self {
            Delay::None => 0,
            Delay::Simple(ms) | Delay::Bronstein(ms) => ms,
        }
    }
}

/// Kept back from every clock budget: the time between the engine's answer and the
/// clock being pressed (process pipes, the worker's message, the GUI).
pub const MOVE_OVERHEAD_MS: u64 = 30;

/// The time plan for one move, in milliseconds since the search started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this: the next one would most likely not
    /// finish before `hard_ms`.
    pub soft_ms: u64,
    /// Stop in the middle of an iteration at this.
    pub hard_ms: u64,
}

impl TimeBudget {
    /// The plan for `limits`, or `None` when time does not limit the search.
    pub fn plan(limits: &Limits) -> Option<TimeBudget> {
        // A fixed move time is used to the end, less an overhead of 1% (at most the
        // clock's): a worker or a match runner answers within a millisecond, and the
        // opponent in a match (Stockfish's family) keeps none back for a move time (at
        // 100 ms a move, with 2 ms kept back, `shatar match` saw ours answer after a
        // median 98.3 ms and Fairy-Stockfish's through its pipes after 102.1).
        let from_move_time = limits.move_time_ms.map(|ms| {
            let hard = ms.saturating_sub(MOVE_OVERHEAD_MS.min(ms / 100)).max(1);
            TimeBudget {
                soft_ms: hard,
                hard_ms: hard,
            }
        });
        let from_clock = limits.clock.map(TimeBudget::for_clock);
        match (from_move_time, from_clock) {
            (Some(a), Some(b)) => Some(TimeBudget {
                soft_ms: a.soft_ms.min(b.soft_ms),
                hard_ms: a.hard_ms.min(b.hard_ms),
            }),
            (a, b) => a.or(b),
        }
    }

    fn for_clock(clock: GameClock) -> TimeBudget {
        let free = clock.delay.free_ms();
        // Without a move count, plan as if the game had this many moves to go: a budget
        // that shrinks as the clock does, so the engine never flags in a long game.
        let moves_to_go = u64::from(clock.moves_to_go.unwrap_or(30).clamp(1, 50));
        let usable = clock.remaining_ms.saturating_sub(MOVE_OVERHEAD_MS);
        let base_share = if moves_to_go == 1 {
            usable * 3 / 4
        } else {
            usable / (moves_to_go + 2)
        };
        let soft = free + base_share + clock.increment_ms * 3 / 4;
        // Never more than a quarter of the base time on one move (all but the overhead
        // on the last move of a period), however hard the position.
        let cap =
            free + if moves_to_go == 1 { usable } else { usable / 4 } + clock.increment_ms / 2;
        let hard = (soft * 4).min(cap).max(1);
        // An iteration takes about as long as all before it: starting one after half the
        // target would likely overshoot it.
        TimeBudget {
            soft_ms: (soft / 2).min(hard).max(1),
            hard_ms: hard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64) -> GameClock {
        GameClock {
            remaining_ms,
            ..GameClock::default()
        }
    }

    #[test]
    fn move_time_is_kept_exactly_less_overhead() {
        let limits = Limits {
            move_time_ms: Some(1000),
            ..Limits::default()
        };
        assert_eq!(
            TimeBudget::plan(&limits),
            Some(TimeBudget {
                soft_ms: 990,
                hard_ms: 990
            })
        );
        let short = Limits {
            move_time_ms: Some(100),
            ..Limits::default()
        };
        assert_eq!(
            TimeBudget::plan(&short),
            Some(TimeBudget {
                soft_ms: 99,
                hard_ms: 99
            })
        );
        assert_eq!(TimeBudget::plan(&Limits::default()), None);
    }

    #[test]
    fn a_clock_budget_never_risks_the_flag() {
        for remaining in [0, 10, 50, 1_000, 60_000, 5_400_000] {
            for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                let c = GameClock {
                    moves_to_go,
                    ..clock(remaining)
                };
                let plan = TimeBudget::for_clock(c);
                assert!(plan.soft_ms <= plan.hard_ms);
                assert!(
                    plan.hard_ms <= remaining.saturating_sub(MOVE_OVERHEAD_MS).max(1),
                    "{c:?} {plan:?}"
                );
            }
        }
    }

    #[test]
    fn delay_and_increment_are_spent_first() {
        let plain = TimeBudget::for_clock(clock(60_000));
        let delayed = TimeBudget::for_clock(GameClock {
            delay: Delay::Simple(5_000),
            ..clock(60_000)
        });
        let increment = TimeBudget::for_clock(GameClock {
            increment_ms: 2_000,
            ..clock(60_000)
        });
        assert_eq!(
            delayed.soft_ms,
            plain.soft_ms + 2_500,
            "the delay is free time (art. 6.3.2)"
        );
        assert!(increment.soft_ms > plain.soft_ms);
    }

    #[test]
    fn a_period_end_gets_more_time_per_move() {
        let many = TimeBudget::for_clock(GameClock {
            moves_to_go: Some(30),
            ..clock(60_000)
        });
        let last = TimeBudget::for_clock(GameClock {
            moves_to_go: Some(1),
            ..clock(60_000)
        });
        assert!(last.soft_ms > 5 * many.soft_ms);
    }
}
