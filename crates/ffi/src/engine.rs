//! Engine handles: the computer player, searching the current position of a
//! game under a depth, node or time limit, and stoppable from another thread.
//!
//! Threads: the functions taking a `const halma_engine *` (`halma_engine_stop`,
//! `halma_engine_pv`, `halma_engine_pv_string`) may run at any time from any
//! thread, also while a search runs on the same handle (stop only raises an
//! atomic flag, which is what it is for; the line readers take the engine's
//! lock, so they wait for the search to end). Every function taking a
//! `halma_engine *` needs the handle to itself: do not run two of them at
//! once on one engine (they would wait for each other).
//! Distinct engines are independent and may search at the same time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use ::halma_engine::levels::with_default_budget;
use ::halma_engine::{
    ConfigError, Contempt, Engine, EngineOptions, HashSize, Level, Limits, Score, Threads,
};
use ::halma_rules::{Game, Move};

use crate::args::{Out, SliceOut};
use crate::boundary::{call, guard};
use crate::error::{halma_result, Error, FfiResult};
use crate::game::{halma_game, with_game};
use crate::handles::Handle;
use crate::types::halma_move;

/// The state guarded by the engine's lock.
struct EngineState {
    engine: Engine,
    /// The principal variation of the last successful search.
    pv: Vec<Move>,
}

/// A computer player: options (level, threads, hash size), its transposition
/// table kept between moves, and a stop flag. Opaque; made by
/// `halma_engine_new`, freed by `halma_engine_free`.
///
/// The const calls (`halma_engine_stop`, `_pv`, `_pv_string`) may run from any
/// thread while a search runs on the handle; the others need it to themselves.
#[allow(non_camel_case_types)]
pub struct halma_engine {
    /// The engine; only ever used through `&self` and the lock, so that
    /// `halma_engine_stop` (which reads `stop` only) never aliases a `&mut`.
    state: Mutex<EngineState>,
    /// Raised by `halma_engine_stop`; lowered when a `halma_engine_search`
    /// call returns, whether it searched or failed (and by
    /// `halma_engine_new_game`), never when one starts, so that a stop sent
    /// just before a search begins stops that search rather than being lost.
    stop: AtomicBool,
}

impl Handle for halma_engine {}

impl halma_engine {
    /// The principal variation of the last successful search (for `pv.rs`).
    pub(crate) fn pv(&self) -> FfiResult<Vec<Move>> {
        Ok(self.lock()?.pv.clone())
    }

    /// The engine, or `HALMA_RESULT_PANIC` when an earlier call panicked
    /// while holding it (its state is unknown).
    fn lock(&self) -> FfiResult<MutexGuard<'_, EngineState>> {
        self.state.lock().map_err(|_| {
            Error::new(
                halma_result::Panic,
                "the engine was left in an unknown state by an earlier internal error: free it",
            )
        })
    }
}

/// The answer of `halma_engine_search`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct halma_search_result {
    /// The move to play (a pass, `HALMA_MOVE_KIND_PASS`, when it is the only move).
    pub best_move: halma_move,
    /// The score of `best_move` for the side to move, in evaluation units
    /// (10 units = one square of race distance; positive is good for the side
    /// to move). Forced results score near +-30000: see `win_in`.
    pub score: i32,
    /// A forced result: N > 0 when the side to move wins with a winning move
    /// N plies from now (1 = `best_move` wins at once), -N when an opponent's
    /// winning move comes N plies from now, 0 when no forced result was seen.
    pub win_in: i32,
    /// The last completed iteration depth, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Positions visited (all threads together).
    pub nodes: u64,
    /// Wall time spent, in milliseconds.
    pub elapsed_ms: u64,
    /// The length of the principal variation (at least 1), which
    /// `halma_engine_pv` gives.
    pub pv_len: usize,
}

/// The deepest search `halma_engine_search` accepts, in plies (the engine's
/// own cap); a larger `depth` is an invalid argument, never clamped.
pub const HALMA_MAX_SEARCH_DEPTH: u32 = 64;

const _: () = assert!(HALMA_MAX_SEARCH_DEPTH == ::halma_engine::search::MAX_DEPTH);

/// The most contempt `halma_engine_set_contempt` accepts, in evaluation
/// units (10 per square of race distance; the engine's `Contempt::MAX`).
pub const HALMA_MAX_CONTEMPT: u32 = 10_000;

/// The contempt an engine starts with (`Contempt::DEFAULT`: 30 squares).
pub const HALMA_DEFAULT_CONTEMPT: u32 = 300;

