//! [`AnyEngine`]: the engine of the game chosen at run time (an 8x8 ruleset or Xiangqi).
//! The engine is generic over its position type; like the rules crate's `AnyPosition`, one
//! enum holds an engine of each game, for the UCI binary and the browser worker alike.

use shatar_rules::{
    AnyPosition, Chess, Mongolian, MongolianFolk, Move, Position, Rules, Ruleset, xiangqi,
};

use crate::levels::Level;
use crate::limits::Limits;
use crate::search::{Control, Engine, History, SearchResult};

pub enum AnyEngine {
    Mongolian(Engine<Position<Mongolian>>),
    MongolianFolk(Engine<Position<MongolianFolk>>),
    Chess(Engine<Position<Chess>>),
    /// Xiangqi is no 8x8 [`Ruleset`]: it has its own position and move types, and is
    /// reached through [`AnyEngine::search_xiangqi`].
    Xiangqi(Engine<xiangqi::Position>),
}

/// The rulesets whose engine an [`AnyEngine`] holds.
pub trait EngineRules: Rules {
    fn wrap(engine: Engine<Position<Self>>) -> AnyEngine;
    fn engine_mut(any: &mut AnyEngine) -> Option<&mut Engine<Position<Self>>>;
}

macro_rules! engine_rules {
    ($($rules:ident),*) => {$(
        impl EngineRules for $rules {
            fn wrap(engine: Engine<Position<Self>>) -> AnyEngine {
                AnyEngine::$rules(engine)
            }
            fn engine_mut(any: &mut AnyEngine) -> Option<&mut Engine<Position<Self>>> {
                match any {
                    AnyEngine::$rules(e) => Some(e),
                    _ => None,
                }
            }
        }
    )*};
}
engine_rules!(Mongolian, MongolianFolk, Chess);

/// Runs `$body` with `$e` bound to the concrete engine.
macro_rules! with_engine {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            AnyEngine::Mongolian($e) => $body,
            AnyEngine::MongolianFolk($e) => $body,
            AnyEngine::Chess($e) => $body,
            AnyEngine::Xiangqi($e) => $body,
        }
    };
}

impl AnyEngine {
    pub fn new(ruleset: Ruleset, hash_mb: usize) -> AnyEngine {
        match ruleset {
            Ruleset::Mongolian => AnyEngine::Mongolian(Engine::new(hash_mb)),
            Ruleset::MongolianFolk => AnyEngine::MongolianFolk(Engine::new(hash_mb)),
            Ruleset::Chess => AnyEngine::Chess(Engine::new(hash_mb)),
        }
    }

    /// The 8x8 ruleset the engine plays; `None` for Xiangqi.
    pub fn ruleset(&self) -> Option<Ruleset> {
        match self {
            AnyEngine::Mongolian(_) => Some(Ruleset::Mongolian),
            AnyEngine::MongolianFolk(_) => Some(Ruleset::MongolianFolk),
            AnyEngine::Chess(_) => Some(Ruleset::Chess),
            AnyEngine::Xiangqi(_) => None,
        }
    }

    pub fn hash_mb(&self) -> usize {
        with_engine!(self, e => e.hash_mb())
    }

    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        with_engine!(self, e => e.set_hash_mb(hash_mb));
    }

    /// Forgets what earlier searches learnt (UCI `ucinewgame`).
    pub fn new_game(&mut self) {
        with_engine!(self, e => e.new_game());
    }

    /// The engine in `slot` if it plays `R`; otherwise the old one is dropped (before the
    /// new table is allocated, so two tables never coexist) and a fresh one takes its place.
    pub fn slot_for<R: EngineRules>(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
    ) -> &mut Engine<Position<R>> {
        if slot.as_mut().is_none_or(|e| R::engine_mut(e).is_none()) {
            *slot = None;
            *slot = Some(R::wrap(Engine::new(hash_mb)));
        }
        slot.as_mut()
            .and_then(R::engine_mut)
            .expect("the slot holds this ruleset's engine")
    }

    /// Searches `root` at `level` (see [`Engine::search_at_level`]); an engine of another
    /// ruleset than the root's is replaced by a fresh one first.
    pub fn search(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
        root: &AnyPosition,
        history: &[u64],
        limits: &Limits,
        (level, seed): (Level, u64),
        control: Control<'_, Move>,
    ) -> SearchResult<Move> {
        match root {
            AnyPosition::Mongolian(p) => Self::slot_for::<Mongolian>(slot, hash_mb)
                .search_at_level(level, p, history, limits, seed, control),
            AnyPosition::MongolianFolk(p) => Self::slot_for::<MongolianFolk>(slot, hash_mb)
                .search_at_level(level, p, history, limits, seed, control),
            AnyPosition::Chess(p) => Self::slot_for::<Chess>(slot, hash_mb)
                .search_at_level(level, p, history, limits, seed, control),
        }
    }

    /// The Xiangqi engine in `slot`, as [`AnyEngine::slot_for`] does for the 8x8 games.
    pub fn xiangqi_slot(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
    ) -> &mut Engine<xiangqi::Position> {
        if !matches!(slot, Some(AnyEngine::Xiangqi(_))) {
            *slot = None;
            *slot = Some(AnyEngine::Xiangqi(Engine::new(hash_mb)));
        }
        match slot {
            Some(AnyEngine::Xiangqi(e)) => e,
            _ => unreachable!("the slot was just given a Xiangqi engine"),
        }
    }

    /// Searches a Xiangqi `root` at `level`, as [`AnyEngine::search`] does an 8x8 one.
    /// `history` holds the game's earlier positions: the search judges a cycle that
    /// returns to one by the repetition rulings when `history` gives their moves too, and
    /// scores it as a draw when it gives only their hashes.
    pub fn search_xiangqi(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
        root: &xiangqi::Position,
        history: History<'_, xiangqi::Position>,
        limits: &Limits,
        (level, seed): (Level, u64),
        control: Control<'_, xiangqi::Move>,
    ) -> SearchResult<xiangqi::Move> {
        Self::xiangqi_slot(slot, hash_mb)
            .search_at_level(level, root, history, limits, seed, control)
    }
}
