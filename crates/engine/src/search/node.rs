//! One search tree: principal variation search with its prunings and reductions, and the
//! quiescence search below it. The kind of node (root, PV, other) is a type parameter,
//! so each kind gets its own compiled code and no flag is tested at run time.

mod prune;
mod quiesce;

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};

use shatar_rules::GameResult;

use crate::eval_table::EvalTable;
use crate::history::{Context, Tables};
use crate::limits::Clock;
use crate::picker::{MovePicker, Selection, Stage};
use crate::position::SearchPosition;
use crate::score::{DRAW, INFINITE, MATE_BOUND, MAX_PLY, Value, from_tt, mate_in, mated_in, to_tt};
use crate::search::{Cycle, History};
use crate::tt::{Bound, TranspositionTable};

pub trait NodeKind {
    /// On the principal variation: the window is open, and a move may become the best.
    const PV: bool;
    const ROOT: bool;
}
pub struct Root;
pub struct Pv;
pub struct NonPv;
impl NodeKind for Root {
    const PV: bool = true;
    const ROOT: bool = true;
}
impl NodeKind for Pv {
    const PV: bool = true;
    const ROOT: bool = false;
}
impl NodeKind for NonPv {
    const PV: bool = false;
    const ROOT: bool = false;
}

/// How often (in nodes) the clock and the stop flag are read.
const POLL_INTERVAL: u64 = 1024;

/// Why a search stopped before its depth was done.
pub struct Deadline<'a> {
    pub clock: &'a dyn Clock,
    pub stop: &'a AtomicBool,
    pub start_ms: u64,
    /// Milliseconds after `start_ms`.
    pub hard_ms: Option<u64>,
    pub node_limit: Option<u64>,
}

/// What a node knows once it has its static evaluation: the inputs of its prunings.
struct Node {
    depth: i32,
    ply: usize,
    in_check: bool,
    static_eval: Value,
    /// The static evaluation, moved towards the table's value where the table's bound
    /// says the true value lies beyond it: what the node's prunings compare with beta.
    eval: Value,
    /// The static evaluation is better than at our previous move: prune less.
    improving: bool,
    /// The table's best move here is a capture or a promotion: a quiet move seldom
    /// does better.
    table_tactical: bool,
    /// What the history tables know the node by.
    ctx: Context,
}

/// What the move loop knows about one move before searching it.
#[derive(Clone, Copy)]
struct MoveFacts {
    tactical: bool,
    stage: Stage,
    gives_check: bool,
}

/// The keys of the quiet moves a node searched before a cutoff, which the history then
/// punishes. Only the first ones are kept: later ones hardly ever cut off.
struct QuietsTried {
    keys: [usize; 32],
    len: usize,
}

