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
    /// The half lengths that fit on the board: entries beyond are empty.
    halves: usize,
    /// Per class, the squares whose piece, as an origin, sees a different
    /// jump graph of its own class than the one in these tables (see
    /// [`LongJumpTable::crossing`]).
    crossing: [u64; 4],
    /// Per class, the squares that are the source of some segment.
    any_source: [u64; 4],
}

impl LongJumpTable {
    /// The tables for a board of `board` squares with `occupied` occupied.
    ///
    /// A segment read backwards is the segment of the opposite direction
    /// from its landing, so only N, NE, E and SE are built from shifted
    /// occupancies; each stretch found also gives S, SW, W or NW by one
    /// shift of its sources to the far end.
    ///
    /// Boxed here and filled in place: inline, the tables would make every
    /// generator 2 KiB larger to move, and a table built on the stack would
    /// be copied into its box. Out of line, to keep the plain generator's
    /// constructor small.
    #[inline(never)]
    pub(crate) fn new(board: Bitboard, occupied: Bitboard) -> Box<LongJumpTable> {
        let empty = board - occupied;
        // A segment of half length j spans 2j + 1 squares of a line.
        let halves = (span(board).saturating_sub(1) as usize / 2).min(MAX_HALF);
        let mut table = Box::new(LongJumpTable {
            sources: [[[0; MAX_HALF]; 8]; 4],
            halves,
            crossing: [0; 4],
            any_source: [0; 4],
        });
        // two_clear[d]: squares whose first two squares in d are empty.
        let mut two_clear = [Bitboard::EMPTY; 8];
        for direction in &Direction::ALL[4..] {
            let back = direction.opposite();
            let one = empty.shift(back);
            two_clear[*direction as usize] = one & one.shift(back);
        }
        // overlong[class][d]: squares from which a segment in d has two more
        // empty squares beyond its landing.
        let mut overlong = [[0u64; 8]; 4];
        let mut any_source = [0u64; 4];
        for direction in &Direction::ALL[..4] {
            let d = *direction as usize;
            let reverse = d + 4;
            let back = direction.opposite();
            let (dx, dy) = direction.delta();
            // ahead_empty[k]: squares whose k-th square ahead is empty (on the board).
            let mut ahead_empty = [Bitboard::EMPTY; 2 * MAX_HALF + 3];
            let mut shifted = empty;
            for slot in ahead_empty[1..2 * halves.max(1) + 3].iter_mut() {
                shifted = shifted.shift(back);
                *slot = shifted;
            }
            two_clear[d] = ahead_empty[1] & ahead_empty[2];
            let mut ahead_occupied = occupied;
            // clear_run: squares whose first j - 1 squares ahead are empty.
            let mut clear_run = board;
            for half in 1..=halves {
                ahead_occupied = ahead_occupied.shift(back);
                let mut stretch = clear_run & ahead_occupied;
                for ahead in &ahead_empty[half + 1..2 * half] {
                    stretch &= *ahead;
                }
                let forward = stretch & ahead_empty[2 * half];
                let forward_overlong =
                    forward & ahead_empty[2 * half + 1] & ahead_empty[2 * half + 2];
                let to_far_end = stretch & empty;
                let to_end = HalfShift::new(dx as i32 * half as i32, dy as i32 * half as i32);
                for class in 0..4 {
                    let word = forward.word(class);
                    // Read backwards from its far end (on the board), the
                    // stretch lands on its source, which must be empty.
                    let source = to_far_end.word(class);
                    let backward = to_end.apply(source) & board.word(class);
                    table.sources[class][d][half - 1] = word;
                    table.sources[class][reverse][half - 1] = backward;
                    any_source[class] |= word | backward;
                    overlong[class][d] |= forward_overlong.word(class);
                    let clear_behind = source & two_clear[reverse].word(class);
                    overlong[class][reverse] |= to_end.apply(clear_behind) & board.word(class);
                }
                clear_run &= ahead_empty[half];
                if clear_run.is_empty() {
                    break;
                }
            }
        }
        for class in 0..4 {
            let mut crossing = 0;
            for d in 0..8 {
                crossing |= two_clear[(d + 4) % 8].word(class)
                    & (two_clear[d].word(class) | overlong[class][d]);
            }
            table.crossing[class] = crossing;
            table.any_source[class] = any_source[class];
        }
        table
    }

