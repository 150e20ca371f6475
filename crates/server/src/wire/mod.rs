//! The messages between a client (the page, a test, a bot) and the server: typed, and
//! versioned as the worker protocol is (`shatar_protocol`), so a page from another build
//! hears "different versions" rather than "malformed".
//!
//! Each WebSocket text frame holds one [`Envelope`] in JSON, its body in serde's external
//! tagging: `{"v":1,"id":3,"body":{"Watch":{"game":"…"}}}`. `id` pairs a reply with its
//! request (a client numbers its requests from 1); what the server sends unasked (a move
//! in a watched game, a challenge accepted) carries 0.
//!
//! These types hold no server state, so they can move to a crate shared with the page
//! when the page plays online.

mod client;
mod error;
mod outcome;
mod server;
pub mod time_control;

use serde::{Deserialize, Serialize};

pub use client::{ClientMessage, ColorChoice, Credentials};
pub use error::ErrorKind;
pub use outcome::OutcomeWire;
pub use server::{ClockView, GameSnapshot, ServerMessage, Side};
pub use time_control::{BadTimeControl, BonusWire, PeriodWire, TimeControlWire};

/// Bumped on any change a peer from another build could misread.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a client may send, in bytes: ten times the largest sound one (a
/// challenge with four periods). Larger ones get a typed refusal.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The largest frame read at all: beyond it the WebSocket layer closes the connection
/// (close code 1009) before the message is buffered whole.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub id: u32,
    pub body: T,
}

impl<T> Envelope<T> {
    pub fn new(id: u32, body: T) -> Envelope<T> {
        Envelope {
            v: PROTOCOL_VERSION,
            id,
            body,
        }
    }
}

/// The envelope without its body, read first so that a message of another version is
/// refused as such, not as whatever its body fails to decode as.
#[derive(Deserialize)]
struct Header {
    v: u32,
    id: u32,
}

/// A refused message, with the request id to answer it under (0 when it was not read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub id: u32,
    pub error: ErrorKind,
}

/// Reads one client message, size first: nothing larger than [`MAX_MESSAGE_BYTES`] is
/// parsed.
pub fn decode(text: &str) -> Result<Envelope<ClientMessage>, Refused> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refused {
            id: 0,
            error: ErrorKind::TooLarge {
                max_bytes: MAX_MESSAGE_BYTES,
            },
        });
    }
    let header: Header = serde_json::from_str(text).map_err(|e| Refused {
        id: 0,
        error: ErrorKind::malformed(&e),
    })?;
    let refused = |error| Refused {
        id: header.id,
        error,
    };
    if header.v != PROTOCOL_VERSION {
        return Err(refused(ErrorKind::VersionMismatch {
            expected: PROTOCOL_VERSION,
            got: header.v,
        }));
    }
    serde_json::from_str(text).map_err(|e| refused(ErrorKind::malformed(&e)))
}

/// A server message as its frame's text.
pub fn encode(id: u32, body: &ServerMessage) -> String {
    serde_json::to_string(&Envelope::new(id, body))
        .expect("server messages hold no map with non-string keys and no failing serializer")
}

#[cfg(test)]
mod tests;
