//! Game handles: creation, copies, the state of the game, perft, and the
//! last error of each handle.
//!
//! Functions taking a `const halma_game *` only read the game: they may run
//! at the same time on one handle from several threads. Functions taking a
//! `halma_game *` change it and need the handle to themselves.

use std::ffi::c_char;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use ::halma_rules::{Game, PerftMode, PerftOptions, PerftTable};

use crate::args::{opt_str_arg, Out, SliceOut, TextOut};
use crate::boundary::{call_quiet, catch, finish, guard};
use crate::error::{halma_result, Error, FfiResult};
use crate::handles::Handle;
use crate::rules::halma_rules;
use crate::types::{halma_move, seat_value, square_arg};

/// A game: rules, the start position, the moves played and the position now.
/// Opaque; made by `halma_game_new`, `halma_game_clone` or
/// `halma_record_game`, freed by `halma_game_free`.
#[allow(non_camel_case_types)]
pub struct halma_game {
    game: Game,
    /// The detail of the last failed call on this handle.
    last_error: Mutex<String>,
    /// Set when a changing call panicked: the game may be inconsistent.
    poisoned: AtomicBool,
}

impl Handle for halma_game {}

impl halma_game {
    /// A fresh handle around `game`.
    pub(crate) fn new(game: Game) -> halma_game {
        halma_game {
            game,
            last_error: Mutex::new(String::new()),
            poisoned: AtomicBool::new(false),
        }
    }

    /// Refuses a poisoned game.
    fn usable(&self) -> FfiResult {
        if self.poisoned.load(Ordering::Relaxed) {
            return Err(Error::new(
                halma_result::Panic,
                "the game was left in an unknown state by an earlier internal error: free it",
            ));
        }
        Ok(())
    }

    /// The game behind a live handle, for Rust code loaded in the same
    /// library (the Python package's native module reads games this way
    /// rather than through a C call per question): `Err` with the result
    /// code and detail for a NULL or poisoned handle.
    ///
    /// # Safety
    /// `game` must be NULL or a live game handle that no other thread
    /// changes during `'a`.
    pub unsafe fn game_of<'a>(game: *const halma_game) -> Result<&'a Game, (halma_result, String)> {
        let refused = |error: Error| (error.code, error.detail);
        // SAFETY: NULL or a live handle, per the caller.
        let handle = unsafe { halma_game::try_ref(game, "game") }.map_err(refused)?;
        handle.usable().map_err(refused)?;
        Ok(&handle.game)
    }

    /// Keeps the detail of a failure as this handle's last error.
    fn remember(&self, outcome: &FfiResult) {
        if let Err(error) = outcome {
            let mut last = self.last_error.lock().unwrap_or_else(|e| e.into_inner());
            last.clone_from(&error.detail);
        }
    }
}

/// The boundary of an export that reads a game: checks the handle, runs `f`,
/// catches panics, and records a failure in the handle and the thread.
///
/// # Safety
/// `game` must be NULL or a live game handle that no other thread changes meanwhile.
pub(crate) unsafe fn with_game(
    game: *const halma_game,
    f: impl FnOnce(&Game) -> FfiResult,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    let handle = match unsafe { halma_game::try_ref(game, "game") } {
        Ok(handle) => handle,
        Err(error) => return finish(Err(error)),
    };
    let outcome = handle.usable().and_then(|()| catch(|| f(&handle.game)));
    handle.remember(&outcome);
    finish(outcome)
}

/// The boundary of an export that changes a game, as [`with_game`]; a panic
/// poisons the handle.
///
/// # Safety
/// `game` must be NULL or a live game handle that nothing else uses meanwhile.
pub(crate) unsafe fn with_game_mut(
    game: *mut halma_game,
    f: impl FnOnce(&mut Game) -> FfiResult,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    let handle = match unsafe { halma_game::try_mut(game, "game") } {
        Ok(handle) => handle,
        Err(error) => return finish(Err(error)),
    };
    let outcome = handle.usable().and_then(|()| catch(|| f(&mut handle.game)));
    if matches!(&outcome, Err(error) if error.code == halma_result::Panic) {
        handle.poisoned.store(true, Ordering::Relaxed);
    }
    handle.remember(&outcome);
    finish(outcome)
}

