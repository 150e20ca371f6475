//! Evaluation of Xiangqi: a linear function of the position, tapered between a
//! middlegame and an endgame value by the attacking material left, built like the 8x8
//! evaluation ([`crate::board8::eval`]): the same (middlegame, endgame) weights [`S`], the
//! terms written once over an [`Accumulator`], so the tuner's trace can reach every weight.
//!
//! The weights ([`weights`]) are set by hand from the usual values, not tuned yet. The
//! taper carries the horse-and-cannon rule of thumb: the cannon needs screens and is worth
//! more than a horse while the board is full, the horse more once it empties.

pub mod layout;
mod terms;
pub mod weights;

pub use terms::crossed as crossed_river;

use shatar_rules::Color;
use shatar_rules::xiangqi::Position;

use crate::board8::eval::{Accumulator, S};
use layout::COUNT;

/// One weight set: a value per index of [`layout`].
pub type Weights = [S; COUNT];

/// The game phase with every piece on the board (horses and cannons count 1, chariots 2),
/// down to 0 with none: how far the game is from the endgame.
pub const MAX_PHASE: i32 = 16;

/// Well inside the search's mate bounds, whatever the material.
const LIMIT: i32 = 10_000;

struct Sum<'w> {
    weights: &'w Weights,
    total: S,
}

impl Accumulator for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, coefficient: i32) {
        self.total += self.weights[index] * coefficient;
    }
}

/// The tuner's accumulator: the coefficient of every weight, Red's view.
#[derive(Clone, Debug)]
pub struct Trace {
    pub coefficients: [i32; COUNT],
    pub phase: i32,
    pub turn: Color,
}

impl Accumulator for Trace {
    #[inline]
    fn add(&mut self, index: usize, coefficient: i32) {
        self.coefficients[index] += coefficient;
    }
}

impl Trace {
    /// The evaluation from these coefficients and `weights`, exactly as [`evaluate_with`].
    pub fn evaluate(&self, weights: &Weights) -> i32 {
        let total = self.coefficients.iter().zip(weights).fold(S::default(), |acc, (&c, &w)| acc + w * c);
        finish(total, self.phase, self.turn)
    }
}

/// Blends the middlegame and endgame sums by the phase and turns Red's view into the side
/// to move's.
#[inline]
fn finish(total: S, phase: i32, turn: Color) -> i32 {
    let red = (total.mg() * phase + total.eg() * (MAX_PHASE - phase)) / MAX_PHASE;
    let red = red.clamp(-LIMIT, LIMIT);
    if turn == Color::White { red } else { -red }
}

/// The static evaluation in centipawns, from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &weights::WEIGHTS)
}

/// [`evaluate`] with other weights: for the tuner's matches between weight sets.
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let mut sum = Sum { weights, total: S::default() };
    let phase = terms::evaluate(pos, &mut sum);
    finish(sum.total, phase, pos.turn())
}

/// Every weight's coefficient in `pos`, for the tuner.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace { coefficients: [0; COUNT], phase: 0, turn: pos.turn() };
    trace.phase = terms::evaluate(pos, &mut trace);
    trace
}

#[cfg(test)]
mod tests;