const _: () = assert!(HALMA_MAX_CONTEMPT == Contempt::MAX);

/// A setting out of range, as `HALMA_RESULT_INVALID_ARGUMENT` with the
/// engine's own explanation.
fn config_error(error: ConfigError) -> Error {
    Error::invalid(error.to_string())
}

/// A new engine. `level` is 1 (a beginner who makes human-like mistakes) to
/// 10 (full strength); `threads` the search threads of time-limited
/// searches (0 means 1; at most 64; node- and depth-limited searches always
/// run on one thread so that they are reproducible); `hash_mib` the
/// transposition table size in MiB (0 means the default, 16; at most 4096).
/// The table's memory is written (which takes about a second per GiB) by
/// `halma_engine_fill_hash` or else by the first search, a chunk at a time
/// that `halma_engine_stop` interrupts; this call returns at once.
///
/// On success `*out_engine` receives a new handle owned by the caller (free
/// it with `halma_engine_free`). `HALMA_RESULT_INVALID_ARGUMENT` for a value
/// out of range.
///
/// Thread-safe.
///
/// # Safety
/// `out_engine` must be NULL or valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_engine_new(
    level: u32,
    threads: u32,
    hash_mib: u32,
    out_engine: *mut *mut halma_engine,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `out_engine` as documented.
        let out = unsafe { Out::new(out_engine, "out_engine") }?;
        let mut options = EngineOptions::default();
        options.level = Level::new(level.into()).map_err(config_error)?;
        // 0 asks for the default, one thread and the default table.
        if threads > 0 {
            options.threads = Threads::new(threads.into()).map_err(config_error)?;
        }
        if hash_mib > 0 {
            options.hash = HashSize::new(hash_mib.into()).map_err(config_error)?;
        }
        let engine = Engine::new(options);
        let handle = halma_engine {
            state: Mutex::new(EngineState {
                engine,
                pv: Vec::new(),
            }),
            stop: AtomicBool::new(false),
        };
        out.write(handle.into_raw());
        Ok(())
    })
}

/// Frees an engine handle. NULL is a no-op.
///
/// # Safety
/// `engine` must be NULL or a live engine handle, which no other thread uses
/// (no call at all, not even the const `halma_engine_stop`, `halma_engine_pv`
/// or `halma_engine_pv_string`) and which must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn halma_engine_free(engine: *mut halma_engine) {
    // SAFETY: NULL or a live handle given up by the caller.
    guard((), || unsafe { halma_engine::free(engine) })
}

/// Sets the level, 1 to 10 (`HALMA_RESULT_INVALID_ARGUMENT` otherwise),
/// for the searches that follow.
///
/// # Safety
/// `engine` must be NULL or a live engine handle that no other call taking a
/// `halma_engine *` uses meanwhile (the const calls `halma_engine_stop`,
/// `halma_engine_pv` and `halma_engine_pv_string` may).
#[no_mangle]
pub unsafe extern "C" fn halma_engine_set_level(
    engine: *mut halma_engine,
    level: u32,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made (the state is changed through its lock).
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        let level = Level::new(level.into()).map_err(config_error)?;
        handle.lock()?.engine.set_level(level);
        Ok(())
    })
}

/// Sets the contempt, 0 to `HALMA_MAX_CONTEMPT` evaluation units (10 per
/// square of race; `HALMA_RESULT_INVALID_ARGUMENT` above that, never
/// clamped), for the searches that follow: what a draw (by repetition) is
/// worth less than an even position to the seat searching, so that the
/// engine races on from behind instead of steering for a repetition. A new
/// engine has `HALMA_DEFAULT_CONTEMPT`; 0 scores a draw as even.
///
/// # Safety
/// `engine` must be NULL or a live engine handle that no other call taking a
/// `halma_engine *` uses meanwhile (the const calls `halma_engine_stop`,
/// `halma_engine_pv` and `halma_engine_pv_string` may).
#[no_mangle]
pub unsafe extern "C" fn halma_engine_set_contempt(
    engine: *mut halma_engine,
    contempt: u32,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made (the state is changed through its lock).
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        let contempt = Contempt::new(contempt.into()).map_err(config_error)?;
        handle.lock()?.engine.set_contempt(contempt);
        Ok(())
    })
}

