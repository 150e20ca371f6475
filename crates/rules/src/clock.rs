//! The chess clock of 2017 art. 6: time controls, the two clocks, and how a flag fall ends
//! the game.
//!
//! This crate reads no clock: every call that depends on time takes `now_ms`, any monotonic
//! count of milliseconds the caller reads (`performance.now()` in the browser, `Instant` in
//! a native program, a plain number in tests). A [`Clock`] is plain data that only changes
//! when it is called, so a front end drives it from its own timer ([`Clock::until_flag`]
//! says when to look next) and can save and restore it as it is.
//!
//! ```
//! use shatar_rules::clock::{Bonus, Clock, TimeControl};
//! use shatar_rules::Color;
//! // 5 minutes + 3 seconds a move (2017 art. 6.3.1).
//! let mut clock = Clock::new(TimeControl::sudden_death(300_000, Bonus::Increment { ms: 3_000 }));
//! clock.start(0); // 2017 art. 6.6: White's clock starts
//! clock.press(10_000).unwrap(); // White moves after 10 s
//! assert_eq!(clock.read(Color::White, 10_000).base_ms, 293_000);
//! assert_eq!(clock.read(Color::Black, 12_000).base_ms, 298_000);
//! ```
//!
//! # Time controls (2017 art. 6.3)
//! A [`TimeControl`] is a list of [`Period`]s: a number of moves in a base time, or (the
//! last) all the remaining moves. Each period has a [`Bonus`]:
//! - **Increment** (art. 6.3.1, Fischer): added after each move, the first one included, as
//!   FIDE clocks do (some clocks add it before the first move as well; we do not).
//! - **Simple delay** (art. 6.3.2, the "extended" mode 加长): at each move the first `ms`
//!   of thinking are free. The allowance counts down first ([`Reading::delay_ms`]), then the
//!   base time; a move made within the allowance leaves the base time as it was. Unspent
//!   allowance is lost: the text's "except in the extended mode" (除非采用"加长"时间的用时模式)
//!   is read as saying that the allowance is never saved, neither for later moves nor for
//!   the next period; saved base time carries over in every mode.
//! - **Bronstein delay** (not in the 2017 text, offered as an extra): the time a move used,
//!   up to `ms`, is given back after the move. The base time falls while the player thinks.
//!
//! When the move that completes a period's move count is made, the next period's base
//! time is added to what is left (art. 6.3.2: saved time carries over) and the next
//! period's bonus applies from the next move on; the completing move still gets its own
//! period's bonus. A last period that has a move count repeats (the old "40 moves in 2 hours,
//! and again"); [`TimeControl`]s built for the site end with a period of all moves.
//!
//! # Flags (2017 art. 6.9, 6.11)
//! A side's flag falls when its clock runs and its time (unspent allowance and base time)
//! reaches zero. In a period with a move count that is always before the count was reached
//! (reaching it adds time at once), so a fallen flag is a loss under art. 6.9, unless the
//! opponent cannot checkmate by any legal sequence: then a draw ([`flag_outcome`]). Art. 6.9
//! yields to art. 5: a game already ended on the board is not lost on time afterwards; the
//! caller asks the game record first. Flags latch: once seen down, a flag stays down. Both
//! flags down in the last period (the one in which all remaining moves must be made) is a
//! draw (art. 6.11.2, [`both_flags_outcome`]); in an earlier period play goes on (6.11.1).
//!
//! # Starting, pausing, pressing
//! [`Clock::start`] starts the clock of the side to move, White's in a new game (art. 6.6).
//! [`Clock::pause`] stops it (art. 6.12; also art. 9.5, where a claimant stops both clocks)
//! and [`Clock::resume`] runs it again with the allowance of the move as the pause left it.
//! A press while the clock stands (before the start, or paused) completes the move without
//! charging time, and the clock stays stopped: a site that starts the clocks only after
//! White's first move presses, then starts.
//!
//! # PGN
//! [`TimeControl::pgn_tag`] writes the `TimeControl` tag of the PGN standard (9.6.1):
//! descriptors joined by `:`, each `moves/seconds` for a period with a move count, `seconds`
//! for the rest of the game, followed by `+seconds` for an increment: `"300+3"`,
//! `"40/5400:1800+30"`. An increment in a period with a move count (`"40/5400+30"`) and
//! times that are not whole seconds (`"2.5"`) go beyond the standard's letter, as common
//! software writes them. The standard cannot say a delay; for those
//! [`TimeControl::pgn_extra_tag`] gives our own tag `[TimeControlDelay "..."]`, in the same
//! syntax with `d` (simple delay) or `b` (Bronstein) in place of `+`: `"1500d5"` is 25
//! minutes with a 5-second simple delay, `"40/5400d30:1800d30"` two periods with 30 seconds'
//! delay. [`TimeControl::from_pgn`] reads both; [`TimeControl::from_pgn_game`] prefers the
//! delay tag. The clock left after each move goes in its comment as `[%clk h:mm:ss]`
//! ([`crate::pgn::PgnMove::set_clock`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::outcome::{EndReason, Outcome};
use crate::position::{Position, Rules};
use crate::types::Color;

