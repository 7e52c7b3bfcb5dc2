//! Moves as Python objects: a table of interned `halma.Move` values, and
//! the legal moves and history of a game as lists of them.
//!
//! Through ctypes a list of 40 moves cost about 4 us in Python alone (an
//! int per move read from the C array, then a dict lookup); here the list
//! is built from the table in one call.

use std::sync::Mutex;

use halma_core::{Move, MoveKind};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::PyList;

use crate::handle::game;
use crate::views::Frame;

/// The key of a non-pass move: origin, kind, destination, so that keys sort
/// as `Rules::legal_moves` orders moves (by origin, then kind, then
/// destination).
fn key(mv: Move) -> usize {
    if mv.is_pass() {
        return PASS_KEY;
    }
    (mv.from().index() << 10) | ((kind_value(mv.kind()) as usize) << 8) | mv.to().index()
}

/// The key of the pass, after every other.
const PASS_KEY: usize = 1 << 18;

/// The Python `MoveKind` value of a kind (the C ABI's numbering).
fn kind_value(kind: MoveKind) -> u32 {
    match kind {
        MoveKind::Step => 0,
        MoveKind::Jump => 1,
        MoveKind::Swap => 2,
        MoveKind::Pass => 3,
    }
}

/// Interned `halma.Move` objects, made by `factory(origin, destination,
/// kind)` (squares None for the pass) the first time a move is seen. The
/// package makes one table; its moves are immutable, so sharing them is safe.
#[pyclass(frozen, module = "halma._halma")]
pub(crate) struct MoveTable {
    factory: Py<PyAny>,
    /// One slot per key: at most 256 x 4 x 256 moves and the pass.
    slots: Mutex<Vec<Option<Py<PyAny>>>>,
}

#[pymethods]
impl MoveTable {
    /// A table whose moves `factory` makes.
    #[new]
    fn new(factory: Py<PyAny>) -> MoveTable {
        MoveTable {
            factory,
            slots: Mutex::new((0..=PASS_KEY).map(|_| None).collect()),
        }
    }
}

impl MoveTable {
    /// The list of the moves of `moves`, in their order.
    fn list<'py>(&self, py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyList>> {
        let missing: Vec<Move> = {
            let slots = self
                .slots
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            moves
                .iter()
                .copied()
                .filter(|&mv| slots[key(mv)].is_none())
                .collect()
        };
        // Made outside the lock: the factory is Python code, during which
        // another thread may ask for moves.
        for mv in missing {
            let made = if mv.is_pass() {
                self.factory
                    .call1(py, (py.None(), py.None(), kind_value(MoveKind::Pass)))?
            } else {
                self.factory.call1(
                    py,
                    (mv.from().index(), mv.to().index(), kind_value(mv.kind())),
                )?
            };
            let mut slots = self
                .slots
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            slots[key(mv)].get_or_insert(made);
        }
        let slots = self
            .slots
            .lock_py_attached(py)
            .unwrap_or_else(|e| e.into_inner());
        PyList::new(
            py,
            moves.iter().map(|&mv| {
                slots[key(mv)]
                    .as_ref()
                    .expect("every move was made above")
                    .clone_ref(py)
            }),
        )
    }
}

/// The legal moves of the game at `address` (none once it is over, the pass
/// when it is the only move), by origin, then kind, then destination.
#[pyfunction]
pub(crate) fn legal_moves<'py>(
    py: Python<'py>,
    address: usize,
    table: &Bound<'py, MoveTable>,
) -> PyResult<Bound<'py, PyList>> {
    let game = game(py, address)?;
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    game.rules().legal_moves_into(game.position(), &mut moves);
    moves.sort_unstable_by_key(|&mv| key(mv));
    table.get().list(py, &moves)
}

/// The moves played in the game at `address`, oldest first.
#[pyfunction]
pub(crate) fn history<'py>(
    py: Python<'py>,
    address: usize,
    table: &Bound<'py, MoveTable>,
) -> PyResult<Bound<'py, PyList>> {
    table.get().list(py, game(py, address)?.moves())
}

/// The legal moves of the game at `address` (as [`legal_moves`]) and their
/// actions in the frame of the side to move: `origin_cell * cells +
/// destination_cell`, the pass `cells * cells` (see `halma.rl`).
#[pyfunction]
pub(crate) fn legal_actions<'py>(
    py: Python<'py>,
    address: usize,
    table: &Bound<'py, MoveTable>,
) -> PyResult<(Bound<'py, PyList>, Vec<u32>)> {
    let game = game(py, address)?;
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    game.rules().legal_moves_into(game.position(), &mut moves);
    moves.sort_unstable_by_key(|&mv| key(mv));
    let frame = Frame::of(game.rules(), game.to_move());
    let cells = frame.len();
    let actions = moves
        .iter()
        .map(|&mv| {
            if mv.is_pass() {
                (cells * cells) as u32
            } else {
                (frame.cell(mv.from()) * cells + frame.cell(mv.to())) as u32
            }
        })
        .collect();
    Ok((table.get().list(py, &moves)?, actions))
}
