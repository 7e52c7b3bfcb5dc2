//! The benchmark baseline: a plain Halma move generator, the yardstick every
//! benchmark of `halma` is measured against, side by side in the same run
//! (issue 5, item 2).
//!
//! It is deliberately ordinary, but not slow on purpose: what a competent
//! programmer writes without bitboards.
//!
//! - The board is a mailbox: one byte per square in a 1-D array with a border
//!   of two off-board sentinel squares on every side, so a neighbour, or the
//!   landing square two steps away, is `square + offset` with no edge test.
//!   The row length is the same for every board size, so the eight offsets
//!   are constants, and the 5x5 neighbourhood of a square is read as one
//!   fixed-size array (one bounds check per searched square, not one per
//!   neighbour).
//! - Each seat has a piece list; a square-indexed slot array keeps make and
//!   unmake O(1).
//! - Jumps: a breadth-first search over landing squares from each piece, with
//!   a visited set that is a stamp array (clearing it is one increment). The
//!   moving piece is lifted off the board while it moves, so its origin counts
//!   as empty, and the visited set de-duplicates moves by (origin,
//!   destination).
//! - perft counts the moves at the last ply without making them (bulk
//!   counting) and otherwise makes and unmakes moves on the array.
//!
//! It implements every rule of `spec/RULES.md` that changes a move
//! count: the six presets, long jumps, camp-lock, `spoil=fill` and
//! `spoil=swap` (swap moves included), passes, turn order and the end of the
//! game. It reads rules and positions with the oracle's parsers.
//!
//! Why a second generator beside the oracle: the two answer different
//! questions. The oracle (the crate root) is written to be obviously right
//! (a cell vector, a breadth-first search with a visited set, canonical
//! paths) and is slow on purpose; this one is written to be fast without
//! bitboards, so that the benchmarks say how much the bitboards buy. Merged,
//! either the oracle would grow the baseline's tricks (mailbox sentinels,
//! stamp arrays, const-generic specialisation, bulk counting) and stop being
//! obviously right, or the benchmarks would measure against a straw man.
//! Each is checked against the rule book's reference counts
//! (`tests/baseline_perft.rs`, `crates/reference/tests`).
//!
//! It is used by `benches/movegen.rs`, `tests/baseline_perft.rs` and
//! `examples/perft_vs_baseline.rs` (as `halma_reference::baseline`).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The largest board side (RULES.md §1).
const MAX_SIDE: usize = 16;
/// Sentinel squares around the board on every side: a jump segment reads at
/// most two squares beyond its start before it stops on a sentinel.
const PAD: usize = 2;
/// Mailbox row length, the same for every board (smaller boards have wider
/// sentinel margins): so the neighbour offsets are constants. The two
/// sentinel columns between rows serve both edges.
const STRIDE: usize = MAX_SIDE + PAD;
/// Array size: the board's rows with `PAD` sentinel rows on either side,
/// plus the east sentinels of the last sentinel row (the west sentinels of
/// each row are the east ones of the row before).
const CELLS: usize = (MAX_SIDE + 2 * PAD) * STRIDE + PAD;
/// The largest camp, so the longest piece list (RULES.md §2).
const MAX_PIECES: usize = 19;
/// A landing square is reached at most once per piece, so the search queue
/// never holds more than every square of the board.
const QUEUE: usize = MAX_SIDE * MAX_SIDE + 1;
/// The eight neighbour offsets, N, NE, E, SE, S, SW, W, NW.
const DIRS: [isize; 8] = [
    STRIDE as isize,
    STRIDE as isize + 1,
    1,
    1 - STRIDE as isize,
    -(STRIDE as isize),
    -(STRIDE as isize) - 1,
    -1,
    STRIDE as isize - 1,
];
/// The distance from a square to the farthest square a step or plain jump
/// reads: two rows and two columns.
const REACH: usize = PAD * STRIDE + PAD;

/// An empty square. A piece is its seat number plus one (1..=4).
const EMPTY: u8 = 0;
/// An off-board sentinel square: neither empty nor a piece.
const OFF: u8 = 8;

/// Calls `$f` with each of the eight direction offsets, written out so that
/// each call sees a constant offset.
macro_rules! each_direction {
    ($f:expr) => {{
        let mut f = $f;
        f(DIRS[0]);
        f(DIRS[1]);
        f(DIRS[2]);
        f(DIRS[3]);
        f(DIRS[4]);
        f(DIRS[5]);
        f(DIRS[6]);
        f(DIRS[7]);
    }};
}

// After the macro: `macro_rules!` is visible only to code that follows it.
mod generator;
mod position;

pub use generator::Generator;
pub use position::{Move, Position};

/// Whether a cell holds a piece (of any seat).
#[inline(always)]
fn is_piece(cell: u8) -> bool {
    cell.wrapping_sub(1) < 4
}

/// The square `d` away from `sq`.
#[inline(always)]
fn offset(sq: usize, d: isize) -> usize {
    sq.wrapping_add_signed(d)
}

/// The index in a [`window`] of the square `d` away from its centre.
#[inline(always)]
const fn near(d: isize) -> usize {
    (REACH as isize + d) as usize
}

/// The squares up to two rows and columns around an on-board square, as a
/// fixed-size array: one bounds check instead of one per neighbour.
#[inline(always)]
fn window(cells: &[u8; CELLS], sq: usize) -> &[u8; 2 * REACH + 1] {
    cells[sq - REACH..=sq + REACH]
        .try_into()
        .expect("the window of an on-board square lies inside the mailbox")
}

/// The landing square of a long-jumps segment from `from` in direction `d`,
/// if every square before it that the rules require empty is empty and on
/// the board (RULES.md §4): k >= 0 empty squares, the jumped piece, k more
/// empty squares. The landing square itself is not tested, as a swap lands
/// on a piece. Every read follows an on-board square, so it stays within
/// the sentinel margin.
#[inline(always)]
fn landing(cells: &[u8; CELLS], from: usize, d: isize) -> Option<usize> {
    let mut sq = offset(from, d);
    let mut k = 0;
    while cells[sq] == EMPTY {
        sq = offset(sq, d);
        k += 1;
    }
    if !is_piece(cells[sq]) {
        return None;
    }
    for _ in 0..k {
        sq = offset(sq, d);
        if cells[sq] != EMPTY {
            return None;
        }
    }
    Some(offset(sq, d))
}

/// perft(`pos`, `depth`) per RULES.md §7, single-threaded.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    Generator::new().perft_dispatch(&mut pos.clone(), depth)
}

/// [`perft`] with the root moves shared among `threads` threads, each taking
/// the next unclaimed root move (as `halma perft --threads`).
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 || pos.is_finished() {
        return perft(pos, depth);
    }
    let moves = Generator::new().legal_moves(&mut pos.clone());
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(moves.len()) {
            scope.spawn(|| {
                let mut local = pos.clone();
                let mut generator = Generator::new();
                let mut sum = 0;
                while let Some(&mv) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
                    local.play(mv);
                    sum += generator.perft_dispatch(&mut local, depth - 1);
                    local.unplay(mv, pos.to_move);
                }
                total.fetch_add(sum, Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}
