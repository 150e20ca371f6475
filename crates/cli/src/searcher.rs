//! [`Searcher`]: the engine crate's `AnyEngine` with the native wall clock, for the UCI
//! loop, the match tool and the opening generator.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{
    AnyEngine, Clock, DEFAULT_HASH_MB, GameControl, Limits, MAX_HASH_MB, Report, SearchResult,
    Strength,
};
use shatar_rules::{AnyGameRecord, GameKind, GameMove};

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

/// One search to run: after which game, how far, and how strong.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Its current position is searched; its earlier ones are the search's repetitions (a
    /// draw in the 8x8 games, judged by the repetition rulings in Xiangqi).
    pub game: AnyGameRecord,
    pub limits: Limits,
    pub strength: Strength,
    /// Varies a weak level's noise and choices; one per game.
    pub seed: u64,
}

/// The engine of the game last searched, replaced when a game of another kind comes; its
/// transposition table persists between searches of the same game.
pub struct Searcher {
    hash_mb: usize,
    slot: Option<AnyEngine>,
}

impl Searcher {
    pub fn new(game: GameKind, hash_mb: usize) -> Self {
        let hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        let mut slot = None;
        // A game this build does not carry gets its engine from its first search, which
        // cannot come: no record of it can be made either.
        let _ = AnyEngine::new_game_of(&mut slot, hash_mb, game);
        Searcher { hash_mb, slot }
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
        report: &mut dyn FnMut(&Report<GameMove>),
    ) -> SearchResult<GameMove> {
        let clock = WallClock::new();
        let control = GameControl {
            clock: &clock,
            stop,
            report,
        };
        // Full strength goes through the level path too: it adds no cap and no noise.
        AnyEngine::search_game(
            &mut self.slot,
            self.hash_mb,
            &request.game,
            &request.limits,
            Some((request.strength, request.seed)),
            control,
        )
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(GameKind::default(), DEFAULT_HASH_MB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{AnyGamePosition, Ruleset};

    #[test]
    fn the_engine_follows_the_game() {
        let mut engine = Searcher::new(GameKind::Board8(Ruleset::Chess), 1);
        let stop = AtomicBool::new(false);
        // Xiangqi comes after the 8x8 games, in the same slot, and chess again after it.
        let games = GameKind::ALL
            .into_iter()
            .chain([GameKind::Board8(Ruleset::Chess)]);
        for game in games {
            let request = SearchRequest {
                game: AnyGameRecord::new(AnyGamePosition::startpos(game).unwrap()),
                limits: Limits {
                    depth: Some(2),
                    ..Limits::default()
                },
                strength: Strength::Full,
                seed: 0,
            };
            let result = engine.search(&request, &stop, &mut |_| {});
            let best = result.best_move().expect("a move");
            assert!(
                request.game.position().legal_moves().contains(&best),
                "{game}: {best}"
            );
        }
    }
}
