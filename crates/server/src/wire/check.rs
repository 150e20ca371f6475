//! The decoder's invariants, for the fuzz target (`crates/server/fuzz`) and for the
//! deterministic mutation test of the normal test run: any text in, a typed answer out,
//! never a panic; what it reads writes back and reads again as the same message.

use super::{ClientMessage, ErrorKind, decode};
use shatar_protocol::Envelope;

/// Panics when `decode` breaks an invariant on `data` (read as UTF-8; other bytes are
/// no frame a WebSocket text message can carry, and are skipped).
pub fn check_decode(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode(text) {
        Ok(envelope) => {
            let again = serde_json::to_string(&Envelope::new(envelope.id, &envelope.body))
                .expect("a decoded message writes back");
            let reread: Envelope<ClientMessage> = decode(&again).expect("and reads again");
            assert_eq!(reread.id, envelope.id);
            assert_eq!(reread.body, envelope.body);
        }
        Err(refused) => {
            assert!(
                matches!(
                    refused.error,
                    ErrorKind::Malformed { .. }
                        | ErrorKind::TooLarge { .. }
                        | ErrorKind::VersionMismatch { .. }
                ),
                "{refused:?}"
            );
            assert!(!refused.error.to_string().is_empty());
        }
    }
}
