//! perft's last-but-one ply under long jumps on a rectangle from a1: the
//! moves of one side counted after each move of another, from the jump
//! closures its pieces had before the move.
//!
//! A move changes two squares, one at a time: the origin empties, then the
//! destination fills. A long-jump segment reads only its own line, so when
//! one square changes, only segments along the four lines through it
//! change. A counted piece's closure, found by the exact search of
//! `exact_closure_on_lines`, stays the same unless that search reads a set
//! that changed: the piece's own segments along its line, when it is on one
//! of the four lines; the segments of a square of its closure along its
//! line; and, for a piece on one of the lines, the segments of the squares
//! of its closure on that line as the search reads them, with the piece's
//! origin empty. [`Closures::affected`] finds those pieces with two table
//! reads per square tested; at the super-halma start fewer than one piece
//! in ten is affected per move, so most children cost those tests only.
//!
//! So the ply finds the closure of every counted piece once. For each
//! moving piece it finds again those that lifting the piece changes, on a
//! graph derived from the ply's ([`LongJumps::derive`]); for each
//! destination, those that the piece's arrival changes, on that graph seen
//! through the lines through the destination ([`AfterMove`]).
//!
//! Where most closures change with every move (midgames, where closures
//! span the board), counting each child by the components of its own
//! derived graph (`count_long_jumps`) costs less time: a ply carries the
//! closures only where they reach at most [`LARGEST_REACH_PERCENT`] of the
//! empty squares, and switches to the graphs once it has found again more
//! than [`RECOMPUTED_PER_CHILD`] closures per child counted.

use super::*;
use crate::lines::Line;
use crate::longjump::ClassAdjacency;
use std::cell::Cell;

/// The four lines through a square, each in the two class words it crosses
/// (the square's own class first), as [`lines::lines_through`] gives them.
type LinesThrough = [[Line; 2]; 4];

/// The jump closures of the counted pieces in one position.
#[derive(Default)]
struct Closures {
    /// Per counted piece, in the order of the pieces' squares, its closure
    /// as a word of its class.
    sets: Vec<u64>,
    /// The sum of their sizes: the number of jump moves.
    total: u64,
    /// Per class, a superset of the union of the closures.
    union: [u64; 4],
}

impl Closures {
    /// The closures of the pieces on `squares`, `closure` giving each.
    fn of(squares: &[Square], mut closure: impl FnMut(Square) -> u64) -> Closures {
        let mut closures = Closures::default();
        for &square in squares {
            let set = closure(square);
            closures.sets.push(set);
            closures.total += u64::from(set.count_ones());
            closures.union[class_of(square)] |= set;
        }
        closures
    }

    /// The number of squares some closure holds (at least).
    fn reach(&self) -> u64 {
        self.union
            .iter()
            .map(|word| u64::from(word.count_ones()))
            .sum()
    }

    /// Makes these closures a copy of `other`'s, in this storage.
    fn copy_from(&mut self, other: &Closures) {
        self.sets.clone_from(&other.sets);
        self.total = other.total;
        self.union = other.union;
    }

    /// Sets the closure of the `index`-th piece, on `square`, from `old`
    /// to `new`.
    fn replace(&mut self, index: usize, square: Square, old: u64, new: u64) {
        self.sets[index] = new;
        self.total = self.total + u64::from(new.count_ones()) - u64::from(old.count_ones());
        self.union[class_of(square)] |= new;
    }

