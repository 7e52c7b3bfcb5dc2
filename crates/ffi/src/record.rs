//! Game records: writing a game with its tags, reading one back.
//!
//! A record is the PGN-like text of `docs/game-record.md`: tag lines
//! (`[Rules "halma"]`, ...), a blank line, and the moves numbered by round.

use std::ffi::c_char;

use ::halma_rules::{check_tags, read_record, write_record, ErrorChain, Game, Record};

use crate::args::{str_arg, Out, TextOut};
use crate::boundary::{call, guard};
use crate::error::{halma_result, Error, FfiResult};
use crate::game::{halma_game, with_game};
use crate::handles::Handle;

/// One extra tag of a game record to write: a name (letters, digits and `_`;
/// not `Rules`, `Position`, `Result`, `Termination`, `Loser` or
/// `TerminationDetails`, which the library writes itself) and
/// a value (any UTF-8 without NUL; `"` and line breaks are written as `'`).
/// Both given as pointer and length, no NUL needed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct halma_tag {
    /// The tag name.
    pub name: *const c_char,
    /// Length of `name` in bytes.
    pub name_len: usize,
    /// The tag value.
    pub value: *const c_char,
    /// Length of `value` in bytes.
    pub value_len: usize,
}

/// A game record read back: the replayed game and every tag. Opaque; made by
/// `halma_record_read`, freed by `halma_record_free`. Immutable, so it may be
/// shared between threads.
#[allow(non_camel_case_types)]
pub struct halma_record {
    record: Record,
}

impl Handle for halma_record {}

/// Checks and reads the extra tags.
///
/// # Safety
/// `tags` must be NULL or valid for reading `count` tags whose strings are
/// valid for their lengths.
unsafe fn tags_arg<'a>(tags: *const halma_tag, count: usize) -> FfiResult<Vec<(&'a str, &'a str)>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if tags.is_null() {
        return Err(Error::null("tags"));
    }
    if !tags.is_aligned() || count > isize::MAX as usize / std::mem::size_of::<halma_tag>() {
        return Err(Error::invalid(
            "`tags` is misaligned or `tag_count` too large",
        ));
    }
    // SAFETY: non-NULL, aligned, size checked; the caller guarantees `count` tags.
    let tags = unsafe { std::slice::from_raw_parts(tags, count) };
    let mut out: Vec<(&str, &str)> = Vec::with_capacity(count);
    for (i, tag) in tags.iter().enumerate() {
        // SAFETY: the caller guarantees each tag's strings.
        let name = unsafe { str_arg(tag.name, tag.name_len, "tag name") }?;
        // SAFETY: as above.
        let value = unsafe { str_arg(tag.value, tag.value_len, "tag value") }?;
        // A C string could not carry it back out of a record read later.
        if value.contains('\0') {
            return Err(Error::invalid(format!(
                "tag {i} `{name}`: the value contains a NUL"
            )));
        }
        out.push((name, value));
    }
    // Names the record reader would refuse: the same check as the Rust writer.
    check_tags(&out).map_err(|e| Error::invalid(e.to_string()))?;
    Ok(out)
}

/// Writes the game record of `game`: `Rules`, `Position` (when the game did
/// not start from the start position), `Result`, the extra `tags` in order,
/// a blank line and the moves. `tags` may be NULL when `tag_count` is 0.
/// Output-string convention of `halma_last_error`.
/// `HALMA_RESULT_INVALID_ARGUMENT` for a malformed tag, or for tags so
/// large that the record would pass 16 MiB, which `halma_record_read`
/// refuses (so every record written reads back).
///
/// # Safety
/// `game` must be NULL or a live game handle; `tags` NULL or valid for
/// reading `tag_count` tags, each string valid for its length; `buf` NULL or
/// valid for `len` bytes of writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_game_write_record(
    game: *const halma_game,
    tags: *const halma_tag,
    tag_count: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    let body = |game: &Game| {
        // SAFETY: the caller guarantees the other pointers as documented.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let tags = unsafe { tags_arg(tags, tag_count) }?;
        let record = write_record(game, &tags).map_err(|e| Error::invalid(e.to_string()))?;
        out.write(&record)
    };
    // SAFETY: the caller guarantees `game` as documented.
    unsafe { with_game(game, body) }
}

