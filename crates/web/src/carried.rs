//! Which games this build of the page carries, and how the page hands over to the build
//! that carries the rest.
//!
//! The page is built twice. The first download (`crates/page`, without the `xiangqi`
//! feature) leaves out Xiangqi's rules, notations, PGN and rulings, which the 8x8 games
//! never need. The build with Xiangqi (`crates/page-xiangqi`, named by
//! scripts/post-build.sh) is fetched when a Xiangqi game is started, imported or restored:
//! the first build, asked for one (a [`HandoffRequest`](crate::state::HandoffRequest)) or finding at start-up that the tab's game
//! is Xiangqi's, steps aside in the same page and starts the other build, handing it the
//! game and the request in memory (`dom::handoff`); the build with Xiangqi takes over the
//! page, restores the game and carries the handoff out.
//!
//! Leaving the code out takes no `cfg` in the code that plays the game: the rules crate's
//! run-time game types hold Xiangqi's positions and records in a [`Carried`], which cannot
//! be made without the rules crate's `xiangqi` feature (this crate's `xiangqi` feature turns
//! it on). The compiler then knows every `match` arm that holds one is dead, and the game's
//! code goes with it.

pub use shatar_rules::any_game::{Carried, NotCarried, carries};
