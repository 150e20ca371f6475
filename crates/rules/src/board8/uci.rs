//! UCI coordinates: `e2e4`, `e7e8q`; FIDE castling as the king's move `e1g1`.
//!
//! ```
//! use shatar_rules::{uci, Mongolian, Position};
//! let pos = Position::<Mongolian>::new();
//! assert_eq!(uci::parse_move(&pos, "e2e4").unwrap().to_string(), "e2e4");
//! assert!(uci::parse_move(&pos, "g1f3").is_err()); // 2017 art. 1.2: first round
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::moves::Move;
use crate::position::{Position, Rules};
use crate::san::{no_move_reason, with_first_round_note};
use crate::types::{Role, Square};

/// Why a UCI move string names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not four characters from-square to-square, plus an optional promotion letter.
    Syntax(String),
    /// Well-formed, but not a legal move here; the reason says why.
    Illegal { text: String, reason: String },
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Syntax(t) => {
                write!(
                    f,
                    "'{t}' is not a UCI move: expected from- and to-square and an optional promotion letter, like e2e4 or e7e8q"
                )
            }
            UciMoveError::Illegal { text, reason } => write!(f, "'{text}' is illegal: {reason}"),
        }
    }
}

impl core::error::Error for UciMoveError {}

/// Reads a UCI move and finds it among the legal moves of `pos`. The promotion letter is
/// required when the move promotes.
pub fn parse_move<R: Rules>(pos: &Position<R>, text: &str) -> Result<Move, UciMoveError> {
    let syntax = || UciMoveError::Syntax(text.into());
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(syntax());
    }
    let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
            _ => return Err(syntax()),
        },
    };
    let legal = pos.legal_moves();
    if let Some(&m) = legal
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
    {
        return Ok(m);
    }
    let illegal = |reason: String| UciMoveError::Illegal {
        text: text.into(),
        reason,
    };
    let same_squares: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    Err(illegal(if same_squares.is_empty() {
        with_first_round_note(
            pos,
            no_move_reason(pos, None, Some(from), None, None, to, false),
        )
    } else if promotion.is_none() {
        String::from("the move promotes: add the piece letter (q, r, b or n)")
    } else if same_squares.iter().all(|m| m.promotion().is_none()) {
        String::from("the move is not a promotion")
    } else {
        alloc::format!(
            "{} promotes to {} only",
            R::RULESET.name(),
            R::PROMOTIONS
                .iter()
                .map(|r| r.english_name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }))
}

/// The UCI text of a move (the same as its `Display`).
pub fn write(m: Move) -> String {
    m.to_string()
}
