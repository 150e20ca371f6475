//! What the front end does to a position or game of the game chosen at run time, through
//! the rules crate's [`AnyGamePosition`] and [`AnyGameRecord`].

use std::fmt::Write as _;

use shatar_rules::any_game::{GamePlayError, WireMoveError};
use shatar_rules::uci::UciMoveError;
use shatar_rules::{
    AnyGamePosition, AnyGameRecord, GameKind, GameMove, Position, Rules, Square, with_position,
};

/// Plays moves given in the wire's notation (UCI, or ICCS for Xiangqi), one after the
/// other, whatever our rules say of the game's end. On the first bad move, says which
/// (1-based) and why; `start` is not changed.
pub fn play_wire_moves<'a>(
    start: &AnyGamePosition,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<AnyGamePosition, String> {
    let mut position = *start;
    for (i, text) in moves.into_iter().enumerate() {
        let m = parse_wire_move(&position, text, i)?;
        position.play_legal(m);
    }
    Ok(position)
}

/// The `d` command's text: diagram, FEN, hash key and checkers; the FEN alone for
/// Xiangqi, which has no diagram in text.
pub fn describe(position: &AnyGamePosition) -> String {
    match position {
        AnyGamePosition::Board8(p) => with_position!(p, p => describe_position(p)),
        AnyGamePosition::Xiangqi(_) => format!("Fen: {}", position.fen()),
    }
}

/// A new game of `game` from its initial position.
pub fn new_game(game: GameKind) -> AnyGameRecord {
    AnyGameRecord::new(AnyGamePosition::startpos(game).expect("the CLI is built with every game"))
}

/// The game from `start` through moves in the wire's notation (UCI, or ICCS for Xiangqi),
/// refereed. A legal move after the game has ended by our rules (an automatic draw or a
/// move limit that another program counts differently) is followed: the game goes on
/// from the position it was played in as a record of its own, so the position given is
/// the one searched. The flag says whether that happened.
pub fn record_wire_moves<'a>(
    start: AnyGamePosition,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(AnyGameRecord, bool), String> {
    let mut record = AnyGameRecord::new(start);
    let mut past_the_end = false;
    for (i, text) in moves.into_iter().enumerate() {
        let m = parse_wire_move(&record.position(), text, i)?;
        if record.outcome().is_some() {
            let mut next = record.position();
            next.play_legal(m);
            record = AnyGameRecord::new(next);
            past_the_end = true;
            continue;
        }
        record.play(m).map_err(|e| match e {
            GamePlayError::GameOver(o) => format!(
                "move {} ({text}) comes after the end of the game: {o}",
                i + 1
            ),
            GamePlayError::Illegal(_) | GamePlayError::OtherGame(_) => {
                format!("move {} ({text}) is illegal", i + 1)
            }
        })?;
    }
    Ok((record, past_the_end))
}

/// The move `text`, the game's `index`-th (from 0), with an error that says which and why.
fn parse_wire_move(pos: &AnyGamePosition, text: &str, index: usize) -> Result<GameMove, String> {
    let number = index + 1;
    pos.parse_wire_move(text).map_err(|e| match e {
        WireMoveError::Uci(UciMoveError::Illegal { reason, .. }) => {
            format!(
                "move {number} ({text}) is illegal in {}: {reason}",
                pos.fen()
            )
        }
        WireMoveError::Uci(e) => format!("move {number} ({text}): {e}"),
        // An ICCS error says itself whether the move is unreadable or illegal.
        WireMoveError::Iccs(e) => format!("move {number} ('{text}'): {e}"),
    })
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
