//! The evaluation terms, written once for both colours and every accumulator: Red's
//! features count positive, Black's negative, so the sum is Red's view and the mirrored
//! position (colours swapped, ranks turned over) gets exactly the negated sum.

use shatar_rules::Color;
use shatar_rules::xiangqi::{Board, HORSE, ORTHOGONAL, Position, Role, Square, ray_step};

use super::MAX_PHASE;
use super::layout::*;
use crate::tapered::Accumulator;

/// `sq` seen from `color`'s side: Black's points are turned over rank-wise, so one table
/// serves both (the tables are symmetric left to right).
#[inline]
pub fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => usize::from(RANKS_TURNED[sq.index()]),
    }
}

/// Each point's index with its rank turned over (`rank * 9 + file` becomes
/// `(9 - rank) * 9 + file`), by table: the evaluation asks for every black piece.
const RANKS_TURNED: [u8; Square::COUNT] = {
    let mut table = [0; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        table[i] = ((9 - i / 9) * 9 + i % 9) as u8;
        i += 1;
    }
    table
};

/// The first point of Black's half (rank 5, file a): the river lies before it.
const RIVER: usize = 5 * 9;

/// Whether `sq` is beyond the river for `color`.
#[inline]
pub fn crossed(color: Color, sq: Square) -> bool {
    match color {
        Color::White => sq.index() >= RIVER,
        Color::Black => sq.index() < RIVER,
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
    let board = pos.board();
    for (sq, piece) in board.pieces() {
        let (color, role) = (piece.color, piece.role);
        let sign = sign(color);
        counts[color.index()][role.index()] += 1;
        if role != Role::General {
            acc.add(MATERIAL + material_index(role), sign);
        }
        acc.add(PST + role.index() * 90 + relative(color, sq), sign);
        match role {
            Role::Soldier if crossed(color, sq) => acc.add(SOLDIER_CROSSED, sign),
            Role::Chariot => acc.add(CHARIOT_MOBILITY + slides(board, sq, color, false), sign),
            Role::Cannon => {
                acc.add(CANNON_MOBILITY + slides(board, sq, color, true), sign);
                if let Some(between) = pieces_to_general(pos, sq, color) {
                    acc.add(CANNON_ON_GENERAL_FILE + between, sign);
                }
            }
            Role::Horse => acc.add(HORSE_MOBILITY + horse_moves(board, sq, color), sign),
            _ => {}
        }
    }
    // King safety: the general's guards matter in proportion to what can attack it.
    for color in [Color::White, Color::Black] {
        let them = counts[color.other().index()];
        let attackers =
            them[Role::Chariot.index()] + them[Role::Horse.index()] + them[Role::Cannon.index()];
        let ours = counts[color.index()];
        let missing_advisors = 2 - ours[Role::Advisor.index()];
        let missing_elephants = 2 - ours[Role::Elephant.index()];
        acc.add(MISSING_ADVISOR, sign(color) * missing_advisors * attackers);
        acc.add(
            MISSING_ELEPHANT,
            sign(color) * missing_elephants * attackers,
        );
    }
    acc.add(TEMPO, sign(pos.turn()));
    let phase = |c: [i32; 7]| {
        c[Role::Horse.index()] + c[Role::Cannon.index()] + 2 * c[Role::Chariot.index()]
    };
    (phase(counts[0]) + phase(counts[1])).min(MAX_PHASE)
}

/// The points a chariot (`cannon` false) or a cannon of `color` on `from` can move to: a
/// chariot's empty points up to the first piece, and that piece if it is an enemy; a
/// cannon's empty points up to the first piece, its screen, and the enemy piece next
/// beyond it, if any.
#[inline]
pub(super) fn slides(board: &Board, from: Square, color: Color, cannon: bool) -> usize {
    let mut n = 0;
    for d in 0..ORTHOGONAL.len() {
        let mut cur = ray_step(from, d);
        let mut screened = false;
        while let Some(sq) = cur {
            match board.piece_at(sq) {
                None => n += usize::from(!screened),
                Some(_) if cannon && !screened => screened = true,
                Some(p) => {
                    n += usize::from(p.color != color);
                    break;
                }
            }
            cur = ray_step(sq, d);
        }
    }
    n
}

/// The points a horse of `color` on `from` can move to: its leg (the point next to it
/// towards the target) empty, the target not its own piece.
#[inline]
pub(super) fn horse_moves(board: &Board, from: Square, color: Color) -> usize {
    HORSE[from.index()]
        .iter()
        .filter(|&(to, leg)| {
            board.is_empty_at(leg) && board.piece_at(to).is_none_or(|p| p.color != color)
        })
        .count()
}

/// For a cannon of `color` on `from`, on the enemy general's file: the pieces between the
/// two, if at most two. None between is the "empty-headed" cannon: no piece can block it
/// (a blocker would become its screen), so the general must leave the file; one is check;
/// two threaten it: either piece leaving discovers the check.
#[inline]
pub(super) fn pieces_to_general(pos: &Position, from: Square, color: Color) -> Option<usize> {
    let general = pos.general(color.other());
    if general.file() != from.file() {
        return None;
    }
    let (a, b) = (
        from.index().min(general.index()),
        from.index().max(general.index()),
    );
    let between = (a + 9..b)
        .step_by(9)
        .filter(|&i| {
            !pos.board()
                .is_empty_at(Square::new(i as u8).expect("a point"))
        })
        .count();
    (between <= 2).then_some(between)
}

#[inline]
const fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}
