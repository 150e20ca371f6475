//! Set-wise pawn geometry on raw `u64` boards: fills, spans and pawn attacks of whole
//! sets at once, so the pawn terms need no loop over pawns for most features.

use shatar_rules::{Color, Square};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;

/// Every square of `b` and all squares above it (towards rank 8).
#[inline(always)]
pub const fn north_fill(mut b: u64) -> u64 {
    b |= b << 8;
    b |= b << 16;
    b | b << 32
}

/// Every square of `b` and all squares below it (towards rank 1).
#[inline(always)]
pub const fn south_fill(mut b: u64) -> u64 {
    b |= b >> 8;
    b |= b >> 16;
    b | b >> 32
}

/// The files `b` touches, whole.
#[inline(always)]
pub const fn file_fill(b: u64) -> u64 {
    north_fill(south_fill(b))
}

/// `b` moved one file left and one file right (not `b` itself).
#[inline(always)]
pub const fn sideways(b: u64) -> u64 {
    ((b & !FILE_A) >> 1) | ((b & !FILE_H) << 1)
}

/// The squares strictly ahead of `b` on its files, as `color` advances.
#[inline(always)]
pub const fn front_span(color: Color, b: u64) -> u64 {
    match color {
        Color::White => north_fill(b) << 8,
        Color::Black => south_fill(b) >> 8,
    }
}

/// The squares strictly ahead of square index `sq` on its file, as `color` advances.
#[inline(always)]
pub const fn square_front_span(color: Color, sq: u32) -> u64 {
    match color {
        Color::White => (FILE_A << sq) << 8,
        Color::Black => (FILE_H >> (63 - sq)) >> 8,
    }
}

/// `b` one rank forward for `color`.
#[inline(always)]
pub const fn forward(color: Color, b: u64) -> u64 {
    match color {
        Color::White => b << 8,
        Color::Black => b >> 8,
    }
}

/// The squares the pawns `b` of `color` attack.
#[inline(always)]
pub const fn pawn_attacks(color: Color, b: u64) -> u64 {
    sideways(forward(color, b))
}

/// The rank of square index `sq` counted from `color`'s side, 0..8.
#[inline(always)]
pub const fn relative_rank(color: Color, sq: u32) -> usize {
    match color {
        Color::White => sq as usize >> 3,
        Color::Black => 7 - (sq as usize >> 3),
    }
}

/// `sq` as its owner `color` sees it: the square tables are written from White's side.
#[inline(always)]
pub const fn relative_square(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq as usize,
        Color::Black => sq as usize ^ 56,
    }
}

/// King steps between two square indices.
#[inline(always)]
pub const fn distance(a: u32, b: u32) -> i32 {
    let df = (a as i32 & 7) - (b as i32 & 7);
    let dr = (a as i32 >> 3) - (b as i32 >> 3);
    let (df, dr) = (df.abs(), dr.abs());
    if df > dr { df } else { dr }
}

/// The squares at each distance from each square (`DISTANCE_RINGS[sq][d]`, in king steps as
/// [`distance`] counts them): the nearest of a set is the first ring it meets.
pub static DISTANCE_RINGS: [[u64; 8]; 64] = {
    let mut rings = [[0u64; 8]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            rings[a][distance(a as u32, b as u32) as usize] |= 1 << b;
            b += 1;
        }
        a += 1;
    }
    rings
};

/// The distance in king steps from `sq` to the nearest square of `set`, if any.
#[inline]
pub fn nearest_distance(sq: u32, set: u64) -> Option<i32> {
    if set == 0 {
        return None;
    }
    let rings = &DISTANCE_RINGS[sq as usize];
    (0..8).find(|&d| rings[d] & set != 0).map(|d| d as i32)
}

/// The squares two of `color`'s pawns attack at once.
#[inline(always)]
pub const fn pawn_double_attacks(color: Color, pawns: u64) -> u64 {
    // The square behind a doubly attacked square has a pawn on both sides.
    let between_two = ((pawns & !FILE_H) << 1) & ((pawns & !FILE_A) >> 1);
    forward(color, between_two)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_attacks() {
        let e4 = 1u64 << Square::E4 as u32;
        assert_eq!(front_span(Color::White, e4).count_ones(), 4);
        assert_eq!(front_span(Color::Black, e4).count_ones(), 3);
        assert_eq!(
            pawn_attacks(Color::White, e4),
            (1 << Square::D5 as u32) | (1 << Square::F5 as u32)
        );
        let a2 = 1u64 << Square::A2 as u32;
        assert_eq!(pawn_attacks(Color::Black, a2), 1 << Square::B1 as u32);
        assert_eq!(file_fill(e4).count_ones(), 8);
        assert_eq!(distance(Square::A1 as u32, Square::H8 as u32), 7);
        assert_eq!(relative_rank(Color::Black, Square::E7 as u32), 1);
        // d4 and f4 both attack e5 (for Black, e3); a4 and h4 share nothing.
        let d4_f4 = (1u64 << Square::D4 as u32) | (1 << Square::F4 as u32);
        assert_eq!(
            pawn_double_attacks(Color::White, d4_f4),
            1 << Square::E5 as u32
        );
        assert_eq!(
            pawn_double_attacks(Color::Black, d4_f4),
            1 << Square::E3 as u32
        );
        let a4_h4 = (1u64 << Square::A4 as u32) | (1 << Square::H4 as u32);
        assert_eq!(pawn_double_attacks(Color::White, a4_h4), 0);
        for sq in Square::ALL {
            let b = 1u64 << sq as u32;
            for color in Color::ALL {
                assert_eq!(
                    square_front_span(color, sq as u32),
                    front_span(color, b),
                    "{sq}"
                );
            }
        }
    }

    #[test]
    fn the_nearest_square_by_rings_is_the_nearest_by_distance() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse sets, as pawns are, and the empty set now and then.
            let set = x & x.rotate_left(17) & x.rotate_left(31);
            for from in 0..64 {
                let brute = (0..64)
                    .filter(|&b| set >> b & 1 != 0)
                    .map(|b| distance(from, b))
                    .min();
                assert_eq!(nearest_distance(from, set), brute, "{from} {set:#x}");
            }
        }
    }
}