/// A new game under `rules`, from the rules' start position when `position`
/// is NULL (and `len` 0), else from the position string `position` (`len`
/// bytes, no NUL needed), checked against the rules.
///
/// On success `*out_game` receives a new handle owned by the caller (free it
/// with `halma_game_free`); the game keeps its own copy of the rules.
/// `HALMA_RESULT_INVALID_POSITION` when the string is malformed (the detail
/// names the character) or not a position under the rules (wrong size,
/// seats, piece counts).
///
/// Thread-safe as long as `rules` is not being freed.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `position` NULL or valid for
/// reading `len` bytes; `out_game` NULL or valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_game_new(
    rules: *const halma_rules,
    position: *const c_char,
    len: usize,
    out_game: *mut *mut halma_game,
) -> halma_result {
    crate::boundary::call(|| {
        // SAFETY: the caller guarantees every pointer as documented.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        // SAFETY: as above.
        let rules = &unsafe { halma_rules::try_ref(rules, "rules") }?.rules;
        // SAFETY: as above.
        let game = match unsafe { opt_str_arg(position, len, "position") }? {
            None => Game::new(rules.clone()),
            Some(text) => rules
                .parse_position(text)
                .and_then(|start| Game::from_position(rules.clone(), start))
                .map_err(|error| Error::new(halma_result::InvalidPosition, format!("{error}")))?,
        };
        out.write(halma_game::new(game).into_raw());
        Ok(())
    })
}