impl QuietsTried {
    fn new() -> Self {
        QuietsTried {
            keys: [0; 32],
            len: 0,
        }
    }
    fn push(&mut self, key: usize) {
        if self.len < self.keys.len() {
            self.keys[self.len] = key;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[usize] {
        &self.keys[..self.len]
    }
}

/// A stored result that settles the node without a search: deep enough (checked by the
/// caller) and with a bound on the right side of the window.
fn table_cutoff<M>(e: crate::tt::Entry<M>, alpha: Value, beta: Value, ply: usize) -> Option<Value> {
    let value = from_tt(e.value.into(), ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => value >= beta,
        Bound::Upper => value <= alpha,
        Bound::None => false,
    };
    usable.then_some(value)
}

pub struct Tree<'a, P: SearchPosition> {
    pub tt: &'a mut TranspositionTable<P::Move>,
    pub tables: &'a mut Tables<P::Move>,
    evals: &'a mut EvalTable,
    eval_cache: &'a mut P::EvalCache,
    pub deadline: Deadline<'a>,
    /// Hashes of the game's earlier positions, then of the search path to the parent of
    /// the current node: what repetitions are found in.
    pub keys: Vec<u64>,
    /// What a repetition's cycle is rebuilt from when one is found (see [`Cycle`]): the
    /// root; the game's positions before it with the move played from each, when the
    /// caller gave them (one per hash before the root in `keys`; empty otherwise); and the
    /// move played at each ply of the path.
    root: P,
    earlier: &'a [P],
    earlier_moves: &'a [P::Move],
    /// `None` for a pass. One store per move: the search's only cost for judging cycles.
    path: [Option<P::Move>; MAX_PLY + 2],
    /// The move key of the move at each ply of the path (`None` for a pass): the
    /// continuation histories' context.
    path_keys: [Option<usize>; MAX_PLY + 2],
    /// Root moves already taken by earlier lines of a MultiPV search.
    pub excluded: Vec<P::Move>,
    /// Leaf-evaluation noise for the weaker levels: (seed, amplitude in centipawns).
    pub noise: Option<(u64, i32)>,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// The value of the last root move of this pass searched in full that raised alpha:
    /// the best line so far of an unfinished iteration.
    pub root_improved: Option<Value>,
    /// The triangular principal-variation table: row `ply` holds the line from `ply`.
    pv: Vec<Option<P::Move>>,
    pv_len: [usize; MAX_PLY + 1],
    static_evals: [Value; MAX_PLY + 2],
    /// Whether the node at each ply was reached by a pass: no two passes in a row.
    passed: [bool; MAX_PLY + 2],
}

const PV_ROW: usize = MAX_PLY + 1;

impl<'a, P: SearchPosition> Tree<'a, P> {
    pub fn new(
        tt: &'a mut TranspositionTable<P::Move>,
        tables: &'a mut Tables<P::Move>,
        evals: &'a mut EvalTable,
        eval_cache: &'a mut P::EvalCache,
        deadline: Deadline<'a>,
        root: &P,
        history: History<'a, P>,
    ) -> Self {
        let (keys, earlier, earlier_moves): (Vec<u64>, &[P], &[P::Move]) = match history {
            History::Hashes(hashes) => (hashes.to_vec(), &[], &[]),
            History::Game { positions, moves } => {
                let keys = positions.iter().map(|p| p.hash()).collect();
                if moves.len() == positions.len() {
                    (keys, positions, moves)
                } else {
                    (keys, &[], &[])
                }
            }
        };
        Tree {
            tt,
            tables,
            evals,
            eval_cache,
            deadline,
            keys,
            root: root.clone(),
            earlier,
            earlier_moves,
            path: [None; MAX_PLY + 2],
            path_keys: [None; MAX_PLY + 2],
            excluded: Vec::new(),
            noise: None,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_improved: None,
            pv: alloc::vec![None; PV_ROW * PV_ROW],
            pv_len: [0; MAX_PLY + 1],
            static_evals: [0; MAX_PLY + 2],
            passed: [false; MAX_PLY + 2],
        }
    }

    /// The principal variation found by the last root search.
    pub fn root_pv(&self) -> Vec<P::Move> {
        self.pv[..self.pv_len[0]].iter().map_while(|m| *m).collect()
    }

    fn update_pv(&mut self, ply: usize, m: P::Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply * PV_ROW + ply] = Some(m);
        for i in ply + 1..child_len {
            self.pv[ply * PV_ROW + i] = self.pv[(ply + 1) * PV_ROW + i];
        }
        self.pv_len[ply] = child_len;
    }

    /// What the history tables know the node at `ply` by: the side to move and the moves
    /// that led to it.
    fn context(&self, pos: &P, ply: usize) -> Context {
        let back = |n: usize| ply.checked_sub(n).and_then(|p| self.path_keys[p]);
        Context {
            side: pos.turn().index(),
            previous: [back(1), back(2)],
        }
    }

