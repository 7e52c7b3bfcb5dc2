//! The bulk count of long jumps on a rectangle, from the line tables of
//! [`crate::lines`] instead of a per-position jump graph.
//!
//! The argument is the one of `count_long_jumps`: long segments are
//! reversible, so in the jump graph `G` of the position with every piece in
//! place, a piece's closure is the union of the components its first
//! segments land in, unless its origin, empty while it moves, changes the
//! graph (a *crossing* piece, see [`LongJumpTable::crossing`]). Here the
//! graph is never built: a component is flooded by looking up the segments
//! of the squares it reaches, once per position, and a crossing piece gets
//! its own exact flood.
//!
//! [`LongJumpTable::crossing`]: crate::longjump::LongJumpTable::crossing

use super::*;
use crate::layout::step_words_by;

/// Components remembered per class; a piece whose first segments reach
/// beyond them is flooded on its own.
const MAX_COMPONENTS: usize = 8;

impl MoveGenerator {
    /// The long-jump moves (no swaps) of `pieces`, on a board where
    /// [`lines::fits`] holds.
    #[inline(always)]
    pub(super) fn count_line_jumps(&self, pieces: Bitboard) -> u64 {
        let blocked = (self.occupied | !self.board).0;
        let (empty, occupied) = (self.empty.0, self.occupied.0);
        // Written out per direction, so that every shift is a constant one.
        let ahead = [
            Ahead::new::<0, 1>(empty),
            Ahead::new::<1, 1>(empty),
            Ahead::new::<1, 0>(empty),
            Ahead::new::<1, -1>(empty),
            Ahead::new::<0, -1>(empty),
            Ahead::new::<-1, -1>(empty),
            Ahead::new::<-1, 0>(empty),
            Ahead::new::<-1, 1>(empty),
        ];
        let mut may_jump = Bitboard::EMPTY;
        let mut crossing = Bitboard::EMPTY;
        for (d, this) in ahead.iter().enumerate() {
            let behind = pieces & ahead[Direction::ALL[d].opposite() as usize].two_clear;
            may_jump |= this.near;
            if !behind.is_empty() {
                // Jumped by a segment of `G`, or inside a stretch that opens
                // when the piece leaves (see `stretch`).
                crossing |= behind & (this.two_clear | this.stretch(d, empty, occupied));
            }
        }
        let pieces = pieces & may_jump;
        let mut total = 0;
        for class in 0..4 {
            let own = pieces.word(class);
            if own == 0 {
                continue;
            }
            let lock = self.constraints.lock.word(class);
            if lock != 0 {
                for origin in in_class(class, own) {
                    total += self.closure_lines(origin).count_ones() as u64;
                }
                continue;
            }
            let crossing = crossing.word(class);
            // The segments found are kept only where a crossing piece will
            // search the graph again.
            total += if own & crossing != 0 {
                count_class(Graph::<64>::new(&blocked, class), own, crossing)
            } else {
                count_class(Graph::<0>::new(&blocked, class), own, 0)
            };
        }
        total
    }
}

/// What lies ahead of each square in one direction `d`.
struct Ahead {
    /// The squares whose first two squares in `d` are empty.
    two_clear: Bitboard,
    /// The squares whose first or second square in `d` is empty: only a
    /// piece there can have a first segment in `d` (over its neighbour, or a
    /// long one).
    near: Bitboard,
}

impl Ahead {
    /// The sets for the direction (DX, DY), from the empty squares.
    #[inline(always)]
    fn new<const DX: i8, const DY: i8>(empty: [u64; 4]) -> Ahead {
        let e1 = back_one::<DX, DY>(empty);
        let e2 = back_one::<DX, DY>(e1);
        let (e1, e2) = (Bitboard(e1), Bitboard(e2));
        Ahead {
            two_clear: e1 & e2,
            near: e1 | e2,
        }
    }

    /// The squares, not in `two_clear`, with a segment in direction `d`
    /// (an index of [`Direction::ALL`]) whose landing has two more empty
    /// squares beyond it. Such a segment jumps the first or the second
    /// square (the first two are not both empty), so lands on the second or
    /// the fourth. A piece here with two empty squares behind it stands
    /// inside an empty stretch once it leaves, and a segment from behind it
    /// over the piece ahead lands beyond: it is crossing (its origin, empty
    /// while it moves, changes its closure; see
    /// [`LongJumpTable::crossing`](crate::longjump::LongJumpTable::crossing)).
    #[inline(always)]
    fn stretch(&self, d: usize, empty: [u64; 4], occupied: [u64; 4]) -> Bitboard {
        match d {
            0 => stretch::<0, 1>(empty, occupied),
            1 => stretch::<1, 1>(empty, occupied),
            2 => stretch::<1, 0>(empty, occupied),
            3 => stretch::<1, -1>(empty, occupied),
            4 => stretch::<0, -1>(empty, occupied),
            5 => stretch::<-1, -1>(empty, occupied),
            6 => stretch::<-1, 0>(empty, occupied),
            _ => stretch::<-1, 1>(empty, occupied),
        }
    }
}

