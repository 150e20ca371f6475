//! The 8x8 games: Mongolian chess (the 2017 rules and the folk rules) and FIDE chess on one
//! board, a [`Position`](crate::Position) over the [`Rules`](crate::Rules) of each, with
//! their FEN, SAN, UCI moves, game record and PGN replay. Xiangqi is the folder beside this
//! one; what the games share is at the crate's root. The crate re-exports these modules at
//! its root, so their paths (`shatar_rules::fen`, `crate::position`) are as before.

pub(crate) mod any;
pub mod attacks;
pub(crate) mod bitboard;
pub(crate) mod board;
pub(crate) mod chess;
pub mod fen;
pub(crate) mod mongolian;
pub(crate) mod moves;
pub(crate) mod position;
pub(crate) mod record;
// The 8x8 games' PGN replay (`PgnGame::replay`): with the game, not in the PGN layer.
mod replay;
pub mod san;
pub(crate) mod setup;
pub mod uci;
pub(crate) mod zobrist;
