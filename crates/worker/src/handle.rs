//! Requests to responses: everything the worker does, in plain Rust, tested natively.

use std::fmt::Display;
use std::sync::atomic::AtomicBool;

use shatar_engine::{
    AnyEngine, Clock, DEFAULT_HASH_MB, Delay as EngineDelay, GameClock, GameControl, Level, Limits,
    Report, Score as EngineScore, SearchResult, Strength as EngineStrength,
};
use shatar_protocol::{
    BestMove, ClockState, Delay, ErrorKind, MAX_PERFT_DEPTH, RecordWire, Request, Response, Score,
    SearchInfo, SearchLimits,
};
use shatar_rules::any_game::WireMoveError;
use shatar_rules::any_game::{GameFenError, MoveRejected, WireGameError};
use shatar_rules::pgn::PgnGame;
use shatar_rules::uci::UciMoveError;
use shatar_rules::xiangqi::pgn::Notation;
use shatar_rules::{AnyGamePosition, AnyGameRecord, GameKind, GameMove, GameResult};

/// The largest transposition table a `NewGame` request gets. A wasm32 memory holds at
/// most 4 GiB and browsers grant a worker less; a request beyond this is clamped, not
/// refused, as UCI engines treat their `Hash` option.
pub const MAX_WORKER_HASH_MB: u32 = 512;

/// The worker's state between requests: the engine of the game last searched.
///
/// One engine is kept, for one game (an 8x8 ruleset or Xiangqi): its transposition table
/// and move-ordering memory carry over from one move of a game to the next, as a UCI
/// engine's do. A `NewGame` request clears it; a search in another game replaces it (its
/// table would be of no use, and the worker's memory is better spent on one table).
pub struct Handler {
    engine: Option<AnyEngine>,
    hash_mb: usize,
}

impl Default for Handler {
    fn default() -> Self {
        Handler {
            engine: None,
            hash_mb: DEFAULT_HASH_MB,
        }
    }
}

/// The engine's clock from the caller's millisecond clock (`performance.now()` in wasm,
/// where `std::time::Instant` panics).
struct Millis<'a>(&'a dyn Fn() -> f64);

impl Clock for Millis<'_> {
    fn now_ms(&self) -> u64 {
        (self.0)().max(0.0) as u64
    }
}

impl Handler {
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers one request, passing each response to `out` as it is ready: a search sends
    /// a `SearchInfo` per finished iteration and then its `BestMove`; every other request
    /// one response. Never panics on what a request contains: bad input becomes a typed
    /// [`Response::Error`].
    ///
    /// `now` is a millisecond clock supplied by the caller, because `std::time::Instant`
    /// panics on wasm32-unknown-unknown.
    pub fn handle(
        &mut self,
        request: Request,
        now: &dyn Fn() -> f64,
        out: &mut dyn FnMut(Response),
    ) {
        let answer = match request {
            Request::Perft { fen, kind, depth } => perft(kind, &fen, depth, now),
            Request::LegalMoves { fen, kind } => {
                position(kind, &fen).map(|pos| Response::LegalMoves {
                    moves: line(&pos.legal_moves()),
                })
            }
            Request::NewGame { kind, hash_mb } => self
                .new_game(kind, hash_mb)
                .map(|()| Response::NewGameReady),
            Request::Search { record, limits } => {
                let clock = Millis(now);
                let mut info = |i: SearchInfo| out(Response::SearchInfo(i));
                self.search(&record, &limits, &clock, &mut info)
                    .map(Response::BestMove)
            }
            Request::GameStatus { record } => status(&record),
            Request::Pgn {
                record,
                tags,
                result,
            } => pgn(&record, &tags, result),
        };
        out(answer.unwrap_or_else(|error| Response::Error { error }))
    }

