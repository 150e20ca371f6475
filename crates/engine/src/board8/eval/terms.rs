//! The evaluation terms, written once for both colours and every accumulator. Each term
//! adds `coefficient * weight` through [`Accumulator::add`]; White's features count
//! positive, Black's negative, so the sum is White's view and a colour-mirrored position
//! gets exactly the negated sum.

use shatar_rules::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shatar_rules::{Bitboard, Board, Color, Role, Square};

mod king;
mod passed;

use super::Accumulator;
use super::bits::{
    FILE_A, distance, file_fill, forward, front_span, pawn_attacks, pawn_double_attacks,
    relative_rank, relative_square, sideways,
};
use super::layout::*;

/// What both sides' terms need to know about one side.
pub struct Side {
    color: Color,
    /// +1 for White, -1 for Black: the sign of this side's features.
    sign: i32,
    pawns: u64,
    pieces: u64,
    king: Square,
    /// The king and the squares around it: where attacks on the king count.
    king_zone: u64,
    pawn_attacks: u64,
    /// Squares this side's pawns attack now or after advancing: no outpost for the enemy.
    pawn_attack_span: u64,
}

impl Side {
    fn new(board: &Board, color: Color) -> Side {
        let pawns = board
            .by_piece(shatar_rules::Piece::new(color, Role::Pawn))
            .0;
        // A position always has both kings (the rules reject any other).
        let king = board.king_of(color).unwrap_or(Square::A1);
        Side {
            color,
            sign: if color == Color::White { 1 } else { -1 },
            pawns,
            pieces: board.by_color(color).0,
            king,
            king_zone: king_attacks(king).0 | 1 << king as u32,
            pawn_attacks: pawn_attacks(color, pawns),
            pawn_attack_span: sideways(front_span(color, pawns)),
        }
    }

    fn of(&self, board: &Board, role: Role) -> Bitboard {
        board.by_role(role) & Bitboard(self.pieces)
    }

    /// This side's pawns and king square: all that [`pawns_and_kings`] reads of it.
    pub fn pawns_and_king(&self) -> (u64, Square) {
        (self.pawns, self.king)
    }
}

/// The parts of the evaluation that depend on few features of the position, which a
/// search meets again and again: [`evaluate`] asks for them through this, so that the
/// search can keep them ([`super::EvalCache`]) and the tuner can compute them
/// ([`Computed`]). Each part is exactly what its function here adds.
pub trait Parts<A> {
    /// [`imbalance`]: the piece counts alone.
    fn imbalance(&mut self, counts: &[PieceCounts; 2], acc: &mut A);
    /// [`pawns_and_kings`]: the pawns and the kings' squares alone.
    fn pawns_and_kings(&mut self, sides: &[Side; 2], acc: &mut A);
    /// Whether the material, the square tables, the imbalance and the pawns already
    /// decide the position so clearly that [`evaluate`] may stop there (Stockfish's lazy
    /// evaluation): never for the tuner, whose fit needs every term.
    fn decided(&mut self, _acc: &A) -> bool {
        false
    }
}

/// Every part computed where it is asked for.
pub struct Computed;

impl<A: Accumulator> Parts<A> for Computed {
    fn imbalance(&mut self, counts: &[PieceCounts; 2], acc: &mut A) {
        imbalance(counts, acc);
    }
    fn pawns_and_kings(&mut self, sides: &[Side; 2], acc: &mut A) {
        pawns_and_kings(sides, acc);
    }
}

/// The squares one side attacks, by the attacking piece's role.
#[derive(Clone, Copy, Default)]
struct Attacks {
    by_role: [u64; 6],
    all: u64,
    /// The squares attacked by two or more pieces.
    twice: u64,
    /// The pieces attacking the enemy king zone, weighted by how much they threaten.
    king_attack_units: usize,
}

/// What one piece attacking the king zone adds to the attack units (by role: pawn,
/// knight, bishop, rook, queen): a queen's attack is worth most.
const KING_ATTACK_UNITS: [usize; 5] = [0, 2, 2, 3, 5];

