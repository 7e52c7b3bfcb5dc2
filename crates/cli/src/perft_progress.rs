//! The progress line of a long `halma perft`: root moves done of the total,
//! leaves counted so far and their rate, time spent and an estimate of the
//! time left, on standard error.
//!
//! On a terminal the line is redrawn in place a few times a second, from
//! [`TERMINAL_DELAY`] on (a short perft prints nothing extra), and erased at
//! the end, so the output looks as without it. When standard error is not a
//! terminal nothing is printed, unless asked for with `--progress always`:
//! then one line per root move done, for logs.

use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::ValueEnum;

use crate::progress::format_duration;

/// When to show progress (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProgressMode {
    /// On a terminal, once the perft has run for two seconds.
    Auto,
    /// From the start, on a terminal or not (a line per root move when not).
    Always,
    /// Never.
    Never,
}

/// How long a perft runs on a terminal before its progress shows.
pub const TERMINAL_DELAY: Duration = Duration::from_secs(2);

/// How often the line is redrawn on a terminal.
const REDRAW: Duration = Duration::from_millis(250);

/// The progress of a perft at one instant: what the line shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Snapshot {
    /// Root moves whose count is known.
    pub done: usize,
    /// Root moves in all.
    pub total: usize,
    /// Leaves counted under the root moves done.
    pub leaves: u64,
    /// Time from the start to the last root move done.
    pub at_last_done: Duration,
    /// Time from the start to now.
    pub elapsed: Duration,
}

/// Leaves per second over `time`; `None` for no time or no leaves.
pub fn leaves_per_second(leaves: u64, time: Duration) -> Option<f64> {
    let seconds = time.as_secs_f64();
    (seconds > 0.0 && leaves > 0).then(|| leaves as f64 / seconds)
}

/// The time left if the root moves still to do take as long on average as
/// those done (counted from the last one done, so the estimate counts down
/// between two). `None` before the first root move and after the last.
pub fn time_left(snapshot: &Snapshot) -> Option<Duration> {
    let Snapshot {
        done,
        total,
        at_last_done,
        elapsed,
        ..
    } = *snapshot;
    if done == 0 || done >= total {
        return None;
    }
    let per_root_move = at_last_done.as_secs_f64() / done as f64;
    let remaining = Duration::from_secs_f64(per_root_move * (total - done) as f64);
    Some(remaining.saturating_sub(elapsed.saturating_sub(at_last_done)))
}

/// `950`, `12.3 k`, `4.56 M`, `7.89 G`, `1.02 T`: three significant digits.
pub fn short_number(value: f64) -> String {
    const UNITS: [(f64, &str); 4] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, unit) in UNITS {
        if value >= scale * 0.9995 {
            let scaled = value / scale;
            let decimals = if scaled >= 99.95 {
                0
            } else if scaled >= 9.995 {
                1
            } else {
                2
            };
            return format!("{scaled:.decimals$} {unit}");
        }
    }
    format!("{value:.0}")
}

/// The progress line (without line ends or terminal controls).
pub fn status_line(snapshot: &Snapshot) -> String {
    let mut line = format!(
        "perft: {}/{} root moves",
        snapshot.done.min(snapshot.total),
        snapshot.total
    );
    if snapshot.done > 0 {
        line.push_str(&format!(
            ", {} leaves",
            short_number(snapshot.leaves as f64)
        ));
        if let Some(rate) = leaves_per_second(snapshot.leaves, snapshot.at_last_done) {
            line.push_str(&format!(", {} leaves/s", short_number(rate)));
        }
    }
    line.push_str(&format!(", {} elapsed", format_duration(snapshot.elapsed)));
    if let Some(left) = time_left(snapshot) {
        line.push_str(&format!(", about {} left", format_duration(left)));
    }
    line
}

/// What the counting threads have reported.
struct Counted {
    done: usize,
    leaves: u64,
    at_last_done: Duration,
    /// Whether a line is on the terminal, to be erased at the end.
    drawn: bool,
}

/// The progress of one perft run, fed by the counting threads.
pub struct Reporter {
    start: Instant,
    total: usize,
    /// Where the line goes: `None` shows nothing; `Some(true)` a terminal
    /// (redrawn in place after `delay`); `Some(false)` a line per root move.
    terminal: Option<bool>,
    delay: Duration,
    counted: Mutex<Counted>,
}

impl Reporter {
    /// A reporter for a perft of `total` root moves starting now, showing
    /// progress as `mode` says for the standard error of this process.
    pub fn new(mode: ProgressMode, total: usize) -> Reporter {
        let is_terminal = std::io::stderr().is_terminal();
        let (terminal, delay) = match mode {
            ProgressMode::Never => (None, Duration::ZERO),
            ProgressMode::Auto if !is_terminal => (None, Duration::ZERO),
            ProgressMode::Auto => (Some(true), TERMINAL_DELAY),
            ProgressMode::Always => (Some(is_terminal), Duration::ZERO),
        };
        Reporter {
            start: Instant::now(),
            total,
            terminal,
            delay,
            counted: Mutex::new(Counted {
                done: 0,
                leaves: 0,
                at_last_done: Duration::ZERO,
                drawn: false,
            }),
        }
    }

