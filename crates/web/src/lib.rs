//! The page, written in Rust without a framework.
//!
//! [`model`] turns a position into what the board shows and is plain Rust, tested natively;
//! the browser-only modules build SVG from it with `createElementNS` and talk to the
//! engine worker with [`shatar_protocol`] messages. The view knows no rules: legal moves,
//! the FEN and the status text all come from the rules core.

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod engine_link;
pub mod model;
#[cfg(target_arch = "wasm32")]
mod svg;
