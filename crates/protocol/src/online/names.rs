//! Display names: optional, short, plain text. The page renders them as text (never as
//! markup); this keeps them readable and honest: what a name shows is what it holds.
//!
//! A name is normalised to NFC (so that two spellings of one name are one), its spaces
//! made plain and single, and then held to a stated set of characters:
//! - letters, marks, numbers, punctuation, symbols and spaces (Unicode's L, M, N, P, S, Zs);
//! - no control, line or paragraph separator, or bidirectional control (they break the
//!   line or reorder the text around the name): [`BadName::ControlCharacter`];
//! - no format character, private-use, surrogate or unassigned code point, and none of the
//!   letters that draw nothing (the Hangul fillers, the blank Braille pattern): they hide
//!   text or pass one name off as another ([`BadName::Invisible`]). One format character
//!   is allowed: the Mongolian vowel separator (U+180E), part of how the traditional
//!   script spells words (the narrow no-break space it also uses is a space, and kept);
//! - at most [`MAX_MARKS_IN_A_ROW`] combining marks on one character (Vietnamese and
//!   Thai need two, Devanagari three; a pile of them draws over the lines around it), and
//!   none with no character before it ([`BadName::TooManyMarks`]);
//! - at most [`MAX_NAME_CHARS`] characters once normalised.

use alloc::string::String;
use core::fmt;

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

/// The longest display name, in characters (Unicode scalar values) after NFC.
pub const MAX_NAME_CHARS: usize = 24;

/// The most combining marks one character of a name may carry.
pub const MAX_MARKS_IN_A_ROW: usize = 3;

/// The Mongolian vowel separator: a format character the traditional script spells with.
const MONGOLIAN_VOWEL_SEPARATOR: char = '\u{180E}';

/// The narrow no-break space, which joins a Mongolian word to its suffix: kept as it is.
const NARROW_NO_BREAK_SPACE: char = '\u{202F}';

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadName {
    TooLong {
        max_chars: usize,
    },
    /// A control character (a line break, a tab, a bidirectional override…).
    ControlCharacter,
    /// A character that shows nothing, or shows differently on each device: a zero-width
    /// or other format character, a private-use or unassigned code point, a blank letter.
    Invisible,
    /// More than `max` combining marks on one character, or one with no character under it.
    TooManyMarks {
        max: usize,
    },
}

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadName::TooLong { max_chars } => write!(f, "longer than {max_chars} characters"),
            BadName::ControlCharacter => f.write_str("a control character"),
            BadName::Invisible => f.write_str("an invisible or format character"),
            BadName::TooManyMarks { max } => {
                write!(f, "more than {max} accents on one letter, or one on none")
            }
        }
    }
}

impl core::error::Error for BadName {}

/// What a name may hold of `c`: `Ok(true)` a mark, `Ok(false)` anything else allowed.
fn check(c: char) -> Result<bool, BadName> {
    // Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) are format
    // characters, yet they reorder the text around a name: refused as controls.
    let bidi = matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    );
    // Letters and symbols that draw nothing.
    let blank = matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    );
    match c.general_category() {
        _ if bidi => Err(BadName::ControlCharacter),
        _ if blank => Err(BadName::Invisible),
        GeneralCategory::Control
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator => Err(BadName::ControlCharacter),
        GeneralCategory::Format if c == MONGOLIAN_VOWEL_SEPARATOR => Ok(false),
        GeneralCategory::Format
        | GeneralCategory::PrivateUse
        | GeneralCategory::Surrogate
        | GeneralCategory::Unassigned => Err(BadName::Invisible),
        _ => Ok(c.general_category_group() == GeneralCategoryGroup::Mark),
    }
}

/// The name as it is to be kept: NFC, its spaces plain and single, trimmed; `None` when
/// nothing is left. See the module's documentation for what a name may hold.
pub fn normalize_name(name: &str) -> Result<Option<String>, BadName> {
    normalize_text(name, MAX_NAME_CHARS)
}

