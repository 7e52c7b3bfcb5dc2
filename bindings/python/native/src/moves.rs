//! Moves as Python objects: a table of interned `halma.Move` values, and
//! the legal moves and history of a game as lists of them.
//!
//! Through ctypes a list of 40 moves cost about 4 us in Python alone (an
//! int per move read from the C array, then a dict lookup); here the list
//! is built from the table in one call.

use std::sync::Mutex;

use halma_core::{Move, MoveKind, Square};
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
    /// The list of the moves of `keys`, in their order.
    fn list<'py>(&self, py: Python<'py>, keys: &[usize]) -> PyResult<Bound<'py, PyList>> {
        loop {
            let missing = {
                let slots = self
                    .slots
                    .lock_py_attached(py)
                    .unwrap_or_else(|e| e.into_inner());
                match keys.iter().find(|&&key| slots[key].is_none()) {
                    None => {
                        return PyList::new(
                            py,
                            keys.iter().map(|&key| {
                                slots[key]
                                    .as_ref()
                                    .expect("every key has its move")
                                    .clone_ref(py)
                            }),
                        )
                    }
                    Some(&key) => key,
                }
            };
            // Made outside the lock: the factory is Python code, during
            // which another thread may ask for moves.
            let made = self.make(py, missing)?;
            let mut slots = self
                .slots
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            slots[missing].get_or_insert(made);
        }
    }

    /// A new Move object for `key`.
    fn make(&self, py: Python<'_>, key: usize) -> PyResult<Py<PyAny>> {
        if key == PASS_KEY {
            let kind = kind_value(MoveKind::Pass);
            return self.factory.call1(py, (py.None(), py.None(), kind));
        }
        let (origin, kind, destination) = (key >> 10, (key >> 8) & 3, key & 0xFF);
        self.factory.call1(py, (origin, destination, kind))
    }
}

/// Collects the keys of the moves a generator hands over.
struct Keys(Vec<usize>);

impl Extend<Move> for Keys {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        self.0.extend(moves.into_iter().map(key));
    }
}

/// The keys of the legal moves of `game`, sorted: by origin, kind, destination.
fn legal_keys(game: &halma_rules::Game) -> Vec<usize> {
    let mut keys = Keys(Vec::with_capacity(128));
    game.rules().legal_moves_into(game.position(), &mut keys);
    keys.0.sort_unstable();
    keys.0
}

/// The legal moves of the game at `address` (none once it is over, the pass
/// when it is the only move), by origin, then kind, then destination.
#[pyfunction]
pub(crate) fn legal_moves<'py>(
    py: Python<'py>,
    address: usize,
    table: &Bound<'py, MoveTable>,
) -> PyResult<Bound<'py, PyList>> {
    table.get().list(py, &legal_keys(game(py, address)?))
}

/// The moves played in the game at `address`, oldest first.
#[pyfunction]
pub(crate) fn history<'py>(
    py: Python<'py>,
    address: usize,
    table: &Bound<'py, MoveTable>,
) -> PyResult<Bound<'py, PyList>> {
    let keys: Vec<usize> = game(py, address)?
        .moves()
        .iter()
        .map(|&mv| key(mv))
        .collect();
    table.get().list(py, &keys)
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
    let keys = legal_keys(game);
    let frame = Frame::of(game.rules(), game.to_move());
    let cells = frame.len();
    let actions = keys
        .iter()
        .map(|&key| match Square::from_index(key >> 10) {
            Some(origin) if key != PASS_KEY => {
                let destination = Square::from_index(key & 0xFF).expect("a square index");
                (frame.cell(origin) * cells + frame.cell(destination)) as u32
            }
            _ => (cells * cells) as u32,
        })
        .collect();
    Ok((table.get().list(py, &keys)?, actions))
}
