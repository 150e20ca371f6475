//! The clocks as the database keeps them: the rules crate's `Clock`, which carries no
//! serde, without its one reading of the server's time (`since_ms`), which means nothing
//! to the next process. A reloaded clock runs from the moment it is loaded, so no player
//! is charged for the time the server was down (issue 22).

use serde::{Deserialize, Serialize};
use shatar_rules::clock::Clock;

use crate::wire::{Side, TimeControlWire};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredClock {
    pub control: TimeControlWire,
    pub base_ms: [u64; 2],
    pub period: [usize; 2],
    pub moves_in_period: [u32; 2],
    pub started: bool,
    /// Whose clock runs; `None` before the start and once the game is over.
    pub running: Option<Side>,
    pub to_move: Side,
    pub delay_used_ms: u64,
    pub flags: [bool; 2],
}

/// A stored clock whose control is no sound one (only a damaged database holds one).
#[derive(Debug)]
pub struct BadStoredControl(pub crate::wire::BadTimeControl);

impl StoredClock {
    /// `clock` just after a press or a pause, when its base times are exact.
    pub fn from_clock(clock: &Clock) -> StoredClock {
        StoredClock {
            control: TimeControlWire::from_rules(&clock.control),
            base_ms: clock.base_ms,
            period: clock.period,
            moves_in_period: clock.moves_in_period,
            started: clock.is_started(),
            running: clock.running.map(Side::from),
            to_move: clock.to_move.into(),
            delay_used_ms: clock.delay_used_ms,
            flags: clock.flags,
        }
    }

    /// The clock again, its running side's time going on from `now_ms`.
    pub fn to_clock(&self, now_ms: u64) -> Result<Clock, BadStoredControl> {
        let control = self.control.to_rules().map_err(BadStoredControl)?;
        Ok(Clock {
            control,
            base_ms: self.base_ms,
            period: self.period,
            moves_in_period: self.moves_in_period,
            running: self.running.map(Into::into),
            to_move: self.to_move.into(),
            since_ms: self.started.then_some(now_ms),
            delay_used_ms: self.delay_used_ms,
            flags: self.flags,
        })
    }
}
