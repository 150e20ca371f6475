//! The engine: iterative deepening over [`node::Tree`], with aspiration windows, MultiPV,
//! time management and progress reports. Generic over [`SearchPosition`], so every game
//! gets the same search.

mod node;
#[cfg(test)]
mod repetition;
mod time;

use alloc::vec::Vec;
use core::sync::atomic::AtomicBool;

use crate::eval_table::EvalTable;
use crate::history::Tables;
use crate::limits::{Clock, Limits, TimeBudget};
pub use crate::position::Cycle;
use crate::position::SearchPosition;
use crate::score::{INFINITE, MAX_PLY, Score, Value, is_mate};
use crate::tt::{DEFAULT_HASH_MB, MAX_HASH_MB, TranspositionTable};
use node::{Deadline, Root, Tree};
use time::TimeKeeper;

/// The game before the root, where the search finds repetitions that reach back past it.
/// A plain slice of hashes converts into one.
pub enum History<'h, P: SearchPosition> {
    /// The hashes of the game's positions before the root, oldest first: enough to find a
    /// repetition, not to judge it, so a cycle that reaches back into them is a draw
    /// whatever the game's rulings (the 8x8 games' repetitions are draws anyway).
    Hashes(&'h [u64]),
    /// The game's positions before the root, oldest first (those since the last
    /// irreversible move are enough), and the move played from each, the last one into
    /// the root: a cycle that reaches back into them is judged as one within the search
    /// is ([`SearchPosition::repetition_value`]). When the lengths differ the moves are
    /// ignored and such a cycle is a draw.
    Game {
        positions: &'h [P],
        moves: &'h [P::Move],
    },
}

impl<'h, P: SearchPosition> History<'h, P> {
    pub fn game(positions: &'h [P], moves: &'h [P::Move]) -> History<'h, P> {
        History::Game { positions, moves }
    }
}

impl<P: SearchPosition> Clone for History<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: SearchPosition> Copy for History<'_, P> {}

impl<P: SearchPosition> Default for History<'_, P> {
    fn default() -> Self {
        History::Hashes(&[])
    }
}

impl<P: SearchPosition> core::fmt::Debug for History<'_, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            History::Hashes(hashes) => f.debug_tuple("Hashes").field(hashes).finish(),
            History::Game { positions, moves } => f
                .debug_struct("Game")
                .field("positions", positions)
                .field("moves", moves)
                .finish(),
        }
    }
}

impl<'h, P: SearchPosition, T: AsRef<[u64]> + ?Sized> From<&'h T> for History<'h, P> {
    fn from(hashes: &'h T) -> History<'h, P> {
        History::Hashes(hashes.as_ref())
    }
}

/// What the caller lends a search: the clock, a flag to stop it from outside (another
/// thread, or a UCI `stop`), and where progress reports go.
pub struct Control<'a, M> {
    pub clock: &'a dyn Clock,
    pub stop: &'a AtomicBool,
    pub report: &'a mut dyn FnMut(&Report<M>),
}

/// One line of progress: a finished iteration of one MultiPV line (UCI `info`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line.
    pub multi_pv: usize,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: u64,
    pub nodes_per_second: u64,
    /// Permille of the hash table filled by this search.
    pub hashfull: u32,
    pub pv: Vec<M>,
}

/// A line of the final result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    pub value: Value,
    pub pv: Vec<M>,
}

impl<M: Copy> Line<M> {
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }
    pub fn best_move(&self) -> Option<M> {
        self.pv.first().copied()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The lines of the last finished iteration, best first; empty when the game is over.
    pub lines: Vec<Line<M>>,
    /// The depth of the last finished iteration.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
}

impl<M: Copy> SearchResult<M> {
    pub fn best_move(&self) -> Option<M> {
        self.lines.first().and_then(Line::best_move)
    }
    /// The expected reply, for pondering GUIs.
    pub fn ponder_move(&self) -> Option<M> {
        self.lines.first().and_then(|l| l.pv.get(1).copied())
    }
    pub fn score(&self) -> Option<Score> {
        self.lines.first().map(Line::score)
    }
}

/// A search engine for one game: its transposition table and move-ordering memory
/// persist between searches of the same game.
pub struct Engine<P: SearchPosition> {
    hash_mb: usize,
    tt: TranspositionTable<P::Move>,
    tables: Tables<P::Move>,
    /// Static evaluations already made (exact: they never change the search).
    evals: EvalTable,
    /// The evaluation's own cache of its parts (exact too), warm from one search to the
    /// next: the pawn structures of a game change slowly.
    eval_cache: P::EvalCache,
    /// Leaf-evaluation noise of a weak level: (seed, amplitude in centipawns).
    noise: Option<(u64, i32)>,
}

impl<P: SearchPosition> Default for Engine<P> {
    fn default() -> Self {
        Self::new(DEFAULT_HASH_MB)
    }
}

