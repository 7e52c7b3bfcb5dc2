//! User input quoted in error messages: one line, bounded in length, with
//! every control or invisible character escaped.
//!
//! Every error of the halma crates that repeats what it was given (a square
//! name, a rules option, a move, a record line, an engine's output) passes
//! it through [`quote`], so that a message is always one short line of
//! printable text: it cannot clear a terminal, forge a second line, hide a
//! NUL from C's `printf("%s")` or grow with its input.
//!
//! ```
//! use halma_core::quote;
//!
//! assert_eq!(quote("halma\u{1b}[2J").to_string(), "halma\\x1b[2J");
//! assert_eq!(quote("a\nb").to_string(), "a\\x0ab");
//! assert_eq!(quote(&"a".repeat(1000)).to_string(), format!("{}...", "a".repeat(40)));
//! ```

use std::fmt::{self, Write as _};

/// The most characters of input a quote holds, as written (an escape such
/// as `\x1b` counts its four characters and is never split); longer input
/// is cut there, followed by `...`.
pub const QUOTE_CHARS: usize = 40;

/// `text` made safe to repeat in an error message, as [`Display`](fmt::Display):
/// ASCII control characters written `\x1b` (NUL `\x00`, a line feed `\x0a`),
/// other control and invisible characters (format characters such as
/// bidirectional overrides and zero-width spaces, separators other than the
/// plain space, the byte order mark) written `\u{200b}`, a backslash
/// doubled so that an escape reads back unambiguously, everything cut to
/// [`QUOTE_CHARS`] characters as written (see [`Quoted::max_chars`]).
///
/// Formatting reads only as much of `text` as it writes, so quoting a
/// gigabyte costs no more than quoting forty bytes.
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        max: QUOTE_CHARS,
    }
}

/// A quote of user input: see [`quote`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a> {
    text: &'a str,
    max: usize,
}

impl Quoted<'_> {
    /// The same quote cut at `max` characters as written instead of
    /// [`QUOTE_CHARS`] (for a whole line, say, where more context helps).
    pub fn max_chars(self, max: usize) -> Self {
        Quoted { max, ..self }
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut written = 0;
        for c in self.text.chars() {
            let escape = Escape::of(c);
            if written + escape.width() > self.max {
                return f.write_str("...");
            }
            written += escape.width();
            escape.write(f)?;
        }
        Ok(())
    }
}

/// How one character is written in a quote.
#[derive(Clone, Copy)]
enum Escape {
    /// As itself.
    Plain(char),
    /// A backslash, doubled.
    Backslash,
    /// `\x..`: an ASCII control character.
    Ascii(u8),
    /// `\u{...}`: any other control or invisible character.
    Unicode(char),
}

impl Escape {
    fn of(c: char) -> Escape {
        match c {
            '\\' => Escape::Backslash,
            c if c.is_ascii_control() => Escape::Ascii(c as u8),
            c if c.is_control() || is_invisible(c) => Escape::Unicode(c),
            c => Escape::Plain(c),
        }
    }

    /// Characters written.
    fn width(self) -> usize {
        match self {
            Escape::Plain(_) => 1,
            Escape::Backslash => 2,
            Escape::Ascii(_) => 4,
            // `\u{` + hex digits + `}`.
            Escape::Unicode(c) => 4 + hex_digits(c as u32),
        }
    }

    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Escape::Plain(c) => f.write_char(c),
            Escape::Backslash => f.write_str("\\\\"),
            Escape::Ascii(b) => write!(f, "\\x{b:02x}"),
            Escape::Unicode(c) => write!(f, "\\u{{{:x}}}", c as u32),
        }
    }
}

fn hex_digits(n: u32) -> usize {
    (32 - n.leading_zeros()).div_ceil(4).max(1) as usize
}

