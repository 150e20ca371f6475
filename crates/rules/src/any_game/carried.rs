//! Which games this build carries: the 8x8 games always, Xiangqi with the crate's `xiangqi`
//! feature.
//!
//! The page's first download is built without the feature and leaves out Xiangqi's rules,
//! notations, PGN and rulings, which the 8x8 games never need. Leaving the code out takes no
//! `cfg` in the code that plays a game: Xiangqi's positions and records are held in a
//! [`Carried`], which cannot be made in a build without the game. The compiler then knows
//! that every `match` arm holding one is dead, and the game's code goes with it.

use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::GameKind;

/// The proof that this build carries Xiangqi: one value with the `xiangqi` feature.
#[cfg(feature = "xiangqi")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InBuild;

/// The proof that this build carries Xiangqi: no value without the `xiangqi` feature.
#[cfg(not(feature = "xiangqi"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InBuild {}

/// A value of a game that only some builds carry: Xiangqi's positions, moves and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Carried<T>(T, InBuild);

impl<T> Carried<T> {
    /// What `make` makes, if this build carries its game. Without the game `make` is
    /// never called, so that none of the code it reaches is built in either.
    pub fn new(make: impl FnOnce() -> T) -> Result<Carried<T>, NotCarried> {
        #[cfg(feature = "xiangqi")]
        return Ok(Carried(make(), InBuild));
        #[cfg(not(feature = "xiangqi"))]
        {
            let _ = make;
            Err(NotCarried(GameKind::Xiangqi))
        }
    }

    /// A value made from this one is of the same game, so the build carries it too.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Carried<U> {
        Carried(f(self.0), self.1)
    }

    /// A value of the same game as this one, which the build therefore carries.
    pub fn with<U>(&self, value: U) -> Carried<U> {
        Carried(value, self.1)
    }
}

impl<T, E> Carried<Result<T, E>> {
    pub fn transpose(self) -> Result<Carried<T>, E> {
        self.0.map(|value| Carried(value, self.1))
    }
}

impl<T> Deref for Carried<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Carried<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// Whether this build plays `game`.
pub const fn carries(game: GameKind) -> bool {
    match game {
        GameKind::Board8(_) => true,
        GameKind::Xiangqi => cfg!(feature = "xiangqi"),
    }
}

/// `game` is not in this build (a build without the `xiangqi` feature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCarried(pub GameKind);

impl fmt::Display for NotCarried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is played by the build with Xiangqi, not this one",
            self.0
        )
    }
}

impl core::error::Error for NotCarried {}
