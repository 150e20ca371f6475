//! Which games this build of the page carries, and how the page hands over to the build
//! that carries the rest.
//!
//! The page is built twice. The first download (`crates/page`, without the `xiangqi`
//! feature) leaves out Xiangqi's rules, notations, PGN and rulings, which the 8x8 games
//! never need. The build with Xiangqi (`crates/page-xiangqi`, named by
//! scripts/post-build.sh) is fetched when a Xiangqi game is started, imported or restored:
//! the first build, asked for one (a [`Handoff`](crate::state::Handoff)) or finding at start-up that the tab's game
//! is Xiangqi's, steps aside in the same page and starts the other build, handing it the
//! game and the request in memory (`dom::handoff`); the build with Xiangqi takes over the
//! page, restores the game and carries the handoff out.
//!
//! Leaving the code out takes no `cfg` in the code that plays the game: Xiangqi's
//! positions and records are held in a [`Carried`], which cannot be made in a build without
//! the game. The compiler then knows every `match` arm that holds one is dead, and the
//! game's code goes with it.

use core::ops::{Deref, DerefMut};

use shatar_rules::GameKind;

/// The proof that this build carries Xiangqi: one value with the `xiangqi` feature, none
/// without.
#[cfg(feature = "xiangqi")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InBuild;

/// The proof that this build carries Xiangqi: one value with the `xiangqi` feature, none
/// without.
#[cfg(not(feature = "xiangqi"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InBuild {}

/// A value of a game that only some builds carry: Xiangqi's positions and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    pub fn as_ref(&self) -> Carried<&T> {
        Carried(&self.0, self.1)
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

/// `game` is played by the page's other build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCarried(pub GameKind);

impl core::fmt::Display for NotCarried {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} is played by the page's build with Xiangqi, not this one",
            self.0
        )
    }
}
