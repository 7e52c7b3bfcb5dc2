//! Result codes, error details and the last-error storage of the calling thread.

use std::cell::RefCell;
use std::ffi::{c_char, CStr};

use crate::args::TextOut;

/// The result of every fallible `halma_` function.
///
/// In C this is a `uint32_t` with the `HALMA_RESULT_*` constants: compare it
/// with them, and treat any value you do not know (a later release may add
/// codes) as an error. Codes are never renumbered. On any code but
/// `HALMA_RESULT_OK`, a function's outputs are left untouched, except for the
/// size reported with `HALMA_RESULT_BUFFER_TOO_SMALL`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub enum halma_result {
    /// Success: the outputs were written.
    Ok = 0,
    /// A pointer argument that must not be NULL was NULL.
    NullPointer = 1,
    /// A string argument is not valid UTF-8.
    InvalidUtf8 = 2,
    /// An argument is out of range: a square, a seat, a move kind, an index,
    /// a length, a perft depth, a misaligned pointer, a malformed game-record tag.
    InvalidArgument = 3,
    /// The output buffer is too small: nothing was written to it, and the
    /// length of the whole output was stored in `*out_len`.
    BufferTooSmall = 4,
    /// The rules string is not valid.
    InvalidRules = 5,
    /// The position string is malformed or not a position under the rules.
    InvalidPosition = 6,
    /// The move (a record or a text) is not a legal move in the position.
    IllegalMove = 7,
    /// The game is over: no move can be played.
    GameOver = 8,
    /// `halma_game_undo` on a game with no move played.
    NothingToUndo = 9,
    /// The game already holds the most moves a game keeps (100000).
    GameTooLong = 10,
    /// The game record cannot be read.
    InvalidRecord = 11,
    /// An internal error (a Rust panic) was caught. A game handle on which a
    /// changing call panicked is unusable from then on (every call but
    /// `halma_game_free` and `halma_game_last_error` returns this code).
    Panic = 12,
}

impl halma_result {
    /// The static message of this code.
    pub(crate) fn message(self) -> &'static CStr {
        match self {
            halma_result::Ok => c"success",
            halma_result::NullPointer => c"a required pointer argument is NULL",
            halma_result::InvalidUtf8 => c"a string argument is not valid UTF-8",
            halma_result::InvalidArgument => c"an argument is out of range",
            halma_result::BufferTooSmall => {
                c"the output buffer is too small; *out_len holds the size of the output"
            }
            halma_result::InvalidRules => c"invalid rules string",
            halma_result::InvalidPosition => c"invalid position string",
            halma_result::IllegalMove => c"illegal move",
            halma_result::GameOver => c"the game is over",
            halma_result::NothingToUndo => c"no move to undo",
            halma_result::GameTooLong => c"the game already holds the most moves a game keeps",
            halma_result::InvalidRecord => c"invalid game record",
            halma_result::Panic => c"internal error (a panic was caught)",
        }
    }
}

/// Every code, in order.
const ALL_RESULTS: [halma_result; 13] = [
    halma_result::Ok,
    halma_result::NullPointer,
    halma_result::InvalidUtf8,
    halma_result::InvalidArgument,
    halma_result::BufferTooSmall,
    halma_result::InvalidRules,
    halma_result::InvalidPosition,
    halma_result::IllegalMove,
    halma_result::GameOver,
    halma_result::NothingToUndo,
    halma_result::GameTooLong,
    halma_result::InvalidRecord,
    halma_result::Panic,
];

/// A failure: its code and the detail reported by the last-error functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Error {
    pub(crate) code: halma_result,
    pub(crate) detail: String,
}

impl Error {
    /// A failure with a detail message.
    pub(crate) fn new(code: halma_result, detail: impl Into<String>) -> Error {
        Error {
            code,
            detail: detail.into(),
        }
    }

    /// A NULL pointer given for the argument `name`.
    pub(crate) fn null(name: &str) -> Error {
        Error::new(
            halma_result::NullPointer,
            format!("argument `{name}` is NULL"),
        )
    }

    /// An out-of-range argument.
    pub(crate) fn invalid(detail: impl Into<String>) -> Error {
        Error::new(halma_result::InvalidArgument, detail)
    }
}

/// The outcome of the body of an exported function.
pub(crate) type FfiResult<T = ()> = Result<T, Error>;

thread_local! {
    /// The detail of the last failure on this thread.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Remembers `detail` as the last error of the calling thread.
pub(crate) fn set_thread_error(detail: &str) {
    // `try_with`/`try_borrow_mut`: never panic here, even during thread teardown.
    let _ = LAST_ERROR.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            last.clear();
            last.push_str(detail);
        }
    });
}

/// The last error of the calling thread.
fn thread_error() -> String {
    LAST_ERROR
        .try_with(|last| last.try_borrow().map(|s| s.clone()).unwrap_or_default())
        .unwrap_or_default()
}

/// The message of a result code: a static, NUL-terminated string that lives
/// as long as the library (never free it). Any value is accepted; unknown
/// codes give "unknown result code".
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn halma_result_message(result: u32) -> *const c_char {
    ALL_RESULTS
        .into_iter()
        .find(|code| *code as u32 == result)
        .map_or(c"unknown result code", halma_result::message)
        .as_ptr()
}

/// The detail of the last failed `halma_` call on the calling thread (any
/// function, with or without a handle): which character of a position string
/// is wrong, which segment of a move is illegal, which argument was NULL...
/// An empty string when no call has failed on this thread yet.
///
/// Writes the text and a terminating NUL into `buf` (`len` bytes) and its
/// length without the NUL into `*out_len`. When `len` is too small, writes
/// nothing into `buf`, stores the length of the text (the buffer needs one
/// more byte) in `*out_len` and returns `HALMA_RESULT_BUFFER_TOO_SMALL`; `buf`
/// may be NULL when `len` is 0. A failure of this function itself is not
/// remembered as the last error.
///
/// Thread-safe (each thread has its own last error).
///
/// # Safety
/// `buf` must be NULL or valid for `len` bytes of writing; `out_len` must be
/// NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_last_error(
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    crate::boundary::call_quiet(|| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        out.write(&thread_error())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_message() {
        let mut seen = std::collections::HashSet::new();
        for (i, code) in ALL_RESULTS.into_iter().enumerate() {
            assert_eq!(code as usize, i, "codes are numbered in order");
            let code = code as u32;
            // SAFETY: halma_result_message returns a static NUL-terminated string.
            let message = unsafe { CStr::from_ptr(halma_result_message(code)) };
            assert!(seen.insert(message.to_owned()), "{code} repeats a message");
            assert_ne!(message.to_bytes(), b"unknown result code", "{code}");
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(halma_result_message(13)) };
        assert_eq!(unknown.to_bytes(), b"unknown result code");
    }
}