/// 2017 art. 9.5.2: an incorrect draw claim gives the opponent two minutes.
pub const WRONG_CLAIM_BONUS_MS: u64 = 120_000;

/// Our PGN tag for a time control with a delay, which the standard `TimeControl` tag
/// cannot say (see the module docs).
pub const DELAY_TAG: &str = "TimeControlDelay";

/// What a period gives each move beyond its base time (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    None,
    /// Added after each move (2017 art. 6.3.1).
    Increment {
        ms: u64,
    },
    /// The first `ms` of each move are free (2017 art. 6.3.2).
    SimpleDelay {
        ms: u64,
    },
    /// The time a move used, up to `ms`, is given back after it.
    Bronstein {
        ms: u64,
    },
}

impl Bonus {
    /// The per-move allowance of a delay, whose use the clock tracks within a move.
    fn allowance(self) -> u64 {
        match self {
            Bonus::SimpleDelay { ms } | Bonus::Bronstein { ms } => ms,
            Bonus::None | Bonus::Increment { .. } => 0,
        }
    }
}

/// A stretch of the game with its own base time and bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The moves to make in this period; `None`: all the rest of the game.
    pub moves: Option<u32>,
    pub base_ms: u64,
    pub bonus: Bonus,
}

/// The time control of a game (2017 art. 6.3): at least one period; the last one normally
/// has `moves: None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub periods: Vec<Period>,
}

impl TimeControl {
    /// All moves in `base_ms`, with `bonus` per move.
    pub fn sudden_death(base_ms: u64, bonus: Bonus) -> TimeControl {
        TimeControl {
            periods: alloc::vec![Period {
                moves: None,
                base_ms,
                bonus
            }],
        }
    }

    /// Period `index`, or the last one past the end; a control without periods reads as no
    /// time at all rather than panicking on data restored from elsewhere.
    pub fn period(&self, index: usize) -> Period {
        self.periods
            .get(index)
            .or(self.periods.last())
            .copied()
            .unwrap_or(Period {
                moves: None,
                base_ms: 0,
                bonus: Bonus::None,
            })
    }

    /// The PGN `TimeControl` tag (PGN standard 9.6.1): `"40/5400:1800+30"`, `"300+3"`.
    /// `None` when the standard cannot say it: a simple or Bronstein delay (see
    /// [`TimeControl::pgn_extra_tag`]), or no periods.
    pub fn pgn_tag(&self) -> Option<String> {
        let delay = self
            .periods
            .iter()
            .any(|p| matches!(p.bonus, Bonus::SimpleDelay { .. } | Bonus::Bronstein { .. }));
        (!delay && !self.periods.is_empty()).then(|| self.pgn_value())
    }

    /// Our own tag for what the standard tag cannot say: `(DELAY_TAG, "1500d5")` for a
    /// delay (see the module docs for the syntax); `None` when [`TimeControl::pgn_tag`]
    /// says it all.
    pub fn pgn_extra_tag(&self) -> Option<(&'static str, String)> {
        (self.pgn_tag().is_none() && !self.periods.is_empty())
            .then(|| (DELAY_TAG, self.pgn_value()))
    }