    /// Calls `each(index, square, closure)` for every counted piece whose
    /// closure may differ once the occupancy changes on the square
    /// `changed`, whose lines are `after` after the change. `counted` is the
    /// counted pieces, `index_of` their indices by layout bit.
    ///
    /// Those are the pieces whose closure holds a square whose segments
    /// along the lines differ, and the pieces on the lines whose
    /// own segments along their line differ, or whose closure holds a square
    /// of their line whose segments differ with the piece's origin empty
    /// (the search reads them so).
    #[inline(always)]
    fn affected(
        &self,
        counted: &Bitboard,
        index_of: &[u8; 256],
        after: &LinesThrough,
        changed: Square,
        mut each: impl FnMut(usize, Square, u64),
    ) {
        let class = class_of(changed);
        let changed_bit = 1u64 << (changed.bit() & 63);
        let lines: [&Line; 8] = [
            &after[0][0],
            &after[0][1],
            &after[1][0],
            &after[1][1],
            &after[2][0],
            &after[2][1],
            &after[3][0],
            &after[3][1],
        ];
        // The changed square itself needs no test. Emptied, it was in no
        // closure; filled, a closure holding it reached it from the piece
        // or from another of its squares, along a line through it, whose
        // segments (as the search read them) landed on it and no longer do:
        // one of the tests below sees that.
        let mut moved = [0u64; 4];
        for new in lines {
            let line_class = new.class();
            // The changed square lies on all four of its own class's lines.
            let mut reached = new.squares & self.union[line_class];
            if line_class == class {
                reached &= !changed_bit;
            }
            if reached != 0 {
                let old = new.toggled(changed.bit());
                while reached != 0 {
                    let bit = reached.trailing_zeros();
                    reached &= reached - 1;
                    // Without a branch: which squares changed is not
                    // predictable.
                    let differs = new.landings(bit) != old.landings(bit);
                    moved[line_class] |= u64::from(differs) << bit;
                }
            }
        }
        // The pieces to report, per class.
        let mut hit = [0u64; 4];
        if moved != [0; 4] {
            for (class, (&moved, hit)) in moved.iter().zip(&mut hit).enumerate() {
                let mut pieces = counted.word(class);
                while pieces != 0 {
                    let bit = pieces.trailing_zeros();
                    pieces &= pieces - 1;
                    let index = index_of[(class << 6) | bit as usize] as usize;
                    *hit |= u64::from(self.sets[index] & moved != 0) << bit;
                }
            }
        }
        for new in lines {
            let line_class = new.class();
            let mut pieces = new.squares & counted.word(line_class) & !hit[line_class];
            if pieces == 0 {
                continue;
            }
            let old = new.toggled(changed.bit());
            while pieces != 0 {
                let bit = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let square = (line_class << 6) as u8 | bit as u8;
                let closure = self.sets[index_of[square as usize] as usize];
                let mut differs = new.landings(bit) != old.landings(bit);
                let mut along = closure & new.squares;
                if along != 0 {
                    let (old, new) = (old.without(square), new.without(square));
                    while along != 0 {
                        let at = along.trailing_zeros();
                        along &= along - 1;
                        differs |= new.landings(at) != old.landings(at);
                    }
                }
                hit[line_class] |= u64::from(differs) << bit;
            }
        }
        for (class, &hit) in hit.iter().enumerate() {
            let mut pieces = hit;
            while pieces != 0 {
                let square = (class << 6) as u8 | pieces.trailing_zeros() as u8;
                pieces &= pieces - 1;
                let index = index_of[square as usize] as usize;
                each(index, Square::from_bit(square), self.sets[index]);
            }
        }
    }
}

/// The jump graph after a piece arrives on a square, seen through a table
/// of the graph before: a square on one of the arrival square's lines reads
/// its landings along that line from the line tables, every other square
/// the table's set. Right on the squares where the table is right.
struct AfterMove<'a> {
    /// The graph before the arrival.
    base: &'a LongJumpTable,
    /// The lines through the arrival square, with the piece there.
    lines: &'a LinesThrough,
    /// Per class, the squares of those lines.
    on_lines: [u64; 4],
    /// The arrival square's class word.
    class: usize,
    /// The arrival square's bit in its class word.
    bit: u32,
}

impl<'a> AfterMove<'a> {
    #[inline(always)]
    fn new(base: &'a LongJumpTable, lines: &'a LinesThrough, arrival: Square) -> AfterMove<'a> {
        let mut on_lines = [0u64; 4];
        for line in lines.iter().flatten() {
            on_lines[line.class()] |= line.squares;
        }
        AfterMove {
            base,
            lines,
            on_lines,
            class: class_of(arrival),
            bit: u32::from(arrival.bit() & 63),
        }
    }

    /// The adjacency of the squares of `class`.
    #[inline(always)]
    fn class(&self, class: usize) -> AfterMoveClass<'_> {
        let [[rank, rank_other], [file, file_other], [diagonal, diagonal_other], [anti, anti_other]] =
            self.lines;
        let none = &Line::NONE;
        // The lines that cross the class word: a rank crosses those of one
        // rank parity, a file those of one file parity, a diagonal the two
        // whose parities both differ.
        let lines = match class ^ self.class {
            0 => [rank, file, diagonal, anti],
            1 => [rank_other, none, none, none],
            2 => [file_other, none, none, none],
            _ => [diagonal_other, anti_other, none, none],
        };
        AfterMoveClass {
            base: self.base.adjacency(class),
            on_lines: self.on_lines[class & 3],
            lines,
            arrival: if class == self.class { self.bit } else { 64 },
        }
    }
}

/// One class word of an [`AfterMove`] graph.
#[derive(Clone, Copy)]
struct AfterMoveClass<'a> {
    base: &'a [u64; 64],
    /// The squares of the class on the lines through the arrival square.
    on_lines: u64,
    /// The lines through the arrival square that cross this class word,
    /// padded with [`Line::NONE`].
    lines: [&'a Line; 4],
    /// The arrival square's bit when it is in this class word, else 64.
    arrival: u32,
}

