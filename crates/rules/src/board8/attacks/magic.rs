//! Fixed-shift "fancy" magic bitboards: the blockers on a slider's rays, times a
//! per-square magic number, shifted, index a table of precomputed attack sets. The magic
//! numbers come from `examples/find_magics.rs`; building the tables asserts that they are
//! collision-free, so a wrong number is a compile error, not a wrong move.

#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use super::magic_numbers::{BISHOP_MAGICS, ROOK_MAGICS};
use super::{BISHOP_DIRS, ROOK_DIRS, relevant_mask, slide};

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Rook tables hold 2^12 entries for corners down to 2^10 in the middle: 102,400 in all.
const ROOK_TABLE_SIZE: usize = 102_400;
/// Bishop tables: 5,248 entries in all.
const BISHOP_TABLE_SIZE: usize = 5_248;

struct SliderTables<const N: usize> {
    magics: [Magic; 64],
    attacks: [u64; N],
}

const fn build<const N: usize>(dirs: &[(i32, i32); 4], numbers: &[u64; 64]) -> SliderTables<N> {
    let mut magics = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut attacks = [0u64; N];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as i32, dirs);
        let bits = mask.count_ones();
        let m = Magic {
            mask,
            magic: numbers[sq],
            shift: 64 - bits,
            offset,
        };
        // Carry-Rippler walk over every subset of the mask.
        let mut sub = 0u64;
        loop {
            let att = slide(sq as i32, sub, dirs);
            let i = offset + (sub.wrapping_mul(m.magic) >> m.shift) as usize;
            // Every attack set contains at least one square, so 0 means "unused".
            assert!(
                attacks[i] == 0 || attacks[i] == att,
                "magic number collides"
            );
            attacks[i] = att;
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        magics[sq] = m;
        offset += 1 << bits;
        sq += 1;
    }
    assert!(offset == N, "table size does not match the masks");
    SliderTables { magics, attacks }
}

static ROOK: SliderTables<ROOK_TABLE_SIZE> = build(&ROOK_DIRS, &ROOK_MAGICS);
static BISHOP: SliderTables<BISHOP_TABLE_SIZE> = build(&BISHOP_DIRS, &BISHOP_MAGICS);

#[inline]
pub(crate) fn rook(sq: usize, occupied: u64) -> u64 {
    let m = &ROOK.magics[sq];
    ROOK.attacks[m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}

#[inline]
pub(crate) fn bishop(sq: usize, occupied: u64) -> u64 {
    let m = &BISHOP.magics[sq];
    BISHOP.attacks[m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}