    /// The standard syntax, extended by `d` and `b` for the delays.
    fn pgn_value(&self) -> String {
        let descriptors: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let moves = p.moves.map(|n| format!("{n}/")).unwrap_or_default();
                let bonus = match p.bonus {
                    Bonus::None => String::new(),
                    Bonus::Increment { ms } => format!("+{}", seconds(ms)),
                    Bonus::SimpleDelay { ms } => format!("d{}", seconds(ms)),
                    Bonus::Bronstein { ms } => format!("b{}", seconds(ms)),
                };
                format!("{moves}{}{bonus}", seconds(p.base_ms))
            })
            .collect();
        descriptors.join(":")
    }

    /// Reads a `TimeControl` tag value, or our [`DELAY_TAG`]'s. `None` for `-` (no time
    /// control), `?` (unknown), an hourglass (`*180`) and anything malformed.
    pub fn from_pgn(value: &str) -> Option<TimeControl> {
        let descriptors: Vec<&str> = value.trim().split(':').collect();
        let mut periods = Vec::with_capacity(descriptors.len());
        for (i, d) in descriptors.iter().enumerate() {
            let (moves, rest) = match d.split_once('/') {
                Some((n, rest)) if is_digits(n) => {
                    (Some(n.parse::<u32>().ok().filter(|&n| n > 0)?), rest)
                }
                Some(_) => return None,
                None => (None, *d),
            };
            // Only the last period may run to the end of the game.
            if moves.is_none() && i + 1 < descriptors.len() {
                return None;
            }
            let (base, bonus) = match rest.find(['+', 'd', 'b']) {
                Some(at) => {
                    let ms = parse_seconds(&rest[at + 1..])?;
                    let bonus = match rest.as_bytes()[at] {
                        b'+' => Bonus::Increment { ms },
                        b'd' => Bonus::SimpleDelay { ms },
                        _ => Bonus::Bronstein { ms },
                    };
                    (&rest[..at], bonus)
                }
                None => (rest, Bonus::None),
            };
            periods.push(Period {
                moves,
                base_ms: parse_seconds(base)?,
                bonus,
            });
        }
        Some(TimeControl { periods })
    }

    /// Human text: "25 min, 5 s delay", "40 moves in 90 min, then 30 min + 30 s".
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let time = duration(p.base_ms);
                let head = match p.moves {
                    Some(1) => format!("1 move in {time}"),
                    Some(n) => format!("{n} moves in {time}"),
                    None => time,
                };
                let bonus = match p.bonus {
                    Bonus::None => String::new(),
                    Bonus::Increment { ms } => format!(" + {} s", seconds(ms)),
                    Bonus::SimpleDelay { ms } => format!(", {} s delay", seconds(ms)),
                    Bonus::Bronstein { ms } => format!(", {} s Bronstein delay", seconds(ms)),
                };
                format!("{head}{bonus}")
            })
            .collect();
        let mut text = parts.join(", then ");
        match self.periods.last() {
            None => text.push_str("no time control"),
            Some(p) if p.moves.is_some() => text.push_str(", repeated"),
            Some(_) => {}
        }
        text
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Milliseconds as seconds: whole, or with the fraction's digits that matter.
fn seconds(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    if frac == 0 {
        return format!("{s}");
    }
    let digits = format!("{frac:03}");
    format!("{s}.{}", digits.trim_end_matches('0'))
}

/// Seconds, whole or with up to three decimals (more are dropped), to milliseconds.
fn parse_seconds(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if !is_digits(whole) || (text.contains('.') && !is_digits(frac)) {
        return None;
    }
    let mut ms: u64 = whole.parse::<u64>().ok()?.checked_mul(1000)?;
    for (digit, scale) in frac.bytes().zip([100, 10, 1]) {
        ms += u64::from(digit - b'0') * scale;
    }
    Some(ms)
}

/// "30 min", "1 min 30 s", "10 s".
fn duration(ms: u64) -> String {
    let minutes = ms / 60_000;
    match (minutes, ms % 60_000) {
        (0, rest) => format!("{} s", seconds(rest)),
        (m, 0) => format!("{m} min"),
        (m, rest) => format!("{m} min {} s", seconds(rest)),
    }
}

/// What a clock face shows for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Base time left.
    pub base_ms: u64,
    /// The simple delay still unspent this move, for the side to move; else 0. (A
    /// Bronstein delay is no time to show: it is given back after the move.)
    pub delay_ms: u64,
    /// The index of the side's period in [`TimeControl::periods`].
    pub period: usize,
    /// Moves still to make in this period; `None` in a period of all moves.
    pub moves_to_go: Option<u32>,
    /// The flag is down.
    pub flag: bool,
}