    /// Counts a node and, now and then, reads the clock and the stop flag.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if let Some(limit) = self.deadline.node_limit
            && self.nodes >= limit
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            if self.deadline.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(hard) = self.deadline.hard_ms
                && self
                    .deadline
                    .clock
                    .now_ms()
                    .saturating_sub(self.deadline.start_ms)
                    >= hard
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The value of `pos`, at `ply`, if it repeats a position since the last irreversible
    /// move: the game's ruling on the cycle ([`SearchPosition::repetition_value`]), a draw
    /// unless the game forbids what a side did in it.
    ///
    /// The value depends on the path that led here, not on the position alone, and still
    /// goes into the transposition table through the nodes above, as the draw score always
    /// has: the usual policy, trading the odd misjudged transposition for not tracking
    /// paths in the table.
    fn repetition(&self, pos: &P, ply: usize) -> Option<Value> {
        let hash = pos.hash();
        let reach = (pos.halfmoves() as usize).min(self.keys.len());
        let plies = (2..=reach)
            .step_by(2)
            .find(|&back| self.keys[self.keys.len() - back] == hash)?;
        let cycle = Cycle {
            root: &self.root,
            path: &self.path[..ply],
            earlier: self.earlier,
            earlier_moves: self.earlier_moves,
            plies,
        };
        Some(P::repetition_value(&cycle))
    }

    /// The value of a position without legal moves, by the game's own rules: mated,
    /// stalemated, or a ruleset's end (the folk knight mate and bare king are draws).
    fn terminal_value(pos: &P, ply: usize) -> Value {
        match pos.outcome().map(|o| o.result) {
            Some(GameResult::Draw) | None => DRAW,
            Some(result) if result == GameResult::win_for(pos.turn()) => mate_in(ply),
            Some(_) => mated_in(ply),
        }
    }