/// Ranks 4 to 6 from each side: where a minor piece can be an outpost.
const OUTPOST_RANKS: [u64; 2] = [0x0000_ffff_ff00_0000, 0x0000_00ff_ffff_0000];

/// d4, e4, d5, e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// All terms of `board` into `acc`; the material imbalance and the pawn structure with
/// the king shelter through `parts` (the search's evaluation looks them up in a cache).
/// One function for every caller with the same accumulator (hence `dyn`, and never
/// inlined): a term called from one place only is inlined into it, and a second copy of
/// this function had the compiler call the terms out of line, which cost what the cache
/// saved.
#[inline(never)]
pub fn evaluate<A: Accumulator>(board: &Board, turn: Color, acc: &mut A, parts: &mut dyn Parts<A>) {
    let sides = [
        Side::new(board, Color::White),
        Side::new(board, Color::Black),
    ];
    let counts = [
        material_and_squares(board, &sides[0], acc),
        material_and_squares(board, &sides[1], acc),
    ];
    parts.pawns_and_kings(&sides, acc);
    parts.imbalance(&counts, acc);
    if parts.decided(acc) {
        return;
    }
    let mut attacks = [Attacks::default(); 2];
    for (i, other) in [1, 0].into_iter().enumerate() {
        attacks[i] = pieces(board, &sides[i], &sides[other], acc);
    }
    for (i, other) in [1, 0].into_iter().enumerate() {
        let (us, them) = (&sides[i], &sides[other]);
        king::safe_checks(board, us, them, &attacks[i], &attacks[other], acc);
        king::flank_and_weak_squares(us, them, &attacks[i], &attacks[other], acc);
        king::pinned(board, us, them, acc);
        passed::passed(board, us, them, &attacks[i], &attacks[other], acc);
        threats(board, us, them, &attacks[i], &attacks[other], acc);
        space(us, them, &attacks[other], acc);
    }
    acc.add(TEMPO, if turn == Color::White { 1 } else { -1 });
}

/// Both sides' pawn structure and king shelter: what the pawns and the two kings' squares
/// alone decide, so that a cache keyed by them holds it exactly.
pub fn pawns_and_kings<A: Accumulator>(sides: &[Side; 2], acc: &mut A) {
    for (i, other) in [1, 0].into_iter().enumerate() {
        let (us, them) = (&sides[i], &sides[other]);
        pawns(us, them, acc);
        king::king_shelter(us, them, acc);
    }
}

/// What pieces are worth beside each other, as Stockfish's material imbalance: products
/// of piece counts (`counts`, by side and role), our own pairs and ours against theirs, so
/// that the fit can learn what linear material cannot (a minor's worth with many pawns,
/// two minors against a rook).
pub fn imbalance<A: Accumulator>(counts: &[PieceCounts; 2], acc: &mut A) {
    for (i, sign) in [1, -1].into_iter().enumerate() {
        let (ours, theirs) = (&counts[i], &counts[1 - i]);
        for a in 0..ours.len() {
            if ours[a] == 0 {
                continue;
            }
            for b in 0..a {
                acc.add(
                    IMBALANCE_OURS + a * (a + 1) / 2 + b,
                    sign * ours[a] * ours[b],
                );
                acc.add(
                    IMBALANCE_THEIRS + a * (a - 1) / 2 + b,
                    sign * ours[a] * theirs[b],
                );
            }
            let pairs = ours[a] * (ours[a] - 1) / 2;
            acc.add(IMBALANCE_OURS + a * (a + 1) / 2 + a, sign * pairs);
        }
    }
}

/// A side's pawns, knights, bishops, rooks and queens, by role index.
pub type PieceCounts = [i32; 5];