/// Starts a new game: forgets what the engine learnt (its transposition
/// table and the last principal variation) and restarts the noise of low
/// levels from its seed, so that the same searches give the same moves again.
///
/// # Safety
/// `engine` must be NULL or a live engine handle that no other call taking a
/// `halma_engine *` uses meanwhile (the const calls `halma_engine_stop`,
/// `halma_engine_pv` and `halma_engine_pv_string` may).
#[no_mangle]
pub unsafe extern "C" fn halma_engine_new_game(engine: *mut halma_engine) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made.
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        let mut state = handle.lock()?;
        state.engine.new_game();
        state.pv.clear();
        handle.stop.store(false, Ordering::SeqCst);
        Ok(())
    })
}

/// Fills the engine's transposition table now, as the first search would
/// (about a second per GiB, so that the first search starts at once): call
/// it after `halma_engine_new` or `halma_engine_new_game`, for example on a
/// thread of its own while the game is set up. `halma_engine_stop` ends it
/// early (within some 40 ms; the next search fills the rest), and like a
/// search it consumes a pending stop request when it returns.
///
/// Thread-safe like `halma_engine_search`: `halma_engine_stop` may run
/// meanwhile, and the other calls on the engine wait for it.
///
/// # Safety
/// `engine` must be NULL or a live engine handle that no other call taking a
/// `halma_engine *` uses meanwhile (the const calls `halma_engine_stop`,
/// `halma_engine_pv` and `halma_engine_pv_string` may).
#[no_mangle]
pub unsafe extern "C" fn halma_engine_fill_hash(engine: *mut halma_engine) -> halma_result {
    // SAFETY: NULL or a live handle, per the caller; only a shared
    // reference is made (the flag is atomic).
    let _consume = unsafe { engine.as_ref() }.map(|handle| ConsumeStop(&handle.stop));
    call(|| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made, so `halma_engine_stop` may read the flag meanwhile.
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        handle.lock()?.engine.fill_table(&handle.stop);
        Ok(())
    })
}

/// Searches the current position of `game` for the side to move and writes
/// the answer into `*out_result` (the principal variation: `halma_engine_pv`).
/// The game is only read; the repetition history comes from its moves.
///
/// Limits: `depth` (plies, at most `HALMA_MAX_SEARCH_DEPTH`, 64: a larger
/// one returns `HALMA_RESULT_INVALID_ARGUMENT`), `nodes` (positions
/// visited) and `movetime_ms` (wall time); 0 means "no limit" for each, and
/// the first limit reached ends the search. Levels 1 to 9 cap depth or
/// nodes further on their own.
/// When all three are 0 the level's default applies: its own cap at levels
/// 1 to 9, 300000 nodes at level 10. A search with a node or depth limit is
/// single-threaded and deterministic: the same engine state, game and limits
/// give the same result. For a search that runs until `halma_engine_stop`,
/// give a long `movetime_ms`.
///
/// The search returns soon after `halma_engine_stop` is called, with the
/// best move found so far (a legal move even if stopped at once); a stop
/// that arrives before the search begins stops it at once. A table not yet
/// filled (see `halma_engine_fill_hash`) is filled first, the stop
/// interrupting that too; a search with `movetime_ms` spends at most a
/// quarter of it filling and searches with the part filled. Every call
/// consumes a pending request when it returns, a failed one too (a NULL
/// `game` or `out_result`, a depth above 64, a finished game): a stop is
/// meant for the call it precedes, never for a later unrelated search.
/// `HALMA_RESULT_GAME_OVER` when the game is over (there is no move to
/// search).
///
/// Thread-safe against the const calls only: `halma_engine_stop` may run
/// meanwhile (its purpose), and `halma_engine_pv` / `halma_engine_pv_string`
/// wait for the search to end.
///
/// # Safety
/// `engine` must be NULL or a live engine handle that no other call taking a
/// `halma_engine *` uses meanwhile; `game` NULL or a live game handle that
/// no other thread changes meanwhile; `out_result` NULL or valid for writing
/// a `halma_search_result`.
#[no_mangle]
pub unsafe extern "C" fn halma_engine_search(
    engine: *mut halma_engine,
    game: *const halma_game,
    depth: u32,
    nodes: u64,
    movetime_ms: u64,
    out_result: *mut halma_search_result,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made, so `halma_engine_stop` may read the flag meanwhile.
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        // SAFETY: the caller guarantees `out_result` as documented.
        let out = unsafe { Out::new(out_result, "out_result") }?;
        if game.rules().is_finished(game.position()) {
            return Err(Error::new(
                halma_result::GameOver,
                "the game is over: there is no move to search",
            ));
        }
        if depth > HALMA_MAX_SEARCH_DEPTH {
            return Err(Error::invalid(format!(
                "argument `depth`: search depth {depth} is more than {HALMA_MAX_SEARCH_DEPTH}"
            )));
        }
        let limits = Limits {
            depth: (depth > 0).then_some(depth),
            nodes: (nodes > 0).then_some(nodes),
            movetime: (movetime_ms > 0).then(|| Duration::from_millis(movetime_ms)),
            clock: None,
        };
        let mut state = handle.lock()?;
        let limits = with_default_budget(limits, state.engine.options().level);
        let found = state
            .engine
            .search(game, limits, &handle.stop)
            .map_err(|e| Error::invalid(format!("argument `depth`: {e}")))?;
        let Some(best_move) = found.best_move else {
            return Err(Error::new(
                halma_result::GameOver,
                "the game is over: there is no move to search",
            ));
        };
        let win_in = match found.score {
            Score::Win(n) => i32::try_from(n).unwrap_or(i32::MAX),
            Score::Loss(n) => -i32::try_from(n).unwrap_or(i32::MAX),
            Score::Units(_) => 0,
        };
        let mut pv = found.pv;
        if pv.is_empty() {
            pv.push(best_move);
        }
        let result = halma_search_result {
            best_move: halma_move::from(best_move),
            score: found.score.raw(),
            win_in,
            depth: found.depth,
            seldepth: found.seldepth,
            nodes: found.nodes,
            elapsed_ms: u64::try_from(found.elapsed.as_millis()).unwrap_or(u64::MAX),
            pv_len: pv.len(),
        };
        state.pv = pv;
        out.write(result);
        Ok(())
    };
    // The request, if any, was for this call, whatever its outcome: the next
    // search starts afresh. Lowered on every return, failures included.
    // SAFETY: NULL or a live handle, per the caller; only a shared reference
    // is made (the flag is atomic).
    let _consume = unsafe { engine.as_ref() }.map(|handle| ConsumeStop(&handle.stop));
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// Lowers an engine's stop flag when dropped: at the end of a
/// `halma_engine_search` call, however it ends.
struct ConsumeStop<'a>(&'a AtomicBool);

