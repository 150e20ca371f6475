//! Players of a match: what the referee asks of one, and the built-in engine; a UCI program
//! is in `uci_player`, and `super::start_player` starts either. The referee asks a player
//! for a move and checks whatever comes back.

use std::fmt;
use std::sync::atomic::AtomicBool;

use shatar_engine::{GameClock, Limits, Score};
use shatar_rules::{AnyGameRecord, GameKind, GameMove};

use super::spec::{Kind, PlayerSpec};
use crate::searcher::{SearchRequest, Searcher};

/// What a player is told when it is to move.
pub struct Turn<'a> {
    /// The game so far, from the opening.
    pub record: &'a AnyGameRecord,
    /// Each side's clock (indexed by colour), for sides that play on one.
    pub clocks: [Option<GameClock>; 2],
    /// Varies the weak levels' play from game to game, repeatably.
    pub seed: u64,
}

/// A move and what the search behind it reported.
pub struct Answer {
    pub m: GameMove,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The player's own value of the position it moved in, when it reported one: the
    /// referee claims a draw for a player only when this says it is not ahead.
    pub score: Option<Score>,
}

impl Answer {
    /// Whether the player, by its own score, would take a draw: it is not ahead.
    pub fn content_with_a_draw(&self) -> bool {
        match self.score {
            Some(Score::Centipawns(cp)) => cp <= 0,
            Some(Score::Mate(n)) => n <= 0,
            None => false,
        }
    }
}

/// Why a player gave no legal move: it loses the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move that is not legal (or not a move), with the reason.
    Illegal { text: String, reason: String },
    /// `bestmove (none)` although there were legal moves.
    NoMove,
    /// The program exited, or could not be started or talked to.
    Crashed(String),
    /// No answer long after its time (a program that hangs).
    Hung,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
            Fault::NoMove => f.write_str("no move although the game was not over"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Hung => f.write_str("no answer (hung)"),
        }
    }
}

/// A player the referee can ask for moves.
pub trait Player {
    /// Before each game: forget the last one.
    fn new_game(&mut self) -> Result<(), Fault>;
    fn choose(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault>;
}

/// The limits a move of `spec` searches within, with the mover's clock.
pub fn limits(spec: &PlayerSpec, clock: Option<GameClock>) -> Limits {
    Limits {
        depth: spec.depth,
        nodes: spec.nodes,
        move_time_ms: spec.move_time_ms,
        clock,
        multi_pv: 1,
    }
}

/// The built-in engine, searching in the match's own process.
pub struct EnginePlayer {
    spec: PlayerSpec,
    engine: Searcher,
}

impl EnginePlayer {
    pub fn new(spec: &PlayerSpec, game: GameKind, hash_mb: usize) -> EnginePlayer {
        EnginePlayer {
            spec: spec.clone(),
            engine: Searcher::new(game, hash_mb),
        }
    }
}

impl Player for EnginePlayer {
    fn new_game(&mut self) -> Result<(), Fault> {
        // Each game from a clean table: results do not depend on the order of games.
        self.engine.new_game();
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
        let Kind::Engine { strength, .. } = self.spec.kind else {
            unreachable!("an engine player's spec")
        };
        let side = turn.record.position().turn().index();
        let request = SearchRequest {
            game: turn.record.clone(),
            limits: limits(&self.spec, turn.clocks[side]),
            strength,
            seed: turn.seed,
        };
        let result = self
            .engine
            .search(&request, &AtomicBool::new(false), &mut |_| {});
        Ok(Answer {
            m: result.best_move().ok_or(Fault::NoMove)?,
            depth: Some(result.depth),
            nodes: Some(result.nodes),
            score: result.score(),
        })
    }
}
