//! Legal moves, move paths and notation, reading moves, playing and undoing.

use std::ffi::c_char;

use ::halma_rules::{Game, IllegalReason, Move, MoveError, PlayError};

use crate::args::{ref_arg, str_arg, OptOut, Out, SliceOut, TextOut};
use crate::error::{halma_result, Error, FfiResult};
use crate::game::{halma_game, with_game, with_game_mut};
use crate::types::halma_move;

/// The number of legal moves now: 0 once the game is over, 1 for a pass.
fn legal_move_count(game: &Game) -> usize {
    game.rules().legal_move_count(game.position())
}

/// Writes the legal moves into `out`, in the order of `Rules::legal_moves`:
/// by origin, then kind, then destination. Counts first (no allocation when
/// the buffer is too small), then generates straight into the caller's buffer.
fn write_legal_moves(game: &Game, out: SliceOut<halma_move>) -> FfiResult {
    let count = legal_move_count(game);
    let moves = out.fill_with(count, |slots| {
        let mut sink = SlotSink { slots, written: 0 };
        game.rules().legal_moves_into(game.position(), &mut sink);
        sink.written
    })?;
    moves.sort_unstable_by_key(|mv| (mv.origin, mv.kind, mv.destination));
    Ok(())
}

/// Writes moves into the caller's slots as `Rules::legal_moves_into` hands
/// them over; moves beyond the slots (never: the count came first) are dropped.
struct SlotSink<'a> {
    slots: &'a mut [std::mem::MaybeUninit<halma_move>],
    written: usize,
}

impl Extend<Move> for SlotSink<'_> {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            if let Some(slot) = self.slots.get_mut(self.written) {
                slot.write(halma_move::from(mv));
                self.written += 1;
            }
        }
    }
}

/// The error for a move that is not legal now, saying why (the reason's
/// text is the rules crate's [`IllegalReason`]).
fn illegal(game: &Game, reason: IllegalReason) -> Error {
    match reason {
        IllegalReason::GameOver => game_over(game),
        reason => Error::new(halma_result::IllegalMove, reason.to_string()),
    }
}

/// The error for any move once the game is over.
fn game_over(game: &Game) -> Error {
    Error::new(
        halma_result::GameOver,
        format!(
            "the game is over ({} won): no move can be played",
            game.result()
        ),
    )
}

/// The move a record names, if it is legal now.
fn legal_move(game: &Game, record: &halma_move) -> FfiResult<Move> {
    let mv = record.to_move()?;
    game.rules()
        .check_move(game.position(), mv)
        .map_err(|reason| illegal(game, reason))?;
    Ok(mv)
}

/// The error of a move text that is not a legal move.
fn notation_error(game: &Game, error: MoveError) -> Error {
    match error {
        MoveError::Illegal(IllegalReason::GameOver) => game_over(game),
        other => Error::new(halma_result::IllegalMove, other.to_string()),
    }
}

/// The error of a move that could not be played.
fn play_error(game: &Game, error: PlayError) -> Error {
    match error {
        PlayError::Illegal { reason, .. } => illegal(game, reason),
        PlayError::Notation(error) => notation_error(game, error),
        PlayError::TooLong => Error::new(halma_result::GameTooLong, error.to_string()),
        other => Error::new(halma_result::IllegalMove, other.to_string()),
    }
}

/// The number of legal moves now, into `*out_count`: 0 once the game is over,
/// 1 when the only move is a pass.
///
/// # Safety
/// `game` must be NULL or a live game handle; `out_count` NULL or valid for
/// writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_legal_move_count(
    game: *const halma_game,
    out_count: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `out_count` as documented.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        out.write(legal_move_count(game));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The legal moves now: `buf` (`len` records) receives them and `*out_len`
