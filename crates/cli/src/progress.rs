//! A one-line progress bar on standard error (a line per step when standard
//! error is not a terminal).

use std::io::{IsTerminal, Write};

/// A progress bar of `total` steps.
pub struct Progress {
    total: usize,
    terminal: bool,
}

impl Progress {
    /// A bar for `total` steps.
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows that `done` steps are done, with a status text.
    pub fn update(&self, done: usize, status: &str) {
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let width = 30;
            let filled = (done * width).checked_div(self.total).unwrap_or(width);
            let _ = write!(
                err,
                "\r[{}{}] {done}/{} {status}\x1b[K",
                "#".repeat(filled),
                ".".repeat(width - filled),
                self.total
            );
        } else {
            let _ = writeln!(err, "{done}/{} {status}", self.total);
        }
        let _ = err.flush();
    }

    /// Ends the bar (a new line on a terminal).
    pub fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}
