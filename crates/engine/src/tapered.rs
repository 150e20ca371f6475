//! What every game's evaluation shares ([`crate::board8::eval`], [`crate::xiangqi::eval`]):
//! weights as (middlegame, endgame) pairs [`S`], the terms' [`Accumulator`] with the
//! search's weighted sum and the tuner's [`Trace`], and the blend of the two sums by
//! the game phase.

use core::ops::{Add, AddAssign, Mul};

use shatar_rules::Color;

/// A weight: a middlegame and an endgame value in centipawns, packed into one integer
/// (`mg * 2^32 + eg`) so that adding and scaling a weight is one operation for both.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct S(i64);

/// The weight with middlegame value `mg` and endgame value `eg`: the weight files are
/// long lists of these.
pub const fn s(mg: i32, eg: i32) -> S {
    S(((mg as i64) << 32) + eg as i64)
}

impl S {
    pub const fn mg(self) -> i32 {
        // Rounds away the endgame part, which may be negative.
        ((self.0 + (1 << 31)) >> 32) as i32
    }
    pub const fn eg(self) -> i32 {
        self.0 as i32
    }
}

impl core::fmt::Debug for S {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "s({}, {})", self.mg(), self.eg())
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, c: i32) -> S {
        S(self.0 * c as i64)
    }
}

/// What the terms report to: `add(index, coefficient)` for each counted feature, the
/// coefficient positive for White's (Red's) features and negative for Black's.
pub trait Accumulator {
    fn add(&mut self, index: usize, coefficient: i32);
}

/// The search's accumulator: the weighted sum.
pub(crate) struct Sum<'w, const N: usize> {
    weights: &'w [S; N],
    total: S,
}

impl<'w, const N: usize> Sum<'w, N> {
    #[inline(always)]
    pub(crate) fn new(weights: &'w [S; N]) -> Sum<'w, N> {
        Sum {
            weights,
            total: S::default(),
        }
    }

    #[inline(always)]
    pub(crate) fn total(&self) -> S {
        self.total
    }

    /// Adds a sum worked out before (a cached part of the evaluation).
    #[inline(always)]
    pub(crate) fn add_total(&mut self, part: S) {
        self.total += part;
    }
}

impl<const N: usize> Accumulator for Sum<'_, N> {
    #[inline(always)]
    fn add(&mut self, index: usize, coefficient: i32) {
        self.total += self.weights[index] * coefficient;
    }
}

/// The tuner's accumulator: the coefficient of each of a game's `N` weights, White's
/// (Red's) view.
#[derive(Clone, Debug)]
pub struct Trace<const N: usize> {
    pub coefficients: [i32; N],
    /// The game phase, `max_phase` with all pieces on the board down to 0.
    pub phase: i32,
    pub max_phase: i32,
    pub turn: Color,
}

impl<const N: usize> Trace<N> {
    pub(crate) fn new(phase: i32, max_phase: i32, turn: Color) -> Trace<N> {
        Trace {
            coefficients: [0; N],
            phase,
            max_phase,
            turn,
        }
    }

    /// The evaluation from these coefficients and `weights`, exactly as the game's
    /// `evaluate_with` computes it.
    pub fn evaluate(&self, weights: &[S; N]) -> i32 {
        let total = self
            .coefficients
            .iter()
            .zip(weights)
            .fold(S::default(), |acc, (&c, &w)| acc + w * c);
        finish(total, self.phase, self.max_phase, self.turn)
    }
}

impl<const N: usize> Accumulator for Trace<N> {
    #[inline]
    fn add(&mut self, index: usize, coefficient: i32) {
        self.coefficients[index] += coefficient;
    }
}

/// Well inside the search's mate bounds, whatever the material.
const LIMIT: i32 = 10_000;

/// Blends the middlegame and endgame sums by the phase and turns White's (Red's) view
/// into the side to move's.
#[inline]
pub(crate) fn finish(total: S, phase: i32, max_phase: i32, turn: Color) -> i32 {
    let white = (total.mg() * phase + total.eg() * (max_phase - phase)) / max_phase;
    let white = white.clamp(-LIMIT, LIMIT);
    if turn == Color::White { white } else { -white }
}
