//! Checked arguments of the C ABI: result codes checked against the
//! documentation, output pointers (good, NULL, misaligned) backed by filled
//! storage, string arguments (with or without the NUL, NULL, lengths over
//! PTRDIFF_MAX) and output buffers of every length, each checked after the
//! call to be written exactly as documented and nowhere else.

use std::ffi::c_char;
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use halma_ffi::halma_last_error;
use halma_fuzz::Bytes;

use super::{Code, FILL, GUARD, HUGE};

/// Checks a result code: a documented one, never a panic, and the one
/// expected (or one of the injected faults, which must then not give OK);
/// a failure leaves a detail as the thread's last error.
pub(super) fn expect_code(code: Code, faults: &[Code], semantic: Result<(), Code>, what: &str) {
    expect_code_quiet(code, faults, semantic, what);
    if code != Code::Ok {
        assert!(
            !last_error().is_empty(),
            "{what}: {code:?} without a detail"
        );
    }
}

/// As [`expect_code`], for the last-error functions (which record nothing).
pub(super) fn expect_code_quiet(
    code: Code,
    faults: &[Code],
    semantic: Result<(), Code>,
    what: &str,
) {
    assert!(
        (code as u32) <= 12,
        "{what}: undocumented code {}",
        code as u32
    );
    assert_ne!(
        code,
        Code::Panic,
        "{what}: a panic was caught: {}",
        last_error()
    );
    if faults.is_empty() {
        let expected = semantic.err().unwrap_or(Code::Ok);
        assert_eq!(code, expected, "{what}: {}", last_error());
    } else {
        assert!(
            code != Code::Ok && (faults.contains(&code) || semantic == Err(code)),
            "{what}: {code:?}, expected one of {faults:?} or {semantic:?}: {}",
            last_error()
        );
    }
}

/// How an output pointer is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum PtrMode {
    Good,
    Null,
    Misaligned,
}

impl PtrMode {
    pub(super) fn pick(bytes: &mut Bytes<'_>) -> PtrMode {
        match bytes.u8() % 32 {
            0 => PtrMode::Null,
            1 => PtrMode::Misaligned,
            _ => PtrMode::Good,
        }
    }

    pub(super) fn fault(self) -> Option<Code> {
        match self {
            PtrMode::Good => None,
            PtrMode::Null => Some(Code::NullPointer),
            PtrMode::Misaligned => Some(Code::InvalidArgument),
        }
    }
}

/// A required or optional scalar output `*mut T`, backed by filled storage.
pub(super) struct Slot<T> {
    pub(super) storage: Box<[u64; 16]>,
    pub(super) mode: PtrMode,
    pub(super) _t: PhantomData<T>,
}

impl<T: Copy> Slot<T> {
    pub(super) fn new(mode: PtrMode) -> Slot<T> {
        assert!(size_of::<T>() < 128 && align_of::<T>() > 1);
        Slot {
            storage: Box::new([u64::from_ne_bytes([FILL; 8]); 16]),
            mode,
            _t: PhantomData,
        }
    }

    pub(super) fn pick(bytes: &mut Bytes<'_>) -> Slot<T> {
        Slot::new(PtrMode::pick(bytes))
    }

    pub(super) fn ptr(&mut self) -> *mut T {
        let base = self.storage.as_mut_ptr().cast::<u8>();
        match self.mode {
            PtrMode::Good => base.cast(),
            PtrMode::Null => std::ptr::null_mut(),
            // SAFETY: one byte into a 128-byte allocation.
            PtrMode::Misaligned => unsafe { base.add(1) }.cast(),
        }
    }

    pub(super) fn bytes(&self) -> &[u8] {
        // SAFETY: 128 initialized bytes.
        unsafe { std::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>(), 128) }
    }

    pub(super) fn untouched(&self) -> bool {
        self.bytes().iter().all(|&b| b == FILL)
    }

    /// The value written, checking that nothing was written past it.
    pub(super) fn value(&self) -> T {
        assert_eq!(self.mode, PtrMode::Good);
        assert!(
            self.bytes()[size_of::<T>()..].iter().all(|&b| b == FILL),
            "written past the output"
        );
        // SAFETY: the storage holds a T written by the library.
        unsafe { self.storage.as_ptr().cast::<T>().read() }
    }

    /// After a call: the value on success (checked to be written), `None`
    /// on failure (checked to be untouched).
    pub(super) fn after(&self, code: Code) -> Option<T> {
        if code == Code::Ok {
            assert_eq!(self.mode, PtrMode::Good);
            assert!(!self.untouched(), "success without writing the output");
            Some(self.value())
        } else {
            assert!(self.untouched(), "{code:?} but the output was written");
            None
        }
    }
}

