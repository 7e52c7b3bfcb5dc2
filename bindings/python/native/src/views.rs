//! The board and the observation planes as buffers numpy reads without a
//! copy (`numpy.frombuffer` over a `bytearray`), and the frames that turn
//! the board for each seat.
//!
//! A seat's view turns the board by `seat` quarter turns counter-clockwise
//! (`numpy.rot90(board, seat)`), which brings that seat's home corner to the
//! top-left: Red sits north-west, Green north-east, Blue south-east, Yellow
//! south-west. Cell `row * width + column` of a view is a square of the
//! board; boards with seats beside each other are square, so every turn
//! keeps the shape.

use std::sync::OnceLock;

use halma_core::{Bitboard, Position, Seat, Square};
use halma_rules::Rules;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

use crate::errors::invalid;
use crate::handle::game;

/// The squares of one seat's view of a board, and back.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The square of each cell, row-major.
    squares: Vec<Square>,
    /// The cell of each square index (`u16::MAX` off the board).
    cells: [u16; 256],
}

impl Frame {
    /// The view of `seat` on a `width` x `height` board.
    pub(crate) fn new(width: usize, height: usize, seat: Seat) -> Frame {
        let turns = seat.index();
        let (rows, columns) = if turns % 2 == 0 {
            (height, width)
        } else {
            (width, height)
        };
        let mut squares = Vec::with_capacity(width * height);
        let mut cells = [u16::MAX; 256];
        for i in 0..rows {
            for j in 0..columns {
                // The row and column of the unturned board (row 0 north)
                // shown at (i, j) after `turns` counter-clockwise turns.
                let (row, column) = match turns {
                    0 => (i, j),
                    1 => (j, width - 1 - i),
                    2 => (height - 1 - i, width - 1 - j),
                    _ => (height - 1 - j, i),
                };
                let square = Square::new(column as u8, (height - 1 - row) as u8)
                    .expect("a board is at most 16 x 16");
                cells[square.index()] = squares.len() as u16;
                squares.push(square);
            }
        }
        Frame { squares, cells }
    }

    /// The frame of `seat` under `rules`, made once per board size and seat.
    pub(crate) fn of(rules: &Rules, seat: Seat) -> &'static Frame {
        let geometry = rules.geometry();
        let (width, height) = (
            usize::from(geometry.width()),
            usize::from(geometry.height()),
        );
        FRAMES[(width - 1) * 16 + height - 1][seat.index()]
            .get_or_init(|| Box::new(Frame::new(width, height, seat)))
    }

    /// The number of cells.
    pub(crate) fn len(&self) -> usize {
        self.squares.len()
    }

    /// The cell of a square of the board.
    #[inline]
    pub(crate) fn cell(&self, square: Square) -> usize {
        self.cells[square.index()] as usize
    }

    /// The square of a cell (`cell < len()`).
    #[inline]
    pub(crate) fn square(&self, cell: usize) -> Square {
        self.squares[cell]
    }
}

/// The frames made so far, by board size (width, height) and seat (boxed:
/// the table of every size stays a few KiB in the library's data).
static FRAMES: [[OnceLock<Box<Frame>>; 4]; 256] = [const { [const { OnceLock::new() }; 4] }; 256];

/// The seats of `rules` in turn order starting from `viewer`.
pub(crate) fn seats_from(rules: &Rules, viewer: Seat) -> impl Iterator<Item = Seat> {
    rules.seats().starting_from(viewer)
}

/// The number of float32 values of the planes of `rules`.
pub(crate) fn planes_len(rules: &Rules) -> usize {
    let geometry = rules.geometry();
    2 * rules.seats().len() * usize::from(geometry.width()) * usize::from(geometry.height())
}