    fn new_game(&mut self, kind: GameKind, hash_mb: Option<u32>) -> Result<(), ErrorKind> {
        if let Some(mb) = hash_mb {
            let mb = mb.clamp(1, MAX_WORKER_HASH_MB) as usize;
            if mb != self.hash_mb {
                // Dropped before the new table is allocated, so the two never coexist.
                self.engine = None;
                self.hash_mb = mb;
            }
        }
        AnyEngine::new_game_of(&mut self.engine, self.hash_mb, kind)
            .map_err(|_| ErrorKind::GameNotBuilt { kind })
    }

    fn search(
        &mut self,
        game: &RecordWire,
        limits: &SearchLimits,
        clock: &dyn Clock,
        info: &mut dyn FnMut(SearchInfo),
    ) -> Result<BestMove, ErrorKind> {
        let record = replay(game)?;
        if let Some(outcome) = record.outcome() {
            return Err(ErrorKind::GameOver { outcome });
        }
        let (limits, level) = engine_limits(limits)?;
        // Nothing can set it: a synchronous search in a worker receives no message until it
        // returns (see the crate documentation).
        let stop = AtomicBool::new(false);
        let mut report = |r: &Report<GameMove>| info(search_info(r));
        let control = GameControl {
            clock,
            stop: &stop,
            report: &mut report,
        };
        let result = AnyEngine::search_game(
            &mut self.engine,
            self.hash_mb,
            &record,
            &limits,
            level,
            control,
        );
        Ok(best_move(&result))
    }
}

/// The engine's limits, and the level if one was asked for. Refuses a search that would
/// never end: the worker cannot be stopped.
fn engine_limits(
    limits: &SearchLimits,
) -> Result<(Limits, Option<(EngineStrength, u64)>), ErrorKind> {
    let base = Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        move_time_ms: limits.move_time_ms,
        clock: limits.clock.map(game_clock),
        multi_pv: limits.multi_pv.unwrap_or(1).max(1) as usize,
    };
    let level = match limits.level {
        None => None,
        Some(s) => {
            let level = Level::new(s.level).ok_or(ErrorKind::LevelOutOfRange {
                level: s.level,
                max: Level::MAX.number(),
            })?;
            Some((level.strength(), s.seed))
        }
    };
    let effective = level.map_or_else(|| base.clone(), |(level, _)| level.limits(&base));
    if effective.depth.is_none()
        && effective.nodes.is_none()
        && effective.move_time_ms.is_none()
        && effective.clock.is_none()
    {
        return Err(ErrorKind::Unbounded);
    }
    Ok((base, level))
}

fn game_clock(c: ClockState) -> GameClock {
    GameClock {
        remaining_ms: c.remaining_ms,
        increment_ms: c.increment_ms,
        delay: match c.delay {
            Delay::None => EngineDelay::None,
            Delay::Simple { ms } => EngineDelay::Simple(ms),
            Delay::Bronstein { ms } => EngineDelay::Bronstein(ms),
        },
        moves_to_go: c.moves_to_go,
    }
}

fn score(s: EngineScore) -> Score {
    match s {
        EngineScore::Centipawns(cp) => Score::Cp { cp },
        EngineScore::Mate(moves) => Score::Mate { moves },
    }
}

/// Moves in the game's wire notation: UCI, or ICCS for Xiangqi.
fn line<M: Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn search_info<M: Copy + Display>(r: &Report<M>) -> SearchInfo {
    SearchInfo {
        depth: r.depth,
        seldepth: r.seldepth,
        multi_pv: u32::try_from(r.multi_pv).unwrap_or(u32::MAX),
        score: score(r.score),
        nodes: r.nodes,
        nps: r.nodes_per_second,
        time_ms: r.time_ms,
        hashfull: r.hashfull,
        pv: line(&r.pv),
    }
}

fn best_move<M: Copy + Display>(result: &SearchResult<M>) -> BestMove {
    // The game is not over, so the root has a legal move, and the engine returns one
    // whenever the root has one, even when stopped at once.
    let best = result
        .best_move()
        .expect("the engine returns a move when the root has one");
    BestMove {
        best_move: best.to_string(),
        ponder: result.ponder_move().map(|m| m.to_string()),
        score: result.score().map_or(Score::Cp { cp: 0 }, score),
        depth: result.depth,
        nodes: result.nodes,
        time_ms: result.time_ms,
    }
}

