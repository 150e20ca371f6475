//! Display names: optional, short, plain text. The page renders them as text (never as
//! markup), so this only keeps them readable: no control characters, no surrounding
//! space, a bounded length.

use alloc::string::String;
use core::fmt;

use serde::{Deserialize, Serialize};

/// The longest display name, in characters (Unicode scalar values).
pub const MAX_NAME_CHARS: usize = 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadName {
    TooLong {
        max_chars: usize,
    },
    /// A control character (a line break, a tab, a bidirectional override…).
    ControlCharacter,
}

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadName::TooLong { max_chars } => write!(f, "longer than {max_chars} characters"),
            BadName::ControlCharacter => f.write_str("a control character"),
        }
    }
}

impl core::error::Error for BadName {}

/// The name as it is to be kept: trimmed, `None` when nothing is left.
pub fn normalize_name(name: &str) -> Result<Option<String>, BadName> {
    let name = name.trim();
    // Bidirectional controls (U+202A–U+202E, U+2066–U+2069) are format characters, not
    // `char::is_control`, yet they reorder the text around a name: refused too.
    let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if name.chars().any(|c| c.is_control() || bidi(c)) {
        return Err(BadName::ControlCharacter);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(BadName::TooLong {
            max_chars: MAX_NAME_CHARS,
        });
    }
    Ok((!name.is_empty()).then(|| name.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_bounded_and_plain() {
        assert_eq!(normalize_name("  Батаа "), Ok(Some("Батаа".into())));
        assert_eq!(normalize_name("   "), Ok(None));
        assert_eq!(
            normalize_name(&"ш".repeat(MAX_NAME_CHARS + 1)),
            Err(BadName::TooLong {
                max_chars: MAX_NAME_CHARS
            })
        );
        assert!(normalize_name(&"ш".repeat(MAX_NAME_CHARS)).is_ok());
        for bad in ["a\nb", "a\u{0}b", "a\u{202E}b"] {
            assert_eq!(
                normalize_name(bad),
                Err(BadName::ControlCharacter),
                "{bad:?}"
            );
        }
    }
}
