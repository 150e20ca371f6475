//! Drawing the server's unguessable names (`shatar_protocol::online::ids`) from the
//! system's random source, and keeping a secret's hash: only the hash is stored, and it
//! is compared in constant time.

use core::fmt;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

pub use shatar_protocol::events::EventId;
pub use shatar_protocol::online::ids::{BadId, ChallengeId, GameId, ID_BYTES, PlayerId, Secret};

/// The system's random source failed: the server cannot hand out names safely.
#[derive(Debug)]
pub struct NoRandomness(pub getrandom::Error);

impl fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the system's random source failed: {}", self.0)
    }
}

impl std::error::Error for NoRandomness {}

fn random_bits() -> Result<[u8; ID_BYTES], NoRandomness> {
    let mut bytes = [0; ID_BYTES];
    getrandom::fill(&mut bytes).map_err(NoRandomness)?;
    Ok(bytes)
}

/// A name drawn at random: 128 bits.
pub trait Generate: Sized {
    fn generate() -> Result<Self, NoRandomness>;
}

macro_rules! generate_from_bytes {
    ($($name:ident),*) => {$(
        impl Generate for $name {
            fn generate() -> Result<$name, NoRandomness> {
                random_bits().map($name::from_bytes)
            }
        }
    )*};
}

generate_from_bytes!(PlayerId, ChallengeId, GameId, Secret, EventId);

/// A fair coin, for a challenger who leaves its colour to chance.
pub fn coin() -> Result<bool, NoRandomness> {
    let mut byte = [0];
    getrandom::fill(&mut byte).map_err(NoRandomness)?;
    Ok(byte[0] & 1 == 1)
}

/// What the database keeps of a secret: a copy of the database gives no one a seat.
pub fn hash_secret(secret: &Secret) -> SecretHash {
    SecretHash(Sha256::digest(secret.as_bytes()).into())
}

/// A stored secret's SHA-256.
#[derive(Clone, Copy)]
pub struct SecretHash(pub [u8; 32]);

impl SecretHash {
    /// Compared in constant time, so that the time a refusal takes tells nothing of how
    /// much of a guess was right.
    pub fn matches(&self, secret: &Secret) -> bool {
        self.0.ct_eq(&hash_secret(secret).0).into()
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
        let secret = Secret::generate().unwrap();
        assert_eq!(secret.reveal().parse::<Secret>(), Ok(secret.clone()));
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
        assert!(hash_secret(&secret).matches(&secret));
        assert!(!hash_secret(&secret).matches(&other));
        assert_eq!(format!("{secret:?}"), "Secret(..)");
    }
}
