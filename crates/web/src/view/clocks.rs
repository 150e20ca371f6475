//! The clocks of a timed game: each face, the low-time warning, and the presses counted
//! over the board.

use shatar_rules::{Color, GameKind};

use crate::i18n::Lang;
use crate::names::side_name;
use crate::state::AppState;
use crate::tf;

/// One clock face: the base time, and the simple delay still to spend on this move shown
/// apart from it (2017 art. 6.3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub text: String,
    /// "White's clock, 4:59", for the face's accessible name.
    pub label: String,
    pub delay: Option<String>,
    pub running: bool,
    pub low: bool,
    pub flag: bool,
}

pub(super) fn moves_made(lang: Lang, n: usize) -> String {
    let n_text = n.to_string();
    if n == 1 {
        tf!(lang, "clock.moves.one", n = n_text)
    } else {
        tf!(lang, "clock.moves.other", n = n_text)
    }
}

pub(super) fn clock_view(
    lang: Lang,
    game: GameKind,
    t: &crate::state::Timing,
    color: Color,
    now_ms: u64,
) -> ClockView {
    let r = t.clock.read(color, now_ms);
    let running = t.clock.running == Some(color);
    let text = clock_text(r.base_ms);
    ClockView {
        label: tf!(
            lang,
            "clock.label",
            side = side_name(lang, game, color),
            time = text
        ),
        text,
        delay: (running && r.delay_ms > 0).then(|| format!("+{}", tenths(r.delay_ms))),
        running,
        low: r.base_ms + r.delay_ms < crate::state::LOW_TIME_MS,
        flag: r.flag,
    }
}

/// The running clock's warning once it is low (the moment the low-time sound plays): said
/// once by the live region, and again if the other side's clock runs low too.
pub(super) fn time_warning(state: &AppState) -> Option<String> {
    let t = state.session.timing.as_ref()?;
    let side = t.clock.running?;
    let r = t.clock.read(side, state.now_ms);
    let low =
        t.warned[side.index()] && r.base_ms + r.delay_ms < crate::state::LOW_TIME_MS && !r.flag;
    let seconds = (crate::state::LOW_TIME_MS / 1000).to_string();
    let side = side_name(state.prefs.lang, state.board.game().kind(), side);
    low.then(|| tf!(state.prefs.lang, "say.low-time", side = side, n = seconds))
}

/// `1:05:09`, `4:59`, and tenths under ten seconds: `9.4`.
pub fn clock_text(ms: u64) -> String {
    if ms < crate::state::LOW_TIME_MS {
        return tenths(ms);
    }
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// Seconds with tenths, rounded down: a clock must not show time that is not there.
fn tenths(ms: u64) -> String {
    format!("{}.{}", ms / 1000, ms / 100 % 10)
}
