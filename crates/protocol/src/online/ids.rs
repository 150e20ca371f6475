//! The unguessable names of the server: player ids, their secrets, challenge links and
//! games. Each is 128 random bits written as 32 lowercase hex digits, so a link cannot be
//! found by counting and a seat cannot be taken by guessing (issue 22). The server draws
//! them; a client only reads, keeps and sends them back.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How many bytes each name holds.
pub const ID_BYTES: usize = 16;

/// Text that is no 32-digit hex name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadId;

impl fmt::Display for BadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not 32 lowercase hex digits")
    }
}

impl core::error::Error for BadId {}

pub(crate) fn write_hex(bytes: &[u8; ID_BYTES], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    bytes.iter().try_for_each(|b| write!(f, "{b:02x}"))
}

pub(crate) fn parse_hex(text: &str) -> Result<[u8; ID_BYTES], BadId> {
    let digits = text.as_bytes();
    if digits.len() != 2 * ID_BYTES {
        return Err(BadId);
    }
    let nibble = |d: u8| match d {
        b'0'..=b'9' => Ok(d - b'0'),
        b'a'..=b'f' => Ok(d - b'a' + 10),
        _ => Err(BadId),
    };
    let mut bytes = [0; ID_BYTES];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = nibble(pair[0])? << 4 | nibble(pair[1])?;
    }
    Ok(bytes)
}

pub(crate) fn deserialize_hex<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; ID_BYTES], D::Error> {
    // Borrowed when the format allows it, owned otherwise (a JS string, an escaped one).
    let text = <alloc::borrow::Cow<'de, str>>::deserialize(d)?;
    parse_hex(&text).map_err(serde::de::Error::custom)
}

/// A public name: shown to others, used in links and as a database key.
macro_rules! public_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name([u8; $crate::online::ids::ID_BYTES]);

        impl $name {
            pub const fn from_bytes(bytes: [u8; $crate::online::ids::ID_BYTES]) -> $name {
                $name(bytes)
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::online::ids::write_hex(&self.0, f)
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({self})", stringify!($name))
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::online::ids::BadId;
            fn from_str(text: &str) -> Result<$name, $crate::online::ids::BadId> {
                $crate::online::ids::parse_hex(text).map($name)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                $crate::online::ids::deserialize_hex(d).map($name)
            }
        }
    };
}

pub(crate) use public_id;

public_id!(
    /// A player: what a browser is known by, with no account behind it.
    PlayerId
);
public_id!(
    /// An open challenge: the link a challenger sends.
    ChallengeId
);
public_id!(
    /// A game: its players' and spectators' link.
    GameId
);

/// What proves a player is who its id says. Never shown in `Debug` output, so that no log
/// line can carry it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; ID_BYTES]);

impl Secret {
    pub const fn from_bytes(bytes: [u8; ID_BYTES]) -> Secret {
        Secret(bytes)
    }

    pub const fn as_bytes(&self) -> &[u8; ID_BYTES] {
        &self.0
    }

    /// The text the player keeps.
    pub fn reveal(&self) -> String {
        alloc::format!("{}", Reveal(self))
    }
}

struct Reveal<'a>(&'a Secret);

impl fmt::Display for Reveal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(&self.0.0, f)
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl FromStr for Secret {
    type Err = BadId;
    fn from_str(text: &str) -> Result<Secret, BadId> {
        parse_hex(text).map(Secret)
    }
}

impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&Reveal(self))
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Secret, D::Error> {
        deserialize_hex(d).map(Secret)
    }
}
