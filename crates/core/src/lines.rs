//! Long-jump segments read from a table indexed by the occupancy of a line,
//! as chess engines find sliding moves (kindergarten bitboards): a piece's
//! moves need no per-position graph, and a flood fill asks only about the
//! squares it reaches. The same reads bring a jump graph up to date along
//! the lines through a changed square ([`Adjacency`]).
//!
//! Every square lies on four lines (its rank, file, diagonal and
//! anti-diagonal). A line's squares alternate between two parity classes
//! (words of the layout), and in each word they form a rank, file,
//! diagonal or anti-diagonal of its 8x8 grid, which one multiplication
//! gathers into a byte. The two bytes index the table built by `build.rs`,
//! which gives the landings of both directions along the line, in the
//! square's own class; they are spread back into its word the same way.
//!
//! Blocked squares are the pieces and the squares off the board. The table
//! may take a blocked square as the jumped piece, so the board must have no
//! hole inside a line: beyond an off-board square that ends a line there is
//! no landing. [`fits`] says whether a board is such a rectangle; the
//! generator keeps the per-position jump graph of `longjump` for any other
//! board.

use crate::layout::bit_of;
use crate::Bitboard;

/// `LANDINGS[p << 16 | index]`: the landings (bit `q / 2` for square `q`)
/// of the segments from square `p` of a line whose blocked squares are
/// `index` (square `q` at bit `q / 2 + 8 * (q % 2)`); see `build.rs`.
static LANDINGS: &[u8; 16 << 16] = include_bytes!(concat!(env!("OUT_DIR"), "/line_landings.bin"));

/// Adds the rows of an 8x8 word into its top byte: for a set with at most
/// one square per half file, the byte of its half files.
const GATHER_ROWS: u64 = 0x0101_0101_0101_0101;
/// Gathers half file 0 of an 8x8 word into its top byte, half rank `r` at bit `r`.
const GATHER_FILE: u64 = 0x0102_0408_1020_4080;
/// Half file 0 of an 8x8 word.
const FILE_0: u64 = 0x0101_0101_0101_0101;

/// The two diagonals through a square, read by half files. A diagonal's
/// squares alternate between the square's own class and the class with
/// both parities flipped; in each word they form a diagonal of its 8x8 grid.
#[derive(Clone, Copy)]
struct Diagonals {
    /// Per diagonal (rising, falling), its squares in the square's own class.
    own: [u64; 2],
    /// Per diagonal, its squares in the other class.
    other: [u64; 2],
}

/// The diagonals through each square, by layout bit.
static DIAGONALS: [Diagonals; 256] = build_diagonals();

/// Half rank `r` of the byte at bit `8 r`: the inverse of [`GATHER_FILE`].
static SPREAD_FILE: [u64; 256] = build_spread_file();

/// The landings of the long-jump segments from the square at layout bit
/// `bit`, as bits of its class's word, with `blocked` the pieces and the
/// off-board squares (the moving piece's origin not among them).
#[inline(always)]
pub(crate) fn landings(blocked: &[u64; 4], bit: u8) -> u64 {
    let file = crate::layout::file_of(bit) as usize & 15;
    let rank = crate::layout::rank_of(bit) as usize & 15;
    let class = (bit >> 6) as usize;
    let table = &LANDINGS[file << 16..(file + 1) << 16];
    // The rank and the diagonals, read by half files: the square is at
    // position `file`, and the landings are in its own class.
    // The rank is one byte of the words of the two file parities.
    let row = (bit & 0x38) as u32;
    let even_class = class & 2;
    let even = (blocked[even_class] >> row) & 0xff;
    let odd = (blocked[even_class | 1] >> row) & 0xff;
    let mut out = (table[(even | odd << 8) as usize] as u64) << row;
    // The diagonals: the own class's squares are the even or the odd
    // positions as the square's file is.
    let lines = &DIAGONALS[bit as usize];
    let (own, other) = (blocked[class], blocked[class ^ 3]);
    let own_shift = 8 * (file as u32 & 1);
    for d in 0..2 {
        let own_byte = (own & lines.own[d]).wrapping_mul(GATHER_ROWS) >> 56;
        let other_byte = (other & lines.other[d]).wrapping_mul(GATHER_ROWS) >> 56;
        let index = (own_byte << own_shift | other_byte << (8 - own_shift)) as usize;
        let landed = table[index & 0xffff] as u64;
        out |= landed.wrapping_mul(GATHER_ROWS) & lines.own[d];
    }
    // The file, read by half ranks: its squares are one half file of the
    // words of the two rank parities.
    let half_file = (bit & 7) as u32;
    let class_x = class & 1;
    let even = ((blocked[class_x] >> half_file) & FILE_0).wrapping_mul(GATHER_FILE) >> 56;
    let odd = ((blocked[class_x | 2] >> half_file) & FILE_0).wrapping_mul(GATHER_FILE) >> 56;
    let landed = LANDINGS[rank << 16 | (even | odd << 8) as usize];
    out | SPREAD_FILE[landed as usize] << half_file
}