    /// The squares of `class` whose piece, taken as the moving piece, sees a
    /// jump graph on its class other than the tables' graph `G` (all pieces
    /// in place) plus the segments from its own origin.
    ///
    /// While a piece on `O` moves, `O` is empty, so the segments that differ
    /// are those with `O` strictly inside, on one of its lines, endpoints on
    /// either side. Endpoints in `O`'s class are an even distance from `O`,
    /// and the shortest such segments exist whenever any does:
    /// - `O` jumped (only in `G`): from `O - (k+1)d` to `O + (k+1)d` with
    ///   `k + 1` even, which needs at least the two squares on either side
    ///   of `O` empty, and then `k = 1` is a segment;
    /// - `O` inside an empty stretch (only without `O`): from `O - s d` with
    ///   `s` even over the first piece beyond `O`, at `O + (b+1)d`, which
    ///   needs the two squares before `O` empty and `b + s + 1` empty squares
    ///   beyond the piece, and then `s = 2` is a segment: a segment from `O`
    ///   in `d` with two more empty squares beyond its landing.
    ///
    /// A piece elsewhere has as closure the union of the `G` components its
    /// first segments land in.
    #[inline(always)]
    pub(crate) fn crossing(&self, class: usize) -> u64 {
        self.crossing[class]
    }

    /// The squares of `class` that are the source of some segment: an empty
    /// square outside this set has no edge in the jump graph.
    #[inline(always)]
    pub(crate) fn any_source(&self, class: usize) -> u64 {
        self.any_source[class]
    }

    /// For each square of `class`, the landings of its segments in all
    /// directions: the jump graph `G` as adjacency sets, for searches that
    /// visit few squares but many times.
    pub(crate) fn adjacency(&self, class: usize) -> [u64; 64] {
        let mut adjacency = [0u64; 64];
        for direction in Direction::ALL {
            let d = direction as usize;
            let (dx, dy) = direction.delta();
            let step = dy as i32 * 8 + dx as i32;
            for index in 0..self.halves {
                let amount = step * (index as i32 + 1);
                let mut sources = self.sources[class][d][index];
                while sources != 0 {
                    let bit = sources.trailing_zeros() as i32;
                    sources &= sources - 1;
                    // On the word, as the table only holds on-board landings.
                    adjacency[bit as usize] |= 1 << (bit + amount);
                }
            }
        }
        adjacency
    }