impl<P: SearchPosition> Engine<P> {
    /// An engine with a transposition table of at most `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Self {
        let hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        Engine {
            hash_mb,
            tt: TranspositionTable::new(hash_mb),
            tables: Tables::new(P::MOVE_KEYS),
            evals: EvalTable::default(),
            eval_cache: P::EvalCache::default(),
            noise: None,
        }
    }

    /// The size of the transposition table asked for (clamped to 1..=[`MAX_HASH_MB`]).
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb.clamp(1, MAX_HASH_MB);
        // The old table goes before the new one is allocated.
        self.tt = TranspositionTable::new(1);
        self.tt = TranspositionTable::new(self.hash_mb);
    }

    /// Forgets everything learnt: for a new game (UCI `ucinewgame`), so that results do
    /// not depend on what was searched before. The evaluations stay: each is exactly what
    /// the evaluation gives again.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
    }

    /// Adds deterministic noise to every evaluation (for the weaker levels); `None` for
    /// full strength.
    pub fn set_noise(&mut self, noise: Option<(u64, i32)>) {
        self.noise = noise;
    }

    /// Searches `root`, whose game went through `history` (oldest first, the root
    /// excluded), until a limit is reached or `control.stop` is set. Always returns a move
    /// when the root has one, even if stopped at once.
    pub fn search<'h>(
        &mut self,
        root: &P,
        history: impl Into<History<'h, P>>,
        limits: &Limits,
        control: Control<'_, P::Move>,
    ) -> SearchResult<P::Move> {
        let history = history.into();
        let start_ms = control.clock.now_ms();
        let budget = TimeBudget::plan(limits);
        let root_moves = root.legal_moves();
        let mut result = SearchResult {
            lines: Vec::new(),
            depth: 0,
            nodes: 0,
            time_ms: 0,
        };
        if root_moves.is_empty() {
            return result;
        }
        self.tt.new_search();
        self.tables.age();
        let multi_pv = limits.multi_pv.clamp(1, root_moves.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let deadline = Deadline {
            clock: control.clock,
            stop: control.stop,
            start_ms,
            hard_ms: budget.map(|b| b.hard_ms),
            node_limit: limits.nodes,
        };
        let mut tree = Tree::new(
            &mut self.tt,
            &mut self.tables,
            &mut self.evals,
            &mut self.eval_cache,
            deadline,
            root,
            history,
        );
        tree.noise = self.noise;
        let mut keeper = TimeKeeper::new(budget, limits.clock.is_none());
        let elapsed = |clock: &dyn Clock| clock.now_ms().saturating_sub(start_ms);

        for depth in 1..=max_depth {
            let mut lines: Vec<Line<P::Move>> = Vec::with_capacity(multi_pv);
            tree.excluded.clear();
            for pv_index in 0..multi_pv {
                let previous = result.lines.get(pv_index).map(|l| l.value);
                let value = aspiration(&mut tree, root, depth as i32, previous);
                if tree.stopped {
                    break;
                }
                let pv = tree.root_pv();
                let Some(&best) = pv.first() else { break };
                tree.excluded.push(best);
                lines.push(Line { value, pv });
            }
            lines.sort_by_key(|l| -l.value);
            // A stopped iteration's lines are kept only when no iteration has finished yet.
            let complete = lines.len() == multi_pv;
            if complete || (result.lines.is_empty() && !lines.is_empty()) {
                result.lines = lines;
                result.depth = depth;
            } else if multi_pv == 1
                && let Some(value) = tree.root_improved
            {
                // Stopped, but a root move was searched in full and beat the window: at
                // least as good as the last iteration's choice, and seen deeper.
                result.lines = alloc::vec![Line {
                    value,
                    pv: tree.root_pv(),
                }];
            }
            let time_ms = elapsed(control.clock);
            if complete {
                for (i, line) in result.lines.iter().enumerate() {
                    (control.report)(&Report {
                        depth,
                        seldepth: tree.seldepth as u32,
                        multi_pv: i + 1,
                        score: line.score(),
                        nodes: tree.nodes,
                        time_ms,
                        nodes_per_second: tree.nodes * 1000 / time_ms.max(1),
                        hashfull: tree.tt.hashfull(),
                        pv: line.pv.clone(),
                    });
                }
            }
            if tree.stopped {
                break;
            }
            if let Some(line) = result.lines.first()
                && let Some(&best) = line.pv.first()
                && keeper.stop_after(time_ms, best, line.value)
            {
                break;
            }
            // A mate found and proven by a full-width search needs no deeper look.
            if let Some(line) = result.lines.first()
                && is_mate(line.value)
                && depth as i32 >= 2 * (crate::score::MATE - line.value.abs()) + 2
                && limits.depth.is_none()
            {
                break;
            }
        }
        if result.lines.is_empty() {
            // Stopped before the first iteration ended: any legal move beats none.
            result.lines.push(Line {
                value: root.evaluate(),
                pv: alloc::vec![root_moves[0]],
            });
        }
        result.nodes = tree.nodes;
        result.time_ms = elapsed(control.clock);
        result
    }
}

/// Searches the root in a narrow window around the last iteration's value, widening it
/// while the value falls outside.
fn aspiration<P: SearchPosition>(
    tree: &mut Tree<'_, P>,
    root: &P,
    depth: i32,
    previous: Option<Value>,
) -> Value {
    let mut delta = 25;
    let (mut alpha, mut beta) = match previous {
        Some(v) if depth >= 5 && !is_mate(v) => {
            ((v - delta).max(-INFINITE), (v + delta).min(INFINITE))
        }
        _ => (-INFINITE, INFINITE),
    };
    loop {
        tree.root_improved = None;
        let value = tree.negamax::<Root>(root, depth, alpha, beta, 0);
        if tree.stopped {
            return value;
        }
        if value <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (value - delta).max(-INFINITE);
        } else if value >= beta {
            beta = (value + delta).min(INFINITE);
        } else {
            return value;
        }
        delta *= 2;
        if delta > 1000 {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}
