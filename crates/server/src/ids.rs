//! The unguessable names of the server: player ids, their secrets, challenge links and
//! games. Each is 128 random bits written as 32 lowercase hex digits, so a link cannot be
//! found by counting and a seat cannot be taken by guessing (issue 22).

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

const BYTES: usize = 16;

/// 128 random bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct RandomBits([u8; BYTES]);

/// The system's random source failed: the server cannot hand out names safely.
#[derive(Debug)]
pub struct NoRandomness(pub getrandom::Error);

impl fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the system's random source failed: {}", self.0)
    }
}

impl std::error::Error for NoRandomness {}

/// Text that is no 32-digit hex name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadId;

impl fmt::Display for BadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not 32 lowercase hex digits")
    }
}

impl std::error::Error for BadId {}

impl RandomBits {
    fn generate() -> Result<RandomBits, NoRandomness> {
        let mut bytes = [0; BYTES];
        getrandom::fill(&mut bytes).map_err(NoRandomness)?;
        Ok(RandomBits(bytes))
    }

    fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn parse(text: &str) -> Result<RandomBits, BadId> {
        let digits = text.as_bytes();
        if digits.len() != 2 * BYTES {
            return Err(BadId);
        }
        let nibble = |d: u8| match d {
            b'0'..=b'9' => Ok(d - b'0'),
            b'a'..=b'f' => Ok(d - b'a' + 10),
            _ => Err(BadId),
        };
        let mut bytes = [0; BYTES];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
            *byte = nibble(pair[0])? << 4 | nibble(pair[1])?;
        }
        Ok(RandomBits(bytes))
    }
}

/// A fair coin, for a challenger who leaves its colour to chance.
pub fn coin() -> Result<bool, NoRandomness> {
    let mut byte = [0];
    getrandom::fill(&mut byte).map_err(NoRandomness)?;
    Ok(byte[0] & 1 == 1)
}

/// A public name: shown to others, used in links and as a database key.
macro_rules! public_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name(RandomBits);

        impl $name {
            pub fn generate() -> Result<$name, NoRandomness> {
                RandomBits::generate().map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.hex())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0.hex())
            }
        }

        impl FromStr for $name {
            type Err = BadId;
            fn from_str(text: &str) -> Result<$name, BadId> {
                RandomBits::parse(text).map($name)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

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
/// line can carry it; only its hash is stored.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(RandomBits);

impl Secret {
    pub fn generate() -> Result<Secret, NoRandomness> {
        RandomBits::generate().map(Secret)
    }

    /// The text the player keeps: sent to it once, when it is issued.
    pub fn reveal(&self) -> String {
        self.0.hex()
    }

    /// What the database keeps: a copy of the database gives no one a seat.
    pub fn hash(&self) -> SecretHash {
        SecretHash(Sha256::digest(self.0.0).into())
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
        RandomBits::parse(text).map(Secret)
    }
}

impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.reveal())
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Secret, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A stored secret's SHA-256.
#[derive(Clone, Copy)]
pub struct SecretHash(pub [u8; 32]);

impl SecretHash {
    /// Compared in constant time, so that the time a refusal takes tells nothing of how
    /// much of a guess was right.
    pub fn matches(&self, secret: &Secret) -> bool {
        self.0.ct_eq(&secret.hash().0).into()
    }
}

impl fmt::Debug for SecretHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretHash(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_what_they_write() {
        let id = GameId::generate().unwrap();
        assert_eq!(id.to_string().parse::<GameId>(), Ok(id));
        assert_eq!(id.to_string().len(), 32);
    }

    #[test]
    fn ids_refuse_other_text() {
        for text in [
            "",
            "xyz",
            &"A".repeat(32),
            &"0".repeat(31),
            &"0".repeat(33),
            "é",
        ] {
            assert_eq!(text.parse::<PlayerId>(), Err(BadId), "{text:?}");
        }
    }

    #[test]
    fn a_secret_matches_only_its_hash() {
        let secret = Secret::generate().unwrap();
        let other = Secret::generate().unwrap();
        assert!(secret.hash().matches(&secret));
        assert!(!secret.hash().matches(&other));
        assert_eq!(format!("{secret:?}"), "Secret(..)");
    }
}
