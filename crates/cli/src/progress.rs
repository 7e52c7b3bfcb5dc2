//! A one-line progress bar on standard error (a line per step when standard
//! error is not a terminal): steps done of the total, a status (the score so
//! far) and an estimate of the time left. Other lines can be printed above
//! it without breaking it.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A progress bar of `total` steps.
pub struct Progress {
    total: usize,
    terminal: bool,
    start: Instant,
    /// The bar as last drawn, to draw again after a line printed above it.
    shown: Mutex<String>,
}

impl Progress {
    /// A bar for `total` steps, its clock started now.
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            terminal: std::io::stderr().is_terminal(),
            start: Instant::now(),
            shown: Mutex::new(String::new()),
        }
    }

    /// Shows that `done` steps are done, with a status text and the time left.
    pub fn update(&self, done: usize, status: &str) {
        let left = match time_left(self.start.elapsed(), done, self.total) {
            Some(left) => format!(", {} left", format_duration(left)),
            None => String::new(),
        };
        let text = if self.terminal {
            let width = 30;
            let filled = (done * width)
                .checked_div(self.total)
                .unwrap_or(width)
                .min(width);
            format!(
                "[{}{}] {done}/{} {status}{left}",
                "#".repeat(filled),
                ".".repeat(width - filled),
                self.total
            )
        } else {
            format!("{done}/{} {status}{left}", self.total)
        };
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            write!(err, "\r{text}\x1b[K")
        } else {
            writeln!(err, "{text}")
        };
        let _ = err.flush();
        *shown = text;
    }

    /// Prints `line` on standard output, above the bar.
    pub fn println(&self, line: &str) {
        let shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        let mut err = std::io::stderr().lock();
        if self.terminal && !shown.is_empty() {
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
        outln!("{line}");
        if self.terminal && !shown.is_empty() {
            let _ = write!(err, "\r{shown}\x1b[K");
            let _ = err.flush();
        }
    }

    /// Ends the bar (a new line on a terminal).
    pub fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

/// The time the remaining steps should take at the pace so far; `None`
/// before the first step and after the last.
pub fn time_left(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    if done == 0 || done >= total {
        return None;
    }
    let per_step = elapsed.as_secs_f64() / done as f64;
    Some(Duration::from_secs_f64(per_step * (total - done) as f64))
}

/// `45s`, `12m05s` or `3h07m`: short enough for a status line.
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs_f64().round() as u64;
    match seconds {
        0..=59 => format!("{seconds}s"),
        60..=3599 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h{:02}m", seconds / 3600, seconds / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_follows_the_pace_so_far() {
        let secs = Duration::from_secs;
        assert_eq!(time_left(secs(10), 2, 10), Some(secs(40)));
        assert_eq!(time_left(secs(30), 3, 4), Some(secs(10)));
        assert_eq!(time_left(secs(10), 0, 10), None);
        assert_eq!(time_left(secs(10), 10, 10), None);
        assert_eq!(time_left(secs(10), 12, 10), None);
    }

    #[test]
    fn durations_are_short() {
        let secs = Duration::from_secs;
        assert_eq!(format_duration(secs(0)), "0s");
        assert_eq!(format_duration(Duration::from_millis(59_400)), "59s");
        assert_eq!(format_duration(secs(60)), "1m00s");
        assert_eq!(format_duration(secs(725)), "12m05s");
        assert_eq!(format_duration(secs(3600 * 3 + 7 * 60 + 59)), "3h07m");
    }
}
