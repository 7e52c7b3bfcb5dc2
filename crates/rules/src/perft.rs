//! perft and divide (section 7 of the rule book), with bulk counting at the last ply.
//!
//! The recursion follows one line of play per level, and a Halma game can go
//! on for ever (passes included), so the depth is bounded by
//! [`MAX_PERFT_DEPTH`]: a deeper request is a [`PerftError`], never a stack
//! overflow.
//!
//! [`Rules::perft`] and [`Rules::divide`] count on one thread;
//! [`Rules::perft_with`] and [`Rules::divide_with`] take [`PerftOptions`]:
//! threads, a [`PerftTable`] that counts each transposed subtree once
//! (modules `hashed` and `table`), a stop flag, and an observer of each root
//! move's count as it is known, which is how the command-line tool shows
//! progress. [`PerftMode`] chooses between generating every position's
//! moves and reusing one count for the replies that cannot change it.

mod hashed;
mod reuse;
mod table;

pub use table::{PerftTable, PerftTableError};

use reuse::Reused;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use halma_core::{Bitboard, Move, MoveGenerator, MoveKind, MoveList, Position, Seat};
use thiserror::Error;

use crate::legal::pass_is_due;
use crate::options::Spoil;
use crate::Rules;

/// The deepest perft: depths 0 to 64 are accepted.
///
/// No real perft comes near it (from the `halma` start, depth 4 is 4.5
/// million sequences and every ply multiplies by about forty), so the bound
/// only refuses requests that could never finish; it is the engine search's
/// `MAX_DEPTH` too. Each level of the recursion keeps a move generator and a
/// move list header on the stack, about 0.75 KiB (measured in debug and
/// release builds: a depth-64 perft that recurses all the way needs about
/// 50 KiB of thread stack), so a full-depth perft uses under a fortieth of
/// the 2 MiB stack of a spawned Rust thread. The move lists themselves are on
/// the heap.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// The most threads a perft is asked for by the command line (`halma perft
/// --threads`) and the C ABI (`halma_game_perft_hashed`): they refuse more,
/// rather than quietly using fewer. The parallel entry points here take any
/// number and use at most one thread per root move.
pub const MAX_PERFT_THREADS: usize = 256;

/// Why a perft was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PerftError {
    /// The depth is above [`MAX_PERFT_DEPTH`].
    #[error("perft depth {depth} is out of range: the depth must be from 0 to {max}")]
    DepthTooLarge {
        /// The depth asked for.
        depth: u32,
        /// The deepest perft, [`MAX_PERFT_DEPTH`].
        max: u32,
    },
    /// More than one thread was asked for on a platform that has none
    /// ([`THREADS_AVAILABLE`](crate::THREADS_AVAILABLE) is false: WebAssembly
    /// without threads).
    #[error("perft on {threads} threads: this platform has no threads, so the count must be 1")]
    ThreadsUnavailable {
        /// The threads asked for.
        threads: usize,
    },
    /// The stop flag of [`PerftOptions::stop`] was raised before the count
    /// was complete.
    #[error("perft was stopped before it finished")]
    Stopped,
}

/// The flag of the perfts that cannot be stopped: never raised.
static NEVER: AtomicBool = AtomicBool::new(false);

/// The shallowest subtree that reads the stop flag. A subtree of depth 2
/// takes microseconds, so below this a stop waits at most that long, and
/// the flag costs one load per thousands of leaves.
const STOP_CHECK_DEPTH: u32 = 3;

/// Whether a subtree of `depth` plies is to be cut short: the flag is up
/// and the subtree is deep enough to read it (shallower ones finish soon).
#[inline(always)]
fn stopped(stop: &AtomicBool, depth: u32) -> bool {
    depth >= STOP_CHECK_DEPTH && stop.load(Ordering::Relaxed)
}

/// Refuses a depth above [`MAX_PERFT_DEPTH`] before any work is done.
fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PerftError::DepthTooLarge {
            depth,
            max: MAX_PERFT_DEPTH,
        });
    }
    Ok(())
}

/// Refuses more than one thread where there are none, before any work is done.
fn check_threads(threads: usize) -> Result<(), PerftError> {
    if threads > 1 && !crate::THREADS_AVAILABLE {
        return Err(PerftError::ThreadsUnavailable { threads });
    }
    Ok(())
}

