//! [`AnyEngine`]: the engine of the game chosen at run time (an 8x8 ruleset or Xiangqi).
//! The engine is generic over its position type; like the rules crate's `AnyGameRecord`,
//! one enum holds an engine of each game, for the UCI binary and the browser worker alike,
//! and [`AnyEngine::search_game`] searches a record of any game.

use alloc::vec::Vec;
use core::sync::atomic::AtomicBool;

use shatar_rules::{
    AnyGameRecord, AnyRecord, Carried, Chess, GameKind, GameMove, GameRecord, Mongolian,
    MongolianFolk, NotCarried, Position, Rules, Ruleset, with_record, xiangqi,
};

use crate::levels::Strength;
use crate::limits::{Clock, Limits};
use crate::position::SearchPosition;
use crate::search::{Control, Engine, History, Line, Report, SearchResult};

/// What a search of any game reports to, and is stopped and timed by: [`Control`] with the
/// moves of any game.
pub struct GameControl<'a> {
    pub clock: &'a dyn Clock,
    pub stop: &'a AtomicBool,
    pub report: &'a mut dyn FnMut(&Report<GameMove>),
}

pub enum AnyEngine {
    Mongolian(Engine<Position<Mongolian>>),
    MongolianFolk(Engine<Position<MongolianFolk>>),
    Chess(Engine<Position<Chess>>),
    /// Xiangqi is no 8x8 [`Ruleset`]: it has its own position and move types; like the
    /// others it is searched through [`AnyEngine::search_game`].
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
}

impl AnyEngine {
    /// Readies the engine in `slot` for a new game of `game` (UCI `ucinewgame`): an engine
    /// of another game is replaced, one of this game forgets what it learnt. A game the
    /// build does not carry ([`Carried`]) has no engine either.
    pub fn new_game_of(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
        game: GameKind,
    ) -> Result<(), NotCarried> {
        match game {
            GameKind::Board8(Ruleset::Mongolian) => {
                Self::slot_for::<Mongolian>(slot, hash_mb).new_game();
            }
            GameKind::Board8(Ruleset::MongolianFolk) => {
                Self::slot_for::<MongolianFolk>(slot, hash_mb).new_game();
            }
            GameKind::Board8(Ruleset::Chess) => Self::slot_for::<Chess>(slot, hash_mb).new_game(),
            GameKind::Xiangqi => {
                // Without the game in the build no Xiangqi engine is ever made, and its
                // code is left out.
                Carried::new(|| ())?;
                Self::xiangqi_slot(slot, hash_mb).new_game();
            }
        }
        Ok(())
    }

    /// Searches the current position of `record`, of any game, with the engine in `slot`
    /// (replaced first when it plays another game), at `level` when one is given. The
    /// game's earlier positions go with it: a return to one is a draw in the 8x8 games and
    /// judged by the repetition rulings in Xiangqi.
    pub fn search_game(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
        record: &AnyGameRecord,
        limits: &Limits,
        level: Option<(Strength, u64)>,
        control: GameControl<'_>,
    ) -> SearchResult<GameMove> {
        match record {
            AnyGameRecord::Board8(r) => {
                let hashes = record.earlier_hashes();
                search_board8(slot, hash_mb, r, &hashes, limits, level, control)
            }
            AnyGameRecord::Xiangqi(r) => {
                let positions = r.positions();
                let history = History::game(&positions[..positions.len() - 1], r.moves());
                let engine = Self::xiangqi_slot(slot, hash_mb);
                run(engine, r.position(), history, limits, level, control)
            }
        }
    }
}

fn search_board8(
    slot: &mut Option<AnyEngine>,
    hash_mb: usize,
    record: &AnyRecord,
    hashes: &[u64],
    limits: &Limits,
    level: Option<(Strength, u64)>,
    control: GameControl<'_>,
) -> SearchResult<GameMove> {
    fn go<R: EngineRules>(
        slot: &mut Option<AnyEngine>,
        hash_mb: usize,
        record: &GameRecord<R>,
        hashes: &[u64],
        limits: &Limits,
        level: Option<(Strength, u64)>,
        control: GameControl<'_>,
    ) -> SearchResult<GameMove> {
        let engine = AnyEngine::slot_for::<R>(slot, hash_mb);
        run(
            engine,
            record.position(),
            hashes.into(),
            limits,
            level,
            control,
        )
    }
    with_record!(record, r => go(slot, hash_mb, r, hashes, limits, level, control))
}

/// One search of `engine`, its moves reported and returned as moves of any game.
fn run<P: SearchPosition>(
    engine: &mut Engine<P>,
    root: &P,
    history: History<'_, P>,
    limits: &Limits,
    level: Option<(Strength, u64)>,
    control: GameControl<'_>,
) -> SearchResult<GameMove>
where
    P::Move: Into<GameMove>,
{
    let report_to = control.report;
    let mut report = |r: &Report<P::Move>| {
        report_to(&Report {
            depth: r.depth,
            seldepth: r.seldepth,
            multi_pv: r.multi_pv,
            score: r.score,
            nodes: r.nodes,
            time_ms: r.time_ms,
            nodes_per_second: r.nodes_per_second,
            hashfull: r.hashfull,
            pv: game_moves(&r.pv),
        });
    };
    let control = Control {
        clock: control.clock,
        stop: control.stop,
        report: &mut report,
    };
    let result = match level {
        Some((level, seed)) => engine.search_at_level(level, root, history, limits, seed, control),
        None => engine.search(root, history, limits, control),
    };
    SearchResult {
        lines: result
            .lines
            .iter()
            .map(|l| Line {
                value: l.value,
                pv: game_moves(&l.pv),
            })
            .collect(),
        depth: result.depth,
        nodes: result.nodes,
        time_ms: result.time_ms,
    }
}

fn game_moves<M: Copy + Into<GameMove>>(moves: &[M]) -> Vec<GameMove> {
    moves.iter().map(|&m| m.into()).collect()
}
