//! What bounds a search and what a search reports, on the wire. The worker turns these
//! into the engine's own types; the protocol does not depend on the engine crate, so the
//! page can be built without it.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

/// When a search must stop: every limit given applies, the first reached ends it. All
/// fields may be left out, but at least one limit must remain once the level's caps are
/// applied: the worker cannot be told to stop (see the worker crate's documentation).
///
/// `{"move_time_ms":1000}`, `{"clock":{"remaining_ms":300000,"increment_ms":2000}}`,
/// `{"level":{"level":3,"seed":17},"move_time_ms":2000}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLimits {
    /// Full iterations, in plies.
    #[serde(default)]
    pub depth: Option<u32>,
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Spend exactly this long (less a safety margin), whatever the position.
    #[serde(default)]
    pub move_time_ms: Option<u64>,
    /// The side to move's clock: the engine plans its own time.
    #[serde(default)]
    pub clock: Option<ClockState>,
    /// Play at a level below full strength.
    #[serde(default)]
    pub level: Option<Strength>,
    /// Lines to report (UCI `MultiPV`); `None` or 0 means 1.
    #[serde(default)]
    pub multi_pv: Option<u32>,
}

/// The side to move's clock as the time control sets it (2017 art. 6.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Base time left, not counting this move's delay.
    pub remaining_ms: u64,
    /// Added after each move (Fischer, art. 6.3.1).
    #[serde(default)]
    pub increment_ms: u64,
    #[serde(default)]
    pub delay: Delay,
    /// Moves until the next time control, if the period has a move count.
    #[serde(default)]
    pub moves_to_go: Option<u32>,
}

/// `"None"`, `{"Simple":{"ms":5000}}`, `{"Bronstein":{"ms":5000}}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Delay {
    #[default]
    None,
    /// Each move first spends this allowance (art. 6.3.2, "加长").
    Simple { ms: u64 },
    /// The time used, up to this much, is given back after the move.
    Bronstein { ms: u64 },
}

/// A playing level from 1 (weakest) to 10 (full strength), and the seed that makes its
/// noise and choices repeatable: pass a new seed for each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strength {
    pub level: u8,
    #[serde(default)]
    pub seed: u64,
}

/// A search score from the side to move's point of view: `{"Cp":{"cp":35}}` or
/// `{"Mate":{"moves":-2}}` (mated in two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    Cp {
        cp: i32,
    },
    /// Mate in this many moves (not plies); negative when the side to move is mated.
    Mate {
        moves: i32,
    },
}

/// Progress: one finished iteration of one line (UCI `info`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line.
    pub multi_pv: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// Permille of the hash table this search filled.
    pub hashfull: u32,
    /// The principal variation in UCI notation.
    pub pv: Vec<String>,
}

/// The move chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestMove {
    /// In UCI notation.
    pub best_move: String,
    /// The expected reply, if the search saw one.
    pub ponder: Option<String>,
    pub score: Score,
    /// The depth of the last finished iteration.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
}
