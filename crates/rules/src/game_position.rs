//! [`GamePosition`]: the small trait every game's position type implements, and the only
//! view of a game the engine has. Xiangqi's 9x10 position will implement it with its own
//! move and square types; nothing here assumes an 8x8 board.

use core::fmt::{Debug, Display};
use core::hash::Hash;

use crate::outcome::Outcome;
use crate::types::Color;

pub trait GamePosition: Clone + Eq + Debug + Send + Sync + 'static {
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// A list of moves that lives on the stack.
    type MoveList: core::ops::Deref<Target = [Self::Move]> + Default;

    /// The side to move. (Xiangqi's red plays the part of white.)
    fn turn(&self) -> Color;
    fn legal_moves(&self) -> Self::MoveList;
    /// Plays a move from [`GamePosition::legal_moves`].
    fn play_unchecked(&mut self, m: Self::Move);
    fn is_check(&self) -> bool;
    /// Whether `m` takes a piece: captures are searched first, and only they in quiescence.
    fn is_capture(&self, m: Self::Move) -> bool;
    /// The Zobrist hash, equal for positions that are the same under the repetition rule.
    fn hash(&self) -> u64;
    /// Plies since the last irreversible move; positions further back cannot repeat.
    fn halfmoves(&self) -> u32;
    /// The end of the game decided by the position alone: mate, stalemate, dead position,
    /// or a game's own rule. What depends on history is the game record's.
    fn outcome(&self) -> Option<Outcome>;
}

/// Counts the leaves of the legal move tree `depth` plies deep (bulk-counted at the last
/// ply), for any game.
pub fn perft<P: GamePosition>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Perft split by root move, in generation order: what `go perft` prints, and how two move
/// generators are compared when their totals differ.
pub fn divide<P: GamePosition>(pos: &P, depth: u32) -> alloc::vec::Vec<(P::Move, u64)> {
    if depth == 0 {
        return alloc::vec::Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth - 1))
        })
        .collect()
}

/// Leaf counts by root move, in generation order.
pub type Divide<M> = alloc::vec::Vec<(M, u64)>;

/// A count cut short by its caller (`go perft` told to `stop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftStopped;

/// [`perft`] that asks `go_on` before each subtree of two plies or more, and gives up as
/// soon as it says no: a deep count stays answerable to `stop` without the rules reading a
/// clock or a flag of their own.
pub fn perft_until<P: GamePosition>(
    pos: &P,
    depth: u32,
    go_on: &dyn Fn() -> bool,
) -> Result<u64, PerftStopped> {
    if depth <= 1 {
        return Ok(perft(pos, depth));
    }
    if !go_on() {
        return Err(PerftStopped);
    }
    pos.legal_moves().iter().try_fold(0, |sum, &m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        Ok(sum + perft_until(&next, depth - 1, go_on)?)
    })
}

/// [`divide`] that can be cut short ([`perft_until`]); what was counted before the stop is
/// kept, root move by root move.
pub fn divide_until<P: GamePosition>(
    pos: &P,
    depth: u32,
    go_on: &dyn Fn() -> bool,
) -> (Divide<P::Move>, Result<(), PerftStopped>) {
    let mut counted = alloc::vec::Vec::new();
    if depth == 0 {
        return (counted, Ok(()));
    }
    for &m in pos.legal_moves().iter() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        match perft_until(&next, depth - 1, go_on) {
            Ok(n) => counted.push((m, n)),
            Err(stopped) => return (counted, Err(stopped)),
        }
    }
    (counted, Ok(()))
}
