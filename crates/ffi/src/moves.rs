//! Legal moves, move paths and notation, reading moves, playing and undoing.

use std::ffi::c_char;

use ::halma_rules::MoveError;
use ::halma_rules::{Bitboard, Game, Move, MoveKind, PieceMoves, PlayError, Square};

use crate::args::{ref_arg, str_arg, OptOut, Out, SliceOut, TextOut};
use crate::error::{halma_result, Error, FfiResult};
use crate::game::{halma_game, with_game, with_game_mut};
use crate::types::{halma_move, halma_move_kind};

/// Pieces whose destination sets are kept on the stack between counting the
/// moves and writing them (every preset has at most 19 pieces a seat; more
/// are recomputed).
const CACHED_PIECES: usize = 32;

/// The number of legal moves now: 0 once the game is over, 1 for a pass.
fn legal_move_count(game: &Game) -> usize {
    if game.is_over() {
        return 0;
    }
    let position = game.position();
    let generator = game.rules().move_generator(position);
    let count: usize = position
        .pieces(position.to_move())
        .into_iter()
        .map(|origin| generator.piece_moves(origin).count() as usize)
        .sum();
    count.max(1)
}

/// Writes the legal moves into `out` without allocating, in the order of
/// `Rules::legal_moves`: by origin, then kind, then destination.
fn write_legal_moves(game: &Game, out: SliceOut<halma_move>) -> FfiResult {
    if game.is_over() {
        return out.write(&[]);
    }
    let position = game.position();
    let generator = game.rules().move_generator(position);
    let pieces: Bitboard = position.pieces(position.to_move());
    let placeholder = PieceMoves {
        origin: Square::from_index(0).expect("a1"),
        steps: Bitboard::EMPTY,
        jumps: Bitboard::EMPTY,
        swaps: Bitboard::EMPTY,
    };
    let mut cache = [placeholder; CACHED_PIECES];
    let mut count = 0;
    for (i, origin) in pieces.into_iter().enumerate() {
        let piece = generator.piece_moves(origin);
        count += piece.count() as usize;
        if let Some(slot) = cache.get_mut(i) {
            *slot = piece;
        }
    }
    if count == 0 {
        return out.write(&[halma_move::from(Move::PASS)]);
    }
    let moves = out.fill_with(count, |slots| {
        let mut written = 0;
        for (i, origin) in pieces.into_iter().enumerate() {
            let piece = cache
                .get(i)
                .copied()
                .unwrap_or_else(|| generator.piece_moves(origin));
            for (set, kind) in [
                (piece.steps, halma_move_kind::Step),
                (piece.jumps, halma_move_kind::Jump),
                (piece.swaps, halma_move_kind::Swap),
            ] {
                for destination in set {
                    slots[written].write(halma_move {
                        origin: origin.index() as u16,
                        destination: destination.index() as u16,
                        kind: kind as u32,
                    });
                    written += 1;
                }
            }
        }
        written
    })?;
    moves.sort_unstable_by_key(|mv| (mv.origin, mv.kind, mv.destination));
    Ok(())
}

/// The error for a move that is not legal now, saying why.
fn illegal(game: &Game, mv: Move) -> Error {
    if game.is_over() {
        return game_over(game);
    }
    let position = game.position();
    let mover = position.to_move();
    let detail = if mv.is_pass() {
        MoveError::PassNotAllowed.to_string()
    } else if !game.rules().geometry().contains(mv.from()) {
        MoveError::OriginOffBoard(mv.from()).to_string()
    } else if position.piece_at(mv.from()) != Some(mover) {
        match position.piece_at(mv.from()) {
            None => MoveError::NoPiece(mv.from()),
            Some(owner) => MoveError::NotYourPiece {
                square: mv.from(),
                owner,
                to_move: mover,
            },
        }
        .to_string()
    } else {
        let same_squares = game
            .legal_moves()
            .into_iter()
            .find(|legal| legal.from() == mv.from() && legal.to() == mv.to());
        match same_squares {
            Some(legal) => format!(
                "{}-{} is a {}, not a {}",
                mv.from(),
                mv.to(),
                kind_name(legal.kind()),
                kind_name(mv.kind())
            ),
            None => format!(
                "no legal move of the piece on {} ends on {}",
                mv.from(),
                mv.to()
            ),
        }
    };
    Error::new(halma_result::IllegalMove, detail)
}

/// The name of a move kind in error details.
fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Step => "step",
        MoveKind::Jump => "jump",
        MoveKind::Swap => "swap",
        MoveKind::Pass => "pass",
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
    if game.is_over() {
        return Err(game_over(game));
    }
    if !game.rules().is_legal(game.position(), mv) {
        return Err(illegal(game, mv));
    }
    Ok(mv)
}

/// The error of a move text that is not a legal move.
fn notation_error(game: &Game, error: MoveError) -> Error {
    match error {
        MoveError::GameOver => game_over(game),
        other => Error::new(halma_result::IllegalMove, other.to_string()),
    }
}

/// The error of a move that could not be played.
fn play_error(game: &Game, error: PlayError) -> Error {
    match error {
        PlayError::Illegal(mv) => illegal(game, mv),
        PlayError::Notation(error) => notation_error(game, error),
        PlayError::TooLong => Error::new(halma_result::GameTooLong, error.to_string()),
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
        let mv = legal_move(game, record)?;
        out.write(&game.move_to_string(mv))
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
