//! The engine's principal variation in notation, for display and logs.

use std::ffi::c_char;

use ::halma_rules::Game;

use crate::args::TextOut;
use crate::engine::halma_engine;
use crate::error::{halma_result, Error, FfiResult};
use crate::game::{halma_game, with_game};
use crate::handles::Handle;

/// The notation of `line` played from the current position of `game`, moves
/// separated by single spaces; an error naming the first move that is not
/// legal in turn.
fn line_notation(game: &Game, line: &[::halma_rules::Move]) -> FfiResult<String> {
    let mut game = game.clone();
    let mut words = Vec::with_capacity(line.len());
    for (index, &mv) in line.iter().enumerate() {
        let illegal = |why: String| {
            Error::new(
                halma_result::IllegalMove,
                format!(
                    "move {} of the principal variation ({}-{}) cannot be played in this game \
                     ({why}): give the game the engine searched, unchanged since",
                    index + 1,
                    mv.from(),
                    mv.to()
                ),
            )
        };
        let word = game
            .move_to_string(mv)
            .map_err(|reason| illegal(reason.to_string()))?;
        words.push(word);
        game.play(mv)
            .map_err(|error| illegal(::halma_rules::ErrorChain(&error).to_string()))?;
    }
    Ok(words.join(" "))
}

/// The principal variation of the last successful `halma_engine_search` on
/// `engine` in notation: the moves as `halma_game_move_notation` writes them
/// (`e4-e5`, `c3-e5-g5`, `pass`), separated by single spaces, starting with
/// the best move. Notation needs the position the line starts from, so
/// `game` must be the game searched, unchanged since the search;
/// `HALMA_RESULT_ILLEGAL_MOVE` when a move of the line is not legal in it
/// (another game, or moves played since). The text is empty before the first
/// search and after `halma_engine_new_game`. Output-string convention of
/// `halma_last_error`.
///
/// Thread-safe as `halma_engine_pv`: it may run while another thread searches
/// on the engine, and then waits for that search to end. The game is only read.
///
/// # Safety
/// `engine` must be NULL or a live engine handle (not being freed); `game` NULL or a live game handle that
/// no other thread changes meanwhile; `buf` NULL or valid for `len` bytes of
/// writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_engine_pv_string(
    engine: *const halma_engine,
    game: *const halma_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees `engine` as documented; only a shared
        // reference is made (the line is read under the engine's lock).
        let handle = unsafe { halma_engine::try_ref(engine, "engine") }?;
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        let line = handle.pv()?;
        out.write(&line_notation(game, &line)?)
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}
