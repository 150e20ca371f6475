use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use shatar_rules::Ruleset;

/// Bumped on any change a peer from another build could misread.
pub const PROTOCOL_VERSION: u32 = 1;

/// Deeper perft requests are refused: the worker answers nothing else while it counts,
/// and depth 8 from an open position is minutes of work.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// One message and what it belongs to.
///
/// `id` pairs a reply with its request: the page numbers requests from 1; replies that
/// answer no request (`Ready`, a request whose id could not be read) carry 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub id: u32,
    pub body: T,
}

impl<T> Envelope<T> {
    pub fn new(id: u32, body: T) -> Self {
        Envelope { v: PROTOCOL_VERSION, id, body }
    }
}

/// The envelope without its body, read first so that a message from another protocol
/// version is reported as such rather than as whatever its body fails to decode as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Header {
    pub v: u32,
    pub id: u32,
}

impl Header {
    pub fn check_version(self) -> Result<(), ErrorKind> {
        if self.v == PROTOCOL_VERSION {
            Ok(())
        } else {
            Err(ErrorKind::VersionMismatch { expected: PROTOCOL_VERSION, got: self.v })
        }
    }
}

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Request {
    /// Counts the leaves of the legal move tree (checks the worker's move generator).
    Perft {
        fen: String,
        #[serde(with = "crate::ruleset_id")]
        ruleset: Ruleset,
        depth: u32,
    },
    /// The legal moves of a position, in UCI notation.
    LegalMoves {
        fen: String,
        #[serde(with = "crate::ruleset_id")]
        ruleset: Ruleset,
    },
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Response {
    /// The worker's wasm is initialised and it listens: sent once, unasked.
    Ready,
    /// `millis` is measured inside the worker, so it excludes the message round trip.
    PerftResult {
        nodes: u64,
        millis: f64,
    },
    LegalMoves {
        moves: Vec<String>,
    },
    Error {
        error: ErrorKind,
    },
}

/// Why a request got no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum ErrorKind {
    /// Not an envelope, or a body that is no known request.
    Malformed {
        detail: String,
    },
    VersionMismatch {
        expected: u32,
        got: u32,
    },
    /// The FEN does not parse or is not a legal position of the ruleset.
    BadFen {
        detail: String,
    },
    DepthTooLarge {
        max: u32,
    },
}