/// [`Ahead::stretch`] for the direction (DX, DY).
#[inline(always)]
fn stretch<const DX: i8, const DY: i8>(empty: [u64; 4], occupied: [u64; 4]) -> Bitboard {
    let back = |set: Bitboard| Bitboard(back_one::<DX, DY>(set.0));
    // ek: squares whose k-th square ahead is empty; pk: occupied.
    let e1 = back(Bitboard(empty));
    let e2 = back(e1);
    let e3 = back(e2);
    let e4 = back(e3);
    let e5 = back(e4);
    let e6 = back(e5);
    let p1 = back(Bitboard(occupied));
    let p2 = back(p1);
    (p1 & e2 | e1 & p2 & e5 & e6) & e3 & e4
}

/// The squares whose neighbour in direction (DX, DY) is in `set`.
#[inline(always)]
fn back_one<const DX: i8, const DY: i8>(set: [u64; 4]) -> [u64; 4] {
    match (DX, DY) {
        (0, 1) => step_words_by::<0, -1>(set),
        (1, 1) => step_words_by::<-1, -1>(set),
        (1, 0) => step_words_by::<-1, 0>(set),
        (1, -1) => step_words_by::<-1, 1>(set),
        (0, -1) => step_words_by::<0, 1>(set),
        (-1, -1) => step_words_by::<1, 1>(set),
        (-1, 0) => step_words_by::<1, 0>(set),
        _ => step_words_by::<1, -1>(set),
    }
}

/// The long-jump moves of the pieces `own` of `graph`'s class, those of
/// `crossing` with their own search.
#[inline(always)]
fn count_class<const KEPT: usize>(mut graph: Graph<'_, KEPT>, own: u64, crossing: u64) -> u64 {
    let mut total = 0;
    let mut components = [0u64; MAX_COMPONENTS];
    let mut found = 0;
    let mut covered = 0u64;
    let mut rest = own;
    while rest != 0 {
        let bit = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let hops = lines::landings(graph.blocked, graph.base | bit);
        if hops == 0 {
            continue;
        }
        if crossing >> bit & 1 != 0 {
            total += graph.closure_crossing(bit).count_ones() as u64;
            continue;
        }
        let mut unseen = hops & !covered;
        while unseen != 0 && found < MAX_COMPONENTS {
            let component = graph.flood(unseen & unseen.wrapping_neg());
            components[found] = component;
            found += 1;
            covered |= component;
            unseen &= !component;
        }
        let mut closure = 0;
        for &component in &components[..found] {
            if component & hops != 0 {
                closure |= component;
            }
        }
        if unseen != 0 {
            // More components than remembered: flood the rest.
            closure |= graph.flood(unseen);
        }
        total += closure.count_ones() as u64;
    }
    total
}

/// The jump graph `G` of one class (every piece in place), its squares'
/// segments read from the line tables when a search first reaches them and
/// kept for the rest of the count.
///
/// `KEPT` is 64, or 0 for a graph that keeps nothing and reads every
/// square's segments again each time (cheaper when no square is asked twice).
struct Graph<'a, const KEPT: usize> {
    blocked: &'a [u64; 4],
    /// The class's first layout bit.
    base: u8,
    /// `adjacency[bit]`, valid where `known` has the bit: the landings of
    /// that square's segments.
    adjacency: [u64; KEPT],
    known: u64,
}

impl<'a, const KEPT: usize> Graph<'a, KEPT> {
    #[inline(always)]
    fn new(blocked: &'a [u64; 4], class: usize) -> Graph<'a, KEPT> {
        Graph {
            blocked,
            base: (class as u8) << 6,
            adjacency: [0; KEPT],
            known: 0,
        }
    }

    /// The landings of the segments from `bit` in `G`.
    #[inline(always)]
    fn landings(&mut self, bit: u8) -> u64 {
        if KEPT == 0 {
            return lines::landings(self.blocked, self.base | bit);
        }
        if self.known >> bit & 1 == 0 {
            self.adjacency[bit as usize] = lines::landings(self.blocked, self.base | bit);
            self.known |= 1 << bit;
        }
        self.adjacency[bit as usize]
    }

    /// Every square reachable from `seed` in `G`.
    #[inline(always)]
    fn flood(&mut self, seed: u64) -> u64 {
        let mut reached = seed;
        let mut todo = seed;
        while todo != 0 {
            let bit = todo.trailing_zeros() as u8;
            todo &= todo - 1;
            let next = self.landings(bit) & !reached;
            reached |= next;
            todo |= next;
        }
        reached
    }

    /// The closure of the piece on `origin` (a bit of the class), with its
    /// origin empty: squares off the lines through the origin keep their
    /// segments of `G`, the others are read again without the piece.
    #[inline(always)]
    fn closure_crossing(&mut self, origin: u8) -> u64 {
        let start = 1u64 << origin;
        let mut without = *self.blocked;
        without[(self.base >> 6) as usize] &= !start;
        let through = lines::through(self.base | origin);
        let mut reached = start;
        let mut todo = start;
        while todo != 0 {
            let bit = todo.trailing_zeros() as u8;
            todo &= todo - 1;
            let landings = if through >> bit & 1 != 0 {
                lines::landings(&without, self.base | bit)
            } else {
                self.landings(bit)
            };
            let next = landings & !reached;
            reached |= next;
            todo |= next;
        }
        reached & !start
    }
}