/// their number (none once the game is over; a single pass when the side to
/// move has no other move). Ordered by origin, then kind, then destination.
/// When `len` is too small, writes nothing into `buf`, stores the number in
/// `*out_len` and returns `HALMA_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL
/// when `len` is 0. Does not allocate.
///
/// # Safety
/// `game` must be NULL or a live game handle; `buf` NULL or valid for writing
/// `len` records; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_legal_moves(
    game: *const halma_game,
    buf: *mut halma_move,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { SliceOut::new(buf, len, out_len) }?;
        write_legal_moves(game, out)
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The path of the legal move `*mv` in the current position, origin first,
/// as the notation writes it (fewest segments): `buf` (`len` squares)
/// receives the squares and `*out_len` their number (0 for a pass). Same
/// buffer convention as `halma_game_legal_moves`.
/// `HALMA_RESULT_ILLEGAL_MOVE` when `*mv` is not legal now (the detail says why).
///
/// # Safety
/// `game` must be NULL or a live game handle; `mv` NULL or valid for reading
/// a record; `buf` NULL or valid for writing `len` squares; `out_len` NULL
/// or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_move_path(
    game: *const halma_game,
    mv: *const halma_move,
    buf: *mut u16,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees the other pointers as documented.
        let record = unsafe { ref_arg(mv, "mv") }?;
        // SAFETY: as above.
        let out = unsafe { SliceOut::new(buf, len, out_len) }?;
        let mv = legal_move(game, record)?;
        let squares: Vec<u16> = match game.move_path(mv) {
            None => Vec::new(),
            Some(path) => path.0.iter().map(|square| square.index() as u16).collect(),
        };
        out.write(&squares)
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// The notation of the legal move `*mv` in the current position: its path,
/// squares joined by `-` (`e4-e5`, `c3-e5-g5`), or `pass`. Output-string
/// convention of `halma_last_error`. `HALMA_RESULT_ILLEGAL_MOVE` when `*mv`
/// is not legal now.
///
/// # Safety
/// `game` must be NULL or a live game handle; `mv` NULL or valid for reading
/// a record; `buf` NULL or valid for `len` bytes of writing; `out_len` NULL
/// or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_move_notation(
    game: *const halma_game,
    mv: *const halma_move,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees the other pointers as documented.
        let record = unsafe { ref_arg(mv, "mv") }?;
        // SAFETY: as above.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        let mv = record.to_move()?;
        let notation = game
            .move_to_string(mv)
            .map_err(|reason| illegal(game, reason))?;
        out.write(&notation)
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// Reads a move (`text`, `len` bytes, no NUL needed) in the current position
/// into `*out_move`, without playing it: a path whose every segment is
/// legal, two squares naming a legal move's origin and destination, or
/// `pass` when it is the only move. `HALMA_RESULT_ILLEGAL_MOVE` otherwise,
/// with a detail naming the illegal segment and why;
/// `HALMA_RESULT_GAME_OVER` once the game is over.
///
/// # Safety
/// `game` must be NULL or a live game handle; `text` NULL or valid for
/// reading `len` bytes; `out_move` NULL or valid for writing a record.
#[no_mangle]
pub unsafe extern "C" fn halma_game_parse_move(
    game: *const halma_game,
    text: *const c_char,
    len: usize,
    out_move: *mut halma_move,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees the other pointers as documented.
        let out = unsafe { Out::new(out_move, "out_move") }?;
        // SAFETY: as above.
        let text = unsafe { str_arg(text, len, "text") }?;
        let mv = game
            .rules()
            .parse_move(game.position(), text)
            .map_err(|error| notation_error(game, error))?;
        out.write(halma_move::from(mv));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// Plays the legal move `*mv`. `HALMA_RESULT_ILLEGAL_MOVE` when it is not
/// legal now (the detail says why: whose piece is on the origin, a wrong
/// kind, no path to the destination), `HALMA_RESULT_GAME_OVER` once the game
/// is over, `HALMA_RESULT_GAME_TOO_LONG` when the game holds 100000 moves.
///
/// # Safety
/// `game` must be NULL or a live game handle used by no other thread;
/// `mv` NULL or valid for reading a record.
#[no_mangle]
pub unsafe extern "C" fn halma_game_play(
    game: *mut halma_game,
    mv: *const halma_move,
) -> halma_result {
    let body = |game: &mut Game| {
        // SAFETY: the caller guarantees `mv` as documented.
        let record = unsafe { ref_arg(mv, "mv") }?;
        let mv = legal_move(game, record)?;
        game.play(mv).map_err(|error| play_error(game, error))
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game_mut(game, body) }
}

/// Reads a move in notation (`text`, `len` bytes; see
/// `halma_game_parse_move`) and plays it. When `out_move` is not NULL it
/// receives the move played. Errors as `halma_game_parse_move` and
/// `halma_game_play`.
///
/// # Safety
/// `game` must be NULL or a live game handle used by no other thread; `text`
/// NULL or valid for reading `len` bytes; `out_move` NULL or valid for
/// writing a record.
#[no_mangle]
pub unsafe extern "C" fn halma_game_play_notation(
    game: *mut halma_game,
    text: *const c_char,
    len: usize,
    out_move: *mut halma_move,
) -> halma_result {
    let body = |game: &mut Game| {
        // SAFETY: the caller guarantees the other pointers as documented.
        let out = unsafe { OptOut::new(out_move, "out_move") }?;
        // SAFETY: as above.
        let text = unsafe { str_arg(text, len, "text") }?;
        let mv = game
            .play_str(text)
            .map_err(|error| play_error(game, error))?;
        out.write(halma_move::from(mv));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game_mut(game, body) }
}

/// Takes back the last move played (also when it ended the game). When
/// `out_move` is not NULL it receives the move taken back.
/// `HALMA_RESULT_NOTHING_TO_UNDO` when no move was played.
///
/// # Safety
/// `game` must be NULL or a live game handle used by no other thread;
/// `out_move` NULL or valid for writing a record.
#[no_mangle]
pub unsafe extern "C" fn halma_game_undo(
    game: *mut halma_game,
    out_move: *mut halma_move,
) -> halma_result {
    let body = |game: &mut Game| {
        // SAFETY: the caller guarantees `out_move` as documented.
        let out = unsafe { OptOut::new(out_move, "out_move") }?;
        let mv = game.undo().ok_or_else(|| {
            Error::new(
                halma_result::NothingToUndo,
                "no move to undo: the game is at its start position",
            )
        })?;
        out.write(halma_move::from(mv));
        Ok(())
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game_mut(game, body) }
}
