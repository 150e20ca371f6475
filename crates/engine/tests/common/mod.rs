//! What the engine's integration tests share: a wall clock (tests may read one; the
//! engine may not) and a one-call search.
#![allow(dead_code)]

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use shatar_engine::{Clock, Control, Engine, Limits, SearchPosition, SearchResult};
use shatar_rules::{Move, Position, Rules, fen};

pub struct Wall(pub Instant);

impl Wall {
    pub fn new() -> Self {
        Wall(Instant::now())
    }
}

impl Clock for Wall {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

pub fn position<R: Rules>(fen_text: &str) -> Position<R> {
    fen::parse_position(fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"))
}

/// A search of `pos` from a fresh engine, with no game history.
pub fn search<R: Rules>(pos: &Position<R>, limits: &Limits) -> SearchResult<Move> {
    search_with(&mut Engine::<Position<R>>::new(16), pos, limits)
}

/// A search of `pos` by `engine`, as it stands after what it searched before, with no game
/// history.
pub fn search_with<P: SearchPosition>(
    engine: &mut Engine<P>,
    pos: &P,
    limits: &Limits,
) -> SearchResult<P::Move> {
    let stop = AtomicBool::new(false);
    let clock = Wall::new();
    engine.search(
        pos,
        &[],
        limits,
        Control {
            clock: &clock,
            stop: &stop,
            report: &mut |_| {},
        },
    )
}