/// Writes the planes of `position` seen from `viewer` (framed by `frame`)
/// into `out`, float32 in native byte order, `planes_len` values: channel
/// `i` holds the pieces of the `i`-th seat in turn order from the viewer,
/// channel `seats + i` that seat's target camp. `out` must be all zeros
/// (a new bytearray is): only the ones are written.
pub(crate) fn write_planes(
    rules: &Rules,
    position: &Position,
    viewer: Seat,
    frame: &Frame,
    out: &mut [u8],
) {
    let cells = frame.len();
    let count = rules.seats().len();
    let one = 1.0f32.to_ne_bytes();
    let mut mark = |channel: usize, squares: Bitboard| {
        for square in squares {
            let at = 4 * (channel * cells + frame.cell(square));
            out[at..at + 4].copy_from_slice(&one);
        }
    };
    for (index, seat) in seats_from(rules, viewer).enumerate() {
        mark(index, position.pieces(seat));
        mark(count + index, rules.target_camp(seat));
    }
}

/// The board of the game at `address`: int8 (height x width) bytes, row 0
/// the northmost rank, column 0 file a; -1 for an empty square, else the
/// seat number.
#[pyfunction]
pub(crate) fn board<'py>(py: Python<'py>, address: usize) -> PyResult<Bound<'py, PyByteArray>> {
    let game = game(py, address)?;
    let geometry = game.rules().geometry();
    let (width, height) = (
        usize::from(geometry.width()),
        usize::from(geometry.height()),
    );
    let position = game.position();
    PyByteArray::new_with(py, width * height, |out| {
        out.fill(u8::MAX);
        for seat in game.rules().seats().iter() {
            for square in position.pieces(seat) {
                let row = height - 1 - usize::from(square.rank());
                out[row * width + usize::from(square.file())] = seat.index() as u8;
            }
        }
        Ok(())
    })
}

/// The seat of a seat number in play under `rules`.
pub(crate) fn seat_in_play(py: Python<'_>, rules: &Rules, seat: u32) -> PyResult<Seat> {
    Seat::ALL
        .into_iter()
        .find(|s| s.index() as u32 == seat && rules.seats().contains(*s))
        .ok_or_else(|| {
            let seats: Vec<usize> = rules.seats().iter().map(Seat::index).collect();
            invalid(
                py,
                format!("seat {seat} is not in play under {rules} (seats {seats:?})"),
            )
        })
}

/// The observation planes of the game at `address` seen from `seat` (the
/// side to move when None): float32 bytes of shape (2 * seats, height,
/// width), see [`write_planes`].
#[pyfunction]
#[pyo3(signature = (address, seat=None))]
pub(crate) fn planes<'py>(
    py: Python<'py>,
    address: usize,
    seat: Option<u32>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let game = game(py, address)?;
    let rules = game.rules();
    let viewer = match seat {
        None => game.to_move(),
        Some(seat) => seat_in_play(py, rules, seat)?,
    };
    let frame = Frame::of(rules, viewer);
    PyByteArray::new_with(py, 4 * planes_len(rules), |out| {
        write_planes(rules, game.position(), viewer, frame, out);
        Ok(())
    })
}

/// The square index of every cell of `seat`'s view of a `width` x `height`
/// board, row-major.
#[pyfunction]
pub(crate) fn frame(py: Python<'_>, width: u32, height: u32, seat: u32) -> PyResult<Vec<u16>> {
    if !(1..=16).contains(&width) || !(1..=16).contains(&height) {
        return Err(invalid(
            py,
            format!("board size {width}x{height}: width and height are 1 to 16"),
        ));
    }
    if width != height && seat % 2 == 1 {
        return Err(invalid(
            py,
            format!("a {width}x{height} board does not turn by a quarter"),
        ));
    }
    let seat = Seat::ALL
        .into_iter()
        .find(|s| s.index() as u32 == seat)
        .ok_or_else(|| invalid(py, format!("seat {seat} is not a seat (0 to 3)")))?;
    let frame = Frame::new(width as usize, height as usize, seat);
    Ok((0..frame.len())
        .map(|cell| frame.square(cell).index() as u16)
        .collect())
}
