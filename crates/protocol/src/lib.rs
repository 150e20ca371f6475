//! The messages between the page and the engine worker, for every game: a game travels as
//! its record ([`RecordWire`]): its kind's id ([`kind_id`]: the 8x8 rulesets and
//! `"xiangqi"`), its start and its moves. The words are docs/architecture.md's glossary's.
//!
//! [`online`] holds the messages between a client and the Shatar server, in the same
//! envelope with their own version.
//!
//! Plain Rust and serde only: the page and the worker turn them into JS values with
//! `serde-wasm-bindgen`, the tests here with `serde_json`. Every message travels in an
//! [`Envelope`] that carries [`PROTOCOL_VERSION`], so a page and a worker from two
//! different builds (a stale cache) fail with a typed error instead of misreading each other.
//!
//! On the wire an envelope is a plain object whose body is serde's external tagging: an
//! object with one key, the variant's name (a variant without fields is just its name):
//! `{"v":5,"id":7,"body":{"Perft":{"fen":"...","kind":"mongolian","depth":3}}}`,
//! `{"v":5,"id":0,"body":"Ready"}`. (Internally tagged enums, `{"type":"Perft",...}`,
//! cost each wasm file about 25 KB gzipped of buffering code.)
//!
//! A search names the game, not just a position, so the worker can rebuild the
//! repetition history the search and the draw rules need:
//!
//! ```text
//! → {"v":5,"id":8,"body":{"Search":{
//!      "record":{"kind":"mongolian","fen":null,"moves":["e2e4","e7e5"]},
//!      "limits":{"move_time_ms":1000}}}}
//! ← {"v":5,"id":8,"body":{"SearchInfo":{"depth":1,"seldepth":1,"multi_pv":1,
//!      "score":{"Cp":{"cp":35}},"nodes":40,"nps":40000,"time_ms":1,"hashfull":0,"pv":["g1f3"]}}}
//! ← ... one per finished iteration ...
//! ← {"v":5,"id":8,"body":{"BestMove":{"best_move":"g1f3","ponder":"b8c6",
//!      "score":{"Cp":{"cp":30}},"depth":12,"nodes":812345,"time_ms":968}}}
//! ```
//!
//! ```
//! use shatar_protocol::{Envelope, Request, PROTOCOL_VERSION};
//! use shatar_rules::Ruleset;
//! let msg = Envelope::new(1, Request::LegalMoves { fen: "8/8/8/8/8/8/8/K1k5 w - -".into(), kind: Ruleset::Mongolian.into() });
//! assert_eq!(msg.v, PROTOCOL_VERSION);
//! ```

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod events;
pub mod kind_id;
mod messages;
pub mod online;
mod record;
mod search;

pub use messages::{
    Envelope, ErrorKind, Header, MAX_PERFT_DEPTH, PROTOCOL_VERSION, Request, Response, Versioned,
};
pub use record::{RecordWire, option_outcome};
pub use search::{BestMove, ClockState, Delay, Score, SearchInfo, SearchLimits, Strength};

#[cfg(test)]
mod golden;
#[cfg(test)]
mod tests;