    /// Landings of one segment in `direction` from the squares `from` of `class`.
    #[inline(always)]
    pub(crate) fn landings_in(&self, class: usize, from: u64, direction: Direction) -> u64 {
        let d = direction as usize;
        let (dx, dy) = direction.delta();
        let step = dy as i32 * 8 + dx as i32;
        let mut out = 0;
        for index in 0..self.halves {
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

/// One more than the largest file or rank of `board`: no segment is longer.
fn span(board: Bitboard) -> u8 {
    let mut span = 0;
    for class in 0..4 {
        let word = board.word(class);
        if word != 0 {
            let rank = (63 - word.leading_zeros()) / 8 * 2 + (class as u32 >> 1);
            let mut columns = word | word >> 32;
            columns |= columns >> 16;
            columns |= columns >> 8;
            let file = (7 - (columns as u8).leading_zeros()) * 2 + (class as u32 & 1);
            span = span.max(rank + 1).max(file + 1);
        }
    }
    span as u8
}

/// A move of every bit of an 8x8 word by (`dx`, `dy`) half-squares that
/// drops what leaves the 8x8 board, prepared once for many words.
#[derive(Clone, Copy)]
struct HalfShift {
    /// Bit distance, positive towards higher bits.
    amount: i32,
    /// The columns a bit may land in without having wrapped to another row.
    columns: u64,
}

impl HalfShift {
    #[inline(always)]
    fn new(dx: i32, dy: i32) -> HalfShift {
        if dx.abs() >= 8 || dy.abs() >= 8 {
            return HalfShift {
                amount: 0,
                columns: 0,
            };
        }
        let columns = if dx >= 0 { 0xffu8 << dx } else { 0xffu8 >> -dx };
        HalfShift {
            amount: dy * 8 + dx,
            columns: columns as u64 * 0x0101_0101_0101_0101,
        }
    }

    #[inline(always)]
    fn apply(self, word: u64) -> u64 {
        let moved = if self.amount >= 0 {
            word << self.amount
        } else {
            word >> -self.amount
        };
        moved & self.columns
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

#[cfg(test)]
impl LongJumpTable {
    /// The tables built with whole-board shifts, direction by direction:
    /// the obviously right construction that [`LongJumpTable::new`] is
    /// tested against.
    #[cfg(test)]
    fn new_reference(board: Bitboard, occupied: Bitboard) -> LongJumpTable {
        let empty = board - occupied;
        let mut table = LongJumpTable {
            sources: [[[0; MAX_HALF]; 8]; 4],
            halves: MAX_HALF,
            crossing: [0; 4],
            any_source: [0; 4],
        };
        // two_clear[d]: squares whose first two squares in d are empty.
        let mut two_clear = [Bitboard::EMPTY; 8];
        // overlong[d]: squares from which a segment in d has two more empty
        // squares beyond its landing.
        let mut overlong = [Bitboard::EMPTY; 8];
        for direction in Direction::ALL {
            let back = direction.opposite();
            // ahead_empty[k]: squares whose k-th square ahead is empty (on the board).
            let mut ahead_empty = [Bitboard::EMPTY; 2 * MAX_HALF + 3];
            let mut shifted = empty;
            for slot in ahead_empty.iter_mut().skip(1) {
                shifted = shifted.shift(back);
                *slot = shifted;
            }
            two_clear[direction as usize] = ahead_empty[1] & ahead_empty[2];
            let mut ahead_occupied = occupied;
            // clear_run: squares whose first j - 1 squares ahead are empty.
            let mut clear_run = board;
            for half in 1..=MAX_HALF {
                ahead_occupied = ahead_occupied.shift(back);
                let mut valid = clear_run & ahead_occupied;
                for ahead in ahead_empty.iter().take(2 * half + 1).skip(half + 1) {
                    valid &= *ahead;
                }
                overlong[direction as usize] |=
                    valid & ahead_empty[2 * half + 1] & ahead_empty[2 * half + 2];
                for class in 0..4 {
                    let word = valid.word(class);
                    table.sources[class][direction as usize][half - 1] = word;
                }
                clear_run &= ahead_empty[half];
                if clear_run.is_empty() {
                    break;
                }
            }
        }
        let mut crossing = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let d = direction as usize;
            crossing |= two_clear[direction.opposite() as usize] & (two_clear[d] | overlong[d]);
        }
        for class in 0..4 {
            table.crossing[class] = crossing.word(class);
            table.any_source[class] = table.sources[class]
                .iter()
                .flatten()
                .fold(0, |all, word| all | word);
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class-wise construction agrees with whole-board shifts on random
    /// occupancies of every board size, sparse and crowded.
    #[test]
    fn tables_match_the_reference_construction() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let side = [8u8, 10, 16, 5, 13][round % 5];
            let board = Bitboard::rectangle(side, side);
            let mut occupied = Bitboard(std::array::from_fn(|_| random()));
            for _ in 0..round % 4 {
                occupied &= Bitboard(std::array::from_fn(|_| random()));
            }
            let occupied = occupied & board;
            let fast = *LongJumpTable::new(board, occupied);
            let slow = LongJumpTable::new_reference(board, occupied);
            assert_eq!(fast.sources, slow.sources, "sources, side {side}");
            assert_eq!(fast.crossing, slow.crossing, "crossing, side {side}");
            assert_eq!(fast.any_source, slow.any_source, "any_source, side {side}");
        }
    }
}
