//! A set of squares as a 256-bit bitboard.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::layout;
use crate::{Direction, Square};

/// A set of squares of the 16x16 grid, one bit per square, as four `u64` words.
///
/// The order of the bits is the parity-class layout described in the
/// `layout` module; only [`Square`] and the methods here depend on it.
/// Set operations are operators (`|`, `&`, `^`, `!`, `-` for difference).
///
/// Iteration order: iterating a bitboard ([`IntoIterator`], [`first`](Bitboard::first))
/// goes in bit order, which is deterministic (the same set always gives the
/// same order, on every platform) but is **not** row-major square order: the
/// squares come parity class by parity class. Iteration is kept in bit order
/// because it is the cheapest (one `trailing_zeros` per square) and move
/// generation iterates in its hot loop; [`squares_sorted`](Bitboard::squares_sorted)
/// gives row-major order ([`Square`]'s `Ord`) when an order matters to a person.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) [u64; 4]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// All 256 squares of the 16x16 grid.
    pub const FULL: Bitboard = Bitboard([!0; 4]);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        let bit = square.bit();
        let mut words = [0u64; 4];
        words[(bit >> 6) as usize] = 1 << (bit & 63);
        Bitboard(words)
    }

    /// The squares with `file < width` and `rank < height`: the playable area of a board.
    pub const fn rectangle(width: u8, height: u8) -> Bitboard {
        let mut words = [0u64; 4];
        let mut rank = 0;
        while rank < height && rank < 16 {
            let mut file = 0;
            while file < width && file < 16 {
                let bit = layout::bit_of(file, rank);
                words[(bit >> 6) as usize] |= 1 << (bit & 63);
                file += 1;
            }
            rank += 1;
        }
        Bitboard(words)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether the set holds `square`.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        let bit = square.bit();
        self.0[(bit >> 6) as usize] >> (bit & 63) & 1 != 0
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    pub fn is_subset(self, other: Bitboard) -> bool {
        (self - other).is_empty()
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        let bit = square.bit();
        self.0[(bit >> 6) as usize] |= 1 << (bit & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        let bit = square.bit();
        self.0[(bit >> 6) as usize] &= !(1 << (bit & 63));
    }

    /// Adds or removes a square.
    #[inline]
    pub fn toggle(&mut self, square: Square) {
        // One word, not four: make and unmake toggle squares at every node.
        let bit = square.bit();
        self.0[(bit >> 6) as usize] ^= 1 << (bit & 63);
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Some square of the set (the first in bit order, which is not row-major), or `None`.
    #[inline]
    pub fn first(self) -> Option<Square> {
        let mut word = 0;
        while word < 4 {
            if self.0[word] != 0 {
                return Some(Square::from_bit(
                    (word as u32 * 64 + self.0[word].trailing_zeros()) as u8,
                ));
            }
            word += 1;
        }
        None
    }

    /// Moves every square one square in `direction`; squares that would leave
    /// the 16x16 grid are dropped (never wrapped to the other edge).
    #[inline]
    pub const fn shift(self, direction: Direction) -> Bitboard {
        Bitboard(layout::step_words(self.0, direction))
    }

    /// The squares one step away from `square`, in any direction: a table
    /// lookup, for the per-piece generation that asks it for every piece.
    #[inline]
    pub(crate) fn neighbours_of(square: Square) -> Bitboard {
        NEIGHBOURS[square.bit() as usize]
    }

    /// The squares one step away from any square of the set, in any direction.
    #[inline]
    pub fn neighbours(self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for direction in Direction::ALL {
            out |= self.shift(direction);
        }
        out
    }

    /// The squares of `self` as a fixed-size `[bool; 256]`, indexed by [`Square::index`].
    pub fn to_bools(self) -> [bool; 256] {
        let mut out = [false; 256];
        for square in self {
            out[square.index()] = true;
        }
        out
    }

    /// The set of squares whose [`Square::index`] is `true` in `bools`.
    pub fn from_bools(bools: &[bool; 256]) -> Bitboard {
        Square::all().filter(|s| bools[s.index()]).collect()
    }

    /// The squares in row-major order (slower than iterating the set, which goes in bit order).
    pub fn squares_sorted(self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.into_iter().collect();
        squares.sort_unstable();
        squares
    }

    /// One more than the largest file and one more than the largest rank
    /// of the set (`(0, 0)` when empty): the smallest rectangle from a1
    /// that holds it.
    #[inline]
    pub(crate) fn extent(self) -> (u8, u8) {
        let (mut width, mut height) = (0, 0);
        for class in 0..4 {
            let word = self.0[class];
            if word != 0 {
                let rank = (63 - word.leading_zeros()) / 8 * 2 + (class as u32 >> 1);
                let mut columns = word | word >> 32;
                columns |= columns >> 16;
                columns |= columns >> 8;
                let file = (7 - (columns as u8).leading_zeros()) * 2 + (class as u32 & 1);
                width = width.max(file + 1);
                height = height.max(rank + 1);
            }
        }
        (width as u8, height as u8)
    }

    /// The raw word of one parity class, for the flood fills in this crate.
    #[inline(always)]
    pub(crate) const fn word(self, class: usize) -> u64 {
        self.0[class]
    }
}

/// [`Bitboard::neighbours_of`] for every square, by layout bit (8 KiB).
static NEIGHBOURS: [Bitboard; 256] = {
    let mut table = [Bitboard::EMPTY; 256];
    let mut bit = 0;
    while bit < 256 {
        let square = Bitboard::from_square(Square::from_bit(bit as u8));
        let mut out = [0u64; 4];
        let mut d = 0;
        while d < 8 {
            let shifted = square.shift(Direction::ALL[d]);
            let mut word = 0;
            while word < 4 {
                out[word] |= shifted.0[word];
                word += 1;
            }
            d += 1;
        }
        table[bit] = Bitboard(out);
        bit += 1;
    }
    table
};

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard([
                    self.0[0] $op rhs.0[0],
                    self.0[1] $op rhs.0[1],
                    self.0[2] $op rhs.0[2],
                    self.0[3] $op rhs.0[3],
                ])
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = *self $op rhs;
            }
        }
    };
}

