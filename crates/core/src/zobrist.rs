//! Zobrist keys: one random 64-bit key per (seat, square) and per side to move.

use crate::{Seat, Square};

/// splitmix64: a fixed, well-mixed sequence, so hashes are the same in every build.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn generate() -> ([[u64; 256]; 4], [u64; 4]) {
    let mut pieces = [[0u64; 256]; 4];
    let mut side = [0u64; 4];
    let mut state = 0x4841_4C4D_415F_5A42; // "HALMA_ZB"
    let mut seat = 0;
    while seat < 4 {
        let mut bit = 0;
        while bit < 256 {
            let (next, key) = splitmix64(state);
            state = next;
            pieces[seat][bit] = key;
            bit += 1;
        }
        let (next, key) = splitmix64(state);
        state = next;
        side[seat] = key;
        seat += 1;
    }
    (pieces, side)
}

const KEYS: ([[u64; 256]; 4], [u64; 4]) = generate();

/// The key of a piece of `seat` on `square`.
#[inline(always)]
pub fn piece_key(seat: Seat, square: Square) -> u64 {
    KEYS.0[seat.index()][square.bit() as usize]
}

/// The key of `seat` being the side to move.
#[inline(always)]
pub fn side_key(seat: Seat) -> u64 {
    KEYS.1[seat.index()]
}
