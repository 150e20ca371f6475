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

/// The moves' ordering keys, one slot per move, shared by the stages (three lists of
/// their own would be three times the memory to clear for every node): the tactical moves
/// from the front, the quiet moves from the back, while the captures that lose material
/// take the slots the tactical moves free, from the tactical moves' end back.
///
/// A key is the move's score times 256 plus its index in the move list: one comparison
/// orders by score, and equal scores last generated first, whatever slots the moves have
/// been shuffled to (the 8x8 games generate the king's moves first: among quiet moves
/// nothing has scored yet, they come last). So taking moves out of a bin unpicked (the
/// late quiet moves a node prunes) leaves the others' order as it was. The scores stay
/// far inside the 2^23 this leaves them (histories 3 x 16,384, the bonuses 66,384).
struct Slots {
    key: [i32; CAPACITY],
}

/// A run of slots, `start..start + len`, taken best-first or in order.
#[derive(Clone, Copy)]
struct Bin {
    start: usize,
    len: usize,
}

const fn key(index: usize, score: i32) -> i32 {
    score * 256 + index as i32
}

const fn index_of(key: i32) -> usize {
    (key & 255) as usize
}

impl Slots {
    const fn new() -> Self {
        Slots { key: [0; CAPACITY] }
    }

    fn index(&self, slot: usize) -> usize {
        index_of(self.key[slot])
    }

    fn push(&mut self, bin: &mut Bin, index: usize, score: i32) {
        self.key[bin.start + bin.len] = key(index, score);
        bin.len += 1;
    }

    /// Gives the move in `slot` a new score.
    fn rescore(&mut self, slot: usize, score: i32) {
        self.key[slot] = key(self.index(slot), score);
    }

    /// Removes and returns the best-keyed index of `bin` (a selection sort, one step at a
    /// time: cheaper than sorting when a cutoff comes early). The bin's last slot is the
    /// one freed.
    fn pop_best(&mut self, bin: &mut Bin) -> Option<usize> {
        let run = &self.key[bin.start..bin.start + bin.len];
        let (best, _) = run.iter().enumerate().max_by_key(|&(_, k)| *k)?;
        let index = self.index(bin.start + best);
        self.remove(bin, bin.start + best);
        Some(index)
    }

    /// Takes the slot `slot` of `bin` out: the last slot's entry moves into it.
    fn remove(&mut self, bin: &mut Bin, slot: usize) {
        bin.len -= 1;
        self.key[slot] = self.key[bin.start + bin.len];
    }
}

/// Whether each move gives check, by its index in the move list, asked at most once:
/// the ordering, the pruning and the reductions of one move all want to know. The game's
/// check information for the node is worked out at the first question.
struct CheckCache<P: SearchPosition> {
    known: [u64; CAPACITY / 64],
    checks: [u64; CAPACITY / 64],
    info: Option<P::CheckInfo>,
}

impl<P: SearchPosition> CheckCache<P> {
    const fn new() -> Self {
        CheckCache {
            known: [0; CAPACITY / 64],
            checks: [0; CAPACITY / 64],
            info: None,
        }
    }

    fn get(&mut self, pos: &P, index: usize, m: P::Move) -> bool {
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        if self.known[word] & bit == 0 {
            self.known[word] |= bit;
            let info = self.info.get_or_insert_with(|| pos.check_info());
            if pos.gives_check_with(m, info) {
                self.checks[word] |= bit;
            }
        }
        self.checks[word] & bit != 0
    }
}

/// Borrows the node's move list: the picker is made at every node, and a list moved into
/// it would be copied each time.
pub struct MovePicker<'m, P: SearchPosition> {
    moves: &'m P::MoveList,
    /// The table move's index in `moves`, if it is one of them and the selection's,
    /// until it is handed out.
    table_move: Option<usize>,
    /// The same, kept: the bins never hold it.
    table_move_index: Option<usize>,
    /// Whether the moves are in their bins (put there once the table move has not cut).
    binned: bool,
    /// The killers, then the counter move.
    killers: [Option<P::Move>; 3],
    selection: Selection,
    stage: Stage,
    slots: Slots,
    tactical: Bin,
    quiet: Bin,
    /// Where the tactical moves' slots end: the losing captures go from here back, the
    /// first one found in the slot before it.
    tactical_end: usize,
    /// Losing captures found, and how many of them have been handed out.
    bad_len: usize,
    bad_cursor: usize,
    killer_cursor: usize,
    quiets_scored: bool,
    /// The node's threats, worked out when a quiet move first needs them.
    threats: Option<P::Threats>,
    checks: CheckCache<P>,
    /// The index in `moves` of the move last handed out.
    last: usize,
}

