//! Plain values shared with C: squares, seats, move kinds and move records.
//!
//! Squares are `uint16_t` row-major indices `rank * 16 + file` (file 0 = `a`,
//! rank 0 = row `1`), the same on every board size: `a1` is 0, `b1` 1, `a2`
//! 16, `p16` 255. Seats are `uint32_t` `HALMA_SEAT_*` values.

use std::ffi::{c_char, CStr};

use ::halma_rules::{Move, MoveKind, Seat, Square};

use crate::args::{str_arg, Out, TextOut};
use crate::boundary::{call, guard};
use crate::error::{halma_result, Error, FfiResult};

/// The square of a pass move's `origin` and `destination`: no square.
pub const HALMA_NO_SQUARE: u16 = 0xFFFF;

/// A seat (player), by colour, in turn order. Functions take and return
/// seats as `uint32_t` holding one of these values.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum halma_seat {
    /// North-west corner, letter `r`; moves first.
    Red = 0,
    /// North-east corner, letter `g`.
    Green = 1,
    /// South-east corner, letter `b`.
    Blue = 2,
    /// South-west corner, letter `y`.
    Yellow = 3,
    /// No seat: an empty square, or no winner yet.
    None = 255,
}

/// How a move moves its piece. `halma_move.kind` holds one of these values.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum halma_move_kind {
    /// To an adjacent empty square.
    Step = 0,
    /// One or more jump segments.
    Jump = 1,
    /// Onto a foreign piece in the mover's full target camp, which goes to the
    /// origin (rules with `spoil=swap`).
    Swap = 2,
    /// No piece moves: the only move of a side that has no other.
    Pass = 3,
}

/// A move, identified by its origin and destination (two moves with the same
/// squares are the same move, whatever path the piece takes).
///
/// Written by the library: `kind` is a `HALMA_MOVE_KIND_*` value, and a pass
/// has `HALMA_NO_SQUARE` as origin and destination. Read by the library
/// (`halma_game_play`, `halma_game_move_path`, ...): `kind` must be a
/// `HALMA_MOVE_KIND_*` value and squares below 256, except that a pass's
/// squares are ignored; a move whose kind is not the kind of the legal move
/// between the same squares is illegal.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub struct halma_move {
    /// The square the piece leaves (`rank * 16 + file`).
    pub origin: u16,
    /// The square the piece ends on.
    pub destination: u16,
    /// A `HALMA_MOVE_KIND_*` value.
    pub kind: u32,
}

impl From<Move> for halma_move {
    fn from(mv: Move) -> halma_move {
        if mv.is_pass() {
            return halma_move {
                origin: HALMA_NO_SQUARE,
                destination: HALMA_NO_SQUARE,
                kind: halma_move_kind::Pass as u32,
            };
        }
        let kind = match mv.kind() {
            MoveKind::Step => halma_move_kind::Step,
            MoveKind::Jump => halma_move_kind::Jump,
            MoveKind::Swap => halma_move_kind::Swap,
            MoveKind::Pass => halma_move_kind::Pass,
        };
        halma_move {
            origin: mv.from().index() as u16,
            destination: mv.to().index() as u16,
            kind: kind as u32,
        }
    }
}

impl halma_move {
    /// The move this record names, if its fields are in range (legality is
    /// for the caller to check).
    pub(crate) fn to_move(self) -> FfiResult<Move> {
        let kind = match self.kind {
            0 => MoveKind::Step,
            1 => MoveKind::Jump,
            2 => MoveKind::Swap,
            3 => return Ok(Move::PASS),
            other => {
                return Err(Error::invalid(format!(
                    "move kind {other} is not a HALMA_MOVE_KIND_* value (0 to 3)"
                )))
            }
        };
        Ok(Move::new(
            square_arg(self.origin, "origin")?,
            square_arg(self.destination, "destination")?,
            kind,
        ))
    }
}

/// The square of an index argument.
pub(crate) fn square_arg(index: u16, name: &str) -> FfiResult<Square> {
    Square::from_index(index.into()).ok_or_else(|| {
        Error::invalid(format!(
            "{name} {index} is not a square: squares are rank * 16 + file, below 256"
        ))
    })
}

/// The seat of a `HALMA_SEAT_*` argument (not `HALMA_SEAT_NONE`).
pub(crate) fn seat_arg(seat: u32) -> FfiResult<Seat> {
    Seat::ALL
        .into_iter()
        .find(|s| s.index() as u32 == seat)
        .ok_or_else(|| Error::invalid(format!("seat {seat} is not a seat (0 to 3)")))
}

