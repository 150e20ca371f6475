//! The rules of Mongolian chess (Inner Mongolia rules of 2017, and the folk rules), of
//! FIDE chess and of Xiangqi: positions, legal moves, notation and game records.
//!
//! The three 8x8 games share one board: a [`Position`] over the [`Rules`] of [`Mongolian`],
//! [`MongolianFolk`] or [`Chess`], with [`fen`], [`san`], [`uci`] moves and [`pgn`], and the
//! [`GameRecord`] that keeps a game's history (repetitions, draw claims, the move-count
//! rules). [`AnyPosition`] and [`AnyRecord`] hold one of them chosen at run time by its
//! [`Ruleset`]. [`clock`] is the game clock of the 2017 rules, a model on injected time.
//!
//! Xiangqi ([`xiangqi`]) has a board of points, pieces, notations (ICCS, WXF, Chinese) and
//! a record of its own, [`xiangqi::Record`], with the natural move limit and the repetition
//! rulings (AXF 2008 or 1956, [`xiangqi::rulings`]). What the games share: [`Color`], the
//! [`Outcome`] types, the [`GamePosition`] trait that the engine and the page work through
//! ([`perft`], [`divide`]), and the PGN syntax tree. [`GameKind`] names any of the four.
//!
//! [`any_game`] holds a position, record, move, piece or cell of any of the four games
//! chosen at run time ([`AnyGamePosition`], [`AnyGameRecord`], [`GameMove`]): what the
//! front ends play through. Xiangqi's values there exist only with the crate's `xiangqi`
//! feature ([`any_game::carried`]), so a build without it leaves Xiangqi's code out.
//!
//! Pure: no I/O, no clock, no platform code; `no_std` with `alloc`. The same code runs in
//! the native `shatar` engine, in the engine's Web Worker and in the page.
//!
//! ```
//! use shatar_rules::{Mongolian, Position};
//! let pos = Position::<Mongolian>::new();
//! // 2017 art. 1.2: White opens with e2-e4 or d2-d4, nothing else.
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["e2e4", "d2d4"]);
//! ```

#![no_std]
#![forbid(unsafe_op_in_unsafe_fn)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod any_game;
// The 8x8 games (Mongolian chess, its folk rules, FIDE chess), beside `xiangqi`; what the
// games share (colours, outcomes, game kinds, PGN, the clock) stays at the root.
mod board8;
pub mod clock;
mod game_position;
pub mod notation;
mod outcome;
pub mod perft_suite;
pub mod pgn;
mod placement;
mod ruleset;
pub mod stack_list;
mod types;
pub mod xiangqi;

// The 8x8 modules keep their paths at the root: the crate's public ones (`shatar_rules::fen`
// and the rest) for every caller, the others for the crate's own `crate::position` paths.
use board8::{any, bitboard, board, chess, mongolian, moves, position, record, setup, zobrist};
pub use board8::{attacks, fen, san, uci};

pub use any::{AnyPosition, AnyRecord};
pub use any_game::{
    AnyGamePosition, AnyGameRecord, AnyPiece, Carried, Cell, GameMove, MoveStyle, NotCarried,
};
pub use bitboard::Bitboard;
pub use board::Board;
pub use chess::{Chess, ChessState};
pub use game_position::{
    Divide, GamePosition, PerftStopped, divide, divide_until, perft, perft_until,
};
pub use mongolian::{FirstRound, Mongolian, MongolianFolk, Opening, has_bare_king};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{EndReason, GameResult, Outcome};
pub use position::GenContext;
pub use position::{DrawRules, IllegalMove, Position, PositionError, Restriction, Rules};
pub use record::{Claim, ClaimVerdict, GameRecord, PlayError};
pub use ruleset::{GameKind, Ruleset, UnknownGame, UnknownRuleset};
pub use setup::{CastlingRights, Setup};
pub use types::{ByColor, Color, File, Piece, Rank, Role, Square};
