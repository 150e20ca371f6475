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
    if !(OLDEST_ONLINE_PROTOCOL_VERSION..=ONLINE_PROTOCOL_VERSION).contains(&header.v) {
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

/// A frame of this version ([`encode`]'s) as a client of `version` reads it: itself for
/// this version; for protocol 1, with its version and the one field renamed since written
/// as they were (`LobbyChallenge.kind` was `game`). Frames are encoded once for every
/// watcher, so an older client's are rewritten on their way out, not encoded twice.
pub fn for_version(version: u32, frame: String) -> String {
    if version == ONLINE_PROTOCOL_VERSION {
        return frame;
    }
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(&frame) else {
        return frame;
    };
    if let Some(v) = value.get_mut("v") {
        *v = version.into();
    }
    // `get_mut`, not indexing: indexing a missing key adds it, and panics on a body that
    // is a bare name (`"Accepted"`).
    let Some(body) = value.get_mut("body") else {
        return frame;
    };
    let challenges: Vec<&mut serde_json::Value> = if body.get("Listed").is_some() {
        body.get_mut("Listed").into_iter().collect()
    } else {
        body.get_mut("Lobby")
            .and_then(|lobby| lobby.get_mut("challenges"))
            .and_then(serde_json::Value::as_array_mut)
            .map(|list| list.iter_mut().collect())
            .unwrap_or_default()
    };
    for challenge in challenges {
        if let Some(fields) = challenge.as_object_mut()
            && let Some(kind) = fields.remove("kind")
        {
            fields.insert("game".into(), kind);
        }
    }
    value.to_string()
}

#[cfg(test)]
mod mutations;
#[cfg(test)]
mod tests;