/// Reads a game record (`text`, `len` bytes, no NUL needed) and replays it,
/// checking every move and the declared result and termination (a draw,
/// forfeit or resignation: docs/game-record.md; the tags `Termination`,
/// `Loser` and `TerminationDetails` say it). On success `*out_record`
/// receives a new handle owned by the caller (free it with
/// `halma_record_free`). `HALMA_RESULT_INVALID_RECORD` otherwise, with a
/// detail naming the line (and the move and segment) at fault.
///
/// Thread-safe.
///
/// # Safety
/// `text` must be NULL or valid for reading `len` bytes; `out_record` NULL or
/// valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_record_read(
    text: *const c_char,
    len: usize,
    out_record: *mut *mut halma_record,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees both pointers as documented.
        let out = unsafe { Out::new(out_record, "out_record") }?;
        // SAFETY: as above.
        let text = unsafe { str_arg(text, len, "text") }?;
        let record = read_record(text).map_err(|error| {
            Error::new(halma_result::InvalidRecord, ErrorChain(&error).to_string())
        })?;
        out.write(halma_record { record }.into_raw());
        Ok(())
    })
}

/// Frees a record handle. NULL is a no-op. Games taken from it stay valid.
///
/// # Safety
/// `record` must be NULL or a live record handle, which must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn halma_record_free(record: *mut halma_record) {
    // SAFETY: NULL or a live handle given up by the caller.
    guard((), || unsafe { halma_record::free(record) })
}

/// The game of the record, replayed to its last move, in a new game handle
/// owned by the caller (`*out_game`); undo takes its moves back.
///
/// # Safety
/// `record` must be NULL or a live record handle; `out_game` NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn halma_record_game(
    record: *const halma_record,
    out_game: *mut *mut halma_game,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees both pointers as documented.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        // SAFETY: as above.
        let record = unsafe { halma_record::try_ref(record, "record") }?;
        out.write(halma_game::new(record.record.game.clone()).into_raw());
        Ok(())
    })
}

/// The number of tags of the record (`Rules`, `Position` and `Result`
/// included), into `*out_count`.
///
/// # Safety
/// `record` must be NULL or a live record handle; `out_count` NULL or valid
/// for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_record_tag_count(
    record: *const halma_record,
    out_count: *mut usize,
) -> halma_result {
    call(|| {
        // SAFETY: the caller guarantees both pointers as documented.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        // SAFETY: as above.
        let record = unsafe { halma_record::try_ref(record, "record") }?;
        out.write(record.record.tags.len());
        Ok(())
    })
}

/// Writes the name or the value of a tag.
///
/// # Safety
/// As the exports below.
unsafe fn tag_part(
    record: *const halma_record,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
    value: bool,
) -> halma_result {
    call(|| {
        // SAFETY: forwarded from the caller.
        let out = unsafe { TextOut::new(buf, len, out_len) }?;
        // SAFETY: as above.
        let record = unsafe { halma_record::try_ref(record, "record") }?;
        let tags = &record.record.tags;
        let (name, text) = tags.get(index).ok_or_else(|| {
            Error::invalid(format!(
                "tag index {index} is out of range: the record has {} tags",
                tags.len()
            ))
        })?;
        out.write(if value { text } else { name })
    })
}

/// The name of tag `index` (0-based, in the order read). Output-string
/// convention of `halma_last_error`; `HALMA_RESULT_INVALID_ARGUMENT` when
/// `index` is not below the tag count.
///
/// # Safety
/// `record` must be NULL or a live record handle; `buf` NULL or valid for
/// `len` bytes of writing; `out_len` NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn halma_record_tag_name(
    record: *const halma_record,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { tag_part(record, index, buf, len, out_len, false) }
}

/// The value of tag `index`, as `halma_record_tag_name`.
///
/// # Safety
/// As `halma_record_tag_name`.
#[no_mangle]
pub unsafe extern "C" fn halma_record_tag_value(
    record: *const halma_record,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> halma_result {
    // SAFETY: forwarded from the caller.
    unsafe { tag_part(record, index, buf, len, out_len, true) }
}
