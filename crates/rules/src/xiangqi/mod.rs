//! Xiangqi (Chinese chess) under the PRC rules of 1956 and the AXF competition rules of 2008:
//! its own board of 9 files by 10 ranks of points, with the river and the two palaces, its
//! own pieces, moves, FEN, ICCS coordinates, the WXF and Chinese move notations
//! ([`wxf`], [`chinese`]), and PGN in any of them ([`pgn`]). Nothing here touches the 8x8
//! games; what is shared is [`Color`](crate::Color), where Red plays the part of white (it
//! moves first, AXF 2008 ch. 3 §3 art. 一), the [`Outcome`](crate::Outcome) types, the
//! [`GamePosition`](crate::GamePosition) trait the engine and the UI work through, and the
//! PGN syntax tree ([`PgnGame`](crate::pgn::PgnGame)).
//!
//! History-dependent endings live in [`Record`], not in the FEN-sized [`Position`]: the
//! repetition rulings ([`rulings`]: perpetual check and chase judged under the AXF 2008
//! rulings or the 1956 lists, [`RepetitionRules`], each verdict explained with the ruling it
//! rests on) and the natural move limit (AXF 2008 ch. 2 §8).
//!
//! The board is a 90-cell array indexed `rank * 9 + file` from Red's side, with the leaper
//! tables (horse legs, elephant eyes) computed by `const fn`: at 90 points a mailbox is
//! simple, and the perft suite runs in seconds.
//!
//! ```
//! use shatar_rules::xiangqi::{iccs, Position};
//! use shatar_rules::{Color, EndReason};
//! let mut pos = Position::new();
//! assert_eq!(pos.perft(2), 1920);
//! pos.play(iccs::parse("h2e2").unwrap()).unwrap(); // 炮二平五
//! assert_eq!(pos.turn(), Color::Black);
//! // Stalemate is a loss: the black general is not in check but every point it could reach is.
//! let stuck = shatar_rules::xiangqi::fen::parse_position("4k4/9/4P4/9/9/3R1R3/9/9/9/4K4 b").unwrap();
//! assert!(!stuck.is_check());
//! assert_eq!(stuck.outcome().map(|o| o.reason), Some(EndReason::NoLegalMove));
//! ```

mod board;
pub mod chinese;
pub mod fen;
pub mod iccs;
mod movegen;
mod moves;
pub mod pgn;
mod position;
pub mod record;
pub mod rulings;
mod square;
pub mod wxf;
mod zobrist;

pub use board::{
    Board, HORSE, HORSE_ATTACKERS, Leaps, ORTHOGONAL, Piece, Points, Role, in_palace, ray_step,
};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use position::{IllegalMove, Position, PositionError, Setup};
pub use record::{NaturalLimit, Record};
pub use rulings::{Citation, Conduct, RepetitionRules, Ruling, Verdict};
pub use square::{File, Rank, Square};
