//! Splitting a command line into words with the quoting rules of the POSIX
//! shell, without running a shell: what `halma match --a cmd=...` uses to
//! start an engine.
//!
//! The rules (POSIX.1-2017, XCU 2.2 "Quoting" and 2.3 "Token Recognition"):
//!
//! - Blanks (space, tab, newline) outside quotes separate words; several in
//!   a row are one separator.
//! - `\` outside quotes keeps the next character as it is; `\` followed by a
//!   newline is removed (a line continuation).
//! - `'...'` keeps everything up to the next `'` as it is (no escapes).
//! - `"..."` keeps everything up to the next unescaped `"`; inside, `\` escapes
//!   only `$`, `` ` ``, `"`, `\` and newline (removed) and is kept before any
//!   other character.
//! - Quotes join with the text around them (`a'b c'd` is one word `ab cd`),
//!   and `''` or `""` alone is an empty word.
//!
//! Nothing is expanded: `$HOME`, `~`, `*`, `#`, `;`, `|` and redirections
//! are ordinary characters here, because no shell runs the command.

use thiserror::Error;

/// Why a command line cannot be split. Offsets are byte offsets into the
/// line, from 0.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShellWordsError {
    /// A `'` opened at `at` is never closed.
    #[error("unterminated single quote opened at byte {at}")]
    UnterminatedSingleQuote {
        /// Where the quote opened.
        at: usize,
    },
    /// A `"` opened at `at` is never closed.
    #[error("unterminated double quote opened at byte {at}")]
    UnterminatedDoubleQuote {
        /// Where the quote opened.
        at: usize,
    },
    /// The line ends with a `\` that escapes nothing.
    #[error("a backslash at byte {at} ends the line and escapes nothing")]
    TrailingBackslash {
        /// Where the backslash is.
        at: usize,
    },
}

/// Splits `line` into words as a POSIX shell would before running it (see
/// the module documentation for the rules).
///
/// ```
/// use halma_protocol::shell_words::split;
///
/// let words = split(r#"python3 -c 'import sys; print("hi")' "a b"\ c"#).unwrap();
/// assert_eq!(words, ["python3", "-c", r#"import sys; print("hi")"#, "a b c"]);
/// ```
pub fn split(line: &str) -> Result<Vec<String>, ShellWordsError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // A word exists once any character or quote of it has been read, so
    // that `''` is an empty word rather than nothing.
    let mut in_word = false;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\\' => match chars.next() {
                None => return Err(ShellWordsError::TrailingBackslash { at }),
                Some((_, '\n')) => {}
                Some((_, next)) => {
                    word.push(next);
                    in_word = true;
                }
            },
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        None => return Err(ShellWordsError::UnterminatedSingleQuote { at }),
                        Some((_, '\'')) => break,
                        Some((_, inner)) => word.push(inner),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        None => return Err(ShellWordsError::UnterminatedDoubleQuote { at }),
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.peek() {
                            Some(&(_, '\n')) => {
                                chars.next();
                            }
                            Some(&(_, next @ ('$' | '`' | '"' | '\\'))) => {
                                chars.next();
                                word.push(next);
                            }
                            _ => word.push('\\'),
                        },
                        Some((_, inner)) => word.push(inner),
                    }
                }
            }
            other => {
                word.push(other);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Vec<String> {
        split(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    #[test]
    fn blanks_separate_words() {
        assert_eq!(ok("halma  engine"), ["halma", "engine"]);
        assert_eq!(ok("  a\tb \n c  "), ["a", "b", "c"]);
        assert!(ok("").is_empty());
        assert!(ok(" \t\n ").is_empty());
    }

    #[test]
    fn single_quotes_keep_everything() {
        assert_eq!(
            ok("python3 -c 'import sys'"),
            ["python3", "-c", "import sys"]
        );
        assert_eq!(ok(r#"'a\b \" $x'"#), [r#"a\b \" $x"#]);
        assert_eq!(ok("'two\nlines'"), ["two\nlines"]);
    }

    #[test]
    fn double_quotes_escape_only_five_characters() {
        assert_eq!(ok(r#""a b""#), ["a b"]);
        assert_eq!(ok(r#""say \"hi\"""#), [r#"say "hi""#]);
        assert_eq!(ok(r#""\$HOME \` \\ \n \a""#), [r"$HOME ` \ \n \a"]);
        assert_eq!(ok("\"line\\\ncontinued\""), ["linecontinued"]);
        assert_eq!(ok(r#""it's""#), ["it's"]);
    }

    #[test]
    fn backslash_outside_quotes_keeps_the_next_character() {
        assert_eq!(ok(r"my\ engine --x"), ["my engine", "--x"]);
        assert_eq!(ok(r#"\'\"\\"#), [r#"'"\"#]);
        assert_eq!(ok("a\\\nb"), ["ab"]);
    }

    #[test]
    fn quotes_join_with_the_text_around_them() {
        assert_eq!(ok(r#"a'b c'"d e"f"#), ["ab cd ef"]);
        assert_eq!(ok("'' x \"\""), ["", "x", ""]);
        assert_eq!(ok("a''"), ["a"]);
    }

    #[test]
    fn nothing_is_expanded() {
        assert_eq!(
            ok("echo $HOME ~ *.rs # ; | > out"),
            ["echo", "$HOME", "~", "*.rs", "#", ";", "|", ">", "out"]
        );
    }

    #[test]
    fn unicode_is_kept() {
        assert_eq!(ok("'é ü' ß"), ["é ü", "ß"]);
    }

    #[test]
    fn unterminated_quotes_and_trailing_backslash_are_errors() {
        assert_eq!(
            split("sh -c 'echo hi"),
            Err(ShellWordsError::UnterminatedSingleQuote { at: 6 })
        );
        assert_eq!(
            split(r#"a "b \" c"#),
            Err(ShellWordsError::UnterminatedDoubleQuote { at: 2 })
        );
        assert_eq!(
            split(r"engine \"),
            Err(ShellWordsError::TrailingBackslash { at: 7 })
        );
        // A quote inside the other kind does not close or open anything.
        assert_eq!(
            split(r#"'"' "'""#).as_deref(),
            Ok(&["\"".to_owned(), "'".to_owned()][..])
        );
    }
}
