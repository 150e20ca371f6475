//! [`AnyEngine`]: the engine for whichever ruleset is chosen at run time. The engine is
//! generic over its position type, so, like the rules crate's `AnyPosition`, one enum
//! holds an engine of each game and a macro reaches the concrete one.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{Clock, Control, DEFAULT_HASH_MB, Engine, Level, Limits, MAX_HASH_MB, Report, SearchResult};
use shatar_rules::{AnyPosition, Chess, Mongolian, MongolianFolk, Move, Position, Rules, Ruleset};

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

/// Runs `$body` with `$e` bound to the concrete engine inside an `Inner`.
macro_rules! with_engine {
    ($inner:expr, $e:ident => $body:expr) => {
        match $inner {
            Inner::Mongolian($e) => $body,
            Inner::MongolianFolk($e) => $body,
            Inner::Chess($e) => $body,
        }
    };
}

enum Inner {
    Mongolian(Engine<Position<Mongolian>>),
    MongolianFolk(Engine<Position<MongolianFolk>>),
    Chess(Engine<Position<Chess>>),
}

/// An engine of one ruleset, replaced by one of another when a position of another
/// ruleset comes; its transposition table persists between searches of the same game.
pub struct AnyEngine {
    hash_mb: usize,
    inner: Inner,
}

impl AnyEngine {
    pub fn new(ruleset: Ruleset, hash_mb: usize) -> Self {
        let hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        AnyEngine { hash_mb, inner: Inner::new(ruleset, hash_mb) }
    }

    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        with_engine!(&mut self.inner, e => e.set_hash_mb(self.hash_mb));
    }

    /// Forgets what earlier searches learnt (UCI `ucinewgame`).
    pub fn new_game(&mut self) {
        with_engine!(&mut self.inner, e => e.new_game());
    }

    /// Searches `request` until a limit is reached or `stop` is set. Never panics for
    /// a legal root; a root without moves gives a result without lines.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report<Move>),
    ) -> SearchResult<Move> {
        let ruleset = request.root.ruleset();
        if self.inner.ruleset() != ruleset {
            self.inner = Inner::new(ruleset, self.hash_mb);
        }
        let clock = WallClock::new();
        let control = Control { clock: &clock, stop, report };
        match (&mut self.inner, &request.root) {
            (Inner::Mongolian(e), AnyPosition::Mongolian(p)) => run(e, p, request, control),
            (Inner::MongolianFolk(e), AnyPosition::MongolianFolk(p)) => run(e, p, request, control),
            (Inner::Chess(e), AnyPosition::Chess(p)) => run(e, p, request, control),
            _ => unreachable!("the engine was just matched to the root's ruleset"),
        }
    }
}

impl Default for AnyEngine {
    fn default() -> Self {
        AnyEngine::new(Ruleset::default(), DEFAULT_HASH_MB)
    }
}

impl Inner {
    fn new(ruleset: Ruleset, hash_mb: usize) -> Inner {
        match ruleset {
            Ruleset::Mongolian => Inner::Mongolian(Engine::new(hash_mb)),
            Ruleset::MongolianFolk => Inner::MongolianFolk(Engine::new(hash_mb)),
            Ruleset::Chess => Inner::Chess(Engine::new(hash_mb)),
        }
    }

    fn ruleset(&self) -> Ruleset {
        match self {
            Inner::Mongolian(_) => Ruleset::Mongolian,
            Inner::MongolianFolk(_) => Ruleset::MongolianFolk,
            Inner::Chess(_) => Ruleset::Chess,
        }
    }
}

fn run<R: Rules>(
    engine: &mut Engine<Position<R>>,
    root: &Position<R>,
    request: &SearchRequest,
    control: Control<'_, Move>,
) -> SearchResult<Move> {
    // Full strength goes through the level path too: level 10 adds no cap and no noise.
    engine.search_at_level(request.level, root, &request.history, &request.limits, request.seed, control)
}

/// A 64-bit mix (splitmix64): seeds for games and levels from one number.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_follows_the_root_ruleset() {
        let mut engine = AnyEngine::new(Ruleset::Chess, 1);
        let stop = AtomicBool::new(false);
        for ruleset in Ruleset::ALL {
            let request = SearchRequest {
                root: AnyPosition::startpos(ruleset),
                history: Vec::new(),
                limits: Limits { depth: Some(2), ..Limits::default() },
                level: Level::MAX,
                seed: 0,
            };
            let result = engine.search(&request, &stop, &mut |_| {});
            let best = result.best_move().expect("a move");
            assert!(request.root.legal_moves().contains(best), "{ruleset}: {best}");
        }
    }
}