/// A copy of `game` (rules, moves played, position) in a new handle owned by
/// the caller (`*out_game`), independent of the original and freed on its own.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_game` NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_game_clone(
    game: *const halma_game,
    out_game: *mut *mut halma_game,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_game` as documented.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        out.write(halma_game::new(game.clone()).into_raw());
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// Frees a game handle. NULL is a no-op.
///
/// # Safety
/// `game` must be NULL or a live game handle, which must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn halma_game_free(game: *mut halma_game) {
    // SAFETY: NULL or a live handle given up by the caller.
    guard((), || unsafe { halma_game::free(game) })
}

/// The rules of the game, in a new rules handle owned by the caller (`*out_rules`).
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_rules` NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_game_rules(
    game: *const halma_game,
    out_rules: *mut *mut halma_rules,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_rules` as documented.
        let out = unsafe { Out::new(out_rules, "out_rules") }?;
        out.write(
            halma_rules {
                rules: game.rules().clone(),
            }
            .into_raw(),
        );
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The side to move, a `HALMA_SEAT_*` value, into `*out_seat` (also when the
/// game is over: the seat that would move next).
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_seat` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_side_to_move(
    game: *const halma_game,
    out_seat: *mut u32,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_seat` as documented.
        let out = unsafe { Out::new(out_seat, "out_seat") }?;
        out.write(seat_value(Some(game.to_move())));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The seat whose piece stands on `square` (`rank * 16 + file`), or
/// `HALMA_SEAT_NONE` for an empty square, into `*out_seat`.
/// `HALMA_RESULT_INVALID_ARGUMENT` for a square off the game's board.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_seat` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_piece_at(
    game: *const halma_game,
    square: u16,
    out_seat: *mut u32,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_seat` as documented.
        let out = unsafe { Out::new(out_seat, "out_seat") }?;
        let square = square_arg(square, "square")?;
        let geometry = game.rules().geometry();
        if !geometry.contains(square) {
            return Err(Error::invalid(format!(
                "square {square} is off the {}x{} board",
                geometry.width(),
                geometry.height()
            )));
        }
        out.write(seat_value(game.position().piece_at(square)));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The position string of the current position (rule book, section 6): see
/// the output-string convention of `halma_last_error`.
///
/// # Safety
/// `game` must be NULL or a live game handle; `buf` NULL or valid for `len`
/// bytes of writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_position(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        out.write(&game.position().to_string())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The winner, a `HALMA_SEAT_*` value, into `*out_winner`; `HALMA_SEAT_NONE`
/// while the game is ongoing. A game with a winner is over: it has no legal
/// move. (The rules have no draw; a ply limit is the caller's business.)
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_winner` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_result(
    game: *const halma_game,
    out_winner: *mut u32,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_winner` as documented.
        let out = unsafe { Out::new(out_winner, "out_winner") }?;
        out.write(match game.result() {
            ::halma_rules::GameResult::Ongoing => seat_value(None),
            ::halma_rules::GameResult::Won(seat) => seat_value(Some(seat)),
        });
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The number of moves played since the start position, into `*out_count`.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_count` NULL or valid for
/// writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_ply_count(
    game: *const halma_game,
    out_count: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_count` as documented.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        out.write(game.moves().len());
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The moves played, oldest first: `buf` (`len` records) receives them and
/// `*out_len` their number. When `len` is too small, writes nothing into
/// `buf`, stores the number in `*out_len` and returns
/// `HALMA_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `len` is 0.
///
/// # Safety
/// `game` must be NULL or a live game handle; `buf` NULL or valid for writing
/// `len` records; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_history(
    game: *const halma_game,
    buf: *mut halma_move,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { SliceOut::new(buf, len, out_len) }?;
        let moves = game.moves();
        out.fill_with(moves.len(), |slots| {
            for (slot, mv) in slots.iter_mut().zip(moves) {
                slot.write(halma_move::from(*mv));
            }
            moves.len()
        })
        .map(|_| ())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The deepest perft `halma_game_perft` accepts, in moves (the Rust API's
/// `MAX_PERFT_DEPTH`). No real perft comes near it; it keeps the recursion
/// within a small part of any thread's stack.
pub const HALMA_MAX_PERFT_DEPTH: u32 = 64;

// The header promises the Rust API's bound.
const _: () = assert!(HALMA_MAX_PERFT_DEPTH == ::halma_rules::MAX_PERFT_DEPTH);

/// perft of the current position (rule book, section 7) into `*out_count`:
/// the number of move sequences of `depth` moves (1 at depth 0; 0 at depth 1
/// or more once the game is over). The time grows exponentially with
/// `depth` (from the `halma` start: 1600 sequences at depth 2, 4562496 at depth 4).
///
/// `depth` is 0 to `HALMA_MAX_PERFT_DEPTH` (64): a larger one returns
/// `HALMA_RESULT_INVALID_ARGUMENT` at once, with a detail naming the depth
/// and the range, and leaves `*out_count` untouched.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_count` NULL or valid for
/// writing a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_perft(
    game: *const halma_game,
    depth: u32,
    out_count: *mut u64,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_count` as documented.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        let count = game
            .rules()
            .perft(game.position(), depth)
            .map_err(|error| Error::invalid(format!("argument `depth`: {error}")))?;
        out.write(count);
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The most threads `halma_game_perft_hashed` takes.
pub const HALMA_MAX_PERFT_THREADS: u32 = 256;

const _: () = assert!(HALMA_MAX_PERFT_THREADS as usize == ::halma_rules::MAX_PERFT_THREADS);

/// perft of the current position, like `halma_game_perft`, with a
/// transposition table of `megabytes` MiB shared by `threads` threads: each
/// subtree reached by several move orders is counted once. The same count as
/// `halma_game_perft`, much sooner at depths 6 and more (from the `halma`
/// start, depth 6: about 3x on one thread). The table lives for this call.
///
/// `depth` is 0 to `HALMA_MAX_PERFT_DEPTH`, `megabytes` 1 to 65536 and
/// `threads` 1 to `HALMA_MAX_PERFT_THREADS`; a value outside its range, or a
/// table the allocator refuses, returns `HALMA_RESULT_INVALID_ARGUMENT` with a
/// detail naming the argument, and leaves `*out_count` untouched.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_count` NULL or valid for
/// writing a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_perft_hashed(
    game: *const halma_game,
    depth: u32,
    megabytes: u32,
    threads: u32,
    out_count: *mut u64,
) -> halma_result {
    // SAFETY: the caller guarantees every pointer as documented.
    unsafe {
        perft_general(
            game,
            depth,
            Some(megabytes),
            threads,
            PerftMode::Generate,
            out_count,
        )
    }
}

/// perft of the current position, like `halma_game_perft`, counting the
/// last two plies by reply reuse: two plies above the leaves, the next
/// seat's moves are counted once, with the squares that count reads, and
/// every reply that leaves those squares alone (and cannot end the game)
/// takes that count without being made. The same count as
/// `halma_game_perft`, about 4x sooner from the `halma` start, and
/// nothing gained in crowded midgames; no effect under camp-lock,
/// spoil=swap, home-lock, forced-exit or jump-continue. With `megabytes`
/// not 0, a transposition table of that size is used too (as
/// `halma_game_perft_hashed`; the two shortcuts combine: perft 7 from the
/// `halma` start in under a minute on two threads). `threads` threads
/// share the root moves.
///
/// `depth` is 0 to `HALMA_MAX_PERFT_DEPTH`, `megabytes` 0 (no table) to
/// 65536 and `threads` 1 to `HALMA_MAX_PERFT_THREADS`; a value outside its
/// range, or a table the allocator refuses, returns
/// `HALMA_RESULT_INVALID_ARGUMENT` with a detail naming the argument, and
/// leaves `*out_count` untouched.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_count` NULL or valid for
/// writing a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_perft_reusing(
    game: *const halma_game,
    depth: u32,
    megabytes: u32,
    threads: u32,
    out_count: *mut u64,
) -> halma_result {
    let megabytes = (megabytes != 0).then_some(megabytes);
    // SAFETY: the caller guarantees every pointer as documented.
    unsafe {
        perft_general(
            game,
            depth,
            megabytes,
            threads,
            PerftMode::ReuseReplies,
            out_count,
        )
    }
}

/// The body of `halma_game_perft_hashed` and `halma_game_perft_reusing`:
/// the arguments checked in order (output, depth, threads, table size),
/// then the count written.
///
/// # Safety
/// As `halma_game_perft_hashed`.
unsafe fn perft_general(
    game: *const halma_game,
    depth: u32,
    megabytes: Option<u32>,
    threads: u32,
    mode: PerftMode,
    out_count: *mut u64,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_count` as documented.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        if depth > HALMA_MAX_PERFT_DEPTH {
            return Err(Error::invalid(format!(
                "argument `depth`: perft depth {depth} is out of range: the depth must be from 0 to {HALMA_MAX_PERFT_DEPTH}"
            )));
        }
        if !(1..=HALMA_MAX_PERFT_THREADS).contains(&threads) {
            return Err(Error::invalid(format!(
                "argument `threads`: {threads} is out of range: from 1 to {HALMA_MAX_PERFT_THREADS}"
            )));
        }
        let mut table = megabytes
            .map(|megabytes| PerftTable::new(megabytes as usize))
            .transpose()
            .map_err(|error| Error::invalid(format!("argument `megabytes`: {error}")))?;
        let count = game
            .rules()
            .perft_with(
                game.position(),
                depth,
                PerftOptions::new()
                    .threads(threads as usize)
                    .table(table.as_mut())
                    .mode(mode),
            )
            .map_err(|error| Error::invalid(format!("argument `depth`: {error}")))?;
        out.write(count);
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The detail of the last failed call on this game handle (an empty string
/// if none failed): which segment of a move is illegal and why, why a move
/// record is not legal, which buffer was too small... It stays until the next
/// failure on the handle. Output-string convention of `halma_last_error`;
/// a failure of this function is not recorded anywhere.
///
/// # Safety
/// `game` must be NULL or a live game handle; `buf` NULL or valid for `len`
/// bytes of writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_last_error(
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    call_quiet(|| {
        // SAFETY: the caller guarantees every pointer as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let handle = unsafe { halma_game::try_ref(game, "game") }?;
        let last = handle
            .last_error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        out.write(&last)
    })
}
