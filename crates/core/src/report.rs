//! Writing an error with its causes: the one way the crates' entry points
//! (the command line, the C ABI, the WebAssembly and Python layers) turn an
//! error into the message a user reads.
//!
//! An error of these crates says either what went wrong itself or, when it
//! wraps a cause, only where (`line 3`, ``move 2 `h4-x5` (line 4)``), with
//! the cause as its [`source`](Error::source): never both, so that a
//! printer of error chains shows every cause once. [`ErrorChain`] writes
//! the whole chain on one line.

use std::error::Error;
use std::fmt;

/// An error and its chain of [`source`](Error::source)s, written on one
/// line joined by `: ` (`line 1: unknown preset `halma9`: expected ...`).
///
/// A cause whose message the text so far already ends with is not written
/// again: errors of other crates may include their source in their own
/// message as well as return it.
///
/// ```
/// use halma_core::{ErrorChain, Setup};
///
/// let error = "8/8 x".parse::<Setup>().unwrap_err();
/// assert_eq!(ErrorChain(&error).to_string(), error.to_string());
/// ```
#[derive(Clone, Copy)]
pub struct ErrorChain<'a>(pub &'a (dyn Error + 'a));

impl fmt::Display for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut written = self.0.to_string();
        let mut next = self.0.source();
        while let Some(cause) = next {
            let message = cause.to_string();
            if !written.ends_with(&message) {
                written.push_str(": ");
                written.push_str(&message);
            }
            next = cause.source();
        }
        f.write_str(&written)
    }
}

impl fmt::Debug for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ErrorChain({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error with an optional cause and a message of its own.
    #[derive(Debug)]
    struct Layer {
        message: &'static str,
        cause: Option<Box<Layer>>,
    }

    impl fmt::Display for Layer {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.message)
        }
    }

    impl Error for Layer {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            self.cause
                .as_deref()
                .map(|cause| cause as &(dyn Error + 'static))
        }
    }

    fn layer(message: &'static str, cause: Option<Layer>) -> Layer {
        Layer {
            message,
            cause: cause.map(Box::new),
        }
    }

    #[test]
    fn chains_are_written_once_each() {
        let alone = layer("bad", None);
        assert_eq!(ErrorChain(&alone).to_string(), "bad");
        let chained = layer(
            "line 3",
            Some(layer("move 2", Some(layer("occupied", None)))),
        );
        assert_eq!(ErrorChain(&chained).to_string(), "line 3: move 2: occupied");
        // A parent that already writes its cause does not get it twice.
        let repeating = layer("line 3: occupied", Some(layer("occupied", None)));
        assert_eq!(ErrorChain(&repeating).to_string(), "line 3: occupied");
    }
}