    fn evaluate(&mut self, pos: &P) -> Value {
        let key = pos.hash();
        let value = self.evals.get(key).unwrap_or_else(|| {
            let value = pos.evaluate_cached(self.eval_cache);
            self.evals.put(key, value);
            value
        });
        match self.noise {
            None => value,
            Some((seed, amplitude)) => {
                let mixed = (key ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let spread = (2 * amplitude + 1) as u64;
                value + ((mixed >> 40) % spread) as Value - amplitude
            }
        }
    }

    /// Searches `next`, reached from `pos` by a move (or a pass), with the window negated.
    fn child<N: NodeKind>(
        &mut self,
        pos: &P,
        next: &P,
        depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        self.keys.push(pos.hash());
        let value = -self.negamax::<N>(next, depth, -beta, -alpha, ply + 1);
        self.keys.pop();
        value
    }

    pub fn negamax<N: NodeKind>(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        let (mut alpha, mut beta) = (alpha, beta);
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.quiesce::<N>(pos, alpha, beta, ply);
        }
        if self.count_node() && !N::ROOT {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if !N::ROOT
            && let Some(value) = self.ends_before_moves(pos, in_check, &mut alpha, &mut beta, ply)
        {
            return value;
        }

        let entry = self.tt.probe(pos.hash());
        let table_move = entry.and_then(|e| e.best_move);
        if !N::PV
            && let Some(e) = entry
            && i32::from(e.depth) >= depth
            && let Some(value) = table_cutoff(e, alpha, beta, ply)
        {
            return value;
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            entry.map_or_else(|| self.evaluate(pos), |e| Value::from(e.static_eval))
        };
        self.static_evals[ply] = static_eval;
        let eval = match entry.map(|e| (from_tt(e.value.into(), ply), e.bound)) {
            Some((value, Bound::Lower | Bound::Exact)) if !in_check && value > static_eval => value,
            Some((value, Bound::Upper | Bound::Exact)) if !in_check && value < static_eval => value,
            _ => static_eval,
        };
        let node = Node {
            depth,
            ply,
            in_check,
            static_eval,
            eval,
            improving: !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2],
            table_tactical: table_move.is_some_and(|m| pos.is_tactical(m)),
            ctx: self.context(pos, ply),
        };
        // Node prunings come before the moves are generated: most nodes they cut never
        // need them. A stalemate they cut is the rare price (in check they never cut).
        if !N::PV
            && !in_check
            && let Some(value) = self.prune_node(pos, &node, beta)
        {
            return value;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Self::terminal_value(pos, ply);
        }
        // Without a table move the ordering is poor, and a node seen for the first time
        // is seldom worth it: search it a little shallower (internal iterative reduction).
        let node = Node {
            depth: if !N::ROOT && table_move.is_none() && depth >= 4 {
                depth - 1
            } else {
                depth
            },
            ..node
        };

        let ctx = node.ctx;
        let [first, second] = self.tables.killers(ply);
        let killers = [first, second, self.tables.counter(&ctx)];
        let mut picker = MovePicker::new(pos, &moves, table_move, killers, Selection::All);
        let original_alpha = alpha;
        let mut best_value = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = QuietsTried::new();
        let mut quiets_dropped = false;

        while let Some(m) = picker.next(pos, self.tables, &ctx) {
            if N::ROOT && self.excluded.contains(&m) {
                continue;
            }
            let facts = MoveFacts {
                tactical: pos.is_tactical(m),
                stage: picker.stage(),
                gives_check: picker.last_gives_check(pos),
            };
            let tactical = facts.tactical;
            // Pruned before it is played: most late moves are.
            if !N::ROOT
                && best_value > -MATE_BOUND
                && self.prune_move(pos, m, &node, facts, searched, alpha)
            {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.tt.prefetch(next.hash());
            searched += 1;
            self.path[ply] = Some(m);
            self.path_keys[ply] = Some(pos.move_key(m));
            let value = self.search_move::<N>(pos, m, &next, &node, facts, searched, alpha, beta);
            if self.stopped {
                return DRAW;
            }

            if value > best_value {
                best_value = value;
                if value > alpha {
                    best_move = Some(m);
                    alpha = value;
                    if N::PV {
                        self.update_pv(ply, m);
                    }
                    if N::ROOT {
                        self.root_improved = Some(value);
                    }
                    if value >= beta {
                        if !tactical {
                            let key = pos.move_key(m);
                            self.tables.reward_cutoff(
                                ply,
                                &ctx,
                                node.depth,
                                (m, key),
                                quiets_tried.as_slice(),
                            );
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(pos.move_key(m));
            }
            if !N::ROOT
                && !quiets_dropped
                && !in_check
                && best_value > -MATE_BOUND
                && Self::quiets_pruned(&node, searched, alpha)
            {
                quiets_dropped = true;
                picker.drop_quiets_but_checks(pos);
            }
        }

        if searched == 0 {
            // Every move was excluded (MultiPV ran out of root moves) or pruned.
            return if N::ROOT {
                -INFINITE
            } else {
                static_eval.max(alpha)
            };
        }

        let bound = if best_value >= beta {
            Bound::Lower
        } else if N::PV && alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A MultiPV line after the first saw only part of the root: not a root result.
        if !N::ROOT || self.excluded.is_empty() {
            let eval_to_store = if in_check { 0 } else { static_eval };
            let stored_depth = node.depth.clamp(0, 255) as u8;
            self.tt.store(
                pos.hash(),
                best_move,
                to_tt(best_value, ply),
                eval_to_store,
                stored_depth,
                bound,
            );
        }
        best_value
    }

    /// The game's ends that need no move generation (repetition, the rules' draws), the
    /// ply limit, and mate distance pruning, which narrows the window.
    fn ends_before_moves(
        &mut self,
        pos: &P,
        in_check: bool,
        alpha: &mut Value,
        beta: &mut Value,
        ply: usize,
    ) -> Option<Value> {
        if let Some(value) = self.repetition(pos, ply) {
            return Some(value);
        }
        if pos.is_draw_by_rule() && !(in_check && pos.legal_moves().is_empty()) {
            return Some(DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate(pos));
        }
        // No line here beats a shorter mate found elsewhere.
        *alpha = (*alpha).max(mated_in(ply));
        *beta = (*beta).min(mate_in(ply + 1));
        (*alpha >= *beta).then_some(*alpha)
    }
}