/// How perft counts the last two plies. Both give the same counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PerftMode {
    /// Every position one ply above the leaves has its moves generated and
    /// counted: perft measures the move generator, as the baseline's perft
    /// does (the benchmarks compare the two this way).
    #[default]
    Generate,
    /// Two plies above the leaves, the next seat's moves are counted once,
    /// with the squares that count reads
    /// ([`MoveGenerator::count_with_read_set`]); every reply whose origin and
    /// destination lie outside them (and that cannot end the game) leaves
    /// that count unchanged, so it is reused without making the reply.
    /// While the seats' pieces are apart, as in every opening, most replies
    /// are such. Rules with camp-lock, spoil=swap or a path rule
    /// (home-lock, forced-exit, jump-continue) count as in `Generate`:
    /// there the count reads more than the occupancy near the pieces.
    ReuseReplies,
}

/// How a perft counts: on how many threads, with or without a
/// transposition table, in which [`PerftMode`], whether a flag can stop it
/// and whether each root move's count is reported as it is known. Every
/// choice gives the same count.
///
/// Built from [`PerftOptions::new`] (one thread, no table, no stop flag, no
/// observer, [`PerftMode::Generate`]) one option at a time, and given to
/// [`Rules::perft_with`] or [`Rules::divide_with`]. The options hold the
/// table by mutable borrow (a perft prepares it for its rules), so they are
/// given by value, once.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use halma_rules::{PerftError, PerftMode, PerftOptions, PerftTable, Rules};
///
/// let rules: Rules = "halma8".parse().unwrap();
/// let start = rules.start_position();
/// let mut table = PerftTable::new(16).unwrap();
/// let options = PerftOptions::new()
///     .threads(2)
///     .table(&mut table)
///     .mode(PerftMode::ReuseReplies);
/// assert_eq!(rules.perft_with(&start, 4, options), rules.perft(&start, 4));
///
/// // A raised stop flag: a typed error, never a partial count.
/// let halt = AtomicBool::new(true);
/// let stopped = rules.perft_with(&start, 4, PerftOptions::new().stop(&halt));
/// assert_eq!(stopped, Err(PerftError::Stopped));
/// ```
#[must_use]
#[non_exhaustive]
pub struct PerftOptions<'a> {
    threads: usize,
    table: Option<&'a mut PerftTable>,
    mode: PerftMode,
    stop: Option<&'a AtomicBool>,
    on_root_move: Option<&'a (dyn Fn(usize, u64) + Sync)>,
}

impl<'a> PerftOptions<'a> {
    /// One thread, no table, no stop flag, no observer, [`PerftMode::Generate`].
    pub fn new() -> PerftOptions<'a> {
        PerftOptions {
            threads: 1,
            table: None,
            mode: PerftMode::Generate,
            stop: None,
            on_root_move: None,
        }
    }

    /// The most threads used: each takes the next unclaimed root move, so
    /// no more than there are root moves; 0 counts as 1. More than one on a
    /// platform without threads ([`THREADS_AVAILABLE`](crate::THREADS_AVAILABLE)
    /// is false) is [`PerftError::ThreadsUnavailable`].
    pub fn threads(mut self, threads: usize) -> PerftOptions<'a> {
        self.threads = threads;
        self
    }

    /// A transposition table: each transposed subtree of depth 2 or more is
    /// counted once and then read from `table` (see [`PerftTable`] for the
    /// key and what a table reused across runs keeps). The threads share it.
    ///
    /// Takes `&mut table` or an `Option` of one (`None`: no table).
    pub fn table(mut self, table: impl Into<Option<&'a mut PerftTable>>) -> PerftOptions<'a> {
        self.table = table.into();
        self
    }

    /// How the last two plies are counted.
    pub fn mode(mut self, mode: PerftMode) -> PerftOptions<'a> {
        self.mode = mode;
        self
    }

    /// A flag that stops the count when raised (from another thread: a
    /// user's interrupt, a time limit): every thread reads it at each
    /// subtree of three plies or more, so the call returns within
    /// milliseconds of the raise. A stopped count is
    /// [`PerftError::Stopped`], never a partial number, and nothing partial
    /// is left in the table.
    ///
    /// Takes `&flag` or an `Option` of one (`None`: no flag).
    pub fn stop(mut self, stop: impl Into<Option<&'a AtomicBool>>) -> PerftOptions<'a> {
        self.stop = stop.into();
        self
    }

    /// Called as `on_root_move(index, count)` as soon as the count of the
    /// root move at `index` (of [`Rules::divide_with`]'s result, which is in
    /// [`Rules::legal_moves`] order) is known: from the counting threads,
    /// in the order the counts finish, once per root move, none after a
    /// stop. A long perft reports its progress through it.
    pub fn on_root_move(
        mut self,
        on_root_move: &'a (dyn Fn(usize, u64) + Sync),
    ) -> PerftOptions<'a> {
        self.on_root_move = Some(on_root_move);
        self
    }
}

