//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same
//! on every platform and in every build (the native and the wasm engine agree).

use crate::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 12 x 64 piece keys, then side to move, 4 castling rights, 8 en-passant files.
const KEY_COUNT: usize = 12 * 64 + 1 + 4 + 8;

const KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state = 0x5348_4154_4152_2017; // "SHATAR" and the rules' year
    let mut i = 0;
    while i < KEY_COUNT {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS[piece.index() * 64 + sq.index()]
}

/// Mixed in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[12 * 64]
}

/// One key per castling right, in the order of [`crate::chess::CastlingRights`] bits.
#[inline]
pub fn castling_right(bit: usize) -> u64 {
    KEYS[12 * 64 + 1 + bit]
}

#[inline]
pub fn en_passant_file(file: usize) -> u64 {
    KEYS[12 * 64 + 5 + file]
}
