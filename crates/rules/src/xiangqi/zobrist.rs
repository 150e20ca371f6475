//! Xiangqi's own Zobrist keys: 14 pieces x 90 points and the side to move, generated at
//! compile time from a fixed seed (the same on every platform, native and wasm), separate
//! from the 8x8 games' keys.

use super::board::Piece;
use super::square::Square;

const KEY_COUNT: usize = 14 * Square::COUNT + 1;

const KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state: u64 = 0x5849_414e_4751_1956; // "XIANGQI" and the rules' year
    let mut i = 0;
    while i < KEY_COUNT {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS[piece.index() * Square::COUNT + sq.index()]
}

/// Mixed in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[14 * Square::COUNT]
}
