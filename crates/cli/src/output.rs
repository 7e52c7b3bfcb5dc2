//! Standard output for every command. `print!` panics when a write fails,
//! and a write fails as soon as the reader has gone (`halma perft ... |
//! head`), because Rust ignores `SIGPIPE`. Resetting the signal is not an
//! option: `halma match` must see a dead engine's closed pipe as an error
//! and go on. So every command writes through [`write`], which ends the
//! process quietly when the reader has gone and with an error otherwise.

use std::fmt;
use std::io::{self, Write};

/// The exit status when standard output's reader has gone: 128 + `SIGPIPE`,
/// what a shell reports for a C tool the signal ended, so that a pipeline
/// under `set -o pipefail` sees the output as cut short.
pub const READER_GONE_STATUS: i32 = 141;

/// Writes `text` to standard output, or ends the process if it cannot.
pub fn write(text: fmt::Arguments<'_>) {
    if let Err(error) = io::stdout().lock().write_fmt(text) {
        fail(&error);
    }
}

/// Flushes standard output (a prompt without a line break), or ends the
/// process if it cannot.
pub fn flush() {
    if let Err(error) = io::stdout().flush() {
        fail(&error);
    }
}

fn fail(error: &io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(READER_GONE_STATUS);
    }
    let _ = writeln!(
        io::stderr(),
        "error: cannot write to standard output: {error}"
    );
    std::process::exit(2);
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// `println!` through [`write`].
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}