/// `set`, a square's landings before the arrival, with those along `line`
/// read again.
#[inline(always)]
fn along(set: u64, line: &Line, bit: u32) -> u64 {
    (set & !line.squares) | line.landings(bit)
}

impl ClassAdjacency for AfterMoveClass<'_> {
    #[inline(always)]
    fn landings(&self, bit: u32) -> u64 {
        let set = self.base[bit as usize & 63];
        if self.on_lines >> bit & 1 == 0 {
            return set;
        }
        let lines = &self.lines;
        // The arrival square lies on all four lines, but is occupied after
        // the move, so no search reads its set.
        debug_assert_ne!(bit, self.arrival, "the arrival square is read");
        // Two lines through the arrival square meet only there, so any
        // other square lies on exactly one of them, found without a branch.
        let on = |k: usize| (lines[k].squares >> bit & 1) as usize;
        along(set, lines[(on(1) + 2 * on(2) + 3 * on(3)) & 3], bit)
    }
}

/// The closures found again per child counted, above which a ply counts
/// its remaining children from their own graphs.
///
/// Plies find again under 0.1 closure per child at the super-halma start,
/// 1 to 2.5 in openings, 6 to 11 in crowded positions and midgames; of the
/// limits measured (docs/notes/performance-log.md), 4 costs least over them.
const RECOMPUTED_PER_CHILD: u64 = 4;

/// The share of the empty squares (in percent) that the closures of the
/// counted pieces may reach for a ply to carry them through its children.
/// Where they reach more, most closures hold a square that each move
/// changes, and counting each child from its own graph takes less time:
/// the closures' searches and tests cost fewer instructions but more
/// mispredicted branches. The start reaches 23% (super-halma) and 6%
/// (`halma,long-jumps`), openings 39% and 13%, midgames 51% to 93%; 35%
/// measured best in wall time (docs/notes/performance-log.md).
const LARGEST_REACH_PERCENT: u64 = 35;

/// The longest run of plies counted from graphs without trying closures.
const MOST_GRAPH_PLIES: u32 = 31;

thread_local! {
    /// How many of the next plies on this thread count their children from
    /// their graphs without finding the closures first, and how long the
    /// next such run is. The plies of one perft are alike: where one ply's
    /// closures reach too far ([`LARGEST_REACH_PERCENT`]), so do the next
    /// plies', and finding closures only to drop them cost up to 10% of the
    /// time in midgames. Each ply whose closures reach too far starts a run
    /// twice as long as the last (1, 3, 7, ... up to 31 plies); a ply whose
    /// closures are carried ends them.
    static GRAPHS_AHEAD: Cell<(u32, u32)> = const { Cell::new((0, 1)) };
}

/// Whether a ply carries the closures of the counted pieces through its
/// children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Carry {
    /// Where they reach few squares, and while few of them change (what
    /// perft uses).
    Measured,
    /// For every child: each count comes from the closures found again.
    Always,
    /// Never: each child is counted from its own graph.
    #[cfg_attr(not(test), allow(dead_code, reason = "perft never asks for it"))]
    Never,
}

/// What the ply computes once, on its first move with a destination.
struct Ply {
    graph: LongJumps,
    /// The closures of the counted pieces, in the bit order of their squares.
    closures: Closures,
    /// Each counted piece's index in `closures`, by layout bit.
    index_of: [u8; 256],
    /// Whether the closures are small enough to be carried through the
    /// ply ([`LARGEST_REACH_PERCENT`]).
    closures_pay: bool,
    /// The step moves of the counted pieces.
    steps: u64,
}

