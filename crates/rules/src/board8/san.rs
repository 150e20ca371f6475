//! Move notation: Standard Algebraic Notation (SAN), the long form of the 2017 game record
//! (art. 8.1), and UCI coordinates.
//!
//! Writing always uses the English letters K Q R B N (pawns have none); for display in
//! another language pass the written text through [`crate::notation::PieceLetters`].
//! Reading accepts English letters and UCI coordinates only.
//!
//! ```
//! use shatar_rules::{san, Chess, Mongolian, Position};
//! let pos = Position::<Mongolian>::new();
//! // 2017 art. 1.2: the first round allows e2-e4 or d2-d4 only.
//! let sans: Vec<String> = pos.legal_moves().iter().map(|&m| san::write(&pos, m)).collect();
//! assert_eq!(sans, ["e4", "d4"]);
//! let m = san::parse(&pos, "e4").unwrap();
//! assert_eq!(san::write_long(&pos, m), "e2-e4"); // 2017 art. 8.1
//! assert_eq!(san::parse(&pos, "d2d4").unwrap().to_string(), "d2d4"); // UCI is read too
//!
//! let chess = Position::<Chess>::new();
//! assert_eq!(san::write(&chess, san::parse(&chess, "Nf3").unwrap()), "Nf3");
//! ```
//!
//! # What the reader accepts
//! - SAN with or without the `+`/`#` suffix and with trailing `!`/`?` annotations;
//! - `x` (or `:`) for a capture, optional; but an `x` on a move that captures nothing is an
//!   error, as it usually means the wrong move was written;
//! - promotion as `e8=Q`, `e8Q` or `e8q`; a missing promotion piece is accepted only where
//!   the ruleset allows one choice (the folk rules promote to a queen only);
//! - castling `O-O`, `O-O-O`, also with zeros (`0-0`), in FIDE chess only;
//! - any redundant disambiguation (`Ng1f3`), the long form (`Ng1-f3`, `e2-e4`,
//!   `Bc4xf7`, `e7-e8=Q`), and UCI coordinates (`g1f3`, `e7e8q`, castling as `e1g1`).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::moves::{Move, MoveKind};
use crate::position::{Position, Restriction, Rules};
use crate::ruleset::Ruleset;
use crate::types::{File, Rank, Role, Square};

/// Why a piece of notation names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN, long-form or UCI notation at all.
    Syntax { text: String, reason: &'static str },
    /// Well-formed notation that names no legal move in the position; `reason` says why.
    Illegal { text: String, reason: String },
    /// More than one legal move fits; `candidates` lists them in SAN.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl SanError {
    /// The notation as it was given.
    pub fn text(&self) -> &str {
        match self {
            SanError::Syntax { text, .. }
            | SanError::Illegal { text, .. }
            | SanError::Ambiguous { text, .. } => text,
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text, reason } => write!(f, "'{text}' is not a move: {reason}"),
            SanError::Illegal { text, reason } => write!(f, "'{text}' is illegal: {reason}"),
            SanError::Ambiguous { text, candidates } => {
                write!(f, "'{text}' is ambiguous: it could be ")?;
                for (i, c) in candidates.iter().enumerate() {
                    match i {
                        0 => {}
                        _ if i + 1 == candidates.len() => f.write_str(" or ")?,
                        _ => f.write_str(", ")?,
                    }
                    f.write_str(c)?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for SanError {}

/// Which side a FIDE castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// `O-O`, the king to the g-file.
    KingSide,
    /// `O-O-O`, the king to the c-file.
    QueenSide,
}

/// A move as notation describes it, before it is matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    Normal {
        /// `None`: no piece letter but a full from-square (UCI `g1f3`, long-form `e2-e4`):
        /// whatever piece stands there.
        role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    Castle(CastlingSide),
}

/// `+` or `#` after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    Check,
    Checkmate,
}

impl Suffix {
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }

    /// What playing `m` gives: check, checkmate or nothing. A folk-rules knight mate is
    /// still written `#` (it is a mate on the board; the rules score it a draw).
    pub fn after<R: Rules>(pos: &Position<R>, m: Move) -> Option<Suffix> {
        let mut next = *pos;
        next.play_unchecked(m);
        if !next.is_check() {
            None
        } else if next.is_checkmate() {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        }
    }
}

