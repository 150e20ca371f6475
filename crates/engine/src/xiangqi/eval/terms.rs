//! The evaluation terms, written once for both colours and every accumulator: Red's
//! features count positive, Black's negative, so the sum is Red's view and the mirrored
//! position (colours swapped, ranks turned over) gets exactly the negated sum.

use shatar_rules::Color;
use shatar_rules::xiangqi::{Position, Role, Square};

use super::MAX_PHASE;
use super::layout::*;
use crate::tapered::Accumulator;

/// `sq` seen from `color`'s side: Black's points are turned over rank-wise, so one table
/// serves both (the tables are symmetric left to right).
#[inline]
pub fn relative(color: Color, sq: Square) -> usize {
    let (file, rank) = (sq.file().index() as usize, sq.rank().index() as usize);
    match color {
        Color::White => rank * 9 + file,
        Color::Black => (9 - rank) * 9 + file,
    }
}

/// Whether `sq` is beyond the river for `color`.
#[inline]
pub fn crossed(color: Color, sq: Square) -> bool {
    let rank = sq.rank().index();
    match color {
        Color::White => rank >= 5,
        Color::Black => rank <= 4,
    }
}

/// The index of `role` in the MATERIAL section (the general has no material weight).
#[inline]
pub const fn material_index(role: Role) -> usize {
    role.index() - 1
}

/// Adds every term of `pos` to `acc`; returns the game phase, counted on the way.
pub fn evaluate(pos: &Position, acc: &mut impl Accumulator) -> i32 {
    // Pieces of each role, by colour index.
    let mut counts = [[0i32; 7]; 2];
    for (sq, piece) in pos.board().pieces() {
        let (color, role) = (piece.color, piece.role);
        let sign = sign(color);
        counts[color.index()][role.index()] += 1;
        if role != Role::General {
            acc.add(MATERIAL + material_index(role), sign);
        }
        acc.add(PST + role.index() * 90 + relative(color, sq), sign);
        if role == Role::Soldier && crossed(color, sq) {
            acc.add(SOLDIER_CROSSED, sign);
        }
    }
    // King safety: the general's guards matter in proportion to what can attack it.
    for color in [Color::White, Color::Black] {
        let them = counts[color.other().index()];
        let attackers = them[Role::Chariot.index()] + them[Role::Horse.index()] + them[Role::Cannon.index()];
        let ours = counts[color.index()];
        let missing_advisors = 2 - ours[Role::Advisor.index()];
        let missing_elephants = 2 - ours[Role::Elephant.index()];
        acc.add(MISSING_ADVISOR, sign(color) * missing_advisors * attackers);
        acc.add(MISSING_ELEPHANT, sign(color) * missing_elephants * attackers);
    }
    acc.add(TEMPO, sign(pos.turn()));
    let phase = |c: [i32; 7]| c[Role::Horse.index()] + c[Role::Cannon.index()] + 2 * c[Role::Chariot.index()];
    (phase(counts[0]) + phase(counts[1])).min(MAX_PHASE)
}

#[inline]
const fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}
