//! Games read through the address of their C handle.

use halma_ffi::halma_game;
use halma_rules::Game;
use pyo3::prelude::*;

use crate::errors::error;

/// The game behind the address of a `halma_game` handle.
///
/// The package passes `Game._address`, the address of the handle the Python
/// `Game` owns, which it clears when the game is closed; the Python object
/// stays alive for the call. Like any C call on a `const halma_game *`,
/// this one must not run while another thread changes the game: the
/// package's calls that change a game are its own methods, and a Python
/// `Game` is not shared between threads that change it.
pub(crate) fn game<'a>(py: Python<'_>, address: usize) -> PyResult<&'a Game> {
    // SAFETY: per the contract above, `address` is NULL (refused) or a live
    // handle that nothing changes during this call.
    unsafe { halma_game::game_of(address as *const halma_game) }
        .map_err(|(code, detail)| error(py, code as u32, detail))
}

/// The Zobrist hash of the game's position: 64 bits, the same for the
/// same position (pieces and side to move) whatever the moves that led to
/// it, for transposition tables.
#[pyfunction]
pub(crate) fn zobrist(py: Python<'_>, address: usize) -> PyResult<u64> {
    Ok(game(py, address)?.position().hash())
}
