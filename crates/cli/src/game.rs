//! What the front end does to a position or game of the ruleset chosen at run time: each
//! operation is one generic function over `R: Rules`, reached through the rules crate's
//! [`AnyPosition`] and [`AnyRecord`] and their macros.

use std::fmt::Write as _;

use shatar_rules::uci::{self, UciMoveError};
use shatar_rules::{
    AnyPosition, AnyRecord, GameRecord, Move, PlayError, Position, Rules, Square, map_position,
    with_position, with_record,
};

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

/// A game record starting at `position` (which may already be over: a mate, a dead
/// position).
pub fn new_record(position: AnyPosition) -> AnyRecord {
    match position {
        AnyPosition::Mongolian(p) => AnyRecord::Mongolian(GameRecord::new(p)),
        AnyPosition::MongolianFolk(p) => AnyRecord::MongolianFolk(GameRecord::new(p)),
        AnyPosition::Chess(p) => AnyRecord::Chess(GameRecord::new(p)),
    }
}

/// The game from `start` through moves in UCI notation, refereed. A legal move after
/// the game has ended by our rules (an automatic draw that another program counts
/// differently) is followed: the game goes on from the position it was played in as a
/// record of its own, so the position given is the one searched. The flag says whether
/// that happened.
pub fn record_uci_moves<'a>(
    start: AnyPosition,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(AnyRecord, bool), String> {
    let mut record = new_record(start);
    let mut past_the_end = false;
    for (i, text) in moves.into_iter().enumerate() {
        let m = with_record!(&record, r => parse_move(r.position(), text, i))?;
        if record.outcome().is_some() {
            let mut next = record.position();
            with_position!(&mut next, p => p.play_unchecked(m));
            record = new_record(next);
            past_the_end = true;
            continue;
        }
        with_record!(&mut record, r => r.play(m)).map_err(|e| match e {
            PlayError::GameOver(o) => format!(
                "move {} ({text}) comes after the end of the game: {o}",
                i + 1
            ),
            PlayError::Illegal(_) => format!("move {} ({text}) is illegal", i + 1),
        })?;
    }
    Ok((record, past_the_end))
}

/// Hashes of the record's positions before the current one, oldest first: what the
/// search needs to see repetitions.
pub fn history_hashes(record: &AnyRecord) -> Vec<u64> {
    with_record!(record, r => {
        let positions = r.positions();
        positions[..positions.len() - 1].iter().map(|p| p.hash()).collect()
    })
}

/// The starting position of a record.
pub fn initial(record: &AnyRecord) -> AnyPosition {
    match record {
        AnyRecord::Mongolian(r) => AnyPosition::Mongolian(*r.initial()),
        AnyRecord::MongolianFolk(r) => AnyPosition::MongolianFolk(*r.initial()),
        AnyRecord::Chess(r) => AnyPosition::Chess(*r.initial()),
    }
}

fn play_moves<'a, R: Rules>(
    mut pos: Position<R>,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Position<R>, String> {
    for (i, text) in moves.into_iter().enumerate() {
        let m = parse_move(&pos, text, i)?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

/// The move `text`, the game's `index`-th (from 0), with an error that says which and why.
fn parse_move<R: Rules>(pos: &Position<R>, text: &str, index: usize) -> Result<Move, String> {
    uci::parse_move(pos, text).map_err(|e| match e {
        UciMoveError::Illegal { reason, .. } => {
            format!("move {} ({text}) is illegal in {pos}: {reason}", index + 1)
        }
        UciMoveError::Syntax(_) => format!("move {} ({text}): {e}", index + 1),
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
