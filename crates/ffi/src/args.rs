//! Checked access to the caller's arguments: strings given as pointer and
//! length, required and optional outputs, and output buffers with the
//! "buffer too small, here is the size needed" convention.
//!
//! Each constructor checks its pointer (NULL, alignment, length) before the
//! export does any work, and each `write` happens at the very end, so that a
//! failing call leaves the caller's outputs untouched.

use std::ffi::c_char;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

use crate::error::{halma_result, Error, FfiResult};

/// A non-NULL pointer, checked for alignment.
fn non_null<T>(ptr: *mut T, name: &str) -> FfiResult<NonNull<T>> {
    let ptr = NonNull::new(ptr).ok_or_else(|| Error::null(name))?;
    if !ptr.as_ptr().is_aligned() {
        return Err(Error::invalid(format!(
            "argument `{name}` is not aligned for its type ({} bytes)",
            std::mem::align_of::<T>()
        )));
    }
    Ok(ptr)
}

/// Checks a buffer length: slices may not exceed `isize::MAX` bytes.
fn check_len<T>(len: usize, name: &str) -> FfiResult {
    let bytes = len.checked_mul(std::mem::size_of::<T>().max(1));
    if bytes.is_none_or(|bytes| bytes > isize::MAX as usize) {
        return Err(Error::invalid(format!(
            "length {len} of `{name}` is larger than any buffer"
        )));
    }
    Ok(())
}

/// A string argument given as `ptr` and `len` (bytes, no NUL needed; NUL
/// bytes are ordinary characters). `ptr` may be NULL when `len` is 0.
///
/// # Safety
/// `ptr` must be NULL or valid for reading `len` bytes for `'a`.
pub(crate) unsafe fn str_arg<'a>(ptr: *const c_char, len: usize, name: &str) -> FfiResult<&'a str> {
    check_len::<u8>(len, name)?;
    let bytes: &[u8] = if len == 0 {
        &[]
    } else if ptr.is_null() {
        return Err(Error::null(name));
    } else {
        // SAFETY: non-NULL, `len` checked against isize::MAX, and the caller
        // guarantees `len` readable bytes.
        unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }
    };
    std::str::from_utf8(bytes).map_err(|error| {
        Error::new(
            halma_result::InvalidUtf8,
            format!(
                "`{name}` is not valid UTF-8: invalid byte at offset {}",
                error.valid_up_to()
            ),
        )
    })
}

/// An optional string argument: `None` when `ptr` is NULL (and `len` is 0).
///
/// # Safety
/// As [`str_arg`].
pub(crate) unsafe fn opt_str_arg<'a>(
    ptr: *const c_char,
    len: usize,
    name: &str,
) -> FfiResult<Option<&'a str>> {
    if ptr.is_null() && len == 0 {
        Ok(None)
    } else {
        // SAFETY: forwarded from the caller.
        unsafe { str_arg(ptr, len, name) }.map(Some)
    }
}

/// A required input record given by pointer.
///
/// # Safety
/// `ptr` must be NULL or valid for reading a `T`.
pub(crate) unsafe fn ref_arg<'a, T>(ptr: *const T, name: &str) -> FfiResult<&'a T> {
    let ptr = non_null(ptr.cast_mut(), name)?;
    // SAFETY: non-NULL and aligned; the caller guarantees a readable `T`.
    Ok(unsafe { ptr.as_ref() })
}

/// A required output: a non-NULL, aligned `*mut T`, written only by [`Out::write`].
pub(crate) struct Out<T> {
    ptr: NonNull<T>,
}

impl<T> Out<T> {
    /// Checks the pointer.
    ///
    /// # Safety
    /// `ptr` must be NULL or valid for writing a `T` until [`Out::write`].
    pub(crate) unsafe fn new(ptr: *mut T, name: &str) -> FfiResult<Out<T>> {
        Ok(Out {
            ptr: non_null(ptr, name)?,
        })
    }

    /// Stores the value.
    pub(crate) fn write(self, value: T) {
        // SAFETY: checked non-NULL and aligned; `new`'s contract makes it writable.
        unsafe { self.ptr.as_ptr().write(value) }
    }
}

/// An optional output: NULL means the caller does not want the value.
pub(crate) struct OptOut<T>(Option<Out<T>>);

impl<T> OptOut<T> {
    /// Checks the pointer (NULL is fine).
    ///
    /// # Safety
    /// As [`Out::new`].
    pub(crate) unsafe fn new(ptr: *mut T, name: &str) -> FfiResult<OptOut<T>> {
        if ptr.is_null() {
            Ok(OptOut(None))
        } else {
            // SAFETY: forwarded from the caller.
            Ok(OptOut(Some(unsafe { Out::new(ptr, name) }?)))
        }
    }

