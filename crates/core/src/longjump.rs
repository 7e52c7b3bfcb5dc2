//! Long jumps from a per-position jump graph, so that a long-jump flood
//! fill visits each square once at the price of one table read.
//!
//! For each direction `d` and half length `j` (the jumped piece `j` squares
//! away, the landing `2j` away), the squares from which that segment is
//! legal on the current occupancy are found set-wise (the `j - 1` squares
//! before the jumped piece empty, the piece, then `j` empty squares on the
//! board, the last one the landing), and each such segment becomes an edge
//! of the class's adjacency: one `u64` of landings per square.
//!
//! The graph sees the moving piece's origin as occupied, but while the piece
//! moves its origin counts as empty. Only segments whose line passes through
//! the origin differ, so those few are walked square by square by the
//! caller (see [`crate::MoveGenerator`]).

use crate::lines::{self, Adjacency};
use crate::{Bitboard, Direction, Square};
use std::cell::Cell;

/// Longest half length of a segment on a 16-square line (`2j <= 15`).
pub(crate) const MAX_HALF: usize = 7;

/// The long-jump graph of one position: per class, adjacency sets (see
/// [`LongJumpTable::crossing`] for the origins that change it).
///
/// A table made by [`LongJumps::derive`] is right only on the squares it
/// was asked for (the mover's pieces and the empty squares, all that a
/// count reads): its other sets are its parent's.
#[derive(Clone, Debug)]
pub(crate) struct LongJumpTable {
    /// `adjacency[class][bit]`: the landings (bits of the same class word)
    /// of every legal segment from that square, all pieces in place.
    adjacency: [[u64; 64]; 4],
    /// Per class, the squares that are the source of some segment; in a
    /// table made by [`LongJumps::derive`], a superset (every square whose
    /// set it read again is added).
    any_source: [u64; 4],
}

thread_local! {
    /// One table's storage, kept by the last generator dropped on this
    /// thread for the next one built: perft and search build and drop a
    /// generator per node, and a fresh 2 KiB allocation (too large for the
    /// allocator's per-thread cache) costs about as much as filling it.
    static SPARE: Cell<Option<Box<LongJumpTable>>> = const { Cell::new(None) };
}

/// A [`LongJumpTable`] on the heap, or none (no long jumps), whose storage
/// goes back to this thread's spare when dropped. On the heap: inline, the
/// table would make every generator, long jumps or not, 2 KiB larger to
/// move; and one pointer, so that a plain generator is no larger than with
/// a plain `Option<Box<_>>`.
#[derive(Debug, Default)]
pub(crate) struct LongJumps(Option<Box<LongJumpTable>>);

impl LongJumps {
    /// The jump graph of a board of `board` squares with `occupied` occupied.
    ///
    /// A segment read backwards is the segment of the opposite direction
    /// from its landing, so only N, NE, E and SE are built from shifted
    /// occupancies; each stretch found also gives the S, SW, W or NW edge
    /// from its far end, when its near end is empty.
    ///
    /// Filled in place, in storage reused from the last table dropped on
    /// this thread when there is one. Out of line, to keep the plain
    /// generator's constructor small.
    #[inline(never)]
    pub(crate) fn new(board: Bitboard, occupied: Bitboard) -> LongJumps {
        let mut table = match SPARE.try_with(Cell::take) {
            Ok(Some(table)) => table,
            _ => Box::new(LongJumpTable {
                adjacency: [[0; 64]; 4],
                any_source: [0; 4],
            }),
        };
        table.fill(board, occupied);
        LongJumps(Some(table))
    }

    /// The jump graph of `occupied` on the rectangle `board` ([`lines::fits`]),
    /// made from `parent`, the graph of an occupancy that differs from
    /// `occupied` on the square `changed` only, by reading again the lines
    /// through that square ([`Adjacency::update_lines_through`]), in this
    /// handle's storage (which may hold any graph, or none yet).
    ///
    /// Only the adjacency sets of the squares of `wanted` are made right:
    /// those of the other squares are `parent`'s. A count of some pieces'
    /// moves reads the sets of those pieces and of empty squares only.
    ///
    /// perft's last-but-one ply builds one graph and derives from it the
    /// graph without each moving piece (and, in midgames, each child's from
    /// that one): a move changes two squares, and the lines through them
    /// hold far fewer squares than the whole board.
    pub(crate) fn derive(
        &mut self,
        parent: &LongJumpTable,
        board: Bitboard,
        occupied: Bitboard,
        changed: Square,
        wanted: Bitboard,
    ) -> &LongJumpTable {
        debug_assert!(lines::fits(board));
        let table = self
            .0
            .get_or_insert_with(|| match SPARE.try_with(Cell::take) {
                Ok(Some(table)) => table,
                _ => parent.clone().into(),
            });
        table.adjacency = parent.adjacency;
        table.any_source = parent.any_source;
        let blocked = (occupied | !board).0;
        Adjacency {
            sets: &mut table.adjacency,
            any_source: &mut table.any_source,
        }
        .update_lines_through(&blocked, &(wanted & board), changed.bit());
        table
    }

