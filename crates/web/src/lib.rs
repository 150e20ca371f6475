//! The page, written in Rust without a framework: the four games (the 8x8 games, and
//! Xiangqi with the `xiangqi` feature), and the pieces the embedded boards share with it.
//!
//! The logic is plain Rust, tested natively: [`board`] is the board component every page
//! holds (its record, what the player has in hand, `update(board, msg) -> events`),
//! [`state`] is the game's page as a state machine (`update(state, msg) -> effects`),
//! [`view`] turns the state into what the page shows,
//! [`names`] puts pieces, sides, games and results into words for both, [`geometry`] is the
//! shape of each board, [`game`] is the game of any of the four (the rules crate's
//! `AnyGameRecord`, whose cells, pieces and moves the page uses as they are, with the
//! [`notes`] an imported record gave),
//! [`pgn_file`] reads a PGN file of many games in slices, [`saved`] the local-storage
//! format, [`settings`] the game's setup and the looks, [`i18n`] the four languages,
//! [`engine_client`] the supervised link to the engine worker, [`carried`] which games this
//! build carries and how it hands over to the build with Xiangqi, [`glyphs`] the piece
//! drawings, and [`files`] the build's names for the files fetched later. The browser-only
//! `dom` module (wasm32) renders views with web-sys and turns events into messages; it
//! knows no rules. Its `app` part, the game's own page, is behind the `app` feature, which
//! the embeds leave off.

pub mod board;
pub mod carried;
pub mod engine_client;
pub mod files;
pub mod game;
pub mod geometry;
pub mod glyphs;
pub mod i18n;
pub mod names;
pub mod notes;
pub mod num;
pub mod pgn_file;
pub mod qr;
pub mod saved;
pub mod settings;
pub mod state;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod dom;