    /// Whether this reporter draws a line in place (and so needs [`Reporter::redraw_until`]).
    pub fn redraws(&self) -> bool {
        self.terminal == Some(true)
    }

    /// Records that a root move was counted, with `count` leaves.
    pub fn root_move_done(&self, count: u64) {
        if self.terminal.is_none() {
            return;
        }
        let mut counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
        counted.done += 1;
        counted.leaves = counted.leaves.saturating_add(count);
        counted.at_last_done = self.start.elapsed();
        if self.terminal == Some(false) {
            let line = status_line(&self.snapshot(&counted));
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "{line}");
        }
    }

    fn snapshot(&self, counted: &Counted) -> Snapshot {
        Snapshot {
            done: counted.done,
            total: self.total,
            leaves: counted.leaves,
            at_last_done: counted.at_last_done,
            elapsed: self.start.elapsed(),
        }
    }

    /// Redraws the line in place every [`REDRAW`] until `stop` is dropped
    /// (or sends), then erases it: the body of a helper thread.
    pub fn redraw_until(&self, stop: &mpsc::Receiver<()>) {
        // A message or the sender dropped ends the loop; only a time-out redraws.
        while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(REDRAW) {
            if self.start.elapsed() < self.delay {
                continue;
            }
            let mut counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
            let line = status_line(&self.snapshot(&counted));
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{line}\x1b[K");
            let _ = err.flush();
            counted.drawn = true;
        }
        let counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
        if counted.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    fn snapshot(
        done: usize,
        total: usize,
        leaves: u64,
        at_last_done: u64,
        elapsed: u64,
    ) -> Snapshot {
        Snapshot {
            done,
            total,
            leaves,
            at_last_done: secs(at_last_done),
            elapsed: secs(elapsed),
        }
    }

    #[test]
    fn the_time_left_follows_the_pace_of_the_root_moves_done() {
        // 10 of 40 root moves in 20 s: 2 s each, 60 s for the other 30.
        assert_eq!(time_left(&snapshot(10, 40, 0, 20, 20)), Some(secs(60)));
        // 5 s later, with no root move done since: 55 s.
        assert_eq!(time_left(&snapshot(10, 40, 0, 20, 25)), Some(secs(55)));
        // Long past the estimate: nothing left, not a negative time.
        assert_eq!(time_left(&snapshot(10, 40, 0, 20, 500)), Some(secs(0)));
        assert_eq!(time_left(&snapshot(0, 40, 0, 0, 20)), None);
        assert_eq!(time_left(&snapshot(40, 40, 0, 20, 20)), None);
        assert_eq!(time_left(&snapshot(41, 40, 0, 20, 20)), None);
    }

    #[test]
    fn the_rate_is_leaves_over_time() {
        assert_eq!(leaves_per_second(3_000_000, secs(2)), Some(1_500_000.0));
        assert_eq!(
            leaves_per_second(1_000, Duration::from_millis(250)),
            Some(4_000.0)
        );
        assert_eq!(leaves_per_second(1_000, Duration::ZERO), None);
        assert_eq!(leaves_per_second(0, secs(1)), None);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(short_number(0.0), "0");
        assert_eq!(short_number(950.0), "950");
        assert_eq!(short_number(999.4), "999");
        assert_eq!(short_number(999.6), "1.00 k");
        assert_eq!(short_number(12_345.0), "12.3 k");
        assert_eq!(short_number(4_560_000.0), "4.56 M");
        assert_eq!(short_number(289_844_520.0), "290 M");
        assert_eq!(short_number(7.891e9), "7.89 G");
        assert_eq!(short_number(1.02e12), "1.02 T");
        assert_eq!(short_number(3.5e15), "3500 T");
    }

    #[test]
    fn the_line_grows_as_root_moves_finish() {
        assert_eq!(
            status_line(&snapshot(0, 40, 0, 0, 3)),
            "perft: 0/40 root moves, 3s elapsed"
        );
        assert_eq!(
            status_line(&snapshot(10, 40, 2_500_000_000, 20, 25)),
            "perft: 10/40 root moves, 2.50 G leaves, 125 M leaves/s, 25s elapsed, about 55s left"
        );
        assert_eq!(
            status_line(&snapshot(40, 40, 12_000_000_000, 80, 80)),
            "perft: 40/40 root moves, 12.0 G leaves, 150 M leaves/s, 1m20s elapsed"
        );
    }
}