impl Default for PerftOptions<'_> {
    fn default() -> Self {
        PerftOptions::new()
    }
}

impl std::fmt::Debug for PerftOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftOptions")
            .field("threads", &self.threads)
            .field("table", &self.table)
            .field("mode", &self.mode)
            .field("stop", &self.stop)
            .field("on_root_move", &self.on_root_move.is_some())
            .finish()
    }
}

impl Rules {
    /// The number of move sequences of length `depth` from `position`:
    /// 1 at depth 0; 0 for a finished game at depth >= 1; moves counted by
    /// (origin, destination), a pass counting as one move.
    ///
    /// The time grows exponentially with `depth`; [`perft_with`](Rules::perft_with)
    /// counts faster (threads, a table) and can be stopped.
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] when `depth` is above [`MAX_PERFT_DEPTH`].
    pub fn perft(&self, position: &Position, depth: u32) -> Result<u64, PerftError> {
        self.perft_with(position, depth, PerftOptions::new())
    }

    /// [`perft`](Rules::perft) counted as `options` say: the general perft,
    /// every shortcut optional, always the same count.
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] when `depth` is above [`MAX_PERFT_DEPTH`];
    /// [`PerftError::ThreadsUnavailable`] when more than one thread is asked
    /// for on a platform without threads; [`PerftError::Stopped`] when the
    /// stop flag was raised before the count was complete.
    pub fn perft_with(
        &self,
        position: &Position,
        depth: u32,
        options: PerftOptions<'_>,
    ) -> Result<u64, PerftError> {
        check_depth(depth)?;
        check_threads(options.threads)?;
        let stop = options.stop.unwrap_or(&NEVER);
        // The root moves go to threads or an observer; one thread without
        // an observer counts from the root itself (and shallow or finished
        // roots have nothing to share).
        let shared = options.threads > 1 || options.on_root_move.is_some();
        let count = if shared && depth > 1 && !self.is_finished(position) {
            self.divide_general(position, depth, options)?
                .iter()
                .map(|(_, n)| n)
                .sum()
        } else {
            let mut position = position.clone();
            match options.table {
                Some(table) if depth > 1 => {
                    table.prepare(self, &position);
                    self.perft_hashed_in_place(&mut position, depth, table, options.mode, stop)
                }
                _ => self.perft_in_place(&mut position, depth, options.mode, stop),
            }
        };
        // Depths 0 and 1 are one bulk count, finished before any stop.
        if depth > 1 && stop.load(Ordering::Relaxed) {
            return Err(PerftError::Stopped);
        }
        Ok(count)
    }

    /// perft per root move: each legal move with the perft of the position
    /// after it at `depth - 1`, in [`legal_moves`](Rules::legal_moves)
    /// order. Empty at depth 0.
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] when `depth` is above [`MAX_PERFT_DEPTH`].
    pub fn divide(&self, position: &Position, depth: u32) -> Result<Vec<(Move, u64)>, PerftError> {
        self.divide_with(position, depth, PerftOptions::new())
    }

    /// [`divide`](Rules::divide) counted as `options` say; the result is
    /// the same whatever they are.
    ///
    /// # Errors
    /// As [`perft_with`](Rules::perft_with).
    pub fn divide_with(
        &self,
        position: &Position,
        depth: u32,
        options: PerftOptions<'_>,
    ) -> Result<Vec<(Move, u64)>, PerftError> {
        self.divide_general(position, depth, options)
    }

    /// [`divide_with`](Rules::divide_with): the root moves shared among the
    /// threads, each counted with the table if there is one.
    fn divide_general(
        &self,
        position: &Position,
        depth: u32,
        options: PerftOptions<'_>,
    ) -> Result<Vec<(Move, u64)>, PerftError> {
        check_depth(depth)?;
        check_threads(options.threads)?;
        if depth == 0 {
            return Ok(Vec::new());
        }
        let PerftOptions {
            threads,
            table,
            mode,
            stop,
            on_root_move,
        } = options;
        let stop = stop.unwrap_or(&NEVER);
        let table: Option<&PerftTable> = table.map(|table| {
            table.prepare(self, position);
            &*table
        });
        let moves = self.legal_moves(position);
        let threads = threads.clamp(1, moves.len().max(1));
        let next = AtomicUsize::new(0);
        let counts = Mutex::new(vec![0u64; moves.len()]);
        let work = || {
            let mut local = position.clone();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&mv) = moves.get(index) else { break };
                // Legal moves of this position.
                local.make_move_unchecked(mv);
                let count = match table {
                    Some(table) => {
                        self.perft_hashed_in_place(&mut local, depth - 1, table, mode, stop)
                    }
                    None => self.perft_in_place(&mut local, depth - 1, mode, stop),
                };
                local.unmake_move(mv);
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                counts.lock().expect("no thread panics while holding it")[index] = count;
                if let Some(on_root_move) = on_root_move {
                    on_root_move(index, count);
                }
            }
        };
        if threads == 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(work);
                }
            });
        }
        if stop.load(Ordering::Relaxed) {
            return Err(PerftError::Stopped);
        }
        let counts = counts.into_inner().expect("threads have finished");
        Ok(moves.into_iter().zip(counts).collect())
    }

    /// perft without the depth check: callers have checked `depth` against
    /// [`MAX_PERFT_DEPTH`], which bounds this recursion. A raised `stop`
    /// makes it return early with a meaningless count.
    fn perft_in_place(
        &self,
        position: &mut Position,
        depth: u32,
        mode: PerftMode,
        stop: &AtomicBool,
    ) -> u64 {
        // Nothing is known of how `position` came about: test for the end.
        if self.has_path_rules() {
            self.perft_nodes::<true, false>(position, depth, true, stop)
        } else if mode == PerftMode::ReuseReplies && self.reuses_reply_counts() {
            self.perft_nodes::<false, true>(position, depth, true, stop)
        } else {
            self.perft_nodes::<false, false>(position, depth, true, stop)
        }
    }

    /// The recursion of [`perft_in_place`](Rules::perft_in_place), compiled
    /// once with the path rules (`PATH`) and once without: the plain copy
    /// is the code of rules that never had them. `REUSE` is
    /// [`PerftMode::ReuseReplies`] under rules where it applies
    /// ([`reuses_reply_counts`](Rules::reuses_reply_counts)). `may_be_finished` is
    /// false only when the move into `position` is known to have left the
    /// game unfinished ([`move_may_finish`]).
    fn perft_nodes<const PATH: bool, const REUSE: bool>(
        &self,
        position: &mut Position,
        depth: u32,
        may_be_finished: bool,
        stop: &AtomicBool,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if stopped(stop, depth) {
            return 0;
        }
        if may_be_finished && self.is_finished(position) {
            return 0;
        }
        let generator = self.generator_for::<PATH>(position);
        if depth == 1 {
            // Bulk count, with the pass rule.
            return self.count_with(position, &generator);
        }
        if depth == 2 && REUSE {
            return self.count_children_reusing(position, &generator);
        }
        if depth == 2 && !PATH && self.counts_children_unmade() {
            return self.count_children_unmade(position, &generator, None);
        }
        let mut moves = MoveList::with_capacity(256);
        self.moves_with(position, &generator, &mut moves);
        let watch = self.finish_watch(position.to_move());
        let mut total = 0;
        for mv in moves {
            let may_finish = move_may_finish(watch, mv);
            // Generated here, so legal: the fast path.
            position.make_move_unchecked(mv);
            total += self.perft_nodes::<PATH, REUSE>(position, depth - 1, may_finish, stop);
            position.unmake_move(mv);
        }
        total
    }

    /// The squares on which a step or jump of `mover` may end an unfinished
    /// game: a goal (`meets_goal`) reads a seat's pieces in its target camp
    /// and, under spoil=fill, the camp's occupancy, and a step or jump adds
    /// to them only on the square it lands on (leaving a square never meets
    /// a goal). So: the mover's target camp, and under spoil=fill every
    /// seat's.
    #[inline(always)]
    fn finish_watch(&self, mover: Seat) -> Bitboard {
        match self.spoil() {
            Spoil::None | Spoil::Swap => self.target_camp(mover),
            Spoil::Fill => self.seats().iter().fold(Bitboard::EMPTY, |watch, seat| {
                watch | self.target_camp(seat)
            }),
        }
    }

    /// Whether [`count_children_unmade`](Rules::count_children_unmade)
    /// applies: every seat's only constraint under these rules is long
    /// jumps, when they are on ([`constraints`](Rules::constraints) is
    /// always the default otherwise), so that
    /// [`MoveGenerator::count_plain_after_moves`] or
    /// [`MoveGenerator::count_long_after_moves`] counts its moves.
    #[inline(always)]
    fn counts_children_unmade(&self) -> bool {
        !self.has_landing_constraints()
    }

    /// perft at depth 2 under rules without constraints (long jumps aside)
    /// or path rules, from the moves of `position` under `generator`: each
    /// position after one of them is counted from its occupancy and the
    /// next mover's pieces, straight from each piece's destination sets: no
    /// move list, no move made on `position` (which would update the hash
    /// and the turn for nothing), no generator of its own (under long
    /// jumps, the closures or the jump graph come from this position's). A
    /// move that may end the
    /// game, and the pass, go the general way. With `reused`, the moves it
    /// covers take its count. Inlined, so that perft's call with `None`
    /// compiles as if reuse did not exist.
    #[inline(always)]
    fn count_children_unmade(
        &self,
        position: &mut Position,
        generator: &MoveGenerator,
        reused: Option<Reused>,
    ) -> u64 {
        let board = position.geometry().squares();
        let occupied = position.occupied();
        let mover = position.to_move();
        let next = position.seats().next_after(mover);
        let watch = self.finish_watch(mover);
        let mut total = 0;
        let mut total_reused = 0;
        let mut any_move = false;
        // Moves that may end the game, tested after being made (rare).
        let mut slow = MoveList::new();
        let fast_moves = generator
            .all_piece_moves(position.pieces(mover))
            .map(|piece| {
                // No swaps without spoil=swap.
                let destinations = piece.steps | piece.jumps;
                any_move |= !destinations.is_empty();
                // With one seat in play the mover moves next, with this piece
                // moved: the general way.
                let fast = if next == mover {
                    Bitboard::EMPTY
                } else {
                    destinations - watch
                };
                // Counted only when reusing: a population count per piece
                // is 2% of the plain perft.
                let same = match reused {
                    Some(reused) => {
                        let same = reused.destinations(piece.origin, fast);
                        total_reused += same.count();
                        same
                    }
                    None => Bitboard::EMPTY,
                };
                if destinations != fast {
                    let from = piece.origin;
                    slow.extend(
                        (piece.steps - fast)
                            .into_iter()
                            .map(|to| Move::step(from, to)),
                    );
                    slow.extend(
                        (piece.jumps - fast)
                            .into_iter()
                            .map(|to| Move::jump(from, to)),
                    );
                }
                (piece.origin, fast - same)
            });
        let add = |count: u64| {
            total += if pass_is_due(count as usize) {
                1
            } else {
                count
            }
        };
        if self.long_jumps() {
            MoveGenerator::count_long_after_moves(
                board,
                occupied,
                position.pieces(next),
                fast_moves,
                add,
            );
        } else {
            MoveGenerator::count_plain_after_moves(
                board,
                occupied,
                position.pieces(next),
                fast_moves,
                add,
            );
        }
        if let Some(reused) = reused {
            total += reused.count * u64::from(total_reused);
        }
        for mv in slow {
            total += self.count_child(position, mv, true);
        }
        if pass_is_due(usize::from(any_move)) {
            total += self.count_child(position, Move::PASS, true);
        }
        total
    }

    /// perft at depth 1 after `mv` (a legal move of `position`), with the
    /// end-of-game test unless `may_finish` is false ([`move_may_finish`]).
    fn count_child(&self, position: &mut Position, mv: Move, may_finish: bool) -> u64 {
        position.make_move_unchecked(mv);
        let count = self.perft_nodes::<false, false>(position, 1, may_finish, &NEVER);
        position.unmake_move(mv);
        count
    }
}

/// Whether `mv` may end an unfinished game, given the squares
/// ([`Rules::finish_watch`]) on which a step or jump of its mover may.
/// A pass changes no goal; a swap (rare) is always tested: the displaced
/// piece's owner may meet its goal on the swap's origin.
#[inline(always)]
fn move_may_finish(watch: Bitboard, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::Pass => false,
        MoveKind::Step | MoveKind::Jump => watch.contains(mv.to()),
        MoveKind::Swap => true,
    }
}