/// The `HALMA_SEAT_*` value of a seat, or `HALMA_SEAT_NONE`.
pub(crate) fn seat_value(seat: Option<Seat>) -> u32 {
    match seat {
        Some(seat) => seat.index() as u32,
        None => halma_seat::None as u32,
    }
}

/// The colour name of a seat ("Red", "Green", "Blue", "Yellow") as a static
/// NUL-terminated string (never free it), or NULL when `seat` is not one of
/// `HALMA_SEAT_RED` .. `HALMA_SEAT_YELLOW`.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn halma_seat_name(seat: u32) -> *const c_char {
    guard(std::ptr::null(), || {
        let name: &CStr = match seat {
            0 => c"Red",
            1 => c"Green",
            2 => c"Blue",
            3 => c"Yellow",
            _ => return std::ptr::null(),
        };
        name.as_ptr()
    })
}

/// The name of a square (`a1`, `e12`, `p16`): see the output-string
/// convention of `halma_last_error`. `HALMA_RESULT_INVALID_ARGUMENT` for an
/// index of 256 or more.
///
/// Thread-safe.
///
/// # Safety
/// `buf` must be NULL or valid for `len` bytes of writing; `out_len` NULL or
/// valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_square_name(
    square: u16,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        let square = square_arg(square, "square")?;
        out.write(&square.to_string())
    })
}

/// Reads a square name (`text`, `len` bytes, no NUL needed) into its index
/// `rank * 16 + file`. `HALMA_RESULT_INVALID_ARGUMENT` when it is not a square
/// of the 16x16 grid (the detail says why).
///
/// Thread-safe.
///
/// # Safety
/// `text` must be NULL or valid for reading `len` bytes; `out_square` NULL or
/// valid for writing a `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_square_parse(
    text: *const c_char,
    len: usize,
    out_square: *mut u16,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `out_square` and `text` as documented.
        let out = unsafe { Out::new(out_square, "out_square") }?;
        // SAFETY: as above.
        let text = unsafe { str_arg(text, len, "text") }?;
        let square: Square = text
            .parse()
            .map_err(|error| Error::invalid(format!("{error}")))?;
        out.write(square.index() as u16);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_every_move_shape() {
        let e4: Square = "e4".parse().unwrap();
        let e5: Square = "e5".parse().unwrap();
        for mv in [
            Move::new(e4, e5, MoveKind::Step),
            Move::new(e4, e5, MoveKind::Jump),
            Move::new(e4, e5, MoveKind::Swap),
            Move::PASS,
        ] {
            let record = halma_move::from(mv);
            assert_eq!(record.to_move(), Ok(mv));
        }
        let step = halma_move::from(Move::new(e4, e5, MoveKind::Step));
        assert_eq!((step.origin, step.destination), (3 * 16 + 4, 4 * 16 + 4));
        assert_eq!(
            halma_move::from(Move::PASS),
            halma_move {
                origin: HALMA_NO_SQUARE,
                destination: HALMA_NO_SQUARE,
                kind: 3
            }
        );
        let pass_with_squares = halma_move {
            origin: 7,
            destination: 9,
            kind: 3,
        };
        assert_eq!(pass_with_squares.to_move(), Ok(Move::PASS));
        let bad_kind = halma_move { kind: 4, ..step };
        assert_eq!(
            bad_kind.to_move().unwrap_err().code,
            halma_result::InvalidArgument
        );
        let bad_square = halma_move {
            destination: 256,
            ..step
        };
        assert!(bad_square
            .to_move()
            .unwrap_err()
            .detail
            .contains("destination 256"));
    }

    #[test]
    fn seats_convert_both_ways() {
        for seat in Seat::ALL {
            assert_eq!(seat_arg(seat_value(Some(seat))), Ok(seat));
            // SAFETY: a static NUL-terminated string for every seat.
            let name = unsafe { CStr::from_ptr(halma_seat_name(seat_value(Some(seat)))) };
            assert_eq!(name.to_str().unwrap(), seat.name());
        }
        assert_eq!(seat_value(None), 255);
        assert!(seat_arg(4).is_err());
        assert!(seat_arg(255).is_err());
        assert!(halma_seat_name(255).is_null());
    }
}
