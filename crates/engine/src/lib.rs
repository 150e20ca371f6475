//! The Shatar engine: a search over any game that implements [`SearchPosition`].
//!
//! The 8x8 games (2017 and folk Mongolian chess, FIDE chess) implement it in [`board8`],
//! Xiangqi in [`xiangqi`], each with an evaluation of its own (tapered linear terms whose
//! weights `shatar-tune` fits). [`AnyEngine`] holds the engine of a game chosen at run time,
//! for the UCI binary and the browser worker alike; [`Level`] and [`Strength`] play below full
//! strength, at ratings measured against Stockfish;
//! [`bench`](mod@bench) is the fixed search whose node count is the search's signature.
//! [`elo`] turns a match's result into an Elo difference with its 95% interval, for every
//! tool that plays matches.
//!
//! Iterative deepening with aspiration windows, principal variation search, a
//! transposition table, quiescence search with static exchange evaluation, staged move
//! ordering (table move, good captures, killers, history, bad captures), null-move pruning
//! with a zugzwang guard, late move reductions and pruning, check extensions and mate
//! scores with distance. The game's move-count rule scores as a draw inside the search,
//! and so does a repetition unless the game rules on its cycle (Xiangqi's perpetual check
//! and chase); the game's own ends (the folk knight mate and bare king) come from the
//! rules crate, so the engine aims for what the rules reward.
//!
//! Pure like the rules: no I/O, and no clock of its own; the caller lends one
//! ([`Clock`]) with a stop flag and a report sink ([`Control`]).

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod any;
pub mod bench;
pub mod board8;
pub mod elo;
mod eval_table;
mod history;
mod levels;
mod limits;
mod picker;
mod position;
mod score;
mod search;
pub mod tapered;
#[cfg(test)]
mod test_rng;
mod tt;
pub mod xiangqi;

pub use any::{AnyEngine, EngineRules, GameControl};
pub use levels::{Level, LevelSettings, Strength, mix_seed};
pub use limits::{Clock, Delay, GameClock, Limits, MOVE_OVERHEAD_MS, TimeBudget};
pub use position::SearchPosition;
pub use score::{DRAW, MATE, RULED_WIN, Score, Value};
pub use search::{Control, Cycle, Engine, History, Line, Report, SearchResult};
pub use tt::{DEFAULT_HASH_MB, MAX_HASH_MB};
