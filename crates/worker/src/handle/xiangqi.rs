//! The requests of a Xiangqi game: the same answers as the 8x8 games', from the rules
//! crate's Xiangqi record (its repetition rulings and natural move limit) and the engine's
//! Xiangqi search. Moves travel in ICCS (`h2e2`).

use shatar_engine::{AnyEngine, Clock, History};
use shatar_protocol::{BestMove, ErrorKind, Game, Response, SearchInfo, SearchLimits};
use shatar_rules::GameResult;
use shatar_rules::xiangqi::{Position, Record, RepetitionRules, fen, iccs, pgn};

use super::{engine_limits, illegal_move, line, pgn_text, run_search};

/// The rulings the worker judges repetitions by; the page's game and the engine's search
/// use the same.
const RULES: RepetitionRules = shatar_engine::xiangqi::REPETITION_RULES;

pub(super) fn position(text: &str) -> Result<Position, ErrorKind> {
    fen::parse_position(text).map_err(|e| ErrorKind::BadFen {
        detail: e.to_string(),
    })
}

pub(super) fn legal_moves(text: &str) -> Result<Response, ErrorKind> {
    Ok(Response::LegalMoves {
        moves: line(&position(text)?.legal_moves()),
    })
}

pub(super) fn perft(text: &str, depth: u32) -> Result<u64, ErrorKind> {
    Ok(position(text)?.perft(depth))
}

/// Plays `game` from its start, applying every rule that ends a game by itself.
pub(super) fn replay(game: &Game) -> Result<Record, ErrorKind> {
    let initial = match &game.fen {
        None => Position::new(),
        Some(text) => position(text)?,
    };
    let mut record = Record::new(initial, RULES);
    for (i, text) in game.moves.iter().enumerate() {
        let illegal = |reason: String| illegal_move(i, text, reason);
        if let Some(outcome) = record.outcome() {
            return Err(illegal(format!("the game is over: {outcome}")));
        }
        let m = iccs::parse_legal(record.position(), text).map_err(|e| illegal(e.to_string()))?;
        record.play(m).map_err(|e| illegal(e.to_string()))?;
    }
    Ok(record)
}

pub(super) fn search(
    slot: &mut Option<AnyEngine>,
    hash_mb: usize,
    game: &Game,
    limits: &SearchLimits,
    clock: &dyn Clock,
    info: &mut dyn FnMut(SearchInfo),
) -> Result<BestMove, ErrorKind> {
    let record = replay(game)?;
    if let Some(outcome) = record.outcome() {
        return Err(ErrorKind::GameOver { outcome });
    }
    let limits = engine_limits(limits)?;
    let root = *record.position();
    let positions = record.positions();
    // The positions before the root with their moves: a cycle reaching back into the game
    // is judged by the same rulings as the record's.
    let history = History::game(&positions[..positions.len() - 1], record.moves());
    let engine = AnyEngine::xiangqi_slot(slot, hash_mb);
    Ok(run_search(engine, &root, history, limits, clock, info))
}

pub(super) fn status(game: &Game) -> Result<Response, ErrorKind> {
    let record = replay(game)?;
    let pos = record.position();
    let outcome = record.outcome();
    Ok(Response::GameStatus {
        fen: fen::write(&pos.to_setup()),
        legal_moves: if outcome.is_some() {
            Vec::new()
        } else {
            line(&pos.legal_moves())
        },
        in_check: pos.is_check(),
        outcome,
        // The natural move limit and the rulings end a Xiangqi game by themselves: there is
        // nothing to claim.
        claimable_draw: None,
        ruling: record.ruling().map(ToString::to_string),
    })
}

pub(super) fn pgn(
    game: &Game,
    tags: &[(String, String)],
    result: Option<GameResult>,
) -> Result<Response, ErrorKind> {
    // ICCS: the coordinates every Xiangqi program reads (XQBase's `Format "ICCS"`).
    Ok(pgn_text(
        pgn::from_record(&replay(game)?, pgn::Notation::Iccs),
        tags,
        result,
    ))
}

#[cfg(test)]
mod tests;
