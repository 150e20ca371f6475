//! A game on the wire is its id (`"mongolian"`, `"mongolian-folk"`, `"chess"`, `"xiangqi"`),
//! the same string the URL and the UCI option use; the rules crate stays free of serde.
//! Serves both [`GameKind`](shatar_rules::GameKind) (any game) and
//! [`Ruleset`](shatar_rules::Ruleset) (an 8x8 one), through their `Display` and `FromStr`.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserializer, Serializer};

pub fn serialize<S: Serializer, T: fmt::Display>(game: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(game)
}

pub fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    struct Id<T>(PhantomData<T>);
    impl<T: FromStr> Visitor<'_> for Id<T>
    where
        T::Err: fmt::Display,
    {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a game id")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
            v.parse()
                .map_err(|e| E::custom(format_args!("\"{v}\": {e}")))
        }
    }
    d.deserialize_str(Id(PhantomData))
}