/// The two clocks. Plain data, all fields public, so that a front end can save and
/// restore it (serde lives in the front end). Indexed by [`Color::index`]: White 0,
/// Black 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Base time left as of the last press or pause (the running side's time since then
    /// is `now_ms - since_ms`).
    pub base_ms: [u64; 2],
    /// The index of each side's period in `control.periods`.
    pub period: [usize; 2],
    /// Moves completed in the current period.
    pub moves_in_period: [u32; 2],
    /// The side whose clock runs: `None` before the start and while paused.
    pub running: Option<Color>,
    /// Whose turn it is on the clock, kept while paused.
    pub to_move: Color,
    /// `None` until [`Clock::start`]; then when the running clock last started, or, while
    /// paused, when the pause began.
    pub since_ms: Option<u64>,
    /// The allowance of this move's delay (simple or Bronstein) that the side to move had
    /// used by the last pause: a resumed clock goes on from there rather than granting the
    /// allowance afresh.
    pub delay_used_ms: u64,
    /// Flags seen down; they stay down.
    pub flags: [bool; 2],
}

/// One side's time at a moment.
struct Face {
    base: u64,
    /// Unspent simple delay of this move.
    delay_left: u64,
    /// The delay allowance used this move (simple: spent; Bronstein: to be given back).
    allowance_used: u64,
    /// The clock runs and nothing is left.
    out: bool,
}

impl Clock {
    /// Both sides have the first period's base time; nothing runs; White is to move (set
    /// `to_move` before [`Clock::start`] for a game that starts with Black to move).
    pub fn new(control: TimeControl) -> Clock {
        let base = control.period(0).base_ms;
        Clock {
            control,
            base_ms: [base; 2],
            period: [0; 2],
            moves_in_period: [0; 2],
            running: None,
            to_move: Color::White,
            since_ms: None,
            delay_used_ms: 0,
            flags: [false; 2],
        }
    }

    /// 2017 art. 6.6: the game starts with White's clock (the side to move's). Does nothing
    /// once started; a paused clock goes on with [`Clock::resume`].
    pub fn start(&mut self, now_ms: u64) {
        if !self.is_started() {
            self.running = Some(self.to_move);
            self.since_ms = Some(now_ms);
        }
    }

    pub fn is_started(&self) -> bool {
        self.since_ms.is_some()
    }

    /// Started, and nothing runs (2017 art. 6.12).
    pub fn is_paused(&self) -> bool {
        self.is_started() && self.running.is_none()
    }

    fn bonus(&self, color: Color) -> Bonus {
        self.control.period(self.period[color.index()]).bonus
    }

    fn face(&self, color: Color, now_ms: u64) -> Face {
        let running = self.running == Some(color);
        let elapsed = match self.since_ms {
            Some(since) if running => now_ms.saturating_sub(since),
            _ => 0,
        };
        let used_before = if color == self.to_move {
            self.delay_used_ms
        } else {
            0
        };
        let base = self.base_ms[color.index()];
        let (base, delay_left, allowance_used) = match self.bonus(color) {
            // 2017 art. 6.3.2: the allowance goes first; only what goes beyond it is base time.
            Bonus::SimpleDelay { ms } => {
                let used = used_before.saturating_add(elapsed);
                let delay_left = if color == self.to_move {
                    ms.saturating_sub(used)
                } else {
                    0
                };
                (
                    base.saturating_sub(used.saturating_sub(ms)),
                    delay_left,
                    used.min(ms),
                )
            }
            bonus => {
                let used = used_before.saturating_add(elapsed).min(bonus.allowance());
                (base.saturating_sub(elapsed), 0, used)
            }
        };
        Face {
            base,
            delay_left,
            allowance_used,
            out: running && base == 0 && delay_left == 0,
        }
    }

    pub fn read(&self, color: Color, now_ms: u64) -> Reading {
        let i = color.index();
        let face = self.face(color, now_ms);
        Reading {
            base_ms: face.base,
            delay_ms: face.delay_left,
            period: self.period[i],
            moves_to_go: self
                .control
                .period(self.period[i])
                .moves
                .map(|n| n.saturating_sub(self.moves_in_period[i])),
            flag: self.flags[i] || face.out,
        }
    }

