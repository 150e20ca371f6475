//! ICCS coordinates: the from- and to-point, files `a`–`i` from Red's left and ranks `0`–`9`
//! from Red's side (`h2e2`, the central cannon). The original ICCS writes them in upper case
//! with a dash (`H2-E2`); both are read, the UCCI/UCI form is written.
//!
//! ```
//! use shatar_rules::xiangqi::{iccs, Position};
//! let pos = Position::new();
//! let m = iccs::parse_legal(&pos, "H2-E2").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! ```

use core::fmt;

use super::moves::Move;
use super::position::Position;
use super::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IccsError {
    /// Not two points (`h2e2`, `H2-E2`).
    Syntax,
    /// Well formed, but not a legal move in the position.
    Illegal(Move),
}

impl fmt::Display for IccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IccsError::Syntax => {
                f.write_str("not a move in coordinates: expected two points such as h2e2")
            }
            IccsError::Illegal(m) => write!(f, "{m} is not a legal move here"),
        }
    }
}

impl core::error::Error for IccsError {}

/// Reads a move without a position.
pub fn parse(s: &str) -> Result<Move, IccsError> {
    let s = s.trim();
    let (from, to) = match s.len() {
        4 => (s.get(..2), s.get(2..)),
        5 if s.as_bytes()[2] == b'-' => (s.get(..2), s.get(3..)),
        _ => return Err(IccsError::Syntax),
    };
    let point = |p: Option<&str>| -> Result<Square, IccsError> {
        let p = p.ok_or(IccsError::Syntax)?;
        let mut lower = [0u8; 2];
        lower.copy_from_slice(p.as_bytes());
        lower.make_ascii_lowercase();
        core::str::from_utf8(&lower)
            .ok()
            .and_then(|p| p.parse().ok())
            .ok_or(IccsError::Syntax)
    };
    Ok(Move::new(point(from)?, point(to)?))
}

/// Reads a move and checks that it is legal in `pos`.
pub fn parse_legal(pos: &Position, s: &str) -> Result<Move, IccsError> {
    let m = parse(s)?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(IccsError::Illegal(m))
    }
}
