//! Long jumps from per-position source tables, so that a long-jump flood
//! fill is as cheap per round as a plain one.
//!
//! For each direction `d` and half length `j` (the jumped piece `j` squares
//! away, the landing `2j` away), `sources[class][d][j - 1]` holds the squares
//! of a class from which that segment is legal on the current occupancy: the
//! `j - 1` squares before the jumped piece empty, the piece, then `j` empty
//! squares on the board, the last one the landing. A round of the flood fill
//! is then one shift per non-empty table entry, within one `u64`.
//!
//! The tables see the moving piece's origin as occupied, but while the piece
//! moves its origin counts as empty. Only segments whose line passes through
//! the origin differ, so those few sources are handled square by square by
//! the caller (see [`crate::MoveGenerator`]).

use crate::{Bitboard, Direction, Square};

/// Longest half length of a segment on a 16-square line (`2j <= 15`).
pub(crate) const MAX_HALF: usize = 7;

/// Legal long-jump sources per class, direction and half length.
#[derive(Clone, Debug)]
pub(crate) struct LongJumpTable {
    sources: [[[u64; MAX_HALF]; 8]; 4],
    /// Bit `j - 1` of `present[class][d]` is set when `sources[class][d][j - 1]` is not empty.
    present: [[u8; 8]; 4],
}

impl LongJumpTable {
    /// The tables for a board of `board` squares with `occupied` occupied.
    pub(crate) fn new(board: Bitboard, occupied: Bitboard) -> LongJumpTable {
        let empty = board - occupied;
        let mut table = LongJumpTable {
            sources: [[[0; MAX_HALF]; 8]; 4],
            present: [[0; 8]; 4],
        };
        for direction in Direction::ALL {
            let back = direction.opposite();
            // ahead_empty[k]: squares whose k-th square ahead is empty (on the board).
            let mut ahead_empty = [Bitboard::EMPTY; 2 * MAX_HALF + 1];
            let mut shifted = empty;
            for slot in ahead_empty.iter_mut().skip(1) {
                shifted = shifted.shift(back);
                *slot = shifted;
            }
            let mut ahead_occupied = occupied;
            // clear_run: squares whose first j - 1 squares ahead are empty.
            let mut clear_run = board;
            for half in 1..=MAX_HALF {
                ahead_occupied = ahead_occupied.shift(back);
                let mut valid = clear_run & ahead_occupied;
                for ahead in ahead_empty.iter().take(2 * half + 1).skip(half + 1) {
                    valid &= *ahead;
                }
                for class in 0..4 {
                    let word = valid.word(class);
                    table.sources[class][direction as usize][half - 1] = word;
                    if word != 0 {
                        table.present[class][direction as usize] |= 1 << (half - 1);
                    }
                }
                clear_run &= ahead_empty[half];
                if clear_run.is_empty() {
                    break;
                }
            }
        }
        table
    }

    /// Landings of one segment in `direction` from the squares `from` of `class`.
    #[inline(always)]
    pub(crate) fn landings_in(&self, class: usize, from: u64, direction: Direction) -> u64 {
        let d = direction as usize;
        let mut present = self.present[class][d];
        let (dx, dy) = direction.delta();
        let step = dy as i32 * 8 + dx as i32;
        let mut out = 0;
        while present != 0 {
            let index = present.trailing_zeros() as usize;
            present &= present - 1;
            let sources = from & self.sources[class][d][index];
            if sources != 0 {
                // The table only holds sources whose landing is on the board,
                // so the shift cannot wrap across the 8x8 word's edge.
                let amount = step * (index as i32 + 1);
                out |= if amount > 0 {
                    sources << amount
                } else {
                    sources >> -amount
                };
            }
        }
        out
    }
}

/// The squares strictly beyond `square` in `direction`, to the grid's edge.
pub(crate) fn ray(square: Square, direction: Direction) -> Bitboard {
    RAYS[square.bit() as usize][direction as usize]
}

const fn build_rays() -> [[Bitboard; 8]; 256] {
    let mut rays = [[Bitboard::EMPTY; 8]; 256];
    let mut index = 0;
    while index < 256 {
        let square = match Square::from_index(index) {
            Some(square) => square,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 8 {
            let direction = Direction::ALL[d];
            let mut words = [0u64; 4];
            let mut distance = 1;
            while let Some(next) = square.offset(direction, distance) {
                let bit = next.bit();
                words[(bit >> 6) as usize] |= 1 << (bit & 63);
                distance += 1;
            }
            rays[square.bit() as usize][d] = Bitboard(words);
            d += 1;
        }
        index += 1;
    }
    rays
}

static RAYS: [[Bitboard; 8]; 256] = build_rays();