    /// The side to move pressed its clock after completing a move: its time is charged
    /// (the simple delay first), an increment or the Bronstein refund added, the move
    /// counted, and when that completes the period's move count the next period's base
    /// time is added to what is left (2017 art. 6.3.2); then the opponent's clock runs.
    /// `Err(color)` if the side's flag was already down at `now_ms`: the flag is latched
    /// and nothing else changes. While the clock stands the move is counted and no time
    /// charged; it stays stopped.
    pub fn press(&mut self, now_ms: u64) -> Result<(), Color> {
        let us = self.to_move;
        let i = us.index();
        let face = self.face(us, now_ms);
        if self.flags[i] || face.out {
            self.flags[i] = true;
            return Err(us);
        }
        let mut base = face.base;
        let this_period = self.control.period(self.period[i]);
        match this_period.bonus {
            // 2017 art. 6.3.1: after each move, the first one included.
            Bonus::Increment { ms } => base = base.saturating_add(ms),
            Bonus::Bronstein { .. } => base = base.saturating_add(face.allowance_used),
            Bonus::None | Bonus::SimpleDelay { .. } => {}
        }
        self.moves_in_period[i] = self.moves_in_period[i].saturating_add(1);
        if let Some(n) = this_period.moves
            && self.moves_in_period[i] >= n
        {
            // A last period with a move count starts over.
            if self.period[i] + 1 < self.control.periods.len() {
                self.period[i] += 1;
            }
            self.moves_in_period[i] = 0;
            base = base.saturating_add(self.control.period(self.period[i]).base_ms);
        }
        self.base_ms[i] = base;
        self.to_move = us.other();
        self.delay_used_ms = 0;
        if self.running.is_some() {
            self.running = Some(self.to_move);
            self.since_ms = Some(now_ms);
        }
        Ok(())
    }

    /// 2017 art. 6.12: stops the running clock, keeping what the move has used of its
    /// delay. Does nothing when nothing runs.
    pub fn pause(&mut self, now_ms: u64) {
        let Some(color) = self.running else { return };
        let face = self.face(color, now_ms);
        let i = color.index();
        self.flags[i] |= face.out;
        self.base_ms[i] = face.base;
        self.delay_used_ms = face.allowance_used;
        self.running = None;
        self.since_ms = Some(now_ms);
    }

    /// 2017 art. 6.12.3: the side to move's clock runs again, its delay allowance as the
    /// pause left it (a pause does not grant a fresh one). Does nothing unless paused.
    pub fn resume(&mut self, now_ms: u64) {
        if self.is_paused() {
            self.running = Some(self.to_move);
            self.since_ms = Some(now_ms);
        }
    }

    /// Adds time to `color`'s base time: 2017 art. 9.5.2, [`WRONG_CLAIM_BONUS_MS`] to the
    /// opponent of a player whose draw claim was wrong. A fallen flag stays down.
    pub fn add_time(&mut self, color: Color, ms: u64) {
        let i = color.index();
        self.base_ms[i] = self.base_ms[i].saturating_add(ms);
    }

    /// The side whose flag is down at `now_ms` (latching the running side's), the side to
    /// move's first if both are; `None` while time remains.
    pub fn check_flag(&mut self, now_ms: u64) -> Option<Color> {
        if let Some(color) = self.running
            && self.face(color, now_ms).out
        {
            self.flags[color.index()] = true;
        }
        [self.to_move, self.to_move.other()]
            .into_iter()
            .find(|c| self.flags[c.index()])
    }

    /// Milliseconds until the running side's flag falls (0 if it is down), for the caller's
    /// timer; `None` when nothing runs.
    pub fn until_flag(&self, now_ms: u64) -> Option<u64> {
        let color = self.running?;
        if self.flags[color.index()] {
            return Some(0);
        }
        let face = self.face(color, now_ms);
        Some(face.base.saturating_add(face.delay_left))
    }

    /// Whether `color` is in the period in which all remaining moves must be made (2017
    /// art. 6.11.2); a repeating last period with a move count is not one.
    pub fn in_last_period(&self, color: Color) -> bool {
        let p = self.period[color.index()];
        p + 1 >= self.control.periods.len() && self.control.period(p).moves.is_none()
    }
}

/// 2017 art. 6.9: how the game ends when `flagged`'s flag has fallen in `pos` (the position
/// on the board at that moment): a win for the opponent, or a draw when the opponent
/// cannot checkmate by any legal sequence ([`Position::can_checkmate`]: material the rules
/// crate counts as unable to mate, under the ruleset's own rules). A game that has already
/// ended on the board (art. 5) is the caller's to check first.
pub fn flag_outcome<R: Rules>(pos: &Position<R>, flagged: Color) -> Outcome {
    let opponent = flagged.other();
    if pos.can_checkmate(opponent) {
        Outcome::win(opponent, EndReason::TimeForfeit)
    } else {
        Outcome::draw(EndReason::TimeoutVsInsufficientMaterial)
    }
}

/// 2017 art. 6.11.2: both flags down (noticed only later) in the last period: a draw. In an
/// earlier period, when it cannot be told which fell first, play goes on (art. 6.11.1).
pub fn both_flags_outcome() -> Outcome {
    Outcome::draw(EndReason::BothFlags)
}
