//! What the front end does to a position of the ruleset chosen at run time: each
//! operation is one generic function over `R: Rules`, reached through the rules crate's
//! [`AnyPosition`] and its `with_position!`/`map_position!` macros.

use std::cmp::Reverse;
use std::fmt::Write as _;

use shatar_rules::uci::{self, UciMoveError};
use shatar_rules::{AnyPosition, Move, Position, Role, Rules, Square, map_position, with_position};

/// Plays moves given in UCI notation, one after the other. On the first bad move, says
/// which (1-based) and why; `start` is not changed.
pub fn play_uci_moves<'a>(
    start: &AnyPosition,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<AnyPosition, String> {
    Ok(map_position!(*start, p => play_moves(p, moves)?))
}

/// The `d` command's text: diagram, FEN, hash key and checkers.
pub fn describe(position: &AnyPosition) -> String {
    with_position!(position, p => describe_position(p))
}

/// A move to answer `go` with until the engine search is wired in.
pub fn pick_move(position: &AnyPosition) -> Option<Move> {
    with_position!(position, p => pick(p))
}

fn play_moves<'a, R: Rules>(
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

fn describe_position<R: Rules>(pos: &Position<R>) -> String {
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
fn pick<R: Rules>(pos: &Position<R>) -> Option<Move> {
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