impl MoveGenerator {
    /// [`count_long_after_moves`](Self::count_long_after_moves) on a
    /// rectangle from a1 ([`lines::fits`]).
    #[inline(always)]
    pub(super) fn count_long_after_moves_on_lines(
        carry: Carry,
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        debug_assert!(lines::fits(board));
        let empty = board - occupied;
        let others = occupied - pieces;
        let blocked = (occupied | !board).0;
        let (graphs_ahead, next_graphs) = GRAPHS_AHEAD.get();
        let try_closures = match carry {
            Carry::Measured => graphs_ahead == 0,
            Carry::Always => true,
            Carry::Never => false,
        };
        if carry == Carry::Measured && !try_closures {
            GRAPHS_AHEAD.set((graphs_ahead - 1, next_graphs));
        }
        // Built on the first move that has a destination: with one seat in
        // play, or every move into a watched camp, perft asks for none.
        let mut ply: Option<Ply> = None;
        // The graph and the closures without the moving piece.
        let mut without_origin = LongJumps::default();
        let mut closures = Closures::default();
        // Closures found again, and children counted, so far.
        let (mut recomputed, mut children) = (0u64, 0u64);
        // Each child's own graph, when closures are not found again.
        let mut child = LongJumps::default();
        let constraints = Constraints {
            long_jumps: true,
            ..Constraints::default()
        };
        for (origin, destinations) in moves {
            if destinations.is_empty() {
                continue;
            }
            debug_assert!(others.contains(origin) && (destinations & occupied).is_empty());
            let ply = ply.get_or_insert_with(|| {
                let squares: Vec<Square> = pieces.into_iter().collect();
                let mut index_of = [0u8; 256];
                for (index, square) in squares.iter().enumerate() {
                    index_of[square.bit() as usize] = index as u8;
                }
                let graph = LongJumps::new(board, occupied);
                let table = graph.get().expect("a table was built");
                let closures = if try_closures {
                    Closures::of(&squares, |square| {
                        let adjacency = table.adjacency(class_of(square));
                        exact_closure_on_lines::<false>(&blocked, square, adjacency, 0)
                    })
                } else {
                    Closures::default()
                };
                let steps = Direction::ALL
                    .into_iter()
                    .map(|direction| (pieces.shift(direction) & empty).count() as u64)
                    .sum();
                Ply {
                    graph,
                    closures_pay: try_closures
                        && (carry == Carry::Always
                            || closures.reach() * 100
                                <= empty.count() as u64 * LARGEST_REACH_PERCENT),
                    closures,
                    index_of,
                    steps,
                }
            });
            let without = occupied - Bitboard::from_square(origin);
            let blocked_without = (without | !board).0;
            // The closures read the sets of `pieces` and of empty squares.
            let wanted = (board - others) | Bitboard::from_square(origin);
            let parent = ply.graph.get().expect("a table was built");
            let table = without_origin.derive(parent, board, without, origin, wanted);
            // A step of `pieces` onto the origin is new, one onto the
            // (empty) destination is gone; no other step changes.
            let steps_without =
                ply.steps + (Bitboard::neighbours_of(origin) & pieces).count() as u64;
            let steps_after =
                |to: Square| steps_without - (Bitboard::neighbours_of(to) & pieces).count() as u64;
            let rate_too_high =
                carry == Carry::Measured && recomputed > children * RECOMPUTED_PER_CHILD;
            if !ply.closures_pay || rate_too_high {
                // Where most closures change with each move (midgames),
                // the components of each child's graph count them for less.
                for to in destinations {
                    let after = without | Bitboard::from_square(to);
                    let generator = MoveGenerator {
                        board,
                        empty: board - after,
                        occupied: after,
                        constraints,
                        landings: [[0; 8]; 4],
                        long: LongJumps::default(),
                        path: None,
                    };
                    let graph = child.derive(table, board, after, to, wanted);
                    each(steps_after(to) + generator.count_long_jumps(graph, pieces, true));
                }
                continue;
            }
            closures.copy_from(&ply.closures);
            ply.closures.affected(
                &pieces,
                &ply.index_of,
                &lines::lines_through(&blocked_without, origin.bit()),
                origin,
                |index, square, old| {
                    let adjacency = table.adjacency(class_of(square));
                    let new =
                        exact_closure_on_lines::<false>(&blocked_without, square, adjacency, 0);
                    closures.replace(index, square, old, new);
                    recomputed += 1;
                },
            );
            for to in destinations {
                let blocked_after = {
                    let mut blocked = blocked_without;
                    blocked[class_of(to)] |= 1 << (to.bit() & 63);
                    blocked
                };
                let lines_after = lines::lines_through(&blocked_after, to.bit());
                let graph = AfterMove::new(table, &lines_after, to);
                let mut jumps = closures.total;
                closures.affected(
                    &pieces,
                    &ply.index_of,
                    &lines_after,
                    to,
                    |_, square, old| {
                        let adjacency = graph.class(class_of(square));
                        let new =
                            exact_closure_on_lines::<false>(&blocked_after, square, adjacency, 0);
                        jumps = jumps + u64::from(new.count_ones()) - u64::from(old.count_ones());
                        recomputed += 1;
                    },
                );
                children += 1;
                each(steps_after(to) + jumps);
            }
        }
        if let Some(ply) = ply
            .as_ref()
            .filter(|_| try_closures && carry == Carry::Measured)
        {
            GRAPHS_AHEAD.set(if !ply.closures_pay {
                (next_graphs, (2 * next_graphs + 1).min(MOST_GRAPH_PLIES))
            } else {
                (0, 1)
            });
        }
    }
}
