//! A time control on the wire and in the database: the rules crate's
//! [`TimeControl`], which carries no serde, mirrored
//! field for field, and checked before a game is made with it.
//!
//! `{"periods":[{"moves":null,"base_ms":300000,"bonus":{"Increment":{"ms":3000}}}]}`, or
//! for correspondence `{"periods":[],"days_per_move":3}`.
//!
//! A correspondence control (issue 22: 1 to 14 days a move) is its own kind on the wire,
//! and on the clock a simple delay of that many days over no base time (2017 art. 6.3.2's
//! mode): each move has its days afresh, unspent days are not saved, and the flag falls
//! when a move's days run out. A live control always has base time (`NoTime`), so the two
//! never read as each other.

use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};
use shatar_rules::clock::{Bonus, Period, TimeControl};

/// More periods than any federation's control has (2017 art. 6.3 uses two or three).
pub const MAX_PERIODS: usize = 4;

/// The longest base time of a period: as long as the longest correspondence move.
pub const MAX_BASE_MS: u64 = 14 * 24 * 3_600_000;

/// The largest bonus a move may earn.
pub const MAX_BONUS_MS: u64 = 3_600_000;

/// Correspondence days a move, at least and at most (issue 22).
pub const MIN_DAYS: u32 = 1;
pub const MAX_DAYS: u32 = 14;

pub const DAY_MS: u64 = 24 * 3_600_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControlWire {
    /// A live control's periods; empty for correspondence.
    #[serde(default)]
    pub periods: Vec<PeriodWire>,
    /// Correspondence: this many days for each move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodWire {
    /// `None`: all the remaining moves.
    pub moves: Option<u32>,
    pub base_ms: u64,
    pub bonus: BonusWire,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BonusWire {
    None,
    Increment { ms: u64 },
    SimpleDelay { ms: u64 },
    Bronstein { ms: u64 },
}

/// Why a time control is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadTimeControl {
    NoPeriods,
    TooManyPeriods {
        max: usize,
    },
    /// Only the last period may run to the end of the game (2017 art. 6.3).
    AllMovesBeforeLast,
    ZeroMoves,
    /// The first period gives no time, so the first move would lose on time.
    NoTime,
    BaseTooLong {
        max_ms: u64,
    },
    BonusTooLong {
        max_ms: u64,
    },
    /// Correspondence days a move out of [`MIN_DAYS`]`..=`[`MAX_DAYS`].
    BadDays {
        min: u32,
        max: u32,
    },
    /// Both periods and days a move: a control is live or correspondence.
    DaysAndPeriods,
}

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTimeControl::NoPeriods => f.write_str("no periods"),
            BadTimeControl::TooManyPeriods { max } => write!(f, "more than {max} periods"),
            BadTimeControl::AllMovesBeforeLast => {
                f.write_str("only the last period may hold all the remaining moves")
            }
            BadTimeControl::ZeroMoves => f.write_str("a period of zero moves"),
            BadTimeControl::NoTime => f.write_str("the first period gives no time"),
            BadTimeControl::BaseTooLong { max_ms } => write!(f, "a base time over {max_ms} ms"),
            BadTimeControl::BonusTooLong { max_ms } => write!(f, "a bonus over {max_ms} ms"),
            BadTimeControl::BadDays { min, max } => {
                write!(f, "correspondence takes {min} to {max} days a move")
            }
            BadTimeControl::DaysAndPeriods => {
                f.write_str("periods and days a move: a control is live or correspondence")
            }
        }
    }
}

impl core::error::Error for BadTimeControl {}

impl TimeControlWire {
    /// A live control of these periods.
    pub fn live(periods: Vec<PeriodWire>) -> TimeControlWire {
        TimeControlWire {
            periods,
            days_per_move: None,
        }
    }

    /// Correspondence: `days` for each move.
    pub fn days(days: u32) -> TimeControlWire {
        TimeControlWire {
            periods: Vec::new(),
            days_per_move: Some(days),
        }
    }

    pub fn is_correspondence(&self) -> bool {
        self.days_per_move.is_some()
    }

    /// The control the clock runs, if it is one a game may be played with.
    pub fn to_rules(&self) -> Result<TimeControl, BadTimeControl> {
        if let Some(days) = self.days_per_move {
            if !self.periods.is_empty() {
                return Err(BadTimeControl::DaysAndPeriods);
            }
            if !(MIN_DAYS..=MAX_DAYS).contains(&days) {
                return Err(BadTimeControl::BadDays {
                    min: MIN_DAYS,
                    max: MAX_DAYS,
                });
            }
            let ms = u64::from(days) * DAY_MS;
            return Ok(TimeControl::sudden_death(0, Bonus::SimpleDelay { ms }));
        }
        let Some((last, earlier)) = self.periods.split_last() else {
            return Err(BadTimeControl::NoPeriods);
        };
        if self.periods.len() > MAX_PERIODS {
            return Err(BadTimeControl::TooManyPeriods { max: MAX_PERIODS });
        }
        if earlier.iter().any(|p| p.moves.is_none()) {
            return Err(BadTimeControl::AllMovesBeforeLast);
        }
        if earlier.iter().chain([last]).any(|p| p.moves == Some(0)) {
            return Err(BadTimeControl::ZeroMoves);
        }
        if self.periods[0].base_ms == 0 {
            return Err(BadTimeControl::NoTime);
        }
        let mut periods = Vec::with_capacity(self.periods.len());
        for p in &self.periods {
            if p.base_ms > MAX_BASE_MS {
                return Err(BadTimeControl::BaseTooLong {
                    max_ms: MAX_BASE_MS,
                });
            }
            let bonus = p.bonus.to_rules();
            if bonus_ms(bonus) > MAX_BONUS_MS {
                return Err(BadTimeControl::BonusTooLong {
                    max_ms: MAX_BONUS_MS,
                });
            }
            periods.push(Period {
                moves: p.moves,
                base_ms: p.base_ms,
                bonus,
            });
        }
        Ok(TimeControl { periods })
    }

