//! The bit layout of the 256-bit board: four parity classes of 64 squares.
//!
//! Every jump segment, plain or long, moves a piece an even number of files
//! and ranks, so a piece never leaves its parity class (file mod 2, rank mod 2).
//! Square (file, rank) therefore lives in word `class = (file & 1) | (rank & 1) << 1`
//! at bit `(rank >> 1) * 8 + (file >> 1)`: each word is an 8x8 board of
//! "half coordinates", and a whole jump flood fill runs on one `u64` with
//! ordinary 8x8 shifts. A one-square step changes class; it is a word
//! permutation plus (for half the classes) an 8x8 shift.
//!
//! Nothing outside this module and [`crate::bitboard`] depends on the layout.

use crate::Direction;

/// The bit of (file, rank): class in bits 6-7, half rank in bits 3-5, half file in bits 0-2.
#[inline]
pub(crate) const fn bit_of(file: u8, rank: u8) -> u8 {
    ((file & 1) | ((rank & 1) << 1)) << 6 | (rank >> 1) << 3 | (file >> 1)
}

/// The file of a layout bit.
#[inline]
pub(crate) const fn file_of(bit: u8) -> u8 {
    ((bit & 7) << 1) | ((bit >> 6) & 1)
}

/// The rank of a layout bit.
#[inline]
pub(crate) const fn rank_of(bit: u8) -> u8 {
    (((bit >> 3) & 7) << 1) | ((bit >> 7) & 1)
}

/// Half files 1..7 of an 8x8 word (everything but the west column).
pub(crate) const NOT_WEST: u64 = !0x0101_0101_0101_0101;
/// Half files 0..6 of an 8x8 word (everything but the east column).
pub(crate) const NOT_EAST: u64 = !0x8080_8080_8080_8080;

/// Shifts an 8x8 word one half-square in direction (dx, dy), dropping what
/// leaves the 8x8 board instead of wrapping it to the next row.
#[inline(always)]
pub(crate) const fn shift_word(word: u64, dx: i8, dy: i8) -> u64 {
    let shifted = match dy {
        1 => word << 8,
        -1 => word >> 8,
        _ => word,
    };
    match dx {
        1 => (shifted << 1) & NOT_WEST,
        -1 => (shifted >> 1) & NOT_EAST,
        _ => shifted,
    }
}

/// Where a full-board step in one axis sends a parity: the new parity and the
/// half-coordinate carry (-1, 0 or 1).
#[inline(always)]
const fn axis_step(parity: u8, delta: i8) -> (u8, i8) {
    match (delta, parity) {
        (1, 0) => (1, 0),
        (1, _) => (0, 1),
        (-1, 0) => (1, -1),
        (-1, _) => (0, 0),
        _ => (parity, 0),
    }
}

/// Shifts all four words one full square by (DX, DY), never wrapping across
/// an edge of the 16x16 grid. Const parameters make every class's target and
/// carry a constant, so this compiles to four shift-and-mask operations.
#[inline(always)]
pub(crate) const fn step_words_by<const DX: i8, const DY: i8>(words: [u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut class = 0;
    while class < 4 {
        let (fp, cx) = axis_step(class as u8 & 1, DX);
        let (rp, cy) = axis_step(class as u8 >> 1, DY);
        out[(fp | rp << 1) as usize] = shift_word(words[class], cx, cy);
        class += 1;
    }
    out
}

/// Shifts all four words one full square in `direction`, never wrapping across
/// an edge of the 16x16 grid.
#[inline(always)]
pub(crate) const fn step_words(words: [u64; 4], direction: Direction) -> [u64; 4] {
    match direction {
        Direction::N => step_words_by::<0, 1>(words),
        Direction::NE => step_words_by::<1, 1>(words),
        Direction::E => step_words_by::<1, 0>(words),
        Direction::SE => step_words_by::<1, -1>(words),
        Direction::S => step_words_by::<0, -1>(words),
        Direction::SW => step_words_by::<-1, -1>(words),
        Direction::W => step_words_by::<-1, 0>(words),
        Direction::NW => step_words_by::<-1, 1>(words),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_layout_is_a_bijection() {
        let mut seen = [false; 256];
        for file in 0..16 {
            for rank in 0..16 {
                let bit = bit_of(file, rank);
                assert!(!seen[bit as usize]);
                seen[bit as usize] = true;
                assert_eq!((file_of(bit), rank_of(bit)), (file, rank));
            }
        }
    }
}
