//! What an action comes to: the writes that make it, and whether they may be made after
//! the event has ended. Shared by the director's actions (`act`) and the rounds' pairing
//! (`rounds`).

use shatar_protocol::events::EventError;

use crate::store::events::{EventRecord, Write};

/// The writes of an action, and whether they may be made after the event has ended.
pub struct Plan {
    pub writes: Vec<Write>,
    pub after_end: bool,
}

impl Plan {
    pub fn new(writes: Vec<Write>) -> Plan {
        Plan {
            writes,
            after_end: false,
        }
    }
}

/// Refused once the event has ended: nothing more is paired or entered but results.
pub fn ended(record: &EventRecord) -> Result<(), EventError> {
    match record.event.ended_ms {
        Some(_) => Err(EventError::Ended),
        None => Ok(()),
    }
}
