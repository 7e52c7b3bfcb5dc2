//! Reading lines of bounded length from a byte stream that anyone may
//! write: the protocol's commands (the server), an engine's answers (the
//! client) and a person's input to `halma play`.

use std::io::BufRead;

/// The longest line of the protocol, in bytes, without the `\n` (or
/// `\r\n`) that ends it (`docs/protocol.md`, section 1).
pub const MAX_LINE: usize = 1 << 20;

/// Why [`read_line`] gives no line.
#[derive(Debug)]
pub enum LineError {
    /// The line is longer than the bound: it was read to its end and
    /// dropped, so that the next read starts at the next line.
    TooLong,
    /// Reading failed (other than by an interruption, which is retried).
    Io(std::io::Error),
}

/// Reads one line into `buffer` (emptied first): its bytes without the
/// `\n` that ends it and a `\r` before that. `Ok(false)` at the end of the
/// input; the last line needs no `\n`. A line longer than `max` bytes is
/// never held whole (the buffer takes at most `max + 1` bytes): it is read to
/// its end and refused with [`LineError::TooLong`]. The bytes need not be
/// UTF-8: the caller decides what to say when they are not.
pub fn read_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    max: usize,
) -> Result<bool, LineError> {
    buffer.clear();
    // The line's length so far, the `\n` excluded.
    let mut len = 0usize;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(LineError::Io(e)),
        };
        if available.is_empty() {
            if !any {
                return Ok(false);
            }
            break;
        }
        any = true;
        let (chunk, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], true),
            None => (available, false),
        };
        // One byte past the bound: a line of `max` bytes and a `\r` fits.
        let room = (max + 1).saturating_sub(buffer.len());
        buffer.extend_from_slice(&chunk[..chunk.len().min(room)]);
        len = len.saturating_add(chunk.len());
        let used = chunk.len() + usize::from(ended);
        input.consume(used);
        if ended {
            break;
        }
    }
    if len == buffer.len() && buffer.last() == Some(&b'\r') {
        buffer.pop();
        len -= 1;
    }
    if len > max {
        buffer.clear();
        return Err(LineError::TooLong);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` read with the bound `max`: the text, or `None`
    /// for a line refused as too long.
    fn lines(input: &[u8], max: usize) -> Vec<Option<String>> {
        // A tiny buffer, so that lines arrive in many pieces.
        let mut reader = std::io::BufReader::with_capacity(3, input);
        let mut buffer = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut reader, &mut buffer, max) {
                Ok(false) => return out,
                Ok(true) => out.push(Some(String::from_utf8(buffer.clone()).unwrap())),
                Err(LineError::TooLong) => out.push(None),
                Err(LineError::Io(e)) => panic!("{e}"),
            }
            assert!(buffer.len() <= max + 1);
        }
    }

    #[test]
    fn lines_of_the_bound_are_read_and_longer_ones_skipped_whole() {
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(
            lines(b"abcd\nabcde\nab\r\nabcd\r\n\nxyz", 4),
            [
                some("abcd"),
                None,
                some("ab"),
                some("abcd"),
                some(""),
                some("xyz")
            ]
        );
        // The last line without `\n` is bounded like any other.
        assert_eq!(lines(b"ab\nabcdefgh", 4), [some("ab"), None]);
        assert_eq!(lines(b"abcd\r", 4), [some("abcd")]);
        assert_eq!(lines(b"abcde\r\nok\n", 4), [None, some("ok")]);
        assert_eq!(lines(b"", 4), []);
        assert_eq!(lines(b"\n", 0), [some("")]);
        assert_eq!(lines(b"a\n", 0), [None]);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_the_caller_s_to_judge() {
        let mut reader = &b"\xff\xfe\nnext\n"[..];
        let mut buffer = Vec::new();
        assert!(read_line(&mut reader, &mut buffer, 10).unwrap());
        assert_eq!(buffer, b"\xff\xfe");
        assert!(read_line(&mut reader, &mut buffer, 10).unwrap());
        assert_eq!(buffer, b"next");
    }
}
