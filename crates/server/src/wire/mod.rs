//! The server's side of the online protocol (`shatar_protocol::online`, shared with the
//! page): reading a client's frame, size and version first, and writing the server's.

mod check;

use serde::Deserialize;

pub use check::check_decode;
pub use shatar_protocol::Envelope;
pub use shatar_protocol::online::*;

/// The largest frame (and message) read at all: twice the largest message served, so that
/// one a little over gets its typed `TooLarge`; beyond it the connection is closed with
/// 1009 before the frame is buffered (lila-ws allows 2 KiB frames).
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

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
        error: ErrorKind::malformed(e),
    })?;
    let refused = |error| Refused {
        id: header.id,
        error,
    };
    if header.v != ONLINE_PROTOCOL_VERSION {
        return Err(refused(ErrorKind::VersionMismatch {
            expected: ONLINE_PROTOCOL_VERSION,
            got: header.v,
        }));
    }
    serde_json::from_str(text).map_err(|e| refused(ErrorKind::malformed(e)))
}

/// The request id of `text`, for answering a message that is not read further (0 when
/// there is none to read).
pub fn request_id(text: &str) -> u32 {
    if text.len() > MAX_MESSAGE_BYTES {
        return 0;
    }
    serde_json::from_str::<Header>(text).map_or(0, |header| header.id)
}

/// A server message as its frame's text.
pub fn encode(id: u32, body: &ServerMessage) -> String {
    serde_json::to_string(&Envelope::new(id, body))
        .expect("server messages hold no map with non-string keys and no failing serializer")
}

#[cfg(test)]
mod mutations;
#[cfg(test)]
mod tests;
