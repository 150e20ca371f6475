//! The king's safety: its pawn shelter, the enemy pawns storming it, checks the enemy
//! can give safely, the squares around it only the king or queen defends, attacks on its
//! flank, and our pieces pinned to it.

use shatar_rules::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shatar_rules::{Bitboard, Board, Color, Role};

use super::super::bits::{FILE_A, nearest_distance, relative_rank, square_front_span};
use super::super::layout::*;
use super::{Accumulator, Attacks, Side, add_count};

/// Pawns in front of `us`'s king and enemy pawns coming at it, on the king's file and
/// the files beside it. No castling in Mongolian chess (the 2017 rules define none), so
/// the king usually shelters in the centre behind what is left of the first round's pawns.
pub(super) fn king_shelter<A: Accumulator>(us: &Side, them: &Side, acc: &mut A) {
    let king_file = us.king as i32 & 7;
    if (us.pawns | them.pawns) & KING_FLANK[king_file as usize] == 0 {
        acc.add(PAWNLESS_FLANK, us.sign);
    }
    // In the endgame the king defends its pawns and escorts them.
    if let Some(steps) = nearest_distance(us.king as u32, us.pawns) {
        acc.add(KING_PAWN_DISTANCE, us.sign * steps);
    }
    let ahead = square_front_span(us.color, us.king as u32);
    let king_rank = relative_rank(us.color, us.king as u32);
    for file in (king_file - 1).max(0)..=(king_file + 1).min(7) {
        // The king's file and rank ahead, shifted to `file`.
        let lane = (ahead >> king_file) << file;
        acc.add(
            PAWN_SHIELD + nearest(us, lane & us.pawns, king_rank),
            us.sign,
        );
        acc.add(
            PAWN_STORM + nearest(us, lane & them.pawns, king_rank),
            us.sign,
        );
        if FILE_A << file & (us.pawns | them.pawns) == 0 {
            acc.add(KING_OPEN_FILE, us.sign);
        }
    }
}

/// How many ranks ahead of the king the nearest of `pawns` stands: 0 for one rank, 1 for
/// two, 2 for three, 3 for none or further.
#[inline]
fn nearest(us: &Side, pawns: u64, king_rank: usize) -> usize {
    if pawns == 0 {
        return 3;
    }
    let sq = if us.color == Color::White {
        pawns.trailing_zeros()
    } else {
        63 - pawns.leading_zeros()
    };
    let rank = relative_rank(us.color, sq);
    (rank - king_rank - 1).min(3)
}

/// Squares from which `us` could give check with a piece that already reaches them,
/// unguarded by the enemy and not blocked by our own pieces; and the king danger they add
/// to the zone attackers' units.
pub(super) fn safe_checks<A: Accumulator>(
    board: &Board,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    acc: &mut A,
) {
    let occupied = board.occupied();
    let safe = !theirs.all & !us.pieces;
    let diagonal = bishop_attacks(them.king, occupied).0 & safe;
    let straight = rook_attacks(them.king, occupied).0 & safe;
    let knight = knight_attacks(them.king).0 & safe;
    let checks = [
        knight & ours.by_role[Role::Knight.index()],
        diagonal & ours.by_role[Role::Bishop.index()],
        straight & ours.by_role[Role::Rook.index()],
        (diagonal | straight) & ours.by_role[Role::Queen.index()],
    ];
    let mut units = ours.king_attack_units;
    for (i, squares) in checks.into_iter().enumerate() {
        add_count(acc, SAFE_CHECKS + i, us.sign, squares);
        units += squares.count_ones() as usize;
    }
    // A table over the units lets the fit learn how danger grows faster than the
    // attack: two attackers and a check are worth more than three times one.
    acc.add(KING_DANGER + units.min(15), us.sign);
}

/// The enemy king zone's squares we attack that the enemy defends only with its king or
/// queen, or not at all, and never twice: where an attack gets through.
fn weak_king_squares(them: &Side, ours: &Attacks, theirs: &Attacks) -> u64 {
    let by_others = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .fold(0, |set, role| set | theirs.by_role[role.index()]);
    them.king_zone & ours.all & !theirs.twice & !by_others
}

/// Our attacks on the files around the enemy king, in its camp (its first five ranks),
/// squares attacked twice counting twice: the room an attack has to build up; and the
/// weak squares of its zone, where the attack gets through.
pub(super) fn flank_and_weak_squares<A: Accumulator>(
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    acc: &mut A,
) {
    let flank = KING_FLANK[them.king as usize & 7];
    let camp = CAMP[them.color.index()];
    let attacked = ours.all & flank & camp;
    acc.add(
        KING_FLANK_ATTACKS,
        us.sign * (attacked.count_ones() + (attacked & ours.twice).count_ones()) as i32,
    );
    add_count(
        acc,
        KING_WEAK_SQUARES,
        us.sign,
        weak_king_squares(them, ours, theirs),
    );
}

/// The files counted as the king's flank, by the king's file: the queen side, the
/// centre or the king side, four files each.
const KING_FLANK: [u64; 8] = {
    let (queen_side, centre, king_side) = (0x0f * FILE_A, 0x3c * FILE_A, 0xf0 * FILE_A);
    [
        queen_side, queen_side, queen_side, centre, centre, king_side, king_side, king_side,
    ]
};

/// Each side's first five ranks.
const CAMP: [u64; 2] = [0x0000_00ff_ffff_ffff, 0xffff_ffff_ff00_0000];

/// Our pieces that stand alone between our king and an enemy rook, bishop or queen on
/// its line: pinned, by role.
pub(super) fn pinned<A: Accumulator>(board: &Board, us: &Side, them: &Side, acc: &mut A) {
    let straight = board.straight_sliders() & Bitboard(them.pieces);
    let diagonal = board.diagonal_sliders() & Bitboard(them.pieces);
    for sq in board.lone_blockers(us.king, straight, diagonal) & Bitboard(us.pieces) {
        if let Some(role) = board.role_at(sq) {
            acc.add(PINNED + role.index(), us.sign);
        }
    }
}