fn is_capture<R: Rules>(pos: &Position<R>, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castle && pos.board().piece_at(m.to()).is_some())
}

fn castling_side(m: Move) -> CastlingSide {
    if m.to().file() == File::G {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

impl San {
    /// The shortest SAN of a legal move `m`: file, then rank, then both, to tell apart
    /// pieces of one kind that could go to the same square.
    pub fn from_move<R: Rules>(pos: &Position<R>, m: Move) -> San {
        if m.kind() == MoveKind::Castle {
            return San::Castle(castling_side(m));
        }
        let role = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
        let capture = is_capture(pos, m);
        let (mut file, mut rank) = (None, None);
        if role == Role::Pawn {
            if capture {
                file = Some(m.from().file());
            }
        } else {
            let rivals: Vec<Square> = pos
                .legal_moves()
                .iter()
                .filter(|o| {
                    o.to() == m.to()
                        && o.from() != m.from()
                        && o.kind() != MoveKind::Castle
                        && pos.board().role_at(o.from()) == Some(role)
                })
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|sq| sq.file() != m.from().file()) {
                    file = Some(m.from().file());
                } else if rivals.iter().all(|sq| sq.rank() != m.from().rank()) {
                    rank = Some(m.from().rank());
                } else {
                    file = Some(m.from().file());
                    rank = Some(m.from().rank());
                }
            }
        }
        San::Normal {
            role: Some(role),
            file,
            rank,
            capture,
            to: m.to(),
            promotion: m.promotion(),
        }
    }

    /// Reads notation without a position: SAN, long form or UCI (see the module docs).
    /// Trailing `+`, `#`, `!` and `?` are ignored.
    pub fn parse(text: &str) -> Result<San, SanError> {
        let syntax = |reason| SanError::Syntax {
            text: text.into(),
            reason,
        };
        let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if core.is_empty() {
            return Err(syntax("empty"));
        }
        match core {
            "O-O" | "0-0" | "o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        if !core.is_ascii() {
            return Err(syntax(
                "only English piece letters (K Q R B N), squares a1-h8, 'x', '-' and '=' are read",
            ));
        }
        let mut b = core.as_bytes();

        // Promotion, from the right: `=Q`, `Q` or `q` after the destination's rank.
        let mut promotion = None;
        if let [rest @ .., x, last] = b
            && last.is_ascii_alphabetic()
            && (*x == b'=' || x.is_ascii_digit())
        {
            let role = Role::from_char(*last as char).ok_or(syntax("unknown promotion piece"))?;
            if matches!(role, Role::Pawn | Role::King) {
                return Err(syntax("a pawn promotes to a queen, rook, bishop or knight"));
            }
            promotion = Some(role);
            b = if *x == b'=' { rest } else { &b[..b.len() - 1] };
        } else if let [.., b'='] = b {
            return Err(syntax("'=' without a promotion piece"));
        }

        // The destination square.
        let [rest @ .., f, r] = b else {
            return Err(syntax("no destination square"));
        };
        let (Some(to_file), Some(to_rank)) =
            (File::from_char(*f as char), Rank::from_char(*r as char))
        else {
            return Err(syntax("no destination square (a1 to h8) at the end"));
        };
        let to = Square::from_coords(to_file, to_rank);
        b = rest;

        // Capture mark or the long form's dash.
        let mut capture = false;
        if let [rest @ .., sep] = b
            && matches!(sep, b'x' | b':' | b'-')
        {
            capture = *sep != b'-';
            b = rest;
        }

        // Piece letter and disambiguation.
        let mut role = None;
        if let [first, rest @ ..] = b
            && first.is_ascii_uppercase()
        {
            role = Some(
                Role::from_char(*first as char)
                    .ok_or(syntax("unknown piece letter (K Q R B N)"))?,
            );
            b = rest;
        }
        let mut file = None;
        let mut rank = None;
        if let [first, rest @ ..] = b
            && let Some(f) = File::from_char(*first as char)
        {
            file = Some(f);
            b = rest;
        }
        if let [first, rest @ ..] = b
            && let Some(r) = Rank::from_char(*first as char)
        {
            rank = Some(r);
            b = rest;
        }
        if !b.is_empty() {
            return Err(syntax(
                "unexpected characters before the destination square",
            ));
        }
        let role = match role {
            Some(role) => Some(role),
            None if file.is_some() && rank.is_some() => None,
            None => Some(Role::Pawn),
        };
        if promotion.is_some() && !matches!(role, None | Some(Role::Pawn)) {
            return Err(syntax("only a pawn promotes"));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The legal move this notation names in `pos`, or why there is none or more than one.
    /// `text` is the original notation, for the error.
    pub fn to_move<R: Rules>(self, pos: &Position<R>, text: &str) -> Result<Move, SanError> {
        let illegal = |reason: String| SanError::Illegal {
            text: text.into(),
            reason,
        };
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Err(illegal(String::from(
                "the game is over: there is no legal move",
            )));
        }
        let first_round = first_round_pending(pos);
        let first_round_note = |reason: String| illegal(with_first_round_note(pos, reason));

        let (role, file, rank, capture, to, promotion) = match self {
            San::Castle(side) => {
                if R::RULESET != Ruleset::Chess {
                    return Err(illegal(alloc::format!(
                        "{} has no castling",
                        R::RULESET.name()
                    )));
                }
                return legal
                    .iter()
                    .copied()
                    .find(|&m| m.kind() == MoveKind::Castle && castling_side(m) == side)
                    .ok_or_else(|| {
                        illegal(alloc::format!(
                            "{} cannot castle {} here",
                            pos.turn().name(),
                            match side {
                                CastlingSide::KingSide => "king side",
                                CastlingSide::QueenSide => "queen side",
                            }
                        ))
                    });
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => (role, file, rank, capture, to, promotion),
        };
        let full_from = file.zip(rank).map(|(f, r)| Square::from_coords(f, r));
        let fits = |m: &&Move| {
            m.to() == to
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
                && role.is_none_or(|r| pos.board().role_at(m.from()) == Some(r))
                && (m.kind() != MoveKind::Castle || full_from.is_some())
        };
        let candidates: Vec<Move> = legal.iter().filter(fits).copied().collect();
        if candidates.is_empty() {
            return Err(first_round_note(no_move_reason(
                pos,
                role,
                full_from,
                file,
                rank,
                to,
                first_round,
            )));
        }
        let chosen: Vec<Move> = match promotion {
            Some(p) => {
                let c: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|m| m.promotion() == Some(p))
                    .collect();
                if c.is_empty() {
                    return Err(illegal(
                        if candidates.iter().any(|m| m.promotion().is_some()) {
                            alloc::format!(
                                "{} promotes to {} only",
                                R::RULESET.name(),
                                R::PROMOTIONS
                                    .iter()
                                    .map(|r| r.english_name())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        } else {
                            alloc::format!("a move to {to} is not a promotion")
                        },
                    ));
                }
                c
            }
            None => {
                let plain: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|m| m.promotion().is_none())
                    .collect();
                if !plain.is_empty() {
                    plain
                } else if R::PROMOTIONS.len() == 1 {
                    candidates
                } else {
                    return Err(illegal(String::from(
                        "the promotion piece is missing: a pawn reaching the last rank must promote (=Q, =R, =B or =N)",
                    )));
                }
            }
        };
        match chosen[..] {
            [m] => {
                if capture && !is_capture(pos, m) {
                    return Err(illegal(alloc::format!(
                        "'x' marks a capture, but {to} is empty"
                    )));
                }
                Ok(m)
            }
            _ => Err(SanError::Ambiguous {
                text: text.into(),
                candidates: chosen.iter().map(|&m| write(pos, m)).collect(),
            }),
        }
    }
}

/// Whether the ruleset fixes the legal moves outright: the compulsory first round.
fn first_round_pending<R: Rules>(pos: &Position<R>) -> bool {
    matches!(R::restriction(pos), Restriction::Only(_))
}

/// `reason`, followed by what the first round allows when it is pending (2017 art. 1.2).
pub(crate) fn with_first_round_note<R: Rules>(pos: &Position<R>, reason: String) -> String {
    if !first_round_pending(pos) {
        return reason;
    }
    let allowed: Vec<String> = pos.legal_moves().iter().map(|&m| write(pos, m)).collect();
    alloc::format!(
        "{reason}; in the first round {} may only play {} (2017 art. 1.2)",
        pos.turn().name(),
        allowed.join(" or ")
    )
}

pub(crate) fn no_move_reason<R: Rules>(
    pos: &Position<R>,
    role: Option<Role>,
    full_from: Option<Square>,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    first_round: bool,
) -> String {
    let us = pos.turn();
    if let Some(from) = full_from {
        return match pos.board().piece_at(from) {
            None => alloc::format!("there is no piece on {from}"),
            Some(p) if p.color != us => {
                alloc::format!(
                    "the piece on {from} is {}'s, and {} is to move",
                    p.color.name(),
                    us.name()
                )
            }
            Some(p) if role.is_some_and(|r| r != p.role) => {
                alloc::format!(
                    "the piece on {from} is a {}, not a {}",
                    p.role.english_name(),
                    role.map_or("", |r| r.english_name())
                )
            }
            Some(p) => alloc::format!(
                "the {} {} on {from} cannot move to {to}",
                us.name(),
                p.role.english_name()
            ),
        };
    }
    let role = role.unwrap_or(Role::Pawn);
    let mut which = alloc::format!("{} {}", us.name(), role.english_name());
    if let Some(f) = file {
        let _ = write!(which, " on the {}-file", f.char());
    }
    if let Some(r) = rank {
        let _ = write!(which, " on rank {}", r.char());
    }
    let any = pos
        .board()
        .by_piece(crate::types::Piece::new(us, role))
        .any();
    if !any {
        return alloc::format!("{} has no {}", us.name(), role.english_name());
    }
    let home = Square::from_coords(to.file(), Rank::Second.relative_to(us));
    if role == Role::Pawn
        && R::RULESET != Ruleset::Chess
        && !first_round
        && file.is_none()
        && to.rank() == Rank::Fourth.relative_to(us)
        && pos.board().piece_at(home) == Some(crate::types::Piece::new(us, Role::Pawn))
    {
        return alloc::format!(
            "no {which} can move to {to}: after the first round a pawn steps one square only (2017 art. 3.7)"
        );
    }
    alloc::format!("no {which} can move to {to}")
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if let Some(r) = role.filter(|&r| r != Role::Pawn) {
                    f.write_char(r.upper_char())?;
                }
                if let Some(file) = file {
                    f.write_char(file.char())?;
                }
                if let Some(rank) = rank {
                    f.write_char(rank.char())?;
                }
                if capture {
                    f.write_char('x')?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

/// The SAN of the legal move `m`, with `+` or `#` if it gives check or mate.
pub fn write<R: Rules>(pos: &Position<R>, m: Move) -> String {
    let mut out = San::from_move(pos, m).to_string();
    if let Some(s) = Suffix::after(pos, m) {
        out.push(s.char());
    }
    out
}

/// Reads SAN, long form or UCI notation (see the module docs) as a legal move of `pos`.
pub fn parse<R: Rules>(pos: &Position<R>, text: &str) -> Result<Move, SanError> {
    San::parse(text)?.to_move(pos, text)
}

/// The long form of the 2017 game record (art. 8.1) for the legal move `m`: piece letter,
/// from-square, `-` (or `x` for a capture), to-square: `Ng1-f3`, `Bc4xf7`, pawns without a
/// letter `e2-e4`, promotion `e7-e8=Q`. The check suffix is added as in SAN (`Bc4xf7+`).
/// FIDE castling is written `O-O` / `O-O-O`.
pub fn write_long<R: Rules>(pos: &Position<R>, m: Move) -> String {
    let mut out = String::new();
    if m.kind() == MoveKind::Castle {
        out.push_str(if castling_side(m) == CastlingSide::KingSide {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        if let Some(role) = pos.board().role_at(m.from()).filter(|&r| r != Role::Pawn) {
            out.push(role.upper_char());
        }
        let _ = write!(
            out,
            "{}{}{}",
            m.from(),
            if is_capture(pos, m) { 'x' } else { '-' },
            m.to()
        );
        if let Some(p) = m.promotion() {
            let _ = write!(out, "={}", p.upper_char());
        }
    }
    if let Some(s) = Suffix::after(pos, m) {
        out.push(s.char());
    }
    out
}

/// Reads the long form (art. 8.1); castling as `O-O`/`O-O-O`. Unlike [`parse`] it needs
/// the full from-square; it accepts the same leniencies otherwise.
pub fn parse_long<R: Rules>(pos: &Position<R>, text: &str) -> Result<Move, SanError> {
    let san = San::parse(text)?;
    if let San::Normal { file: None, .. } | San::Normal { rank: None, .. } = san {
        return Err(SanError::Syntax {
            text: text.into(),
            reason: "the long form needs the from-square (Ng1-f3, e2-e4)",
        });
    }
    san.to_move(pos, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Chess, Mongolian, MongolianFolk, fen};
    use alloc::vec;

    fn sans<R: Rules>(pos: &Position<R>) -> Vec<String> {
        pos.legal_moves().iter().map(|&m| write(pos, m)).collect()
    }

    #[test]
    fn mongolian_first_round() {
        // 2017 art. 1.2: White opens e2-e4 or d2-d4; Black mirrors.
        let pos = Position::<Mongolian>::new();
        assert_eq!(sans(&pos), ["e4", "d4"]);
        let m = parse(&pos, "e4").unwrap();
        let pos = pos.play(m).unwrap();
        assert_eq!(sans(&pos), ["e5"]);
        let err = parse(&pos, "d5").unwrap_err();
        assert_eq!(
            err.to_string(),
            "'d5' is illegal: no black pawn can move to d5; in the first round black may only play e5 (2017 art. 1.2)"
        );
    }

    #[test]
    fn castling_is_chess_only() {
        let chess: Position<Chess> =
            fen::parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = parse(&chess, "O-O").unwrap();
        assert_eq!(m.to_string(), "e1g1");
        assert_eq!(write(&chess, m), "O-O");
        assert_eq!(parse(&chess, "0-0-0").unwrap().to_string(), "e1c1");
        assert_eq!(write(&chess, parse(&chess, "0-0-0").unwrap()), "O-O-O");
        assert_eq!(parse(&chess, "e1g1").unwrap(), m);
        let mongolian: Position<Mongolian> =
            fen::parse_position("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
        assert_eq!(
            parse(&mongolian, "O-O").unwrap_err().to_string(),
            "'O-O' is illegal: Mongolian chess (2017 rules) has no castling"
        );
        assert!(sans(&mongolian).iter().all(|s| !s.starts_with('O')));
    }

    #[test]
    fn folk_promotes_to_queen_only() {
        let pos: Position<MongolianFolk> =
            fen::parse_position("8/4P3/8/7p/8/2k5/8/K7 w - - 0 1").unwrap();
        assert_eq!(
            sans(&pos)
                .iter()
                .filter(|s| s.starts_with("e8"))
                .collect::<Vec<_>>(),
            vec!["e8=Q"]
        );
        // One choice only: the missing piece letter is accepted.
        assert_eq!(parse(&pos, "e8").unwrap().to_string(), "e7e8q");
        assert_eq!(
            parse(&pos, "e8=R").unwrap_err().to_string(),
            "'e8=R' is illegal: Mongolian chess (folk rules) promotes to queen only"
        );
        let m: Position<Mongolian> =
            fen::parse_position("8/4P3/8/7p/8/2k5/8/K7 w - - 0 1").unwrap();
        assert!(matches!(parse(&m, "e8"), Err(SanError::Illegal { .. })));
        assert_eq!(parse(&m, "e8R").unwrap().to_string(), "e7e8r");
    }

    #[test]
    fn syntax_errors() {
        let pos = Position::<Chess>::new();
        for bad in [
            "", "Xe4", "e9", "Nf", "e8=K", "Nf3=Q", "Ng1f3z", "конь", "+",
        ] {
            assert!(
                matches!(parse(&pos, bad), Err(SanError::Syntax { .. })),
                "{bad}"
            );
        }
    }
}
