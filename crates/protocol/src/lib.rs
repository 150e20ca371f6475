//! The messages between the page and the engine worker.
//!
//! Plain Rust and serde only: the page and the worker turn them into JS values with
//! `serde-wasm-bindgen`, the tests here with `serde_json`. Every message travels in an
//! [`Envelope`] that carries [`PROTOCOL_VERSION`], so a page and a worker from two
//! different builds (a stale cache) fail with a typed error instead of misreading each other.
//!
//! On the wire an envelope is a plain object, the body tagged by `type`:
//! `{"v":1,"id":7,"body":{"type":"Perft","fen":"...","ruleset":"mongolian","depth":3}}`.
//!
//! ```
//! use shatar_protocol::{Envelope, Request, PROTOCOL_VERSION};
//! use shatar_rules::Ruleset;
//! let msg = Envelope::new(1, Request::LegalMoves { fen: "8/8/8/8/8/8/8/K1k5 w - -".into(), ruleset: Ruleset::Mongolian });
//! assert_eq!(msg.v, PROTOCOL_VERSION);
//! ```

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod messages;
mod ruleset_id;

pub use messages::{Envelope, ErrorKind, Header, MAX_PERFT_DEPTH, PROTOCOL_VERSION, Request, Response};

#[cfg(test)]
mod tests;