/// A string argument: fuzz bytes followed by a NUL, given with or without
/// the NUL, or NULL, or with a length over PTRDIFF_MAX.
pub(super) struct TextIn {
    pub(super) storage: Vec<u8>,
    pub(super) ptr_null: bool,
    pub(super) len: usize,
}

impl TextIn {
    pub(super) fn new(text: &[u8], bytes: &mut Bytes<'_>) -> TextIn {
        let mut storage = text.to_vec();
        storage.push(0);
        let (ptr_null, len) = match bytes.u8() % 40 {
            0 => (false, text.len() + 1),
            1 => (true, 0),
            2 => (true, text.len().max(1)),
            3 => (false, HUGE[bytes.below(HUGE.len())]),
            _ => (false, text.len()),
        };
        TextIn {
            storage,
            ptr_null,
            len,
        }
    }

    pub(super) fn ptr(&self) -> *const c_char {
        if self.ptr_null {
            std::ptr::null()
        } else {
            self.storage.as_ptr().cast()
        }
    }

    /// What the library reads: `None` for NULL with length 0, else the
    /// string, or the code of why it cannot be read.
    pub(super) fn model(&self) -> Result<Option<&str>, Code> {
        if self.len > isize::MAX as usize {
            return Err(Code::InvalidArgument);
        }
        if self.ptr_null {
            return if self.len == 0 {
                Ok(None)
            } else {
                Err(Code::NullPointer)
            };
        }
        std::str::from_utf8(&self.storage[..self.len])
            .map(Some)
            .map_err(|_| Code::InvalidUtf8)
    }

    /// As a required string argument (NULL with length 0 reads as "").
    pub(super) fn model_str(&self) -> Result<&str, Code> {
        self.model().map(Option::unwrap_or_default)
    }
}

/// An output array (or string, with `extra` = 1 for the NUL) of `T`.
pub(super) struct BufOut<T> {
    pub(super) storage: Vec<u64>,
    /// Byte offset of the buffer in `storage` (1 when misaligned).
    pub(super) offset: usize,
    pub(super) len: usize,
    pub(super) null_buf: bool,
    pub(super) huge: bool,
    pub(super) extra: usize,
    pub(super) out_len: Slot<usize>,
    /// For the last-error functions: a failure records no detail.
    pub(super) quiet: bool,
    pub(super) _t: PhantomData<T>,
}

impl<T: Copy + PartialEq + std::fmt::Debug> BufOut<T> {
    /// A buffer whose length is chosen around `count` items (+ `extra`).
    pub(super) fn pick(bytes: &mut Bytes<'_>, count: usize, extra: usize) -> BufOut<T> {
        let needed = count + extra;
        let (mut len, mut null_buf, mut huge, mut misaligned) = (needed, false, false, false);
        match bytes.u8() % 16 {
            0 => (len, null_buf) = (0, true),
            1 => len = 0,
            2 => len = needed.saturating_sub(1),
            3 => len = needed + 1,
            4 => len = bytes.u8() as usize,
            5 => (len, null_buf) = (1 + bytes.u8() as usize, true),
            6 => {
                let huge_len = HUGE[bytes.below(HUGE.len())] / size_of::<T>().max(1);
                (len, huge) = (huge_len.saturating_add(1), true);
            }
            7 => misaligned = align_of::<T>() > 1,
            8 => len = needed + bytes.u8() as usize,
            _ => {}
        }
        let real = if huge { 0 } else { len };
        let words = ((real + GUARD) * size_of::<T>()).div_ceil(8) + 1;
        BufOut {
            storage: vec![u64::from_ne_bytes([FILL; 8]); words],
            offset: usize::from(misaligned),
            len,
            null_buf,
            huge,
            extra,
            out_len: Slot::pick(bytes),
            quiet: false,
            _t: PhantomData,
        }
    }