impl Drop for ConsumeStop<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// The principal variation of the last successful `halma_engine_search` on
/// this engine (empty before the first one and after `halma_engine_new_game`),
/// starting with its best move: `buf` (`len` records) receives the moves and
/// `*out_len` their number. When `len` is too small, writes nothing into
/// `buf`, stores the number in `*out_len` and returns
/// `HALMA_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `len` is 0. In
/// three- and four-seat games it is the best-reply line: after the side to
/// move, the most dangerous single opponent move (a line of legal moves in
/// turn order, cut where it stops being one).
///
/// Thread-safe, like every call on a const engine: it may run while another
/// thread searches on the same engine, and then waits for that search to end
/// and gives its line.
///
/// # Safety
/// `engine` must be NULL or a live engine handle (not being freed); `buf`
/// NULL or valid for writing `len` records; `out_len` NULL or valid for
/// writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_engine_pv(
    engine: *const halma_engine,
    buf: *mut halma_move,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees every pointer as documented.
        let out = unsafe { SliceOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        let state = handle.lock()?;
        let moves: Vec<halma_move> = state.pv.iter().map(|&mv| halma_move::from(mv)).collect();
        out.write(&moves)
    })
}

/// Asks the search running on `engine` to stop: it returns soon after with
/// the best move found so far. When no search runs, the request waits for
/// the next `halma_engine_search` call, which then returns at once (with a
/// legal move), so that a stop sent just before a search begins is not lost;
/// that call uses the request up even if it fails;
/// `halma_engine_new_game` withdraws a waiting request.
///
/// Thread-safe, like every call on a const engine: it may run at any time
/// from any thread, also while another thread searches on the same handle
/// (what it is for). It only raises an atomic flag, so unlike
/// `halma_engine_pv` it never waits for the search. NULL is a no-op.
///
/// # Safety
/// `engine` must be NULL or a live engine handle (not being freed).
#[no_mangle]
pub unsafe extern "C" fn halma_engine_stop(engine: *const halma_engine) {
    guard((), || {
        // SAFETY: NULL or a live handle, per the caller; only the atomic flag
        // is touched, through a shared reference.
        if let Ok(handle) = unsafe { halma_engine::try_ref(engine, "engine") } {
            handle.stop.store(true, Ordering::SeqCst);
        }
    })
}