fn perft(
    game: GameKind,
    fen: &str,
    depth: u32,
    now: &dyn Fn() -> f64,
) -> Result<Response, ErrorKind> {
    if depth > MAX_PERFT_DEPTH {
        return Err(ErrorKind::DepthTooLarge {
            max: MAX_PERFT_DEPTH,
        });
    }
    let start = now();
    let nodes = position(game, fen)?.perft(depth);
    Ok(Response::PerftResult {
        nodes,
        millis: now() - start,
    })
}

fn position(game: GameKind, fen: &str) -> Result<AnyGamePosition, ErrorKind> {
    AnyGamePosition::from_fen(game, fen).map_err(|e| fen_error(game, e))
}

fn fen_error(kind: GameKind, e: GameFenError) -> ErrorKind {
    match e {
        GameFenError::NotCarried(_) => ErrorKind::GameNotBuilt { kind },
        e => ErrorKind::BadFen {
            detail: e.to_string(),
        },
    }
}

/// Plays `game` from its start, applying every rule that ends a game by itself.
fn replay(game: &RecordWire) -> Result<AnyGameRecord, ErrorKind> {
    AnyGameRecord::from_wire(game.kind, game.fen.as_deref(), &game.moves).map_err(|e| match e {
        WireGameError::Start(e) => fen_error(game.kind, e),
        WireGameError::Move { index, text, why } => illegal_move(index, &text, rejection(why)),
    })
}

/// Why a move of the game's list was refused, as the error reports it.
fn rejection(why: MoveRejected) -> String {
    match why {
        MoveRejected::Unreadable(WireMoveError::Uci(UciMoveError::Illegal { reason, .. })) => reason,
        MoveRejected::Unreadable(WireMoveError::Uci(UciMoveError::Syntax(_))) => {
            "not a UCI move: expected from- and to-square and an optional promotion letter, like e2e4 or e7e8q"
                .to_string()
        }
        MoveRejected::Unreadable(e) => e.to_string(),
        MoveRejected::Play(e) => e.to_string(),
    }
}

/// Move `index` (from 0) of a game's list, `text`, does not fit.
fn illegal_move(index: usize, text: &str, reason: String) -> ErrorKind {
    ErrorKind::IllegalMove {
        ply: u32::try_from(index + 1).unwrap_or(u32::MAX),
        uci: text.to_string(),
        reason,
    }
}

fn status(game: &RecordWire) -> Result<Response, ErrorKind> {
    let record = replay(game)?;
    let pos = record.position();
    let outcome = record.outcome();
    Ok(Response::GameStatus {
        fen: pos.fen(),
        legal_moves: if outcome.is_some() {
            Vec::new()
        } else {
            line(&pos.legal_moves())
        },
        in_check: pos.is_check(),
        outcome,
        claimable_draw: record.claimable_draw(),
        ruling: record.ruling().map(ToString::to_string),
    })
}

fn pgn(
    game: &RecordWire,
    tags: &[(String, String)],
    result: Option<GameResult>,
) -> Result<Response, ErrorKind> {
    // ICCS for Xiangqi: the coordinates every Xiangqi program reads (XQBase's `Format
    // "ICCS"`).
    Ok(pgn_text(replay(game)?.to_pgn(Notation::Iccs), tags, result))
}

/// `pgn` with the caller's tags, and its result when one is given, written out.
fn pgn_text(mut pgn: PgnGame, tags: &[(String, String)], result: Option<GameResult>) -> Response {
    for (name, value) in tags {
        pgn.set_tag(name, value.as_str());
    }
    if result.is_some() {
        pgn.result = result;
    }
    Response::Pgn { text: pgn.write() }
}

#[cfg(test)]
mod tests;
