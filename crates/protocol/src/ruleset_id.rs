//! `Ruleset` on the wire is its id (`"mongolian"`, `"mongolian-folk"`, `"chess"`), the same
//! string the URL and the UCI option use; the rules crate stays free of serde.

use core::fmt;

use serde::de::{self, Visitor};
use serde::{Deserializer, Serializer};
use shatar_rules::Ruleset;

pub fn serialize<S: Serializer>(ruleset: &Ruleset, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(ruleset.id())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
    struct Id;
    impl Visitor<'_> for Id {
        type Value = Ruleset;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a ruleset id: mongolian, mongolian-folk or chess")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Ruleset, E> {
            v.parse().map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
    d.deserialize_str(Id)
}
