//! The quiescence search: captures and promotions until the position is quiet.

use super::{NodeKind, Tree, table_cutoff};
use crate::picker::{MovePicker, Selection};
use crate::position::SearchPosition;
use crate::score::{DRAW, INFINITE, MAX_PLY, Value, to_tt};
use crate::tt::Bound;

impl<P: SearchPosition> Tree<'_, P> {
    /// Captures and promotions until the position is quiet, so that the evaluation never
    /// sees a piece hanging. In check, every evasion is searched.
    pub(super) fn quiesce<N: NodeKind>(
        &mut self,
        pos: &P,
        mut alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        if self.count_node() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        self.pv_len[ply] = ply;
        let in_check = pos.is_check();
        if let Some(value) = self.repetition(pos, ply) {
            return value;
        }
        if pos.is_draw_by_rule() && !(in_check && pos.legal_moves().is_empty()) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }

        let entry = self.tt.probe(pos.hash());
        if !N::PV
            && let Some(e) = entry
            && let Some(value) = table_cutoff(e, alpha, beta, ply)
        {
            return value;
        }

        let mut best_value = -INFINITE;
        let mut static_eval = 0;
        if !in_check {
            // Standing pat comes before the moves are generated: a cutoff here needs none.
            static_eval = entry.map_or_else(|| self.evaluate(pos), |e| Value::from(e.static_eval));
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best_value = static_eval;
        }
        // Out of check only captures and promotions are searched; a quiet position's
        // stalemate is not looked for here, the evaluation stands for it.
        let moves = if in_check {
            pos.legal_moves()
        } else {
            pos.tactical_moves()
        };
        if in_check && moves.is_empty() {
            return Self::terminal_value(pos, ply);
        }

        let selection = if in_check {
            Selection::All
        } else {
            Selection::GoodTactical
        };
        let table_move = entry.and_then(|e| e.best_move);
        let mut picker = MovePicker::new(pos, &moves, table_move, [None; 3], selection);
        let mut best_move = None;
        let ctx = self.context(pos, ply);
        while let Some(m) = picker.next(pos, self.tables, &ctx) {
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.tt.prefetch(next.hash());
            self.path[ply] = Some(m);
            self.path_keys[ply] = Some(pos.move_key(m));
            self.keys.push(pos.hash());
            let value = -self.quiesce::<N>(&next, -beta, -alpha, ply + 1);
            self.keys.pop();
            if self.stopped {
                return DRAW;
            }
            if value > best_value {
                best_value = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(m);
                    if N::PV {
                        self.update_pv(ply, m);
                    }
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt.store(
            pos.hash(),
            best_move,
            to_tt(best_value, ply),
            if in_check { 0 } else { static_eval },
            0,
            bound,
        );
        best_value
    }
}
