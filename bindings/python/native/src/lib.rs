//! `halma._halma`, the native module of the halma Python package.
//!
//! The package reaches most of the engine through the C ABI with `ctypes`
//! (`halma._library`), and this library is also that C ABI: `halma-ffi` is
//! linked in whole, so one native file serves both. What ctypes does too
//! slowly lives here, written with PyO3 against the Rust crates:
//!
//! - [`moves`]: the legal moves and the history as lists of interned
//!   Python `Move` objects (one call, no Python int per move);
//! - [`views`]: the board and the observation planes as numpy-ready
//!   buffers, and the frames that turn the board for each seat;
//! - [`interrupt`]: perft run beside a thread that watches for Ctrl-C;
//! - [`race`]: distances to the target camps, pieces home, adjudication;
//! - [`vector`]: many games stepped in one call for reinforcement learning.
//!
//! Every function reads a game through the address of its C handle
//! ([`handle::game`]), which the package keeps alive for the call.

mod errors;
mod handle;
mod interrupt;
mod moves;
mod race;
mod vector;
mod views;

use pyo3::prelude::*;

/// The module: its functions and classes.
#[pymodule]
fn _halma(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<moves::MoveTable>()?;
    module.add_class::<vector::VectorGames>()?;
    module.add_function(wrap_pyfunction!(moves::legal_moves, module)?)?;
    module.add_function(wrap_pyfunction!(moves::history, module)?)?;
    module.add_function(wrap_pyfunction!(moves::legal_actions, module)?)?;
    module.add_function(wrap_pyfunction!(views::board, module)?)?;
    module.add_function(wrap_pyfunction!(views::planes, module)?)?;
    module.add_function(wrap_pyfunction!(views::frame, module)?)?;
    module.add_function(wrap_pyfunction!(interrupt::perft, module)?)?;
    module.add_function(wrap_pyfunction!(race::race, module)?)?;
    module.add_function(wrap_pyfunction!(race::adjudicate, module)?)?;
    module.add_function(wrap_pyfunction!(handle::zobrist, module)?)?;
    Ok(())
}