    /// Stores the value if the caller asked for it.
    pub(crate) fn write(self, value: T) {
        if let Some(out) = self.0 {
            out.write(value);
        }
    }
}

/// An output array: `buf` of `len` items and `*out_len`, the number of items
/// of the whole output (written on success and on `BUFFER_TOO_SMALL`).
pub(crate) struct SliceOut<T> {
    buf: *mut T,
    len: usize,
    out_len: Out<usize>,
}

impl<T: Copy> SliceOut<T> {
    /// Checks the pointers: `out_len` non-NULL, `buf` non-NULL unless `len` is 0.
    ///
    /// # Safety
    /// `buf` must be NULL or valid for writing `len` items of `T`, and
    /// `out_len` NULL or valid for writing a `size_t`, until the output is written.
    pub(crate) unsafe fn new(
        buf: *mut T,
        len: usize,
        out_len: *mut usize,
    ) -> FfiResult<SliceOut<T>> {
        // SAFETY: forwarded from the caller.
        let out_len = unsafe { Out::new(out_len, "out_len") }?;
        check_len::<T>(len, "buf")?;
        if len > 0 {
            non_null(buf, "buf")?;
        }
        Ok(SliceOut { buf, len, out_len })
    }

    /// The storage for `count` items, or `BUFFER_TOO_SMALL` (with `count`
    /// stored in `*out_len`) when the buffer holds fewer.
    /// `needed` is the buffer size that holds the output (`count` and a NUL for a text).
    /// `detail` says what went wrong, given the buffer's length.
    fn reserve<'a>(
        self,
        count: usize,
        needed: usize,
        detail: impl FnOnce(usize) -> String,
    ) -> FfiResult<(&'a mut [MaybeUninit<T>], Out<usize>)> {
        if needed > self.len {
            let detail = detail(self.len);
            self.out_len.write(count);
            return Err(Error::new(halma_result::BufferTooSmall, detail));
        }
        let slots: &mut [MaybeUninit<T>] = if needed == 0 {
            &mut []
        } else {
            // SAFETY: `buf` is non-NULL and aligned (checked in `new` since
            // len >= needed > 0), writable for `len >= needed` items by
            // `new`'s contract; MaybeUninit makes no claim on the contents.
            unsafe { std::slice::from_raw_parts_mut(self.buf.cast::<MaybeUninit<T>>(), needed) }
        };
        Ok((slots, self.out_len))
    }

    /// Fills the buffer with `count` items by `fill`, which must initialize
    /// every slot it is given; returns the items for a final touch (sorting).
    pub(crate) fn fill_with<'a>(
        self,
        count: usize,
        fill: impl FnOnce(&mut [MaybeUninit<T>]) -> usize,
    ) -> FfiResult<&'a mut [T]> {
        let (slots, out_len) = self.reserve(count, count, |len| {
            format!("the buffer holds {len} items but the output has {count}")
        })?;
        let written = fill(slots);
        assert_eq!(written, count, "the output was not filled");
        out_len.write(count);
        // SAFETY: `fill` initialized all `count` slots (checked just above).
        Ok(unsafe { std::slice::from_raw_parts_mut(slots.as_mut_ptr().cast::<T>(), count) })
    }

    /// Copies `items` into the buffer.
    pub(crate) fn write(self, items: &[T]) -> FfiResult {
        self.fill_with(items.len(), |slots| {
            for (slot, item) in slots.iter_mut().zip(items) {
                slot.write(*item);
            }
            items.len()
        })
        .map(|_| ())
    }
}

/// An output string: `buf` of `len` bytes receives the text and a NUL;
/// `*out_len` the length of the text without the NUL (written on success and
/// on `BUFFER_TOO_SMALL`, when the buffer must hold `*out_len + 1` bytes).
pub(crate) struct TextOut(SliceOut<u8>);

impl TextOut {
    /// Checks the pointers.
    ///
    /// # Safety
    /// As [`SliceOut::new`], for bytes.
    pub(crate) unsafe fn new(
        buf: *mut c_char,
        len: usize,
        out_len: *mut usize,
    ) -> FfiResult<TextOut> {
        // SAFETY: forwarded from the caller.
        Ok(TextOut(unsafe {
            SliceOut::new(buf.cast::<u8>(), len, out_len)
        }?))
    }

    /// Writes `text` and a NUL.
    pub(crate) fn write(self, text: &str) -> FfiResult {
        let count = text.len();
        let (slots, out_len) = self.0.reserve(count, count + 1, |len| {
            format!(
                "the buffer holds {len} bytes but the text needs {} ({count} and a NUL)",
                count + 1
            )
        })?;
        for (slot, byte) in slots.iter_mut().zip(text.bytes().chain([0])) {
            slot.write(byte);
        }
        out_len.write(count);
        Ok(())
    }
}