/// One line of the board (a rank, file, diagonal or anti-diagonal) as seen
/// from one class word: its squares there, and the blocked squares of the
/// whole line gathered into the table's index, so that the landings along
/// it of any of those squares cost one table read.
#[derive(Clone, Copy)]
pub(crate) struct Line {
    /// The line's squares in the class word.
    pub(crate) squares: u64,
    class: usize,
    /// The table's index: the line's blocked squares by parity.
    index: usize,
    /// A file (its squares are read by half ranks), not a rank or diagonal
    /// (read by half files).
    by_ranks: bool,
    /// The half file of a file's squares.
    half_file: u32,
}

impl Line {
    /// A line with no squares, to pad a list of lines.
    pub(crate) const NONE: Line = Line {
        squares: 0,
        class: 0,
        index: 0,
        by_ranks: false,
        half_file: 0,
    };

    /// The class word of [`squares`](Self::squares).
    #[inline(always)]
    pub(crate) fn class(&self) -> usize {
        self.class & 3
    }

    /// This line with the square at layout bit `square` (one of its
    /// squares, in any class word) blocked if it was empty, empty if it
    /// was blocked.
    #[inline(always)]
    pub(crate) fn toggled(&self, square: u8) -> Line {
        Line {
            index: self.index ^ self.index_bit(square),
            ..*self
        }
    }

    /// This line with the square at layout bit `square` (one of its
    /// squares, in any class word) taken as empty.
    #[inline(always)]
    pub(crate) fn without(&self, square: u8) -> Line {
        Line {
            index: self.index & !self.index_bit(square),
            ..*self
        }
    }

    /// The bit of the table's index that holds the square at layout bit
    /// `square`, one of the line's squares.
    #[inline(always)]
    fn index_bit(&self, square: u8) -> usize {
        // The index holds the square at position q of the line (its file,
        // or its rank on a file) at bit q / 2 + 8 (q % 2).
        let q = if self.by_ranks {
            crate::layout::rank_of(square)
        } else {
            crate::layout::file_of(square)
        } as usize;
        1 << ((q >> 1) + 8 * (q & 1))
    }

    /// The landings along this line of the segments from the square at
    /// `bit` of the class word, one of the line's squares.
    #[inline(always)]
    pub(crate) fn landings(&self, bit: u32) -> u64 {
        if self.by_ranks {
            self.landings_read::<true>(bit)
        } else {
            self.landings_read::<false>(bit)
        }
    }

    /// [`landings`](Self::landings) for a line that is a file (`BY_RANKS`)
    /// or not, so that a loop over one line's squares tests it once.
    #[inline(always)]
    fn landings_read<const BY_RANKS: bool>(&self, bit: u32) -> u64 {
        if BY_RANKS {
            let rank = ((bit >> 3) << 1) as usize | (self.class >> 1);
            let landed = LANDINGS[(rank & 15) << 16 | (self.index & 0xffff)];
            SPREAD_FILE[landed as usize] << self.half_file
        } else {
            // A landing's half file, in every row, cut to the line.
            let file = ((bit & 7) << 1) as usize | (self.class & 1);
            let landed = LANDINGS[(file & 15) << 16 | (self.index & 0xffff)] as u64;
            landed.wrapping_mul(GATHER_ROWS) & self.squares
        }
    }
}

