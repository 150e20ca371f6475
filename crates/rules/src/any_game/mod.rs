//! One type for each thing of a game, whatever the game: the three 8x8 rulesets and
//! Xiangqi, chosen at run time (a menu, a PGN `Variant` tag, a UCI option, a worker
//! message).
//!
//! The front ends (the page, the worker, the UCI binary, the tuner) hold these and never
//! ask which game they play, except to draw its board or evaluate it. Each type wraps the
//! game's own type, so every rule still comes from that game's code; the 8x8 games reach
//! theirs through [`AnyPosition`](crate::AnyPosition) and [`AnyRecord`](crate::AnyRecord),
//! generic over `R: Rules`.
//!
//! Xiangqi is carried only with the crate's `xiangqi` feature ([`carried`]): the page's
//! first download, built without it, leaves all of Xiangqi's code out.

pub mod carried;
mod cell;
mod position;
mod record;

pub use carried::{Carried, NotCarried, carries};
pub use cell::{AnyPiece, Cell, GameMove, MoveStyle};
pub use position::{AnyGamePosition, GameFenError, WireMoveError};
pub use record::{
    AnyGameRecord, GamePgnError, GamePlayError, MoveRejected, WireGameError, XIANGQI_RULES,
};

#[cfg(test)]
mod tests;
