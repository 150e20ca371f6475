//! The page, written in Rust without a framework.
//!
//! The logic is plain Rust, tested natively: [`state`] is the page as a state machine
//! (`update(state, msg) -> effects`), [`view`] turns the state into what the page shows,
//! [`game`] is the game of whichever ruleset (with the [`notes`] an imported record gave),
//! [`saved`] the local-storage format, [`engine_client`] the supervised link to the engine
//! worker, [`glyphs`] the piece drawings, and [`files`] the build's names for the files
//! fetched later. The browser-only `dom` module renders views with web-sys and turns events
//! into messages; it knows no rules.

pub mod any;
pub mod carried;
pub mod engine_client;
pub mod files;
pub mod game;
pub mod glyphs;
pub mod i18n;
pub mod notes;
pub mod pgn_file;
pub mod saved;
pub mod settings;
pub mod state;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod dom;
