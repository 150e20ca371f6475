//! [`Searcher`]: the engine crate's `AnyEngine` with the native wall clock, for the UCI
//! loop, the match tool and the opening generator.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{
    AnyEngine, Clock, Control, DEFAULT_HASH_MB, History, Level, Limits, MAX_HASH_MB, Report,
    SearchResult,
};
use shatar_rules::{AnyPosition, Move, Ruleset, xiangqi};

/// The engine reads no clock itself; native code lends it this one.
pub struct WallClock(Instant);

impl WallClock {
    pub fn new() -> Self {
        WallClock(Instant::now())
    }
}

impl Clock for WallClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// One search to run: where, after which game, how far, and how strong.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub root: AnyPosition,
    /// Hashes of the game's earlier positions, oldest first, the root excluded: the
    /// search's repetition detection.
    pub history: Vec<u64>,
    pub limits: Limits,
    pub level: Level,
    /// Varies a weak level's noise and choices; one per game.
    pub seed: u64,
}

/// The engine of the ruleset last searched, replaced when a position of another ruleset
/// comes; its transposition table persists between searches of the same game.
pub struct Searcher {
    hash_mb: usize,
    slot: Option<AnyEngine>,
}

impl Searcher {
    pub fn new(ruleset: Ruleset, hash_mb: usize) -> Self {
        let hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        Searcher {
            hash_mb,
            slot: Some(AnyEngine::new(ruleset, hash_mb)),
        }
    }

    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        if let Some(engine) = &mut self.slot {
            engine.set_hash_mb(self.hash_mb);
        }
    }

    /// Forgets what earlier searches learnt (UCI `ucinewgame`).
    pub fn new_game(&mut self) {
        if let Some(engine) = &mut self.slot {
            engine.new_game();
        }
    }

    /// Searches `request` until a limit is reached or `stop` is set. Never panics for
    /// a legal root; a root without moves gives a result without lines.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report<Move>),
    ) -> SearchResult<Move> {
        let clock = WallClock::new();
        let control = Control {
            clock: &clock,
            stop,
            report,
        };
        // Full strength goes through the level path too: level 10 adds no cap and no noise.
        AnyEngine::search(
            &mut self.slot,
            self.hash_mb,
            &request.root,
            &request.history,
            &request.limits,
            (request.level, request.seed),
            control,
        )
    }
}

impl Searcher {
    /// Searches a Xiangqi position, as [`Searcher::search`] an 8x8 one.
    pub fn search_xiangqi(
        &mut self,
        request: &XiangqiRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report<xiangqi::Move>),
    ) -> SearchResult<xiangqi::Move> {
        let clock = WallClock::new();
        let control = Control {
            clock: &clock,
            stop,
            report,
        };
        AnyEngine::search_xiangqi(
            &mut self.slot,
            self.hash_mb,
            &request.root,
            History::game(&request.positions, &request.moves),
            &request.limits,
            (request.level, request.seed),
            control,
        )
    }
}

/// A Xiangqi search to run, as [`SearchRequest`] for the 8x8 games.
#[derive(Clone, Debug)]
pub struct XiangqiRequest {
    pub root: xiangqi::Position,
    /// The game's earlier positions, oldest first, the root excluded, and the move played
    /// from each (the last one into the root): the search finds repetitions in them and
    /// judges a cycle that reaches back into them by the repetition rulings.
    pub positions: Vec<xiangqi::Position>,
    pub moves: Vec<xiangqi::Move>,
    pub limits: Limits,
    pub level: Level,
    pub seed: u64,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(Ruleset::default(), DEFAULT_HASH_MB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_follows_the_root_ruleset() {
        let mut engine = Searcher::new(Ruleset::Chess, 1);
        let stop = AtomicBool::new(false);
        for ruleset in Ruleset::ALL {
            let request = SearchRequest {
                root: AnyPosition::startpos(ruleset),
                history: Vec::new(),
                limits: Limits {
                    depth: Some(2),
                    ..Limits::default()
                },
                level: Level::MAX,
                seed: 0,
            };
            let result = engine.search(&request, &stop, &mut |_| {});
            let best = result.best_move().expect("a move");
            assert!(
                request.root.legal_moves().contains(best),
                "{ruleset}: {best}"
            );
        }
        // Then Xiangqi, in the same slot, and back.
        let request = XiangqiRequest {
            root: xiangqi::Position::new(),
            positions: Vec::new(),
            moves: Vec::new(),
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            level: Level::MAX,
            seed: 0,
        };
        let best = engine
            .search_xiangqi(&request, &stop, &mut |_| {})
            .best_move()
            .expect("a move");
        assert!(request.root.is_legal(best), "xiangqi: {best}");
        let request = SearchRequest {
            root: AnyPosition::startpos(Ruleset::Chess),
            history: Vec::new(),
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            level: Level::MAX,
            seed: 0,
        };
        assert!(
            engine
                .search(&request, &stop, &mut |_| {})
                .best_move()
                .is_some()
        );
    }
}
