//! The move picker: hands out a node's legal moves best-first, in stages, so that a
//! cutoff by an early move saves the work of ordering the rest (and SEE is only run on
//! captures the search actually reaches).

use crate::history::{Context, Tables};
use crate::position::SearchPosition;

/// Enough for the most moves any position of our games has (218 in chess).
const CAPACITY: usize = 256;

/// The stages, in the order moves come out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The transposition table's best move, tried before anything is scored.
    TableMove,
    /// Captures and promotions that do not lose material by SEE, most valuable victim first.
    GoodTactical,
    /// Quiet moves that cut off at this ply in sibling nodes, then the counter move.
    Killers,
    /// The remaining quiet moves, by history.
    Quiet,
    /// Captures that lose material by SEE: last, they rarely help.
    BadTactical,
    Done,
}

/// Which moves a node wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every legal move: the main search, and any node in check.
    All,
    /// Captures and promotions that do not lose material: the quiescence search.
    GoodTactical,
}

/// Indexes into the move list, and their ordering scores.
struct Bin {
    index: [u8; CAPACITY],
    score: [i32; CAPACITY],
    len: usize,
}

impl Bin {
    const fn new() -> Self {
        Bin {
            index: [0; CAPACITY],
            score: [0; CAPACITY],
            len: 0,
        }
    }

    fn push(&mut self, index: usize, score: i32) {
        self.index[self.len] = index as u8;
        self.score[self.len] = score;
        self.len += 1;
    }

    /// Removes and returns the best-scored index (a selection sort, one step at a time:
    /// cheaper than sorting when a cutoff comes early).
    fn pop_best(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.len {
            if self.score[i] > self.score[best] {
                best = i;
            }
        }
        let index = self.index[best];
        self.len -= 1;
        self.index[best] = self.index[self.len];
        self.score[best] = self.score[self.len];
        Some(index as usize)
    }

    /// Removes and returns the first index in insertion order.
    fn pop_front(&mut self, cursor: &mut usize) -> Option<usize> {
        (*cursor < self.len).then(|| {
            *cursor += 1;
            self.index[*cursor - 1] as usize
        })
    }
}

pub struct MovePicker<P: SearchPosition> {
    moves: P::MoveList,
    table_move: Option<P::Move>,
    /// The killers, then the counter move.
    killers: [Option<P::Move>; 3],
    selection: Selection,
    stage: Stage,
    tactical: Bin,
    quiet: Bin,
    bad: Bin,
    bad_cursor: usize,
    killer_cursor: usize,
    quiets_scored: bool,
}

impl<P: SearchPosition> MovePicker<P> {
    /// `moves` are the node's legal moves; `table_move` is only used if it is among them.
    /// `killers` are the killers, then the counter move.
    pub fn new(
        pos: &P,
        moves: P::MoveList,
        table_move: Option<P::Move>,
        killers: [Option<P::Move>; 3],
        selection: Selection,
    ) -> Self {
        assert!(
            moves.len() <= CAPACITY,
            "more legal moves than the picker holds"
        );
        let table_move = table_move
            .filter(|m| moves.contains(m) && (selection == Selection::All || pos.is_tactical(*m)));
        let mut picker: MovePicker<P> = MovePicker {
            moves,
            table_move,
            killers,
            selection,
            stage: Stage::TableMove,
            tactical: Bin::new(),
            quiet: Bin::new(),
            bad: Bin::new(),
            bad_cursor: 0,
            killer_cursor: 0,
            quiets_scored: false,
        };
        for (i, &m) in picker.moves.iter().enumerate() {
            if Some(m) == picker.table_move {
                continue;
            }
            if pos.is_tactical(m) {
                picker.tactical.push(i, pos.tactical_order(m));
            } else if selection == Selection::All {
                picker.quiet.push(i, 0);
            }
        }
        picker
    }

    /// The stage of the move last returned.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn next(&mut self, pos: &P, tables: &Tables<P::Move>, ctx: &Context) -> Option<P::Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GoodTactical;
                    if let Some(m) = self.table_move {
                        // Reported as the table move's stage until the next call.
                        self.stage = Stage::TableMove;
                        self.table_move = None;
                        return Some(m);
                    }
                }
                Stage::GoodTactical => {
                    while let Some(i) = self.tactical.pop_best() {
                        let m = self.moves[i];
                        if pos.see_ge(m, 0) {
                            return Some(m);
                        }
                        self.bad.push(i, 0);
                    }
                    self.stage = match self.selection {
                        Selection::All => Stage::Killers,
                        Selection::GoodTactical => Stage::Done,
                    };
                }
                Stage::Killers => {
                    while self.killer_cursor < self.killers.len() {
                        let killer = self.killers[self.killer_cursor];
                        self.killer_cursor += 1;
                        if let Some(k) = killer
                            && let Some(slot) = (0..self.quiet.len)
                                .find(|&j| self.moves[self.quiet.index[j] as usize] == k)
                        {
                            self.quiet.len -= 1;
                            self.quiet.index[slot] = self.quiet.index[self.quiet.len];
                            return Some(k);
                        }
                    }
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if !self.quiets_scored {
                        self.quiets_scored = true;
                        for j in 0..self.quiet.len {
                            let m = self.moves[self.quiet.index[j] as usize];
                            self.quiet.score[j] = tables.quiet_score(ctx, pos.move_key(m));
                        }
                    }
                    if let Some(i) = self.quiet.pop_best() {
                        return Some(self.moves[i]);
                    }
                    self.stage = Stage::BadTactical;
                }
                Stage::BadTactical => {
                    if let Some(i) = self.bad.pop_front(&mut self.bad_cursor) {
                        return Some(self.moves[i]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}