/// The four lines through the square at layout bit `through` with
/// `blocked` the pieces and the squares off the board (see [`landings`]),
/// each in the two class words it crosses: the square's own class first.
#[inline(always)]
pub(crate) fn lines_through(blocked: &[u64; 4], through: u8) -> [[Line; 2]; 4] {
    let class = (through >> 6) as usize;
    let half_file = through as u32 & 7;
    // The rank: one byte of each of the two words of its rank parity.
    let row = through as u32 & 0x38;
    let rank_class = class & 2;
    let index =
        ((blocked[rank_class] >> row) & 0xff) | ((blocked[rank_class | 1] >> row) & 0xff) << 8;
    let by_files = |class: usize, squares: u64, index: u64| Line {
        squares,
        class,
        index: index as usize,
        by_ranks: false,
        half_file,
    };
    let rank = [class, class ^ 1].map(|class| by_files(class, 0xff << row, index));
    // The file: one half file of each of the two words of its file parity.
    let file_class = class & 1;
    let even = ((blocked[file_class] >> half_file) & FILE_0).wrapping_mul(GATHER_FILE) >> 56;
    let odd = ((blocked[file_class | 2] >> half_file) & FILE_0).wrapping_mul(GATHER_FILE) >> 56;
    let file = [class, class ^ 2].map(|class| Line {
        squares: FILE_0 << half_file,
        class,
        index: (even | odd << 8) as usize,
        by_ranks: true,
        half_file,
    });
    // The diagonals, read by half files as in `landings`: their squares
    // alternate between the square's own class and the class with both
    // parities flipped.
    let lines = &DIAGONALS[through as usize];
    let own_shift = 8 * (class as u32 & 1);
    let diagonal = |d: usize| {
        let (own, other) = (lines.own[d], lines.other[d]);
        let own_byte = (blocked[class] & own).wrapping_mul(GATHER_ROWS) >> 56;
        let other_byte = (blocked[class ^ 3] & other).wrapping_mul(GATHER_ROWS) >> 56;
        let index = (own_byte << own_shift | other_byte << (8 - own_shift)) & 0xffff;
        [
            by_files(class, own, index),
            by_files(class ^ 3, other, index),
        ]
    };
    [rank, file, diagonal(0), diagonal(1)]
}

/// The jump graph as adjacency sets, one `u64` of landings (bits of its
/// class's word) per square of each class, with the squares that may be the
/// source of a segment.
pub(crate) struct Adjacency<'a> {
    /// `sets[class][bit]`: the landings of the square's segments.
    pub(crate) sets: &'a mut [[u64; 64]; 4],
    /// Per class, a superset of the squares whose set is not empty.
    pub(crate) any_source: &'a mut [u64; 4],
}

impl Adjacency<'_> {
    /// Makes the landings of every square of `wanted` (squares of the
    /// board) on the four lines through the square at layout bit `changed`,
    /// along those lines, those of `blocked` (the pieces and the squares off
    /// the board), on a board that is a rectangle from a1 ([`fits`]).
    ///
    /// A segment reads only its own line, so when the occupancy changes on
    /// one square, these are the only landings that may change: an
    /// adjacency built for the old occupancy is made that of the new one
    /// (as `longjump`'s set-wise construction would build it) at the price
    /// of one gathered index per line and one table read per square. Every
    /// square read again joins `any_source`, whether it has a landing or
    /// not (a superset costs a count less than a test per square).
    #[inline(always)]
    pub(crate) fn update_lines_through(
        &mut self,
        blocked: &[u64; 4],
        wanted: &Bitboard,
        changed: u8,
    ) {
        let [rank, file, diagonal, anti_diagonal] = lines_through(blocked, changed);
        // Written out: each call then has its line's fields as constants.
        let [rank_own, rank_other] = &rank;
        let [file_own, file_other] = &file;
        let [diagonal_own, diagonal_other] = &diagonal;
        let [anti_own, anti_other] = &anti_diagonal;
        self.update_line::<false>(rank_own, wanted);
        self.update_line::<false>(rank_other, wanted);
        self.update_line::<true>(file_own, wanted);
        self.update_line::<true>(file_other, wanted);
        self.update_line::<false>(diagonal_own, wanted);
        self.update_line::<false>(diagonal_other, wanted);
        self.update_line::<false>(anti_own, wanted);
        self.update_line::<false>(anti_other, wanted);
    }

    /// The part of [`update_lines_through`](Self::update_lines_through)
    /// for one line in one class word, a file exactly when `BY_RANKS`.
    #[inline(always)]
    fn update_line<const BY_RANKS: bool>(&mut self, line: &Line, wanted: &Bitboard) {
        let class = line.class & 3;
        let sets = &mut self.sets[class];
        let mut squares = line.squares & wanted.0[class];
        // Cheaper than testing each square's landings.
        self.any_source[class] |= squares;
        while squares != 0 {
            let bit = squares.trailing_zeros();
            squares &= squares - 1;
            let set = &mut sets[bit as usize & 63];
            *set = (*set & !line.squares) | line.landings_read::<BY_RANKS>(bit);
        }
    }
}

