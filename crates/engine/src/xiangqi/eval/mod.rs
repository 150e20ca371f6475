//! Evaluation of Xiangqi: a linear function of the position, tapered between a
//! middlegame and an endgame value by the attacking material left, built like the 8x8
//! evaluation ([`crate::board8::eval`]): the same (middlegame, endgame) weights [`S`], the
//! terms written once over an [`Accumulator`](crate::tapered::Accumulator), so the tuner's
//! trace can reach every weight.
//!
//! The weights ([`weights`]) are written by the tuner (`shatar-tune`, see
//! crates/tune/README.md), starting from hand-set values (its `bootstrap`). The taper
//! carries the horse-and-cannon rule of thumb: the cannon needs screens and is worth more
//! than a horse while the board is full, the horse more once it empties.

pub mod layout;
mod terms;
pub mod weights;

pub use terms::crossed as crossed_river;

use shatar_rules::xiangqi::Position;

pub use crate::tapered::{S, s};
use crate::tapered::{Sum, finish};
use layout::COUNT;

/// One weight set: a value per index of [`layout`].
pub type Weights = [S; COUNT];

/// The game phase with every piece on the board (horses and cannons count 1, chariots 2),
/// down to 0 with none: how far the game is from the endgame.
pub const MAX_PHASE: i32 = 16;

/// The tuner's record of a position: every weight's coefficient, Red's view.
pub type Trace = crate::tapered::Trace<COUNT>;

/// The static evaluation in centipawns, from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &weights::WEIGHTS)
}

/// [`evaluate`] with other weights: for the tuner's matches between weight sets.
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let mut sum = Sum::new(weights);
    let phase = terms::evaluate(pos, &mut sum);
    finish(sum.total(), phase, MAX_PHASE, pos.turn())
}

/// Every weight's coefficient in `pos`, for the tuner.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace::new(0, MAX_PHASE, pos.turn());
    trace.phase = terms::evaluate(pos, &mut trace);
    trace
}

#[cfg(test)]
mod tests;
