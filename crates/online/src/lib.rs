//! The online page (`online.html`): play someone on another device through a Shatar
//! server (`crates/server`), or watch a game, by link. A module of its own, so that the
//! game's page downloads nothing of it. The logic is plain Rust, tested natively:
//! [`address`] reads what the page was opened for, [`model`] is the state machine that
//! talks to the server (it holds a board component, [`shatar_web::board`], and sends the
//! server the moves made on it), [`view`] is what the page shows. The browser layer is the `dom`
//! module (wasm32 only): the WebSocket, the listeners and the drawing.

pub mod address;
pub mod model;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod dom;

#[cfg(test)]
mod tests;
