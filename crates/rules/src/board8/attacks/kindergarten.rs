//! "Kindergarten" slider attacks: small tables, two multiplications.
//!
//! Along a rank or a diagonal there is one square per file, so multiplying the blockers on
//! that line by the B-file constant stacks them onto the top rank without carries; the
//! six inner files then index [`FILL_UP`], a rank's attack set copied to all ranks, which
//! the line's mask cuts back to the line. Files are turned into a rank by a multiplication
//! with the c2-h7 diagonal and index [`A_FILE`]. The tables are built by trying every
//! blocker pattern at compile time, and the build asserts that no two patterns with
//! different attacks share an index.

#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use super::{ray, slide};

const B_FILE: u64 = 0x0202_0202_0202_0202;
const A_FILE_MASK: u64 = 0x0101_0101_0101_0101;
const C2_H7_DIAGONAL: u64 = 0x0080_4020_1008_0400;
const ALL_RANKS: u64 = 0x0101_0101_0101_0101;

#[inline]
const fn line_index(blockers_on_line: u64) -> usize {
    (blockers_on_line.wrapping_mul(B_FILE) >> 58) as usize
}

#[inline]
const fn file_index(blockers_on_a_file: u64) -> usize {
    (blockers_on_a_file.wrapping_mul(C2_H7_DIAGONAL) >> 58) as usize
}

/// `FILL_UP[file][index]`: the files a slider on `file` reaches along a rank whose inner
/// blockers give `index`, on every rank.
static FILL_UP: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut filled = [[false; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0u64; // subsets of b1..g1
        while inner < 64 {
            let blockers = inner << 1;
            // `slide` walks four directions: here the two along the rank, each twice.
            let reach = slide(file, blockers, &[(1, 0), (-1, 0), (1, 0), (-1, 0)]);
            let i = line_index(blockers);
            let value = (reach & 0xff) * ALL_RANKS;
            assert!(
                !filled[file as usize][i] || table[file as usize][i] == value,
                "rank index collides"
            );
            table[file as usize][i] = value;
            filled[file as usize][i] = true;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// `A_FILE[rank][index]`: what a slider on the a-file at `rank` reaches along the file.
static A_FILE: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut filled = [[false; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut inner = 0u64; // subsets of a2..a7
        while inner < 64 {
            let mut blockers = 0u64;
            let mut bit = 0;
            while bit < 6 {
                if inner & (1 << bit) != 0 {
                    blockers |= 1 << (8 * (bit + 1));
                }
                bit += 1;
            }
            let reach = slide(rank * 8, blockers, &[(0, 1), (0, -1), (0, 1), (0, -1)]);
            let i = file_index(blockers);
            assert!(
                !filled[rank as usize][i] || table[rank as usize][i] == reach,
                "file index collides"
            );
            table[rank as usize][i] = reach;
            filled[rank as usize][i] = true;
            inner += 1;
        }
        rank += 1;
    }
    table
};

/// The rank, diagonal and anti-diagonal through each square, the square itself left out.
static LINES: [[u64; 3]; 64] = {
    let mut lines = [[0u64; 3]; 64];
    let dirs = [(1, 0), (1, 1), (1, -1)];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 3 {
            let (df, dr) = dirs[d];
            lines[sq as usize][d] = ray(sq, df, dr) | ray(sq, -df, -dr);
            d += 1;
        }
        sq += 1;
    }
    lines
};

const RANK: usize = 0;
const DIAGONAL: usize = 1;
const ANTI_DIAGONAL: usize = 2;

#[inline]
fn along(sq: usize, occupied: u64, line: usize) -> u64 {
    let mask = LINES[sq][line];
    mask & FILL_UP[sq & 7][line_index(mask & occupied)]
}

#[inline]
fn along_file(sq: usize, occupied: u64) -> u64 {
    let file = sq & 7;
    A_FILE[sq >> 3][file_index((occupied >> file) & A_FILE_MASK)] << file
}

#[inline]
pub(crate) fn rook(sq: usize, occupied: u64) -> u64 {
    along(sq, occupied, RANK) | along_file(sq, occupied)
}

#[inline]
pub(crate) fn bishop(sq: usize, occupied: u64) -> u64 {
    along(sq, occupied, DIAGONAL) | along(sq, occupied, ANTI_DIAGONAL)
}
