//! [`AnyPosition`]: a position of whichever ruleset was chosen at run time.
//!
//! `Position<R>` is generic over the ruleset, so that move generation is specialised at
//! compile time. The front end picks the ruleset from an option, so it holds one of three
//! concrete positions. Everything the front end does to a position is written once, as a
//! generic function over `R: Rules`, and reached through [`with_position!`] (borrow the
//! concrete position) or [`map_position!`] (make a new position of the same ruleset).

use std::cmp::Reverse;
use std::fmt::Write as _;

use shatar_rules::fen::FenError;
use shatar_rules::uci::{self, UciMoveError};
use shatar_rules::{Chess, Mongolian, MongolianFolk, Move, Position, Role, Rules, Ruleset, Square};

/// A position of one of the three rulesets.
#[derive(Clone, Copy, Debug)]
pub enum AnyPosition {
    Mongolian(Position<Mongolian>),
    MongolianFolk(Position<MongolianFolk>),
    Chess(Position<Chess>),
}

/// Runs `$body` with `$pos` bound to the concrete position inside `$any` (an expression of
/// type `AnyPosition` or `&AnyPosition`). `$body` must have the same type in all three arms.
macro_rules! with_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::game::AnyPosition::Mongolian($pos) => $body,
            $crate::game::AnyPosition::MongolianFolk($pos) => $body,
            $crate::game::AnyPosition::Chess($pos) => $body,
        }
    };
}

/// Like [`with_position!`], but `$body` yields a `Position<R>` of the same ruleset, which
/// is wrapped back into an `AnyPosition`.
macro_rules! map_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::game::AnyPosition::Mongolian($pos) => $crate::game::AnyPosition::Mongolian($body),
            $crate::game::AnyPosition::MongolianFolk($pos) => $crate::game::AnyPosition::MongolianFolk($body),
            $crate::game::AnyPosition::Chess($pos) => $crate::game::AnyPosition::Chess($body),
        }
    };
}

impl AnyPosition {
    /// The initial position of `ruleset`.
    pub fn startpos(ruleset: Ruleset) -> AnyPosition {
        match ruleset {
            Ruleset::Mongolian => AnyPosition::Mongolian(Position::new()),
            Ruleset::MongolianFolk => AnyPosition::MongolianFolk(Position::new()),
            Ruleset::Chess => AnyPosition::Chess(Position::new()),
        }
    }

    /// Reads a FEN under the rules of `ruleset`.
    pub fn from_fen(ruleset: Ruleset, fen: &str) -> Result<AnyPosition, FenError> {
        use shatar_rules::fen::parse_position;
        Ok(match ruleset {
            Ruleset::Mongolian => AnyPosition::Mongolian(parse_position(fen)?),
            Ruleset::MongolianFolk => AnyPosition::MongolianFolk(parse_position(fen)?),
            Ruleset::Chess => AnyPosition::Chess(parse_position(fen)?),
        })
    }

    /// Plays moves given in UCI notation, one after the other. On the first bad move, says
    /// which (1-based) and why; `self` is not changed.
    pub fn play_uci_moves<'a>(&self, moves: impl IntoIterator<Item = &'a str>) -> Result<AnyPosition, String> {
        Ok(map_position!(*self, p => play_uci_moves(p, moves)?))
    }

    /// Bulk-counted perft.
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => p.perft(depth))
    }

    /// Perft split by root move, in generation order.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_position!(self, p => divide(p, depth))
    }

    /// The `d` command's text: diagram, FEN, hash key and checkers.
    pub fn describe(&self) -> String {
        with_position!(self, p => describe(p))
    }

    /// A move to answer `go` with until the engine search is wired in.
    pub fn pick_move(&self) -> Option<Move> {
        with_position!(self, p => pick_move(p))
    }
}

fn play_uci_moves<'a, R: Rules>(
    mut pos: Position<R>,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Position<R>, String> {
    for (i, text) in moves.into_iter().enumerate() {
        let m = uci::parse_move(&pos, text).map_err(|e| match e {
            UciMoveError::Illegal { reason, .. } => format!("move {} ({text}) is illegal in {pos}: {reason}", i + 1),
            UciMoveError::Syntax(_) => format!("move {} ({text}): {e}", i + 1),
        })?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

fn divide<R: Rules>(pos: &Position<R>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = *pos;
            next.play_unchecked(m);
            (m, next.perft(depth - 1))
        })
        .collect()
}

fn describe<R: Rules>(pos: &Position<R>) -> String {
    const SEPARATOR: &str = " +---+---+---+---+---+---+---+---+\n";
    let mut out = String::from("\n");
    out.push_str(SEPARATOR);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let piece = pos.board().piece_at(Square::ALL[rank * 8 + file]);
            let _ = write!(out, " | {}", piece.map_or(' ', |p| p.char()));
        }
        let _ = writeln!(out, " | {}", rank + 1);
        out.push_str(SEPARATOR);
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    let _ = writeln!(out, "Variant: {}", pos.ruleset().id());
    let _ = writeln!(out, "Fen: {pos}");
    let _ = writeln!(out, "Key: {:016X}", pos.hash());
    out.push_str("Checkers:");
    for sq in pos.checkers() {
        let _ = write!(out, " {sq}");
    }
    out
}

/// A stand-in for the search: a capture of the most valuable piece (the least valuable
/// capturer first), else a promotion, else the first legal move.
fn pick_move<R: Rules>(pos: &Position<R>) -> Option<Move> {
    fn value(role: Role) -> i32 {
        match role {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 100,
        }
    }
    let board = pos.board();
    pos.legal_moves().iter().copied().min_by_key(|m| {
        let victim = board.role_at(m.to()).filter(|_| board.color_at(m.to()) != Some(pos.turn()));
        let attacker = board.role_at(m.from()).map_or(0, value);
        let capture = victim.map_or(0, |v| 100 * value(v) - attacker);
        let promotion = m.promotion().map_or(0, value);
        // The best score first; among equals, the first in generation order.
        Reverse((capture, promotion))
    })
}