    pub fn from_rules(control: &TimeControl) -> TimeControlWire {
        if let [
            Period {
                moves: None,
                base_ms: 0,
                bonus: Bonus::SimpleDelay { ms },
            },
        ] = control.periods[..]
            && ms % DAY_MS == 0
            && let Ok(days) = u32::try_from(ms / DAY_MS)
        {
            return TimeControlWire::days(days);
        }
        TimeControlWire {
            days_per_move: None,
            periods: control
                .periods
                .iter()
                .map(|p| PeriodWire {
                    moves: p.moves,
                    base_ms: p.base_ms,
                    bonus: BonusWire::from_rules(p.bonus),
                })
                .collect(),
        }
    }
}

fn bonus_ms(bonus: Bonus) -> u64 {
    match bonus {
        Bonus::None => 0,
        Bonus::Increment { ms } | Bonus::SimpleDelay { ms } | Bonus::Bronstein { ms } => ms,
    }
}

impl BonusWire {
    fn to_rules(self) -> Bonus {
        match self {
            BonusWire::None => Bonus::None,
            BonusWire::Increment { ms } => Bonus::Increment { ms },
            BonusWire::SimpleDelay { ms } => Bonus::SimpleDelay { ms },
            BonusWire::Bronstein { ms } => Bonus::Bronstein { ms },
        }
    }

    fn from_rules(bonus: Bonus) -> BonusWire {
        match bonus {
            Bonus::None => BonusWire::None,
            Bonus::Increment { ms } => BonusWire::Increment { ms },
            Bonus::SimpleDelay { ms } => BonusWire::SimpleDelay { ms },
            Bonus::Bronstein { ms } => BonusWire::Bronstein { ms },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(periods: &[(Option<u32>, u64)]) -> TimeControlWire {
        TimeControlWire::live(
            periods
                .iter()
                .map(|&(moves, base_ms)| PeriodWire {
                    moves,
                    base_ms,
                    bonus: BonusWire::Increment { ms: 2_000 },
                })
                .collect(),
        )
    }

    #[test]
    fn correspondence_is_days_of_simple_delay_and_reads_back() {
        for days in [MIN_DAYS, 3, MAX_DAYS] {
            let wire = TimeControlWire::days(days);
            let rules = wire.to_rules().unwrap();
            assert_eq!(rules.periods[0].base_ms, 0);
            assert_eq!(TimeControlWire::from_rules(&rules), wire);
        }
        let bad = BadTimeControl::BadDays {
            min: MIN_DAYS,
            max: MAX_DAYS,
        };
        assert_eq!(TimeControlWire::days(0).to_rules(), Err(bad));
        assert_eq!(TimeControlWire::days(15).to_rules(), Err(bad));
        let mut both = control(&[(None, 60_000)]);
        both.days_per_move = Some(3);
        assert_eq!(both.to_rules(), Err(BadTimeControl::DaysAndPeriods));
        let json = r#"{"periods":[],"days_per_move":3}"#;
        assert_eq!(
            serde_json::from_str::<TimeControlWire>(json).unwrap(),
            TimeControlWire::days(3)
        );
    }

    #[test]
    fn a_sound_control_reads_back() {
        let wire = control(&[(Some(40), 5_400_000), (None, 1_800_000)]);
        assert_eq!(TimeControlWire::from_rules(&wire.to_rules().unwrap()), wire);
    }

    #[test]
    fn unsound_controls_are_refused() {
        let cases = [
            (control(&[]), BadTimeControl::NoPeriods),
            (
                control(&[(None, 60_000), (None, 60_000)]),
                BadTimeControl::AllMovesBeforeLast,
            ),
            (control(&[(Some(0), 60_000)]), BadTimeControl::ZeroMoves),
            (control(&[(None, 0)]), BadTimeControl::NoTime),
            (
                control(&[(None, MAX_BASE_MS + 1)]),
                BadTimeControl::BaseTooLong {
                    max_ms: MAX_BASE_MS,
                },
            ),
            (
                control(&[(Some(1), 1); 5]),
                BadTimeControl::TooManyPeriods { max: MAX_PERIODS },
            ),
        ];
        for (wire, why) in cases {
            assert_eq!(wire.to_rules(), Err(why), "{wire:?}");
        }
    }
}