/// Material and the piece-square tables, mirrored for Black; returns the piece counts
/// the material was scored by, for the imbalance.
fn material_and_squares<A: Accumulator>(board: &Board, us: &Side, acc: &mut A) -> PieceCounts {
    let mut counts = [0; 5];
    for role in Role::ALL {
        let pieces = us.of(board, role);
        if role != Role::King {
            counts[role.index()] = pieces.count() as i32;
            acc.add(MATERIAL + role.index(), us.sign * counts[role.index()]);
        }
        for sq in pieces {
            acc.add(
                PST + 64 * role.index() + relative_square(us.color, sq),
                us.sign,
            );
        }
    }
    counts
}

/// Mobility, attacks on the enemy king zone, outposts, rooks on open files, the bishop
/// pair; returns what `us` attacks, for the king and threat terms.
fn pieces<A: Accumulator>(board: &Board, us: &Side, them: &Side, acc: &mut A) -> Attacks {
    let occupied = board.occupied();
    let area = mobility_area(us, them);
    let outposts = OUTPOST_RANKS[us.color.index()] & us.pawn_attacks & !them.pawn_attack_span;
    let mut att = Attacks::default();
    att.by_role[Role::Pawn.index()] = us.pawn_attacks;
    let king_reach = king_attacks(us.king).0;
    att.by_role[Role::King.index()] = king_reach;
    att.twice = pawn_double_attacks(us.color, us.pawns) | (us.pawn_attacks & king_reach);
    let mut seen = us.pawn_attacks | king_reach;
    let mut zone_attackers = 0;
    let mut piece = |role: Role, mobility: usize, reach: u64, acc: &mut A| {
        att.by_role[role.index()] |= reach;
        att.twice |= seen & reach;
        seen |= reach;
        acc.add(mobility + (reach & area).count_ones() as usize, us.sign);
        let zone = reach & them.king_zone;
        if zone != 0 {
            zone_attackers += 1;
            att.king_attack_units += KING_ATTACK_UNITS[role.index()];
            acc.add(
                KING_ZONE_ATTACKS + role.index() - 1,
                us.sign * zone.count_ones() as i32,
            );
        }
    };
    for sq in us.of(board, Role::Knight) {
        piece(Role::Knight, KNIGHT_MOBILITY, knight_attacks(sq).0, acc);
        if outposts & 1 << sq as u32 != 0 {
            acc.add(OUTPOST, us.sign);
        } else if outposts & knight_attacks(sq).0 & !us.pieces != 0 {
            acc.add(REACHABLE_OUTPOST, us.sign);
        }
        acc.add(
            KING_PROTECTOR,
            us.sign * distance(sq as u32, us.king as u32),
        );
    }
    let all_pawns = us.pawns | them.pawns;
    // Knights and bishops shielded by a pawn just ahead of them.
    let minors = (us.of(board, Role::Knight) | us.of(board, Role::Bishop)).0;
    add_count(
        acc,
        MINOR_BEHIND_PAWN,
        us.sign,
        minors & forward(them.color, all_pawns),
    );
    let bishops = us.of(board, Role::Bishop);
    for sq in bishops {
        piece(
            Role::Bishop,
            BISHOP_MOBILITY,
            bishop_attacks(sq, occupied).0,
            acc,
        );
        if outposts & 1 << sq as u32 != 0 {
            acc.add(OUTPOST + 1, us.sign);
        }
        acc.add(
            KING_PROTECTOR + 1,
            us.sign * distance(sq as u32, us.king as u32),
        );
        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        add_count(acc, BISHOP_PAWNS, us.sign, us.pawns & colour.0);
        // Seeing both centre squares of a long diagonal through the pawns.
        let past_pieces = bishop_attacks(sq, Bitboard(all_pawns)).0;
        if (past_pieces & CENTRE).count_ones() > 1 {
            acc.add(LONG_DIAGONAL_BISHOP, us.sign);
        }
    }
    if (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any() {
        acc.add(BISHOP_PAIR, us.sign);
    }
    let their_queens = them.of(board, Role::Queen).0;
    for sq in us.of(board, Role::Rook) {
        let reach = rook_attacks(sq, occupied).0;
        piece(Role::Rook, ROOK_MOBILITY, reach, acc);
        // Shut in between its own king and the edge: with no castling (the 2017 rules
        // have none) only the king's walk can free it.
        let (king_file, rook_file) = (us.king as u32 & 7, sq as u32 & 7);
        if (reach & area).count_ones() <= 3 && (king_file < 4) == (rook_file < king_file) {
            acc.add(TRAPPED_ROOK, us.sign);
        }
        let file = FILE_A << (sq as u32 & 7);
        if file & all_pawns == 0 {
            acc.add(ROOK_OPEN_FILE, us.sign);
        } else if file & us.pawns == 0 {
            acc.add(ROOK_HALF_OPEN_FILE, us.sign);
        }
        if file & their_queens != 0 {
            acc.add(ROOK_ON_QUEEN_FILE, us.sign);
        }
    }
    for sq in us.of(board, Role::Queen) {
        let reach = bishop_attacks(sq, occupied).0 | rook_attacks(sq, occupied).0;
        piece(Role::Queen, QUEEN_MOBILITY, reach, acc);
        if exposed_to_sliders(board, sq, them) {
            acc.add(WEAK_QUEEN, us.sign);
        }
    }
    acc.add(KING_ATTACKERS + zone_attackers.min(7), us.sign);
    att.all = att.by_role.iter().fold(0, |a, b| a | b);
    att
}

/// Squares worth counting for mobility: not our pawns or king, not guarded by a pawn.
fn mobility_area(us: &Side, them: &Side) -> u64 {
    !(us.pawns | 1 << us.king as u32 | them.pawn_attacks)
}

/// Whether one piece alone stands between `sq` and an enemy rook on its file or rank or
/// an enemy bishop on its diagonal: a pin or a discovered attack waiting for the queen.
fn exposed_to_sliders(board: &Board, sq: Square, them: &Side) -> bool {
    let theirs = Bitboard(them.pieces);
    board
        .lone_blockers(sq, board.rooks() & theirs, board.bishops() & theirs)
        .any()
}

/// Doubled, isolated, backward, supported and side-by-side pawns, weak pawns on a file
/// the enemy can use, and pawns two enemy pawns attack (the passers: `passed.rs`). Without
/// the double step (2017 art. 3.7) a guarded stop square holds a backward pawn for good.
fn pawns<A: Accumulator>(us: &Side, them: &Side, acc: &mut A) {
    let (ours, s) = (us.pawns, us.sign);
    // A pawn with an own pawn behind it on its file: the rear one is not doubled, this one is.
    add_count(acc, DOUBLED, s, ours & front_span(us.color, ours));
    let isolated = ours & !sideways(file_fill(ours));
    add_count(acc, ISOLATED, s, isolated);
    // Squares an own pawn beside or behind could still come up to guard.
    let supportable = sideways(front_span(us.color, ours) | ours);
    let stop_guarded = forward(them.color, them.pawn_attacks);
    let backward = ours & !isolated & !supportable & stop_guarded;
    add_count(acc, BACKWARD, s, backward);
    // No enemy pawn ahead on the file: the enemy's rooks have a file to attack it on.
    let opposed = ours & front_span(them.color, them.pawns);
    add_count(acc, WEAK_UNOPPOSED, s, (isolated | backward) & !opposed);
    let levers = pawn_double_attacks(them.color, them.pawns) & !us.pawn_attacks;
    add_count(acc, WEAK_LEVER, s, ours & levers);
    for sq in Bitboard(ours & us.pawn_attacks) {
        acc.add(SUPPORTED + relative_rank(us.color, sq as u32), s);
    }
    for sq in Bitboard(ours & sideways(ours)) {
        acc.add(PHALANX + relative_rank(us.color, sq as u32), s);
    }
}

/// Enemy pieces our pawns, minor pieces and rooks attack, and enemy pieces left
/// undefended under attack.
fn threats<A: Accumulator>(
    board: &Board,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    acc: &mut A,
) {
    let minors = ours.by_role[Role::Knight.index()] | ours.by_role[Role::Bishop.index()];
    let rooks = ours.by_role[Role::Rook.index()];
    // Most pieces are not attacked by these at all: skip their roles at once.
    let hit = them.pieces & (us.pawn_attacks | minors | rooks);
    if hit != 0 {
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let targets = them.of(board, role).0 & hit;
            if targets == 0 {
                continue;
            }
            if role != Role::Pawn {
                add_count(
                    acc,
                    THREAT_BY_PAWN + role.index() - 1,
                    us.sign,
                    targets & us.pawn_attacks,
                );
            }
            add_count(
                acc,
                THREAT_BY_MINOR + role.index(),
                us.sign,
                targets & minors,
            );
            add_count(acc, THREAT_BY_ROOK + role.index(), us.sign, targets & rooks);
        }
    }
    let but_king = them.pieces & !(1 << them.king as u32);
    let hanging = but_king & ours.all & !theirs.all;
    add_count(acc, HANGING, us.sign, hanging);
    // Defended by a pawn, or more often than we attack: not worth attacking.
    let strongly_protected = them.pawn_attacks | (theirs.twice & !ours.twice);
    let weak = but_king & ours.all & !strongly_protected;
    queen_threats(board, us, them, ours, strongly_protected, acc);
    if weak & ours.by_role[Role::King.index()] != 0 {
        acc.add(THREAT_BY_KING, us.sign);
    }
    add_count(
        acc,
        RESTRICTED,
        us.sign,
        theirs.all & ours.all & !strongly_protected,
    );
    // A pawn's step to a safe empty square that would attack a piece (one step only: no
    // double step after the first round, 2017 art. 3.7).
    let steps = forward(us.color, us.pawns) & !board.occupied().0;
    let safe_steps = steps & !them.pawn_attacks & (ours.all | !theirs.all);
    add_count(
        acc,
        THREAT_BY_PAWN_PUSH,
        us.sign,
        pawn_attacks(us.color, safe_steps) & but_king & !them.pawns,
    );
}

