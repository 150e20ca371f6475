//! Attack tables, all computed at compile time by `const fn`.
//!
//! Sliders have two implementations, both built and tested everywhere:
//! - `magic`: fixed-shift "fancy" magic bitboards, one multiply and one lookup, but
//!   850 KB of tables. The native engine uses them: fastest.
//! - `kindergarten`: two multiplies and two lookups into 10 KB of tables. WebAssembly
//!   uses them: the page and the worker are downloaded, and the magic tables made each
//!   1 MB (about 120 KB gzipped). Measured here (perft, `shatar bench` and
//!   `scripts/bench-wasm.sh`): natively magic is 10% faster (225 vs 202 M nodes/s); in
//!   wasm under V8 they are even (about 145 M nodes/s), and the worker shrinks to 177 KB.

mod kindergarten;
mod magic;
mod magic_numbers;

#[cfg(target_arch = "wasm32")]
use kindergarten as sliders;
#[cfg(not(target_arch = "wasm32"))]
use magic as sliders;

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

pub(crate) const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

pub(crate) const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn step_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if on_board(nf, nr) {
                table[sq as usize] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(color: Color) -> [u64; 64] {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    step_table(&[(-1, dr), (1, dr)])
}

/// Squares a slider on `sq` reaches along `dirs` with blockers `occ` (blockers included).
pub(crate) const fn slide(sq: i32, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            out |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// The squares whose occupancy matters for a slider on `sq`: its rays without the edge.
pub(crate) const fn relevant_mask(sq: i32, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f + df, r + dr) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// The squares from `sq` in the direction `(df, dr)` up to the edge, `sq` itself left out.
pub(crate) const fn ray(sq: i32, df: i32, dr: i32) -> u64 {
    let mut out = 0;
    let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
    while on_board(f, r) {
        out |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    out
}

/// Squares strictly between two squares on a line (empty when not on a line), and the
/// whole line through both (edge to edge). Used for pins and for blocking checks.
struct LineTables {
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
}

static LINES: LineTables = {
    let mut t = LineTables {
        between: [[0; 64]; 64],
        line: [[0; 64]; 64],
    };
    let mut a: i32 = 0;
    while a < 64 {
        let mut b: i32 = 0;
        while b < 64 {
            let (df, dr) = ((b % 8) - (a % 8), (b / 8) - (a / 8));
            if a != b && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let (sf, sr) = (df.signum(), dr.signum());
                t.between[a as usize][b as usize] = ray(a, sf, sr) & ray(b, -sf, -sr);
                t.line[a as usize][b as usize] = 1 << a | ray(a, sf, sr) | ray(a, -sf, -sr);
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Squares a rook on `sq` attacks, `occupied` blocking.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(sliders::rook(sq.index(), occupied.0))
}

/// Squares a bishop on `sq` attacks, `occupied` blocking.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(sliders::bishop(sq.index(), occupied.0))
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The two squares a pawn of `color` on `sq` captures on.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.between[a.index()][b.index()])
}

/// The full line through `a` and `b` (edge to edge), or empty if they share no line.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.line[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_slider_implementations_equal_the_slow_ray_walk() {
        // A spread of occupancies per square, from a fixed generator.
        let mut x = 0x1234_5678_9abc_def0u64;
        for sq in Square::ALL {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let occ = x & (x >> 3);
                let s = sq as i32;
                let (rook, bishop) = (slide(s, occ, &ROOK_DIRS), slide(s, occ, &BISHOP_DIRS));
                assert_eq!(magic::rook(sq.index(), occ), rook, "magic rook on {sq}");
                assert_eq!(
                    magic::bishop(sq.index(), occ),
                    bishop,
                    "magic bishop on {sq}"
                );
                assert_eq!(
                    kindergarten::rook(sq.index(), occ),
                    rook,
                    "kindergarten rook on {sq}"
                );
                assert_eq!(
                    kindergarten::bishop(sq.index(), occ),
                    bishop,
                    "kindergarten bishop on {sq}"
                );
                assert_eq!(rook_attacks(sq, Bitboard(occ)).0, rook);
            }
        }
    }

    /// Every blocker pattern on every square's rays: 107,648 patterns for rooks and bishops.
    #[test]
    fn both_slider_implementations_are_exact_for_every_blocker_pattern() {
        for sq in 0..64 {
            for (dirs, magic, kindergarten) in [
                (
                    &ROOK_DIRS,
                    magic::rook as fn(usize, u64) -> u64,
                    kindergarten::rook as fn(usize, u64) -> u64,
                ),
                (&BISHOP_DIRS, magic::bishop, kindergarten::bishop),
            ] {
                let mask = relevant_mask(sq as i32, dirs);
                let mut blockers = 0u64;
                loop {
                    // Squares off the rays must not matter: add some.
                    let occupied = blockers | (!mask & 0x8142_2418_1824_4281);
                    let expected = slide(sq as i32, occupied, dirs);
                    assert_eq!(magic(sq, occupied), expected);
                    assert_eq!(kindergarten(sq, occupied), expected);
                    blockers = blockers.wrapping_sub(mask) & mask;
                    if blockers == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn step_tables() {
        assert_eq!(
            knight_attacks(Square::A1),
            Bitboard::from_square(Square::B3) | Square::C2.into()
        );
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5) | Square::F5.into()
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from_square(Square::B6)
        );
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2) | Square::C3.into()
        );
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
    }
}
