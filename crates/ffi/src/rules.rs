//! Rules handles: a preset with its options, read from a rules string.
//!
//! A `halma_rules` never changes after it is made, so every function taking a
//! `const halma_rules *` may be called from several threads at once on the
//! same handle. Failures are reported by `halma_last_error` on the calling thread.

use std::ffi::c_char;

use ::halma_rules::{Bitboard, Rules, Seat};

use crate::args::{str_arg, Out, SliceOut, TextOut};
use crate::boundary::{call, guard};
use crate::error::{halma_result, Error};
use crate::handles::Handle;
use crate::types::seat_arg;

/// A rule set: a preset (board, seats, camps) with its options. Opaque; made
/// by `halma_rules_new`, `halma_rules_clone` or `halma_game_rules`, freed by
/// `halma_rules_free`. Immutable, so it may be shared between threads.
#[allow(non_camel_case_types)]
pub struct halma_rules {
    pub(crate) rules: Rules,
}

impl Handle for halma_rules {}

/// Reads a rules string (`text`, `len` bytes, no NUL needed) such as `halma`,
/// `halma8` or `halma,long-jumps,spoil=swap` (see the rule book, section 3).
///
/// On success `*out_rules` receives a new handle owned by the caller (free it
/// with `halma_rules_free`). `HALMA_RESULT_INVALID_RULES` when the string is
/// not a rules string; the detail names the unknown preset or option.
///
/// Thread-safe.
///
/// # Safety
/// `text` must be NULL or valid for reading `len` bytes; `out_rules` NULL or
/// valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_new(
    text: *const c_char,
    len: usize,
    out_rules: *mut *mut halma_rules,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees `out_rules` and `text` as documented.
        let out = unsafe { Out::new(out_rules, "out_rules") }?;
        // SAFETY: as above.
        let text = unsafe { str_arg(text, len, "text") }?;
        let rules: Rules = text
            .parse()
            .map_err(|error| Error::new(halma_result::InvalidRules, format!("{error}")))?;
        out.write(halma_rules { rules }.into_raw());
        Ok(())
    })
}

/// A copy of `rules` in a new handle owned by the caller (`*out_rules`), freed
/// on its own with `halma_rules_free`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out_rules` NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_clone(
    rules: *const halma_rules,
    out_rules: *mut *mut halma_rules,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees both pointers as documented.
        let out = unsafe { Out::new(out_rules, "out_rules") }?;
        // SAFETY: as above.
        let rules = unsafe { halma_rules::try_ref(rules, "rules") }?;
        out.write(
            halma_rules {
                rules: rules.rules.clone(),
            }
            .into_raw(),
        );
        Ok(())
    })
}

/// Frees a rules handle. NULL is a no-op. Games made from the rules keep their
/// own copy and stay valid.
///
/// # Safety
/// `rules` must be NULL or a live rules handle, which must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_free(rules: *mut halma_rules) {
    // SAFETY: NULL or a live handle given up by the caller.
    guard((), || unsafe { halma_rules::free(rules) })
}

/// The canonical rules string (preset, then the options that differ from
/// it): see the output-string convention of `halma_last_error`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `buf` NULL or valid for `len`
/// bytes of writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_string(
    rules: *const halma_rules,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees every pointer as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let rules = unsafe { halma_rules::try_ref(rules, "rules") }?;
        out.write(&rules.rules.to_string())
    })
}

/// Reads one number from the rules into `*out`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out` NULL or valid for writing a `uint32_t`.
unsafe fn rules_number(
    rules: *const halma_rules,
    out: *mut u32,
    get: impl FnOnce(&Rules) -> u32,
) -> halma_result {
    call(|| {
        // SAFETY: forwarded from the caller.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: as above.
        let rules = unsafe { halma_rules::try_ref(rules, "rules") }?;
        out.write(get(&rules.rules));
        Ok(())
    })
}

/// The number of files (columns) of the board, into `*out_width`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out_width` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_board_width(
    rules: *const halma_rules,
    out_width: *mut u32,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { rules_number(rules, out_width, |r| r.geometry().width().into()) }
}

/// The number of ranks (rows) of the board, into `*out_height`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out_height` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_board_height(
    rules: *const halma_rules,
    out_height: *mut u32,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { rules_number(rules, out_height, |r| r.geometry().height().into()) }
}

/// The seats in play as a bit set, into `*out_seats`: bit `HALMA_SEAT_x` is
/// set for each seat in play (`halma` gives `(1 << HALMA_SEAT_RED) | (1 <<
/// HALMA_SEAT_BLUE)` = 5). Turn order is increasing seat value, skipping
/// seats not in play.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out_seats` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_seats(
    rules: *const halma_rules,
    out_seats: *mut u32,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        rules_number(rules, out_seats, |r| {
            r.seats().iter().map(|seat| 1 << seat.index()).sum()
        })
    }
}

/// The number of pieces of each seat (squares of each camp), into `*out_size`.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `out_size` NULL or valid for
/// writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_camp_size(
    rules: *const halma_rules,
    out_size: *mut u32,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { rules_number(rules, out_size, |r| r.camp_size().into()) }
}

/// Writes the squares of one of a seat's camps, increasing.
///
/// # Safety
/// As the exports below.
unsafe fn camp_squares(
    rules: *const halma_rules,
    seat: u32,
    buf: *mut u16,
    len: usize,
    out_len: *mut usize,
    camp: fn(&Rules, Seat) -> Bitboard,
) -> halma_result {
    call(|| {
        // SAFETY: forwarded from the caller.
        let out = unsafe { SliceOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let rules = unsafe { halma_rules::try_ref(rules, "rules") }?;
        let seat = seat_arg(seat)?;
        let squares: Vec<u16> = camp(&rules.rules, seat)
            .squares_sorted()
            .iter()
            .map(|square| square.index() as u16)
            .collect();
        out.write(&squares)
    })
}

/// The squares of the home camp of `seat` (a `HALMA_SEAT_*` value other than
/// `HALMA_SEAT_NONE`; the seat need not be in play), in increasing order:
/// `buf` (`len` squares) receives them and `*out_len` their number. When `len`
/// is too small, writes nothing into `buf`, stores the number in `*out_len`
/// and returns `HALMA_RESULT_BUFFER_TOO_SMALL`; `buf` may be NULL when `len` is 0.
///
/// # Safety
/// `rules` must be NULL or a live rules handle; `buf` NULL or valid for
/// writing `len` squares; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_home_camp(
    rules: *const halma_rules,
    seat: u32,
    buf: *mut u16,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { camp_squares(rules, seat, buf, len, out_len, Rules::home_camp) }
}

/// The squares of the target camp of `seat` (the home camp of the opposite
/// corner), as `halma_rules_home_camp` gives them.
///
/// # Safety
/// As `halma_rules_home_camp`.
#[no_mangle]
pub unsafe extern "C" fn halma_rules_target_camp(
    rules: *const halma_rules,
    seat: u32,
    buf: *mut u16,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { camp_squares(rules, seat, buf, len, out_len, Rules::target_camp) }
}