/// Squares from which our pieces could attack the enemy's only queen next move, safe
/// for them to go to: the queen has to keep moving, and loses time doing it.
fn queen_threats<A: Accumulator>(
    board: &Board,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    strongly_protected: u64,
    acc: &mut A,
) {
    let Some(queen) = them.of(board, Role::Queen).single() else {
        return;
    };
    let safe = mobility_area(us, them) & !strongly_protected;
    let knights = ours.by_role[Role::Knight.index()] & knight_attacks(queen).0;
    add_count(acc, KNIGHT_ON_QUEEN, us.sign, knights & safe);
    let occupied = board.occupied();
    let sliders = (ours.by_role[Role::Bishop.index()] & bishop_attacks(queen, occupied).0)
        | (ours.by_role[Role::Rook.index()] & rook_attacks(queen, occupied).0);
    add_count(acc, SLIDER_ON_QUEEN, us.sign, sliders & safe & ours.twice);
}

/// The safe squares behind our pawn front in the centre: room to manoeuvre.
fn space<A: Accumulator>(us: &Side, them: &Side, theirs: &Attacks, acc: &mut A) {
    let safe = SPACE_AREA[us.color.index()] & !us.pawns & !them.pawn_attacks;
    // Up to three squares behind each pawn, safe from every enemy piece, count twice.
    let mut behind = us.pawns;
    behind |= forward(them.color, behind);
    behind |= forward(them.color, forward(them.color, behind));
    let bonus = safe.count_ones() + (behind & safe & !theirs.all).count_ones();
    acc.add(SPACE, us.sign * bonus as i32);
}

/// Files c to f, ranks 2 to 4 from each side.
const SPACE_AREA: [u64; 2] = [0x0000_0000_3c3c_3c00, 0x003c_3c3c_0000_0000];

/// Adds `sign` times the number of squares in `set`, skipping the common empty set.
#[inline(always)]
fn add_count<A: Accumulator>(acc: &mut A, index: usize, sign: i32, set: u64) {
    if set != 0 {
        acc.add(index, sign * set.count_ones() as i32);
    }
}