impl<'m, P: SearchPosition> MovePicker<'m, P> {
    /// `moves` are the node's legal moves; `table_move` is only used if it is among them.
    /// `killers` are the killers, then the counter move.
    ///
    /// Inlined, so that the picker is built where the caller keeps it: returned from a
    /// call, its 2 KB were copied.
    #[inline(always)]
    pub fn new(
        pos: &P,
        moves: &'m P::MoveList,
        table_move: Option<P::Move>,
        killers: [Option<P::Move>; 3],
        selection: Selection,
    ) -> Self {
        assert!(
            moves.len() <= CAPACITY,
            "more legal moves than the picker holds"
        );
        let table_move = table_move
            .filter(|&m| selection == Selection::All || pos.is_tactical(m))
            .and_then(|m| moves.iter().position(|&n| n == m));
        let mut picker: MovePicker<'m, P> = MovePicker {
            moves,
            table_move,
            table_move_index: table_move,
            binned: false,
            killers,
            selection,
            stage: Stage::TableMove,
            slots: Slots::new(),
            tactical: Bin { start: 0, len: 0 },
            quiet: Bin { start: 0, len: 0 },
            tactical_end: 0,
            bad_len: 0,
            bad_cursor: 0,
            killer_cursor: 0,
            quiets_scored: false,
            threats: None,
            checks: CheckCache::new(),
            last: 0,
        };
        // A table move cuts off often enough that the other moves wait for it.
        if picker.table_move.is_none() {
            picker.sort_into_bins(pos);
        }
        picker
    }

    /// Puts every move but the table move into its bin, in one pass: the tactical moves'
    /// slots fill from the front, the quiet moves' from the back (a bin's order of slots
    /// changes nothing, the keys decide).
    fn sort_into_bins(&mut self, pos: &P) {
        self.binned = true;
        let mut quiet_start = CAPACITY;
        for (i, &m) in self.moves.iter().enumerate() {
            if Some(i) == self.table_move_index {
                continue;
            }
            if pos.is_tactical(m) {
                let order = pos.tactical_order(m);
                self.slots.push(&mut self.tactical, i, order);
            } else if self.selection == Selection::All {
                quiet_start -= 1;
                self.slots.key[quiet_start] = key(i, 0);
            }
        }
        self.tactical_end = self.tactical.len;
        self.quiet = Bin {
            start: quiet_start,
            len: CAPACITY - quiet_start,
        };
    }

    /// Takes out the quiet moves not handed out yet that give no check: a node that
    /// prunes every late quiet move but the checks need not pick the rest. The others keep
    /// their order (see [`Slots`]). The killers go too, unless checks. Each check is known
    /// from the cache if the ordering asked already.
    pub fn drop_quiets_but_checks(&mut self, pos: &P) {
        self.drop_quiets(pos, |checks, i, m| checks.get(pos, i, m));
    }

    /// Takes out the quiet moves not handed out yet for which `keep` (given the cache, the
    /// move's index and the move) is false.
    fn drop_quiets(
        &mut self,
        pos: &P,
        mut keep: impl FnMut(&mut CheckCache<P>, usize, P::Move) -> bool,
    ) {
        if !self.binned {
            self.sort_into_bins(pos);
        }
        let mut slot = self.quiet.start;
        while slot < self.quiet.start + self.quiet.len {
            let i = self.slots.index(slot);
            if keep(&mut self.checks, i, self.moves[i]) {
                slot += 1;
            } else {
                self.slots.remove(&mut self.quiet, slot);
            }
        }
    }

    /// Whether the move last handed out gives check.
    pub fn last_gives_check(&mut self, pos: &P) -> bool {
        let m = self.moves[self.last];
        self.checks.get(pos, self.last, m)
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
                    if let Some(i) = self.table_move {
                        // Reported as the table move's stage until the next call.
                        self.stage = Stage::TableMove;
                        self.table_move = None;
                        self.last = i;
                        return Some(self.moves[i]);
                    }
                }
                Stage::GoodTactical => {
                    if !self.binned {
                        self.sort_into_bins(pos);
                    }
                    while let Some(i) = self.slots.pop_best(&mut self.tactical) {
                        let m = self.moves[i];
                        if pos.see_ge(m, 0) {
                            self.last = i;
                            return Some(m);
                        }
                        // Free: each losing capture was taken from the tactical slots first.
                        self.bad_len += 1;
                        self.slots.key[self.tactical_end - self.bad_len] = key(i, 0);
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
                        let quiet = self.quiet.start..self.quiet.start + self.quiet.len;
                        if let Some(k) = killer
                            && let Some(slot) = quiet
                                .into_iter()
                                .find(|&j| self.moves[self.slots.index(j)] == k)
                        {
                            self.last = self.slots.index(slot);
                            self.slots.remove(&mut self.quiet, slot);
                            return Some(k);
                        }
                    }
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if !self.quiets_scored {
                        self.quiets_scored = true;
                        let threats = self.threats.get_or_insert_with(|| pos.threats());
                        for j in self.quiet.start..self.quiet.start + self.quiet.len {
                            let i = self.slots.index(j);
                            let m = self.moves[i];
                            let checks = &mut self.checks;
                            let bonus = pos.quiet_bonus(m, threats, || checks.get(pos, i, m));
                            let score = tables.quiet_score(ctx, pos.move_key(m)) + bonus;
                            self.slots.rescore(j, score);
                        }
                    }
                    if let Some(i) = self.slots.pop_best(&mut self.quiet) {
                        self.last = i;
                        return Some(self.moves[i]);
                    }
                    self.stage = Stage::BadTactical;
                }
                Stage::BadTactical => {
                    if self.bad_cursor < self.bad_len {
                        self.bad_cursor += 1;
                        let i = self.slots.index(self.tactical_end - self.bad_cursor);
                        self.last = i;
                        return Some(self.moves[i]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::string::ToString;
    use std::vec::Vec;

    use shatar_rules::xiangqi;

    use super::*;

    /// Every move the picker hands out, with its stage.
    fn picked<P: SearchPosition>(
        pos: &P,
        table_move: Option<P::Move>,
        killers: [Option<P::Move>; 3],
        selection: Selection,
    ) -> Vec<(P::Move, Stage)> {
        let tables = Tables::new(P::MOVE_KEYS);
        let ctx = Context::default();
        let moves = match selection {
            Selection::All => pos.legal_moves(),
            Selection::GoodTactical => pos.tactical_moves(),
        };
        let mut picker = MovePicker::new(pos, &moves, table_move, killers, selection);
        let mut out = Vec::new();
        while let Some(m) = picker.next(pos, &tables, &ctx) {
            out.push((m, picker.stage()));
        }
        out
    }

    /// Positions from random Xiangqi games where a node has every kind of move: two
    /// captures that do not lose by SEE (one becomes the table move), one that does, and
    /// quiet moves for the killers.
    fn mixed_positions() -> Vec<xiangqi::Position> {
        let mut rng = crate::test_rng::Lcg(0x9e37_79b9_u64);
        let mut found = Vec::new();
        for _game in 0..12 {
            let mut pos = xiangqi::Position::new();
            for _ply in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_tactical(m))
                    .collect();
                let good = captures.iter().filter(|&&m| pos.see_ge(m, 0)).count();
                if good >= 2 && good < captures.len() && moves.len() > captures.len() + 8 {
                    found.push(pos);
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        found
    }

    fn quiet_moves(pos: &xiangqi::Position) -> Vec<xiangqi::Move> {
        let legal = pos.legal_moves();
        legal
            .iter()
            .copied()
            .filter(|&m| !pos.is_tactical(m))
            .collect()
    }

    #[test]
    fn dropped_quiet_moves_leave_the_others_in_their_order() {
        // What a node that prunes its late quiet moves but the checks relies on: the
        // moves handed out after the drop are those that would have come, less the
        // quiet ones dropped, in the same order (equal history scores included).
        for pos in mixed_positions() {
            let legal = pos.legal_moves();
            let quiet = quiet_moves(&pos);
            let mut tables = Tables::new(xiangqi::Position::MOVE_KEYS);
            let ctx = Context::default();
            for (i, &m) in quiet.iter().enumerate().step_by(5) {
                tables.reward_cutoff(1, &ctx, 1 + i as i32 % 4, (m, pos.move_key(m)), &[]);
            }
            let killers = [quiet.get(3).copied(), quiet.get(8).copied(), None];
            let keep = |m: xiangqi::Move| m.to.index().is_multiple_of(3);
            // With a table move the drop comes before the other moves are in their bins.
            for table_move in [None, quiet.get(1).copied()] {
                let mut picker = MovePicker::new(&pos, &legal, table_move, killers, Selection::All);
                let mut every = Vec::new();
                while let Some(m) = picker.next(&pos, &tables, &ctx) {
                    every.push((m, picker.stage()));
                }
                let mut picker = MovePicker::new(&pos, &legal, table_move, killers, Selection::All);
                let mut kept = Vec::from([picker.next(&pos, &tables, &ctx).unwrap()]);
                picker.drop_quiets(&pos, |_, _, m| keep(m));
                while let Some(m) = picker.next(&pos, &tables, &ctx) {
                    kept.push(m);
                }
                let expected: Vec<xiangqi::Move> = every
                    .iter()
                    .enumerate()
                    .filter(|&(i, &(m, stage))| {
                        i == 0 || !matches!(stage, Stage::Killers | Stage::Quiet) || keep(m)
                    })
                    .map(|(_, &(m, _))| m)
                    .collect();
                assert!(expected.len() < every.len(), "nothing dropped in {pos}");
                assert_eq!(kept, expected, "{pos}");
            }
        }
    }

    #[test]
    fn every_move_once_in_stage_order() {
        // Each legal move comes out once, the stages in order, a losing capture only after
        // the quiet moves; quiescence's selection gets the captures that do not lose, alone.
        let positions = mixed_positions();
        assert!(positions.len() >= 4, "{} positions", positions.len());
        for pos in positions {
            let legal = pos.legal_moves();
            let quiet = quiet_moves(&pos);
            let table_move = legal
                .iter()
                .copied()
                .find(|&m| pos.is_tactical(m) && pos.see_ge(m, 0));
            let killers = [quiet.get(3).copied(), quiet.get(7).copied(), None];
            let out = picked(&pos, table_move, killers, Selection::All);
            let mut seen: Vec<_> = out.iter().map(|&(m, _)| m.to_string()).collect();
            let mut all: Vec<_> = legal.iter().map(|m| m.to_string()).collect();
            seen.sort();
            all.sort();
            assert_eq!(seen, all, "{pos}");
            assert!(out.windows(2).all(|w| w[0].1 <= w[1].1), "{out:?}");
            assert_eq!(out[0], (table_move.unwrap(), Stage::TableMove));
            for stage in [
                Stage::GoodTactical,
                Stage::Killers,
                Stage::Quiet,
                Stage::BadTactical,
            ] {
                assert!(
                    out.iter().any(|&(_, s)| s == stage),
                    "no {stage:?} in {pos}"
                );
            }
            for (m, stage) in &out {
                let losing = pos.is_tactical(*m) && !pos.see_ge(*m, 0);
                assert_eq!(stage == &Stage::BadTactical, losing, "{m} in {pos}");
            }
            let good = picked(&pos, None, [None; 3], Selection::GoodTactical);
            assert!(
                good.iter()
                    .all(|&(m, s)| s == Stage::GoodTactical && pos.see_ge(m, 0))
            );
            assert_eq!(
                good.len(),
                legal
                    .iter()
                    .filter(|&&m| pos.is_tactical(m) && pos.see_ge(m, 0))
                    .count()
            );
        }
    }
}
