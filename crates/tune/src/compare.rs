//! `shatar-tune compare`: a match between two weight sets in one binary. A weight set
//! cannot be swapped into a position's compiled evaluation, so each side searches a thin
//! wrapper position whose evaluation reads its own weights through the same term code
//! ([`Game::evaluate_with`]); everything else (moves, exchange test, null move, draws,
//! repetition rulings) is the game's own.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use shatar_engine::elo;
use shatar_engine::tapered::S;
use shatar_engine::{Cycle, DRAW, Engine, SearchPosition, Value};
use shatar_rules::{GamePosition, Outcome};

use crate::games::{Game, MoveOf};
use crate::play::{GameOptions, opening, play_out, white_score};
use crate::rng::Rng;

/// The two weight sets of the match, set once before it starts.
static SLOTS: [OnceLock<Vec<S>>; 2] = [OnceLock::new(), OnceLock::new()];

pub struct Weighted<G: Game, const SLOT: usize>(G::Pos);

// By hand: a derive would ask the marker type `G` for the traits too.
impl<G: Game, const SLOT: usize> Clone for Weighted<G, SLOT> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game, const SLOT: usize> Copy for Weighted<G, SLOT> {}
impl<G: Game, const SLOT: usize> PartialEq for Weighted<G, SLOT> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<G: Game, const SLOT: usize> Eq for Weighted<G, SLOT> {}
impl<G: Game, const SLOT: usize> std::fmt::Debug for Weighted<G, SLOT> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Game, const SLOT: usize> GamePosition for Weighted<G, SLOT> {
    type Move = MoveOf<G>;
    type MoveList = <G::Pos as GamePosition>::MoveList;
    fn turn(&self) -> shatar_rules::Color {
        self.0.turn()
    }
    fn legal_moves(&self) -> Self::MoveList {
        self.0.legal_moves()
    }
    fn play_unchecked(&mut self, m: Self::Move) {
        self.0.play_unchecked(m)
    }
    fn is_check(&self) -> bool {
        self.0.is_check()
    }
    fn is_capture(&self, m: Self::Move) -> bool {
        self.0.is_capture(m)
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn halfmoves(&self) -> u32 {
        self.0.halfmoves()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

impl<G: Game, const SLOT: usize> SearchPosition for Weighted<G, SLOT> {
    const MOVE_KEYS: usize = G::Pos::MOVE_KEYS;
    fn move_key(&self, m: Self::Move) -> usize {
        self.0.move_key(m)
    }
    fn gives_check(&self, m: Self::Move) -> bool {
        self.0.gives_check(m)
    }
    type CheckInfo = <G::Pos as SearchPosition>::CheckInfo;
    fn check_info(&self) -> Self::CheckInfo {
        self.0.check_info()
    }
    fn gives_check_with(&self, m: Self::Move, info: &Self::CheckInfo) -> bool {
        self.0.gives_check_with(m, info)
    }
    type Threats = <G::Pos as SearchPosition>::Threats;
    fn threats(&self) -> Self::Threats {
        self.0.threats()
    }
    fn quiet_bonus(
        &self,
        m: Self::Move,
        threats: &Self::Threats,
        gives_check: impl FnOnce() -> bool,
    ) -> i32 {
        self.0.quiet_bonus(m, threats, gives_check)
    }
    fn evaluate(&self) -> i32 {
        G::evaluate_with(
            &self.0,
            SLOTS[SLOT].get().expect("weights set before the match"),
        )
    }
    /// The weights under test change between games: nothing is kept.
    type EvalCache = ();
    fn evaluate_cached(&self, _cache: &mut ()) -> i32 {
        self.evaluate()
    }
    fn tactical_moves(&self) -> Self::MoveList {
        self.0.tactical_moves()
    }
    fn is_tactical(&self, m: Self::Move) -> bool {
        self.0.is_tactical(m)
    }
    fn tactical_order(&self, m: Self::Move) -> i32 {
        self.0.tactical_order(m)
    }
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool {
        self.0.see_ge(m, threshold)
    }
    fn null_move_allowed(&self) -> bool {
        self.0.null_move_allowed()
    }
    fn play_null(&mut self) {
        self.0.play_null()
    }
    fn is_draw_by_rule(&self) -> bool {
        self.0.is_draw_by_rule()
    }
    fn repetition_value(cycle: &Cycle<'_, Self>) -> Value {
        let Some((positions, moves)) = cycle.replay() else {
            return DRAW;
        };
        let positions: Vec<G::Pos> = positions.iter().map(|p| p.0).collect();
        G::repetition_value(&positions, &moves)
    }
}

#[derive(Clone, Debug)]
pub struct CompareOptions {
    pub pairs: usize,
    pub threads: usize,
    pub seed: u64,
    pub game: GameOptions,
}

/// Plays `pairs` pairs of games between weight sets `a` and `b`, each pair from one random
/// opening with colours swapped, and prints A's score with an Elo estimate.
pub fn run<G: Game>(a: Vec<S>, b: Vec<S>, opts: &CompareOptions) -> Result<(), String> {
    for (slot, w) in SLOTS.iter().zip([a, b]) {
        if w.len() != G::COUNT {
            return Err(format!("{} weights, the layout has {}", w.len(), G::COUNT));
        }
        slot.set(w).map_err(|_| "compare runs once per process")?;
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<usize>();
    // `pairs[k]`: pairs in which A scored `k / 2` points.
    let mut pairs = [0u64; 5];
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || {
                let mut a = Engine::<Weighted<G, 0>>::new(opts.game.hash_mb);
                let mut b = Engine::<Weighted<G, 1>>::new(opts.game.hash_mb);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= opts.pairs {
                        break;
                    }
                    let mut rng =
                        Rng::new(opts.seed ^ (index as u64).wrapping_mul(0xd134_2543_de82_ef95));
                    let start = opening::<G>(&mut rng, opts.game.random_plies);
                    let (mut first, mut second) = (start.clone(), start);
                    a.new_game();
                    b.new_game();
                    let one = play_out::<G, _, _>(
                        &mut first,
                        (&mut a, Weighted),
                        (&mut b, Weighted),
                        &opts.game,
                        |_, _, _, _| {},
                    );
                    a.new_game();
                    b.new_game();
                    let two = play_out::<G, _, _>(
                        &mut second,
                        (&mut b, Weighted),
                        (&mut a, Weighted),
                        &opts.game,
                        |_, _, _, _| {},
                    );
                    let half_points = 2.0 * (white_score(one) + 1.0 - white_score(two));
                    if tx.send(half_points as usize).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for half_points in rx {
            pairs[half_points] += 1;
            let n = pairs.iter().sum::<u64>();
            if n.is_multiple_of(10) || n == opts.pairs as u64 {
                report(&pairs);
            }
        }
    });
    Ok(())
}

/// A's score, and the Elo difference with its 95% interval from the pairs (they share an
/// opening, so they, not games, are the independent trials).
fn report(pairs: &[u64; 5]) {
    let Some(estimate) = elo::pentanomial(pairs) else {
        return;
    };
    let n = pairs.iter().sum::<u64>();
    let [p0, p1, p2, p3, p4] = pairs;
    println!(
        "{n} pairs ({} games): A scores {:.1}% (pairs 2/1.5/1/0.5/0: {p4} {p3} {p2} {p1} {p0}), Elo {:+.0} [{:+.0}, {:+.0}]",
        2 * n,
        100.0 * estimate.score,
        estimate.elo,
        estimate.low,
        estimate.high
    );
}

/// `shatar-tune scores`: the static evaluation and a fixed-depth search's score of each
/// position in `fens` (the side to move's view) with `weights`, to see what a weight set
/// makes of openings, e.g. whether it leans to the side to move.
pub fn scores<G: Game>(weights: Vec<S>, fens: &[String], depth: u32) -> Result<(), String> {
    if weights.len() != G::COUNT {
        return Err(format!(
            "{} weights, the layout has {}",
            weights.len(),
            G::COUNT
        ));
    }
    SLOTS[0]
        .set(weights)
        .map_err(|_| "scores runs once per process")?;
    let clock = crate::speed::Wall(std::time::Instant::now());
    let stop = std::sync::atomic::AtomicBool::new(false);
    let limits = shatar_engine::Limits {
        depth: Some(depth),
        ..shatar_engine::Limits::default()
    };
    for text in fens {
        let pos = Weighted::<G, 0>(G::parse_fen(text)?);
        let mut engine = Engine::<Weighted<G, 0>>::new(16);
        let control = shatar_engine::Control {
            clock: &clock,
            stop: &stop,
            report: &mut |_| {},
        };
        let result = engine.search(&pos, &[], &limits, control);
        let score = result.score().map_or("-".to_owned(), |s| format!("{s:?}"));
        let best = result.best_move().map_or("-".to_owned(), |m| m.to_string());
        println!(
            "static {:5}  depth {depth}: {score:>16} {best:6}  {text}",
            pos.evaluate()
        );
    }
    Ok(())
}
