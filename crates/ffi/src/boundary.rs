//! The panic boundary: the body of every export runs inside `catch_unwind`,
//! so that a panic becomes `HALMA_RESULT_PANIC` and never unwinds into C.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{halma_result, set_thread_error, Error, FfiResult};

/// The text of a panic payload.
fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text
    } else {
        "(no message)"
    }
}

/// Runs `f`, turning a panic into an [`Error`] with code `HALMA_RESULT_PANIC`.
pub(crate) fn catch<T>(f: impl FnOnce() -> FfiResult<T>) -> FfiResult<T> {
    // AssertUnwindSafe: after a panic, nothing `f` touched is used again
    // except through the game-handle poisoning of `game::with_game_mut`.
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        Err(Error::new(
            halma_result::Panic,
            format!("internal error: {}", panic_text(payload.as_ref())),
        ))
    })
}

/// The code of an outcome; a failure's detail becomes the thread's last error.
pub(crate) fn finish(outcome: FfiResult) -> halma_result {
    match outcome {
        Ok(()) => halma_result::Ok,
        Err(error) => {
            set_thread_error(&error.detail);
            error.code
        }
    }
}

/// The boundary of an export without a handle that keeps error details:
/// runs `f`, catches panics, records the detail of a failure as the thread's
/// last error and returns the code.
pub(crate) fn call(f: impl FnOnce() -> FfiResult) -> halma_result {
    finish(catch(f))
}

/// Like [`call`], but a failure is not recorded (for the functions that read
/// the last error, which must not overwrite it).
pub(crate) fn call_quiet(f: impl FnOnce() -> FfiResult) -> halma_result {
    match catch(f) {
        Ok(()) => halma_result::Ok,
        Err(error) => error.code,
    }
}

/// The boundary of an export that returns no result code (`_free`, the
/// static-string functions): a panic gives `fallback`.
pub(crate) fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        set_thread_error(&format!("internal error: {}", panic_text(payload.as_ref())));
        fallback
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replaces the panic hook while `f` runs, so that expected panics do not
    /// clutter the test output.
    fn silently<T>(f: impl FnOnce() -> T) -> T {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let out = f();
        std::panic::set_hook(hook);
        out
    }

    #[test]
    fn a_panic_becomes_a_code_with_its_message() {
        let code = silently(|| call(|| panic!("boom {}", 42)));
        assert_eq!(code, halma_result::Panic);
        let mut buf = [0u8; 64];
        let mut len = 0usize;
        // SAFETY: buf and len are valid for writing.
        let read = unsafe { crate::error::halma_last_error(buf.as_mut_ptr().cast(), 64, &mut len) };
        assert_eq!(read, halma_result::Ok);
        assert_eq!(&buf[..len], b"internal error: boom 42");
        let static_text = silently(|| catch::<()>(|| panic!("static")));
        assert_eq!(static_text.unwrap_err().detail, "internal error: static");
        assert_eq!(silently(|| guard(7, || -> i32 { panic!("x") })), 7);
        assert_eq!(guard(7, || 8), 8);
    }

    #[test]
    fn failures_are_recorded_unless_quiet() {
        assert_eq!(
            call(|| Err(Error::invalid("first"))),
            halma_result::InvalidArgument
        );
        assert_eq!(
            call_quiet(|| Err(Error::null("second"))),
            halma_result::NullPointer
        );
        let mut buf = [0u8; 16];
        let mut len = 0usize;
        // SAFETY: buf and len are valid for writing.
        unsafe { crate::error::halma_last_error(buf.as_mut_ptr().cast(), 16, &mut len) };
        assert_eq!(&buf[..len], b"first");
    }
}
