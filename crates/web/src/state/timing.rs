//! The game's clock (2017 art. 6), driven by the time each message brings: pressed after
//! every move, checked for a fallen flag on every tick, paused and resumed. The clock's
//! arithmetic is the rules crate's; this is when to call it.

use shatar_rules::Color;
use shatar_rules::clock::{self, Clock};

use super::{AppState, Effect, Sound};

/// Under this much (base and delay together) a clock shows tenths and warns once.
pub const LOW_TIME_MS: u64 = 10_000;

/// The clock of a timed game and what the page remembers about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    pub clock: Clock,
    /// Each move's mover's base time after pressing, for the PGN's `[%clk]` comments.
    pub marks: Vec<u64>,
    /// The low-time warning already given, per side.
    pub warned: [bool; 2],
}

impl Timing {
    /// A new game's clock: White's clock starts at once (art. 6.6).
    pub fn start(control: clock::TimeControl, now_ms: u64) -> Timing {
        let mut clock = Clock::new(control);
        clock.start(now_ms);
        Timing {
            clock,
            marks: Vec::new(),
            warned: [false; 2],
        }
    }
}

/// The mover presses the clock after a move. `false`: its flag was already down, and the
/// game has been ended by the flag instead (art. 6.9).
pub fn press(state: &mut AppState, effects: &mut Vec<Effect>) -> bool {
    let now = state.now_ms;
    let Some(t) = &mut state.session.timing else {
        return true;
    };
    if t.clock.is_paused() {
        t.clock.resume(now);
    }
    let mover = t.clock.to_move;
    match t.clock.press(now) {
        Ok(()) => {
            t.marks.push(t.clock.read(mover, now).base_ms);
            true
        }
        Err(flagged) => {
            flag_fell(state, flagged, effects);
            false
        }
    }
}

/// A tick: a fallen flag ends the game; crossing into low time warns once.
pub fn tick(state: &mut AppState, effects: &mut Vec<Effect>) {
    let now = state.now_ms;
    if state.board.game().outcome().is_some() {
        return;
    }
    let Some(t) = &mut state.session.timing else {
        return;
    };
    if let Some(flagged) = t.clock.check_flag(now) {
        flag_fell(state, flagged, effects);
        return;
    }
    let Some(side) = t.clock.running else { return };
    let reading = t.clock.read(side, now);
    if reading.base_ms + reading.delay_ms < LOW_TIME_MS && !t.warned[side.index()] {
        t.warned[side.index()] = true;
        if state.prefs.looks.sound {
            effects.push(Effect::Sound(Sound::LowTime));
        }
    }
}

/// Over the board: the player whose clock runs presses it after moving on the real board;
/// a press on the other half does nothing.
pub fn tap(state: &mut AppState, color: Color, effects: &mut Vec<Effect>) {
    let now = state.now_ms;
    if !state.clock_only() || state.board.game().outcome().is_some() {
        return;
    }
    let Some(t) = &mut state.session.timing else {
        return;
    };
    if t.clock.to_move != color || t.clock.is_paused() {
        return;
    }
    match t.clock.press(now) {
        Ok(()) => {
            t.marks.push(t.clock.read(color, now).base_ms);
            if state.prefs.looks.sound {
                effects.push(Effect::Sound(Sound::Move));
            }
        }
        Err(flagged) => flag_fell(state, flagged, effects),
    }
}

fn flag_fell(state: &mut AppState, flagged: Color, effects: &mut Vec<Effect>) {
    // Over the board the page cannot see the material: the flag decides, and 6.9's
    // exception (an opponent who cannot mate) is the arbiter's to apply.
    let outcome = if state.clock_only() {
        shatar_rules::Outcome::win(flagged.other(), shatar_rules::EndReason::TimeForfeit)
    } else {
        state.board.game().position().flag_outcome(flagged)
    };
    state.board.change(|game| game.set_outcome(outcome));
    stop(state);
    if state.prefs.looks.sound {
        effects.push(Effect::Sound(Sound::End));
    }
}

/// The game is over: the clock stops where it is.
pub fn stop(state: &mut AppState) {
    let now = state.now_ms;
    if let Some(t) = &mut state.session.timing {
        t.clock.pause(now);
    }
}

pub fn pause(state: &mut AppState) {
    stop(state);
}

pub fn resume(state: &mut AppState) {
    let now = state.now_ms;
    if state.board.game().outcome().is_none()
        && let Some(t) = &mut state.session.timing
    {
        t.clock.resume(now);
    }
}

/// 2017 art. 9.5.2: a wrong claim gives the claimant's opponent two minutes.
pub fn wrong_claim(state: &mut AppState, claimant: Color) {
    if let Some(t) = &mut state.session.timing {
        t.clock
            .add_time(claimant.other(), clock::WRONG_CLAIM_BONUS_MS);
    }
}

/// The side to move's clock for the engine's time planning.
pub fn engine_clock(state: &AppState) -> Option<shatar_protocol::ClockState> {
    use shatar_protocol::{ClockState, Delay};
    let t = state.session.timing.as_ref()?;
    let side = t.clock.to_move;
    let reading = t.clock.read(side, state.now_ms);
    let period = t.clock.control.periods.get(reading.period)?;
    let (increment_ms, delay) = match period.bonus {
        clock::Bonus::None => (0, Delay::None),
        clock::Bonus::Increment { ms } => (ms, Delay::None),
        clock::Bonus::SimpleDelay { ms } => (0, Delay::Simple { ms }),
        clock::Bonus::Bronstein { ms } => (0, Delay::Bronstein { ms }),
    };
    Some(ClockState {
        remaining_ms: reading.base_ms,
        increment_ms,
        delay,
        moves_to_go: reading.moves_to_go,
    })
}
