//! Passed pawns: by rank, blocked or free, the kings' distances to the stop square, the
//! file, and, after Stockfish 11, whether the enemy can contest the path to promotion.

use shatar_rules::attacks::rook_attacks;
use shatar_rules::{Bitboard, Board};

use super::super::bits::{
    distance, forward, front_span, relative_rank, sideways, square_front_span,
};
use super::super::layout::*;
use super::{Accumulator, Attacks, Side};

/// `us`'s pawns with no enemy pawn ahead on their file or the files beside. Without en
/// passant (2017 art. 3.8) a pawn beside an enemy pawn has passed it for good.
fn passers(us: &Side, them: &Side) -> u64 {
    let their_front = front_span(them.color, them.pawns);
    us.pawns & !(their_front | sideways(their_front))
}

/// Without the double step (2017 art. 3.7) a passer crosses every square on its way, so
/// each square of its path can be fought over: what the enemy attacks on the path, and
/// whether a heavy piece stands behind the pawn, decide how far it gets.
pub(super) fn passed<A: Accumulator>(
    board: &Board,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    acc: &mut A,
) {
    let s = us.sign;
    let occupied = board.occupied();
    for square in Bitboard(passers(us, them)) {
        let sq = square as u32;
        let rank = relative_rank(us.color, sq);
        acc.add(PASSED + rank, s);
        let file = sq as i32 & 7;
        acc.add(PASSED_FILE, s * file.min(7 - file));
        // A passer always has a square ahead: pawns on the last rank have promoted.
        let stop = forward(us.color, 1 << sq);
        let stop_square = stop.trailing_zeros();
        let to_queen = square_front_span(us.color, sq);
        acc.add(
            PASSED_OWN_KING + rank,
            s * distance(us.king as u32, stop_square),
        );
        acc.add(
            PASSED_THEIR_KING + rank,
            s * distance(them.king as u32, stop_square),
        );
        if occupied.0 & stop != 0 {
            acc.add(PASSED_BLOCKED + rank, s);
            continue;
        }
        if occupied.0 & to_queen == 0 {
            acc.add(PASSED_FREE + rank, s);
        }
        // Stockfish 11 weighs the path from the fourth rank on, more the further up.
        if rank < 3 {
            continue;
        }
        let weight = 5 * rank as i32 - 13;
        // The first piece behind the pawn on its file: a rook or queen there pushes
        // (ours) or holds back (theirs) the pawn through it.
        let behind = rook_attacks(square, occupied).0
            & square_front_span(them.color, sq)
            & board.straight_sliders().0;
        let mut contested = to_queen | sideways(to_queen);
        if behind & them.pieces == 0 {
            contested &= theirs.all | them.pieces;
        }
        let path = if contested == 0 {
            Some(0)
        } else if contested & to_queen == 0 {
            Some(1)
        } else if contested & stop == 0 {
            Some(2)
        } else {
            None
        };
        if let Some(index) = path {
            acc.add(PASSED_PATH + index, s * weight);
        }
        if behind & us.pieces != 0 || ours.all & stop != 0 {
            acc.add(PASSED_PATH + 3, s * weight);
        }
    }
}
