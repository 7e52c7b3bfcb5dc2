//! Squares of the 16x16 grid and the eight directions.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::layout;
use crate::quote;

/// One of the 256 squares of the 16x16 grid that every board lives in.
///
/// `a1` is the south-west corner, `p16` the north-east corner. The value held
/// is the square's bit in the [`Bitboard`](crate::Bitboard) layout, which is an
/// implementation detail: use [`Square::new`], [`Square::file`],
/// [`Square::rank`] and [`Square::index`] (row-major, stable) instead.
///
/// Squares order by rank, then file (`a1 < b1 < ... < p1 < a2`), which is the
/// row-major [`index`](Square::index) order, whatever the bit layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = row 1); `None` outside the 16x16 grid.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 16 && rank < 16 {
            Some(Square(layout::bit_of(file, rank)))
        } else {
            None
        }
    }

    /// The square with row-major index `rank * 16 + file`; `None` when `index >= 256`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 256 {
            Square::new((index % 16) as u8, (index / 16) as u8)
        } else {
            None
        }
    }

    /// The square whose bit in the bitboard layout is `bit`.
    #[inline]
    pub(crate) const fn from_bit(bit: u8) -> Square {
        Square(bit)
    }

    /// This square's bit in the bitboard layout.
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        self.0
    }

    /// Column, 0-based (0 = `a`).
    #[inline]
    pub const fn file(self) -> u8 {
        layout::file_of(self.0)
    }

    /// Row, 0-based (0 = row `1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        layout::rank_of(self.0)
    }

    /// Row-major index `rank * 16 + file`, stable across releases (used by the C ABI).
    #[inline]
    pub const fn index(self) -> usize {
        self.rank() as usize * 16 + self.file() as usize
    }

    /// The neighbouring square `distance` squares away in `direction`, if it is on the 16x16 grid.
    #[inline]
    pub const fn offset(self, direction: Direction, distance: u8) -> Option<Square> {
        let (dx, dy) = direction.delta();
        let file = self.file() as i16 + dx as i16 * distance as i16;
        let rank = self.rank() as i16 + dy as i16 * distance as i16;
        if file < 0 || rank < 0 || file > 15 || rank > 15 {
            None
        } else {
            Square::new(file as u8, rank as u8)
        }
    }

    /// Every square of the 16x16 grid, in row-major order.
    pub fn all() -> impl ExactSizeIterator<Item = Square> {
        (0..256).map(|i| Square::from_index(i).expect("index below 256"))
    }
}

impl Ord for Square {
    fn cmp(&self, other: &Square) -> Ordering {
        self.index().cmp(&other.index())
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Square) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The name is empty.
    #[error("empty square name")]
    Empty,
    /// The first character is not a column letter `a`..`p`.
    #[error(
        "`{}` is not a square: a square is a column letter a-p followed by a row number 1-16",
        quote(.0)
    )]
    BadFile(String),
    /// The column letter is not followed by a row number 1..16 without leading zero.
    #[error("`{}` is not a square: the row must be a number from 1 to 16", quote(.0))]
    BadRank(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        let (&first, digits) = bytes.split_first().ok_or(ParseSquareError::Empty)?;
        if !(b'a'..=b'p').contains(&first) {
            return Err(ParseSquareError::BadFile(s.to_owned()));
        }
        let rank_ok = !digits.is_empty()
            && digits.len() <= 2
            && digits[0] != b'0'
            && digits.iter().all(u8::is_ascii_digit);
        if !rank_ok {
            return Err(ParseSquareError::BadRank(s.to_owned()));
        }
        let rank: u8 = digits.iter().fold(0, |acc, d| acc * 10 + (d - b'0'));
        if rank > 16 {
            return Err(ParseSquareError::BadRank(s.to_owned()));
        }
        Ok(Square::new(first - b'a', rank - 1).expect("file and rank checked"))
    }
}

/// One of the eight compass directions, in the order notation compares them
/// (`N < NE < E < SE < S < SW < W < NW`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Towards higher ranks.
    N = 0,
    /// Towards higher files and ranks.
    NE,
    /// Towards higher files.
    E,
    /// Towards higher files, lower ranks.
    SE,
    /// Towards lower ranks.
    S,
    /// Towards lower files and ranks.
    SW,
    /// Towards lower files.
    W,
    /// Towards lower files, higher ranks.
    NW,
}