    pub(super) fn buf(&mut self) -> *mut T {
        if self.null_buf {
            return std::ptr::null_mut();
        }
        // SAFETY: within the storage.
        unsafe { self.storage.as_mut_ptr().cast::<u8>().add(self.offset) }.cast()
    }

    pub(super) fn faults(&self) -> Vec<Code> {
        let mut faults: Vec<Code> = self.out_len.mode.fault().into_iter().collect();
        if self.huge {
            faults.push(Code::InvalidArgument);
        } else if self.len > 0 && self.null_buf {
            faults.push(Code::NullPointer);
        } else if self.len > 0 && self.offset != 0 {
            faults.push(Code::InvalidArgument);
        }
        faults
    }

    pub(super) fn raw(&self) -> &[u8] {
        // SAFETY: the storage's initialized bytes.
        unsafe {
            std::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>(), self.storage.len() * 8)
        }
    }

    /// Checks the call's outcome against `expected` (the items, or the code
    /// of the semantic error); returns the items written on success.
    pub(super) fn check(
        &self,
        code: Code,
        expected: &Result<Vec<T>, Code>,
        what: &str,
    ) -> Option<Vec<T>> {
        let faults = self.faults();
        let raw = self.raw();
        let start = self.offset;
        let region = if self.null_buf || self.huge {
            0
        } else {
            self.len * size_of::<T>()
        };
        assert!(
            raw[..start]
                .iter()
                .chain(&raw[start + region..])
                .all(|&b| b == FILL),
            "{what}: written outside the buffer ({code:?})"
        );
        let region_bytes = &raw[start..start + region];
        match code {
            Code::Ok => {
                expect_code_quiet(code, &faults, Ok(()), what);
                let items = expected.as_ref().unwrap_or_else(|e| {
                    panic!("{what}: OK, expected {e:?}");
                });
                assert!(items.len() + self.extra <= self.len, "{what}");
                let written = self.out_len.after(code).expect("written");
                assert_eq!(written, items.len(), "{what}: *out_len");
                let size = size_of::<T>();
                let got: Vec<T> = (0..items.len())
                    // SAFETY: within the region; unaligned reads for the misaligned case.
                    .map(|i| unsafe {
                        region_bytes
                            .as_ptr()
                            .add(i * size)
                            .cast::<T>()
                            .read_unaligned()
                    })
                    .collect();
                assert_eq!(&got, items, "{what}: the output");
                let tail = items.len() * size;
                if self.extra == 1 {
                    assert_eq!(region_bytes[tail], 0, "{what}: the NUL");
                }
                assert!(
                    region_bytes[tail + self.extra * size..]
                        .iter()
                        .all(|&b| b == FILL),
                    "{what}: written past the output"
                );
                Some(got)
            }
            Code::BufferTooSmall => {
                assert_ne!(code, Code::Panic);
                assert!(faults.is_empty(), "{what}: too small despite {faults:?}");
                let items = expected.as_ref().unwrap_or_else(|e| {
                    panic!("{what}: BUFFER_TOO_SMALL, expected {e:?}");
                });
                assert!(items.len() + self.extra > self.len, "{what}: it fits");
                assert!(region_bytes.iter().all(|&b| b == FILL), "{what}: written");
                assert_eq!(self.out_len.value(), items.len(), "{what}: *out_len");
                assert!(self.quiet || !last_error().is_empty());
                None
            }
            _ => {
                let semantic = expected.as_ref().map(|_| ()).map_err(|&e| e);
                if self.quiet {
                    expect_code_quiet(code, &faults, semantic, what);
                } else {
                    expect_code(code, &faults, semantic, what);
                }
                assert!(region_bytes.iter().all(|&b| b == FILL), "{what}: written");
                assert!(self.out_len.untouched(), "{what}: *out_len written");
                None
            }
        }
    }
}

/// The thread's last error, read with a buffer that always fits.
pub(super) fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut len = 0usize;
    // SAFETY: a buffer of 4096 bytes and a valid out_len.
    let code = unsafe { halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    if code != Code::Ok {
        return format!("(halma_last_error: {code:?})");
    }
    String::from_utf8(buf[..len].to_vec()).expect("UTF-8 detail")
}