/// Characters that print as nothing, reorder or move the text: the format
/// characters (Unicode category Cf: soft hyphen, zero-width spaces and
/// joiners, bidirectional marks, embeddings, overrides and isolates, the
/// byte order mark, tags...) and the separators other than the plain space
/// (no-break and typographic spaces, line and paragraph separators).
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{85}' | '\u{a0}' | '\u{ad}' | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}'
        | '\u{70f}' | '\u{890}'..='\u{891}' | '\u{8e2}' | '\u{1680}' | '\u{180e}'
        | '\u{2000}'..='\u{200f}' | '\u{2028}'..='\u{202f}' | '\u{205f}'..='\u{206f}'
        | '\u{3000}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{110bd}' | '\u{110cd}'
        | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0001}' | '\u{e0020}'..='\u{e007f}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The text a quote stands for (without a final `...`), read back by
    /// the plain rules of its escapes; `None` for something `quote` never
    /// writes.
    fn unescape(quoted: &str) -> Option<String> {
        let mut out = String::new();
        let mut chars = quoted.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next()? {
                '\\' => out.push('\\'),
                'x' => {
                    let hex: String = chars.by_ref().take(2).collect();
                    out.push(char::from(u8::from_str_radix(&hex, 16).ok()?));
                }
                'u' => {
                    if chars.next()? != '{' {
                        return None;
                    }
                    let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                _ => return None,
            }
        }
        Some(out)
    }

    #[test]
    fn control_bytes_are_escaped_and_the_rest_kept() {
        let cases = [
            ("halma", "halma"),
            ("halma\u{1b}[2J", "halma\\x1b[2J"),
            ("halma\nerror: fake", "halma\\x0aerror: fake"),
            ("a\0b", "a\\x00b"),
            ("tab\tcr\r", "tab\\x09cr\\x0d"),
            ("del\u{7f}", "del\\x7f"),
            ("c1\u{9b}2J", "c1\\u{9b}2J"),
            ("zero\u{200b}width", "zero\\u{200b}width"),
            ("rtl\u{202e}lmth.exe", "rtl\\u{202e}lmth.exe"),
            ("bom\u{feff}", "bom\\u{feff}"),
            ("tag\u{e0041}", "tag\\u{e0041}"),
            ("back\\slash", "back\\\\slash"),
            ("été 東京", "été 東京"),
            ("", ""),
        ];
        for (text, quoted) in cases {
            assert_eq!(quote(text).to_string(), quoted, "{text:?}");
        }
    }

    #[test]
    fn long_input_is_cut_without_splitting_an_escape() {
        let long = "x".repeat(100_000_000);
        assert_eq!(quote(&long).to_string(), format!("{}...", "x".repeat(40)));
        assert_eq!(quote(&"é".repeat(40)).to_string(), "é".repeat(40));
        assert_eq!(
            quote(&"é".repeat(41)).to_string(),
            format!("{}...", "é".repeat(40))
        );
        // 38 characters, then an escape of four that would pass 40.
        let text = format!("{}\u{1b}", "a".repeat(38));
        assert_eq!(quote(&text).to_string(), format!("{}...", "a".repeat(38)));
        assert_eq!(quote("abcdef").max_chars(3).to_string(), "abc...");
        assert_eq!(quote("abc").max_chars(3).to_string(), "abc");
        assert_eq!(quote("\n").max_chars(0).to_string(), "...");
    }

    proptest! {
        /// Whatever the input: one line of printable characters that reads
        /// back to the input when it fits the bound, else to the longest
        /// prefix that fits, followed by `...`.
        #[test]
        fn quotes_are_printable_bounded_and_read_back(
            text in proptest::collection::vec(
                prop_oneof![any::<char>(), (0u8..0x20).prop_map(char::from), Just('\\')],
                0..80,
            )
            .prop_map(|c| c.into_iter().collect::<String>()),
            max in 0usize..60,
        ) {
            let quoted = quote(&text).max_chars(max).to_string();
            prop_assert!(quoted.chars().all(|c| !c.is_control() && !is_invisible(c)), "{:?}", quoted);
            let full = quote(&text).max_chars(usize::MAX).to_string();
            prop_assert_eq!(unescape(&full), Some(text.clone()));
            if full.chars().count() <= max {
                prop_assert_eq!(quoted, full);
            } else {
                let body = quoted.strip_suffix("...").expect("a cut quote ends with ...");
                prop_assert!(body.chars().count() <= max, "{:?}", quoted);
                prop_assert!(full.starts_with(body), "{:?} is not a prefix of {:?}", body, full);
                let back = unescape(body).expect("a quote is cut between escapes");
                prop_assert!(text.starts_with(&back));
                // The longest prefix that fits: the next character would not.
                let next = text[back.len()..].chars().next().expect("something was cut");
                prop_assert!(body.chars().count() + Escape::of(next).width() > max);
            }
        }
    }
}