impl Direction {
    /// All eight directions, in notation order.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The (file, rank) change of one step.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// The direction of a straight line from `from` to `to` and its length in squares,
    /// or `None` when the squares are equal or not on one line.
    pub fn between(from: Square, to: Square) -> Option<(Direction, u8)> {
        let dx = to.file() as i16 - from.file() as i16;
        let dy = to.rank() as i16 - from.rank() as i16;
        if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        let unit = (dx.signum() as i8, dy.signum() as i8);
        let direction = Direction::ALL.into_iter().find(|d| d.delta() == unit)?;
        Some((direction, dx.abs().max(dy.abs()) as u8))
    }
}

/// A set of [`Direction`]s (forced-exit's forward directions): one bit per
/// direction, as small and as fast to test as the bitmask it wraps.
///
/// ```
/// use halma_core::{Direction, DirectionSet};
///
/// let forward = DirectionSet::of(&[Direction::SE, Direction::E, Direction::S]);
/// assert!(forward.contains(Direction::E) && !forward.contains(Direction::N));
/// assert_eq!(forward.iter().collect::<Vec<_>>(), [Direction::E, Direction::SE, Direction::S]);
/// assert_eq!(format!("{forward:?}"), "{E, SE, S}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DirectionSet(u8);

impl DirectionSet {
    /// No direction.
    pub const EMPTY: DirectionSet = DirectionSet(0);

    /// The set of `directions`.
    pub const fn of(directions: &[Direction]) -> DirectionSet {
        let mut bits = 0;
        let mut i = 0;
        while i < directions.len() {
            bits |= 1 << directions[i] as u8;
            i += 1;
        }
        DirectionSet(bits)
    }

    /// Whether `direction` is in the set.
    #[inline]
    pub const fn contains(self, direction: Direction) -> bool {
        self.0 & (1 << direction as u8) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `direction` added.
    #[inline]
    pub const fn with(self, direction: Direction) -> DirectionSet {
        DirectionSet(self.0 | 1 << direction as u8)
    }

    /// The directions of the set, in [`Direction::ALL`] order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        Direction::ALL
            .into_iter()
            .filter(move |&direction| self.contains(direction))
    }
}

impl FromIterator<Direction> for DirectionSet {
    fn from_iter<I: IntoIterator<Item = Direction>>(directions: I) -> DirectionSet {
        directions
            .into_iter()
            .fold(DirectionSet::EMPTY, DirectionSet::with)
    }
}

impl fmt::Debug for DirectionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_square() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_index(sq.index()), Some(sq));
        }
        assert_eq!(
            Square::all()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            256
        );
    }

    #[test]
    fn corners_are_named_as_the_rule_book_says() {
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(15, 15).unwrap().to_string(), "p16");
        assert_eq!(Square::new(4, 11).unwrap().to_string(), "e12");
    }

    #[test]
    fn bad_names_are_rejected_with_the_reason() {
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert_eq!(
            "q1".parse::<Square>(),
            Err(ParseSquareError::BadFile("q1".into()))
        );
        assert_eq!(
            "A1".parse::<Square>(),
            Err(ParseSquareError::BadFile("A1".into()))
        );
        for bad in ["a", "a0", "a17", "a01", "a1x", "a123"] {
            assert_eq!(
                bad.parse::<Square>(),
                Err(ParseSquareError::BadRank(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(
            "q1".parse::<Square>().unwrap_err().to_string(),
            "`q1` is not a square: a square is a column letter a-p followed by a row number 1-16"
        );
    }

    #[test]
    fn order_is_row_major() {
        let a2: Square = "a2".parse().unwrap();
        let p1: Square = "p1".parse().unwrap();
        assert!(p1 < a2);
    }

    #[test]
    fn between_finds_lines() {
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(
            Direction::between(c3, "e5".parse().unwrap()),
            Some((Direction::NE, 2))
        );
        assert_eq!(
            Direction::between(c3, "c1".parse().unwrap()),
            Some((Direction::S, 2))
        );
        assert_eq!(Direction::between(c3, "d5".parse().unwrap()), None);
        assert_eq!(Direction::between(c3, c3), None);
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (x, y) = d.delta();
            assert_eq!(d.opposite().delta(), (-x, -y));
        }
    }
}