/// Whether `board` is a rectangle from the a1 corner: then no line has a
/// hole inside, and [`landings`] is exact.
#[inline]
pub(crate) fn fits(board: Bitboard) -> bool {
    let (width, height) = board.extent();
    board == RECTANGLES[width as usize][height as usize]
}

/// `RECTANGLES[w][h]`: [`Bitboard::rectangle`] for every size.
static RECTANGLES: [[Bitboard; 17]; 17] = {
    let mut all = [[Bitboard::EMPTY; 17]; 17];
    let mut width = 0;
    while width <= 16 {
        let mut height = 0;
        while height <= 16 {
            all[width][height] = Bitboard::rectangle(width as u8, height as u8);
            height += 1;
        }
        width += 1;
    }
    all
};

/// The diagonals through every square (see [`Diagonals`]).
const fn build_diagonals() -> [Diagonals; 256] {
    let mut all = [Diagonals {
        own: [0; 2],
        other: [0; 2],
    }; 256];
    let mut bit = 0;
    while bit < 256 {
        let file = crate::layout::file_of(bit as u8) as i32;
        let rank = crate::layout::rank_of(bit as u8) as i32;
        let slopes = [1, -1];
        let mut d = 0;
        while d < 2 {
            let mut x = 0;
            while x < 16 {
                let y = rank + (x - file) * slopes[d];
                // The files where the diagonal leaves the grid read as empty
                // squares: they lie beyond its ends, so a landing there
                // is dropped by the own class's mask.
                if y >= 0 && y <= 15 {
                    let square = bit_of(x as u8, y as u8);
                    let mask = 1u64 << (square & 63);
                    if (square >> 6) as usize == bit >> 6 {
                        all[bit].own[d] |= mask;
                    } else {
                        all[bit].other[d] |= mask;
                    }
                }
                x += 1;
            }
            d += 1;
        }
        bit += 1;
    }
    all
}

const fn build_spread_file() -> [u64; 256] {
    let mut spread = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut r = 0;
        while r < 8 {
            if byte >> r & 1 != 0 {
                spread[byte] |= 1 << (8 * r);
            }
            r += 1;
        }
        byte += 1;
    }
    spread
}

#[cfg(test)]
mod tests {
    use super::*;
    // The segments walked square by square, as RULES.md section 4 defines them.
    use crate::longjump::tests::walked_landings;
    use crate::movegen::{class_of, in_class};
    use crate::Square;
    use proptest::prelude::*;

    proptest! {
        /// On rectangles of every size, sparse and crowded, the table's
        /// landings of every square are the segments walked square by
        /// square.
        #[test]
        fn landings_are_the_walked_segments(
            width in 1u8..=16,
            height in 1u8..=16,
            words: [u64; 4],
            thin in 0usize..3,
            mask: [u64; 4],
        ) {
            let board = Bitboard::rectangle(width, height);
            let mut occupied = Bitboard(words);
            for _ in 0..thin {
                occupied &= Bitboard(mask);
            }
            let occupied = occupied & board;
            let blocked = (occupied | !board).0;
            for from in board {
                prop_assert_eq!(
                    in_class(class_of(from), landings(&blocked, from.bit())),
                    walked_landings(board, occupied, from),
                    "from {}", from
                );
            }
        }

        /// `fits` holds for rectangles from a1 and for no other board.
        #[test]
        fn fits_only_rectangles_from_the_corner(width in 0u8..=16, height in 0u8..=16, square: u8) {
            let board = Bitboard::rectangle(width, height);
            prop_assert!(fits(board));
            let square = Square::from_bit(square);
            let mut other = board;
            other.0[(square.bit() >> 6) as usize] ^= 1 << (square.bit() & 63);
            prop_assert_eq!(
                fits(other),
                (0..=16).any(|w| (0..=16).any(|h| Bitboard::rectangle(w, h) == other))
            );
        }
    }
}
