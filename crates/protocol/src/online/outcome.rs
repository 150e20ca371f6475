//! How a game ended, on the wire.

use crate::option_outcome;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shatar_rules::Outcome;

/// An outcome as the worker protocol writes it: `{"result":"1-0","reason":"Checkmate"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeWire(pub Outcome);

impl Serialize for OutcomeWire {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        option_outcome::serialize(&Some(self.0), s)
    }
}

impl<'de> Deserialize<'de> for OutcomeWire {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OutcomeWire, D::Error> {
        option_outcome::deserialize(d)?
            .map(OutcomeWire)
            .ok_or_else(|| serde::de::Error::custom("an outcome, not null"))
    }
}
