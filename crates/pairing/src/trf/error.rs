//! What is wrong with a TRF file, and where.

use alloc::string::String;
use core::fmt;

use crate::model::ModelError;

/// An error in a TRF file: its line and column (both from 1; the column counts
/// characters) and what was found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub kind: TrfErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that should hold a number holds `found`.
    Number { field: &'static str, found: String },
    /// A round's colour is not `w`, `b` or `-`.
    Colour(char),
    /// A round's result is not one TRF defines for that kind of round.
    Result(char),
    /// A game against an opponent, without a colour.
    NoColour,
    /// Two `001` records for one player.
    DuplicatePlayer(u32),
    /// A record names a player who has no `001` record.
    UnknownPlayer(u32),
    /// The players are not numbered 1 to N.
    Numbering { missing: u32 },
    /// An `XXC` or `152` value that names no colour.
    FirstColour(String),
    /// A `162` score system entry that is not `<code> <points>`.
    ScoreSystem(String),
    /// The rows contradict each other (reported at the first player's record).
    Crosstable(ModelError),
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            TrfErrorKind::Number { field, found } => {
                write!(f, "{field}: expected a number, found '{found}'")
            }
            TrfErrorKind::Colour(c) => write!(f, "colour '{c}': expected w, b or -"),
            TrfErrorKind::Result(c) => write!(f, "result '{c}' is not a TRF result here"),
            TrfErrorKind::NoColour => {
                write!(f, "a game against an opponent needs a colour, w or b")
            }
            TrfErrorKind::DuplicatePlayer(n) => write!(f, "player {n} has a second 001 record"),
            TrfErrorKind::UnknownPlayer(n) => write!(f, "player {n} has no 001 record"),
            TrfErrorKind::Numbering { missing } => {
                write!(
                    f,
                    "players must be numbered from 1 without gaps; {missing} is missing"
                )
            }
            TrfErrorKind::FirstColour(text) => {
                write!(
                    f,
                    "'{text}': expected the first colour (W, B, white1 or black1)"
                )
            }
            TrfErrorKind::ScoreSystem(text) => {
                write!(
                    f,
                    "'{text}': expected score codes and points, like 'W 1.0    D 0.5'"
                )
            }
            TrfErrorKind::Crosstable(e) => write!(f, "{e}"),
        }
    }
}