binary_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` that are not in `rhs`.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        self & !rhs
    }
}

impl SubAssign for Bitboard {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = *self - rhs;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 16x16 grid.
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

/// The squares of a [`Bitboard`], in bit order (not row-major).
#[derive(Clone, Debug)]
pub struct Squares {
    words: [u64; 4],
    word: usize,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square::from_bit(
                    (self.word as u32 * 64 + w.trailing_zeros()) as u8,
                ));
            }
            self.word += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = Bitboard(self.words).count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        Squares {
            words: self.0,
            word: 0,
        }
    }
}

impl fmt::Debug for Bitboard {
    /// A 16x16 grid, north at the top, `x` for a member and `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(")?;
        for rank in (0..16).rev() {
            write!(f, "  {:>2} ", rank + 1)?;
            for file in 0..16 {
                let square = Square::new(file, rank).expect("on the grid");
                f.write_str(if self.contains(square) { " x" } else { " ." })?;
            }
            writeln!(f)?;
        }
        writeln!(f, "      a b c d e f g h i j k l m n o p")?;
        write!(f, ")")
    }
}

#[cfg(feature = "bitvec")]
mod bitvec_conversions {
    //! Conversions to and from bitvec's `BitArray`, indexed by [`Square::index`].
    //! For interoperability only: bitvec is far slower on shifts and masks.
    use super::*;
    use bitvec::array::BitArray;
    use bitvec::order::Lsb0;

    /// A 256-bit bitvec array, bit `i` being the square with row-major index `i`.
    pub type BitvecBoard = BitArray<[u64; 4], Lsb0>;

    impl From<Bitboard> for BitvecBoard {
        fn from(board: Bitboard) -> BitvecBoard {
            let mut out = BitvecBoard::ZERO;
            for square in board {
                out.set(square.index(), true);
            }
            out
        }
    }

    impl From<BitvecBoard> for Bitboard {
        fn from(bits: BitvecBoard) -> Bitboard {
            bits.iter_ones().filter_map(Square::from_index).collect()
        }
    }
}

#[cfg(feature = "bitvec")]
pub use bitvec_conversions::BitvecBoard;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neighbour_table_holds_each_squares_neighbours() {
        for square in Square::all() {
            let shifted = Bitboard::from_square(square).neighbours();
            assert_eq!(Bitboard::neighbours_of(square), shifted, "{square}");
            assert!(!shifted.is_empty());
        }
    }

    #[test]
    fn rectangle_counts_its_squares() {
        assert_eq!(Bitboard::rectangle(16, 16), Bitboard::FULL);
        assert_eq!(Bitboard::rectangle(8, 8).count(), 64);
        assert_eq!(Bitboard::rectangle(10, 3).count(), 30);
        assert!(Bitboard::rectangle(0, 5).is_empty());
    }

    #[test]
    fn shifts_never_wrap() {
        let p1: Square = "p1".parse().unwrap();
        assert!(Bitboard::from(p1).shift(Direction::E).is_empty());
        assert!(Bitboard::from(p1).shift(Direction::SE).is_empty());
        assert_eq!(
            Bitboard::from(p1).shift(Direction::NW),
            Bitboard::from("o2".parse::<Square>().unwrap())
        );
        let a16: Square = "a16".parse().unwrap();
        assert!(Bitboard::from(a16).shift(Direction::W).is_empty());
        assert!(Bitboard::from(a16).shift(Direction::N).is_empty());
        assert_eq!(Bitboard::FULL.shift(Direction::E).count(), 240);
        assert_eq!(Bitboard::FULL.shift(Direction::NE).count(), 225);
    }

    #[test]
    fn iterator_is_exact_and_visits_every_member() {
        let set: Bitboard = ["a1", "p16", "e5", "f5"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let mut iter = set.into_iter();
        assert_eq!(iter.len(), 4);
        iter.next();
        assert_eq!(iter.len(), 3);
        assert_eq!(
            set.squares_sorted()
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            ["a1", "e5", "f5", "p16"]
        );
    }

    #[test]
    fn debug_draws_a_grid() {
        let text = format!("{:?}", Bitboard::from("a1".parse::<Square>().unwrap()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19);
        assert_eq!(lines[16], "   1  x . . . . . . . . . . . . . . .");
    }
}
