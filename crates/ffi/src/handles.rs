//! Opaque handles: boxed Rust values handed to C as pointers.
//!
//! A handle is created by a `_new` (or `_clone`, or a function that returns a
//! new handle) and owned by the caller until its `_free`; `_free(NULL)` does
//! nothing. Every handle is independent: a clone shares nothing with its
//! original, so each is freed on its own.

use crate::error::{Error, FfiResult};

/// A Rust value behind an opaque C pointer.
pub(crate) trait Handle: Sized {
    /// Moves the value to the heap and hands out the pointer (owned by the caller).
    fn into_raw(self) -> *mut Self {
        Box::into_raw(Box::new(self))
    }

    /// Drops a handle; NULL is a no-op.
    ///
    /// # Safety
    /// `ptr` must be NULL or a pointer from [`Handle::into_raw`] not freed yet.
    unsafe fn free(ptr: *mut Self) {
        if !ptr.is_null() {
            // SAFETY: from `into_raw`, and the caller gives up its ownership.
            drop(unsafe { Box::from_raw(ptr) });
        }
    }

    /// The value behind a `const` pointer; `name` is the argument's name for the error.
    ///
    /// # Safety
    /// `ptr` must be NULL or a live handle of this type, not mutated elsewhere during `'a`.
    unsafe fn try_ref<'a>(ptr: *const Self, name: &str) -> FfiResult<&'a Self> {
        // SAFETY: NULL or a live handle, per the caller.
        unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(name))
    }

    /// The value behind a pointer, for changing it.
    ///
    /// # Safety
    /// `ptr` must be NULL or a live handle of this type, not used elsewhere during `'a`.
    unsafe fn try_mut<'a>(ptr: *mut Self, name: &str) -> FfiResult<&'a mut Self> {
        // SAFETY: NULL or a live, unaliased handle, per the caller.
        unsafe { ptr.as_mut() }.ok_or_else(|| Error::null(name))
    }
}