    /// The table, if long jumps are on.
    #[inline(always)]
    pub(crate) fn get(&self) -> Option<&LongJumpTable> {
        self.0.as_deref()
    }
}

impl Clone for LongJumps {
    fn clone(&self) -> LongJumps {
        LongJumps(self.0.clone())
    }
}

impl Drop for LongJumps {
    #[inline]
    fn drop(&mut self) {
        if let Some(table) = self.0.take() {
            // During thread teardown the spare may be gone: then the box is
            // simply freed.
            let _ = SPARE.try_with(|spare| spare.set(Some(table)));
        }
    }
}

impl LongJumpTable {
    /// Makes this the graph of `occupied` on `board`.
    fn fill(&mut self, board: Bitboard, occupied: Bitboard) {
        // Storage taken from the spare holds another position's graph.
        self.adjacency = [[0; 64]; 4];
        let empty = board - occupied;
        // A segment of half length j spans 2j + 1 squares of a line.
        // No segment is longer than the board's longer side.
        let (width, height) = board.extent();
        let halves = (width.max(height).saturating_sub(1) as usize / 2).min(MAX_HALF);
        let mut any_source = Bitboard::EMPTY;
        for direction in &Direction::ALL[..4] {
            let back = direction.opposite();
            let (dx, dy) = direction.delta();
            let step = dy as i32 * 8 + dx as i32;
            // ahead_empty[k]: squares whose k-th square ahead is empty (on the board).
            let mut ahead_empty = [Bitboard::EMPTY; 2 * MAX_HALF + 1];
            let mut shifted = empty;
            for slot in ahead_empty[1..=2 * halves].iter_mut() {
                shifted = shifted.shift(back);
                *slot = shifted;
            }
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
                // Read backwards from its far end (on the board), the
                // stretch lands on its near end, which must be empty.
                let to_end = HalfShift::new(dx as i32 * half as i32, dy as i32 * half as i32);
                let backward = Bitboard((stretch & empty).0.map(|word| to_end.apply(word))) & board;
                let sources = forward | backward;
                if !sources.is_empty() {
                    let amount = step * half as i32;
                    for class in 0..4 {
                        if sources.word(class) != 0 {
                            let adjacency = &mut self.adjacency[class];
                            add_edges(adjacency, forward.word(class), amount);
                            add_edges(adjacency, backward.word(class), -amount);
                        }
                    }
                    any_source |= sources;
                }
                clear_run &= ahead_empty[half];
                if clear_run.is_empty() {
                    break;
                }
            }
        }
        self.any_source = any_source.0;
    }

    /// The squares of `pieces` whose piece, taken as the moving piece, sees
    /// a jump graph on its class other than this graph `G` (all pieces in
    /// place) plus the segments from its own origin; `empty` is the empty
    /// squares of the board.
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
    /// first segments land in. Computed for the pieces asked about only:
    /// the second case needs a piece with two empty squares behind it and
    /// not ahead, which is rare, and is then read off its adjacency set.
    pub(crate) fn crossing(&self, empty: Bitboard, pieces: Bitboard) -> Bitboard {
        // two_clear[d]: squares whose first two squares in d are empty.
        let mut two_clear = [Bitboard::EMPTY; 8];
        for direction in Direction::ALL {
            let back = direction.opposite();
            let one = empty.shift(back);
            two_clear[direction as usize] = one & one.shift(back);
        }
        let mut crossing = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let ahead = two_clear[direction as usize];
            let behind = pieces & two_clear[direction.opposite() as usize];
            crossing |= behind & ahead;
            // Only a source of some segment can have one in `direction`.
            let rest = behind - ahead;
            for class in 0..4 {
                let mut candidates = rest.word(class) & self.any_source[class];
                while candidates != 0 {
                    let bit = candidates.trailing_zeros();
                    candidates &= candidates - 1;
                    let from = Square::from_bit((class as u32 * 64 + bit) as u8);
                    let landing =
                        self.adjacency[class][bit as usize] & ray(from, direction).word(class);
                    if landing & ahead.word(class) != 0 {
                        crossing.insert(from);
                    }
                }
            }
        }
        crossing
    }

    /// The squares of `class` that are the source of some segment: an empty
    /// square outside this set has no edge in the jump graph.
    #[inline(always)]
    pub(crate) fn any_source(&self, class: usize) -> u64 {
        self.any_source[class]
    }

    /// For each square of `class`, the landings of its segments in all
    /// directions: the jump graph `G` as adjacency sets.
    #[inline(always)]
    pub(crate) fn adjacency(&self, class: usize) -> &[u64; 64] {
        &self.adjacency[class]
    }
}