/// The same checks with another length: an event's name, a club, an arbiter's reason
/// (`crate::events`) are plain text a page shows, held to the same set of characters.
pub fn normalize_text(name: &str, max_chars: usize) -> Result<Option<String>, BadName> {
    let mut kept = String::with_capacity(name.len());
    let mut chars = 0;
    // Marks since the last base character; `None` at the start and after a space.
    let mut marks: Option<usize> = None;
    for c in name.nfc() {
        let is_mark = check(c)?;
        if c.general_category() == GeneralCategory::SpaceSeparator && c != NARROW_NO_BREAK_SPACE {
            if !kept.is_empty() && !kept.ends_with(' ') {
                kept.push(' ');
                chars += 1;
            }
            marks = None;
            continue;
        }
        if is_mark {
            marks = match marks {
                Some(n) if n < MAX_MARKS_IN_A_ROW => Some(n + 1),
                _ => {
                    return Err(BadName::TooManyMarks {
                        max: MAX_MARKS_IN_A_ROW,
                    });
                }
            };
        } else {
            marks = Some(0);
        }
        kept.push(c);
        chars += 1;
    }
    if kept.ends_with(' ') {
        kept.pop();
        chars -= 1;
    }
    if chars > max_chars {
        return Err(BadName::TooLong { max_chars });
    }
    Ok((!kept.is_empty()).then_some(kept))
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
        for bad in ["a\nb", "a\u{0}b", "a\u{202E}b", "a\u{2028}b", "a\u{200F}b"] {
            assert_eq!(
                normalize_name(bad),
                Err(BadName::ControlCharacter),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn two_spellings_of_one_name_are_one() {
        // "Hồ" as a base letter and two combining marks, and precomposed.
        let decomposed = "Ho\u{0302}\u{0300}";
        assert_eq!(normalize_name(decomposed), Ok(Some("Hồ".into())));
        assert_eq!(normalize_name("Hồ"), normalize_name(decomposed));
        // Spaces of every width become one plain space.
        assert_eq!(
            normalize_name("Бат\u{3000}\u{00A0} Эрдэнэ"),
            Ok(Some("Бат Эрдэнэ".into()))
        );
    }

    #[test]
    fn invisible_characters_are_refused() {
        for bad in [
            "a\u{200B}b", // zero-width space
            "a\u{200D}b", // zero-width joiner
            "a\u{2060}b", // word joiner
            "a\u{FEFF}b", // byte-order mark
            "a\u{00AD}b", // soft hyphen
            "\u{3164}",   // Hangul filler
            "a\u{2800}b", // blank Braille pattern
            "a\u{E000}b", // private use
            "a\u{0378}b", // unassigned
        ] {
            assert_eq!(normalize_name(bad), Err(BadName::Invisible), "{bad:?}");
        }
    }

    #[test]
    fn marks_are_bounded_and_need_a_base() {
        let max = MAX_MARKS_IN_A_ROW;
        // Marks that NFC cannot fold into the letter: three pass, four do not.
        let piled = |n| alloc::format!("x{}", "\u{0316}".repeat(n));
        assert!(normalize_name(&piled(max)).is_ok());
        assert_eq!(
            normalize_name(&piled(max + 1)),
            Err(BadName::TooManyMarks { max })
        );
        assert_eq!(
            normalize_name("\u{0301}abc"),
            Err(BadName::TooManyMarks { max })
        );
        assert_eq!(
            normalize_name("ab \u{0301}c"),
            Err(BadName::TooManyMarks { max })
        );
        // Real names that need marks: Thai, Hindi, Vietnamese.
        for good in ["สมศักดิ์", "सुरेन्द्र", "Nguyễn Thị Hồng"]
        {
            assert_eq!(normalize_name(good), Ok(Some(good.into())), "{good}");
        }
    }

    #[test]
    fn the_scripts_of_our_players_are_kept() {
        for good in [
            "Батбаяр",
            "王小明",
            // The traditional script, with its vowel separator and narrow no-break space.
            "ᠪᠠᠲᠤ",
            "ᠬᠠᠭᠠ\u{180E}ᠨ",
            "ᠪᠠᠲᠤ\u{202F}ᠶᠢᠨ",
            "Anna-Maria O'Neil",
            "♞ Knight 2",
        ] {
            assert_eq!(normalize_name(good), Ok(Some(good.into())), "{good}");
        }
    }
}