/// The jump graph of one class word, read one square at a time: a
/// table's sets, or a table seen through the lines a move changed
/// ([`crate::movegen`]'s counts after moves).
pub(crate) trait ClassAdjacency: Copy {
    /// The landings (bits of the class word) of the segments from the
    /// square at `bit` of the class word.
    fn landings(&self, bit: u32) -> u64;
}

impl ClassAdjacency for &[u64; 64] {
    #[inline(always)]
    fn landings(&self, bit: u32) -> u64 {
        self[bit as usize & 63]
    }
}

/// Adds the edge from each square of `sources` to the square `amount` bits
/// further on (within one class word).
#[inline(always)]
fn add_edges(adjacency: &mut [u64; 64], mut sources: u64, amount: i32) {
    while sources != 0 {
        let bit = sources.trailing_zeros();
        sources &= sources - 1;
        // The landing is on the board, so within the word.
        adjacency[bit as usize] |= 1 << (bit as i32 + amount) as u32;
    }
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
pub(crate) mod tests {
    use super::*;
    use crate::movegen::in_class;
    use proptest::prelude::*;

    /// The per-class tables of the set-wise construction, before they
    /// become adjacency sets: `sources[class][d][j - 1]` holds the squares
    /// from which the segment in direction `d` of half length `j` is legal.
    type Sources = [[[u64; MAX_HALF]; 8]; 4];

    /// The graph built with whole-board shifts, direction by direction and
    /// for every half length: the obviously right set-wise construction that
    /// [`LongJumps::new`] is tested against, with its `crossing` and
    /// `any_source`.
    fn reference(board: Bitboard, occupied: Bitboard) -> ([[u64; 64]; 4], [u64; 4], [u64; 4]) {
        let empty = board - occupied;
        let mut sources: Sources = [[[0; MAX_HALF]; 8]; 4];
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
                for (class, per_class) in sources.iter_mut().enumerate() {
                    per_class[direction as usize][half - 1] = valid.word(class);
                }
                clear_run &= ahead_empty[half];
            }
        }
        let mut crossing = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let d = direction as usize;
            crossing |= two_clear[direction.opposite() as usize] & (two_clear[d] | overlong[d]);
        }
        let mut adjacency = [[0u64; 64]; 4];
        let mut any_source = [0u64; 4];
        for class in 0..4 {
            for direction in Direction::ALL {
                let (dx, dy) = direction.delta();
                let step = dy as i32 * 8 + dx as i32;
                for half in 1..=MAX_HALF {
                    let mut from = sources[class][direction as usize][half - 1];
                    any_source[class] |= from;
                    while from != 0 {
                        let bit = from.trailing_zeros() as i32;
                        from &= from - 1;
                        adjacency[class][bit as usize] |= 1 << (bit + step * half as i32);
                    }
                }
            }
        }
        (adjacency, crossing.0, any_source)
    }

    /// The landing of the one segment from `from` in `direction`, walked
    /// square by square as RULES.md section 4 defines it: the first square
    /// that is not empty is a piece, `j` squares away, and the `j` squares
    /// beyond it are empty squares of the board.
    fn walked(
        board: Bitboard,
        occupied: Bitboard,
        from: Square,
        direction: Direction,
    ) -> Option<Square> {
        let empty = |distance: u8| {
            from.offset(direction, distance)
                .filter(|&s| board.contains(s) && !occupied.contains(s))
        };
        let mut half = 1;
        while empty(half).is_some() {
            half += 1;
        }
        let jumped = from.offset(direction, half)?;
        if !board.contains(jumped) || !occupied.contains(jumped) {
            return None;
        }
        (half + 1..=2 * half).try_for_each(|d| empty(d).map(|_| ()))?;
        empty(2 * half)
    }

    /// The landings of every segment from `from`, walked square by square.
    pub(crate) fn walked_landings(board: Bitboard, occupied: Bitboard, from: Square) -> Bitboard {
        Direction::ALL
            .into_iter()
            .filter_map(|direction| walked(board, occupied, from, direction))
            .collect()
    }

    /// A board of one of several sizes and shapes, with random pieces.
    fn random_board(seed: u64, round: usize) -> (Bitboard, Bitboard) {
        let mut state = seed | 1;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let side = [8u8, 10, 16, 5, 13, 3][round % 6];
        let mut board = Bitboard::rectangle(side, side);
        if round % 7 == 3 {
            // A board with holes: they stop a segment but cannot be jumped.
            board -= Bitboard(std::array::from_fn(|_| random() & random() & random()));
        }
        let mut occupied = Bitboard(std::array::from_fn(|_| random()));
        for _ in 0..round % 4 {
            occupied &= Bitboard(std::array::from_fn(|_| random()));
        }
        (board, occupied & board)
    }

    proptest! {
        /// The class-wise construction agrees with whole-board shifts on
        /// random occupancies of every board size, sparse and crowded,
        /// whatever the storage it reuses held before.
        #[test]
        fn tables_match_the_reference_construction(seed: u64, round in 0usize..84, previous: u64) {
            let (board, occupied) = random_board(seed, round);
            // Leave a table built on other pieces as this thread's spare.
            drop(LongJumps::new(board, Bitboard(std::array::from_fn(|_| previous)) & board));
            let handle = LongJumps::new(board, occupied);
            let fast = handle.get().expect("a table");
            let (adjacency, crossing, any_source) = reference(board, occupied);
            prop_assert_eq!(fast.adjacency, adjacency);
            prop_assert_eq!(fast.crossing(board - occupied, board).0, (Bitboard(crossing) & board).0);
            prop_assert_eq!(fast.any_source, any_source);
            prop_assert_eq!(handle.clone().get().map(|t| t.adjacency), Some(adjacency));
        }

        /// A graph derived from another by one changed square, and one
        /// derived again from that (as perft's last-but-one ply derives the
        /// graph without the moving piece, then each destination's), is
        /// the graph built for the final occupancy on the wanted squares,
        /// its parent's elsewhere, and `any_source` covers every source.
        #[test]
        fn derived_tables_match_the_tables_built_whole(
            seed: u64,
            round in 0usize..84,
            squares: [u8; 2],
            wanted: [u64; 4],
            previous: u64,
        ) {
            let (board, occupied) = random_board(seed, round);
            // Derivation needs a rectangle from a1 (the line tables).
            let board = if lines::fits(board) { board } else { Bitboard::rectangle(10, 10) };
            let occupied = occupied & board;
            let on_board: Vec<Square> = board.into_iter().collect();
            let [first, second] = squares.map(|s| on_board[s as usize % on_board.len()]);
            let middle = occupied ^ Bitboard::from_square(first);
            let last = middle ^ Bitboard::from_square(second);
            let wanted = Bitboard(wanted) & board;
            // Storage left by another graph, to be overwritten.
            drop(LongJumps::new(board, Bitboard(std::array::from_fn(|_| previous)) & board));
            let parent = LongJumps::new(board, occupied);
            let mut once = LongJumps::default();
            let mut twice = LongJumps::default();
            let derived_once = once.derive(parent.get().expect("a table"), board, middle, first, wanted);
            let derived = twice.derive(derived_once, board, last, second, wanted);
            let built = LongJumps::new(board, last);
            let built = built.get().expect("a table");
            let parent = parent.get().expect("a table");
            for square in board {
                let (class, bit) = ((square.bit() >> 6) as usize, (square.bit() & 63) as usize);
                let expected = if wanted.contains(square) {
                    built.adjacency[class][bit]
                } else {
                    parent.adjacency[class][bit]
                };
                prop_assert_eq!(derived.adjacency[class][bit], expected, "at {}", square);
            }
            for class in 0..4 {
                let wanted_sources = built.any_source[class] & wanted.word(class);
                prop_assert_eq!(derived.any_source[class] & wanted_sources, wanted_sources);
            }
        }

        /// Each square's adjacency set is exactly the landings of its
        /// segments walked square by square.
        #[test]
        fn adjacency_is_every_walked_segment(seed: u64, round in 0usize..84) {
            let (board, occupied) = random_board(seed, round);
            let table = LongJumps::new(board, occupied);
            let table = table.get().expect("a table");
            for from in board {
                // Every landing of a segment is in its source's class.
                let class = (from.bit() >> 6) as usize;
                let landings = table.adjacency(class)[(from.bit() & 63) as usize];
                prop_assert_eq!(
                    walked_landings(board, occupied, from),
                    in_class(class, landings),
                    "from {}", from
                );
            }
        }
    }
}
