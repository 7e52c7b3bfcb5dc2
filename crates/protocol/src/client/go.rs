//! The `go` limits a controller sends, read once so that the time-out of
//! every `bestmove` can be derived from them.

use std::time::Duration;

use halma_core::Seat;
use thiserror::Error;

use super::ClientOptions;

/// Why a `go` text cannot be used by a match.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoError {
    /// A word that is not a `go` limit of `docs/protocol.md`.
    #[error("unknown limit `{0}` (depth, nodes, movetime, rtime, gtime, btime, ytime, rinc, ginc, binc, yinc, movestogo)")]
    UnknownLimit(String),
    /// A limit without a value, or with one that is not a whole number in range.
    #[error("`{limit}` needs a whole number {range}, got `{value}`")]
    BadValue {
        /// The limit.
        limit: String,
        /// The text after it (empty at the end of the line).
        value: String,
        /// The range, in words.
        range: &'static str,
    },
    /// The same limit twice.
    #[error("`{0}` is given twice")]
    Repeated(String),
    /// `infinite`, or no limit at all: the engine would search until `stop`,
    /// which a match never sends.
    #[error(
        "the engine would search until `stop`: give depth, nodes, movetime or a clock (rtime ...)"
    )]
    Unbounded,
}

/// The limits of a `go` command, as sent to an engine on every move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoLimits {
    text: String,
    movetime: Option<u64>,
    /// Time left, in ms, by [`Seat::index`].
    clock: [Option<u64>; 4],
    bounded_by_work: bool,
}

/// The clock words, by [`Seat::index`].
const TIME_WORDS: [&str; 4] = ["rtime", "gtime", "btime", "ytime"];
const OTHER_NUMERIC: [&str; 5] = ["rinc", "ginc", "binc", "yinc", "movestogo"];

impl GoLimits {
    /// Reads the text after `go`: limits of `docs/protocol.md` section 2,
    /// each a word and a whole number. A match needs the search to end by
    /// itself, so `infinite` or no limit at all is an error.
    pub fn parse(text: &str) -> Result<GoLimits, GoError> {
        let mut limits = GoLimits {
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
            movetime: None,
            clock: [None; 4],
            bounded_by_work: false,
        };
        let mut seen: Vec<&str> = Vec::new();
        let mut words = text.split_whitespace();
        while let Some(word) = words.next() {
            if seen.contains(&word) {
                return Err(GoError::Repeated(word.to_owned()));
            }
            seen.push(word);
            if word == "infinite" {
                return Err(GoError::Unbounded);
            }
            let range = match word {
                "depth" => "from 1 to 64",
                "nodes" => "of at least 1",
                w if w == "movetime" || TIME_WORDS.contains(&w) || OTHER_NUMERIC.contains(&w) => {
                    "of milliseconds (or moves)"
                }
                _ => return Err(GoError::UnknownLimit(word.to_owned())),
            };
            let value = words.next().unwrap_or("");
            let bad = || GoError::BadValue {
                limit: word.to_owned(),
                value: value.to_owned(),
                range,
            };
            let number: u64 = value.parse().map_err(|_| bad())?;
            match word {
                "depth" if !(1..=64).contains(&number) => return Err(bad()),
                "nodes" if number == 0 => return Err(bad()),
                "depth" | "nodes" => limits.bounded_by_work = true,
                "movetime" => limits.movetime = Some(number),
                _ => {
                    if let Some(index) = TIME_WORDS.iter().position(|&t| t == word) {
                        limits.clock[index] = Some(number);
                    }
                }
            }
        }
        if !limits.bounded_by_work
            && limits.movetime.is_none()
            && limits.clock.iter().all(Option::is_none)
        {
            return Err(GoError::Unbounded);
        }
        Ok(limits)
    }

    /// The limits as sent after `go` (blanks normalised).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How long a controller waits for `bestmove` when `side` is to move:
    /// the time the engine may use (`movetime`, or the clock of `side`,
    /// whichever is shorter) plus [`ClientOptions::margin`]; when neither
    /// applies (a search bounded by depth or nodes only, or a clock given
    /// for other seats only), [`ClientOptions::move_cap`] plus the margin.
    pub fn move_timeout(&self, side: Seat, options: &ClientOptions) -> Duration {
        let time = match (self.movetime, self.clock[side.index()]) {
            (Some(movetime), Some(clock)) => Some(movetime.min(clock)),
            (movetime, clock) => movetime.or(clock),
        };
        time.map_or(options.move_cap, Duration::from_millis)
            .saturating_add(options.margin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> ClientOptions {
        ClientOptions {
            move_cap: Duration::from_millis(60_000),
            margin: Duration::from_millis(500),
            ..ClientOptions::default()
        }
    }

    fn timeout(go: &str, side: Seat) -> u128 {
        GoLimits::parse(go)
            .unwrap_or_else(|e| panic!("{go}: {e}"))
            .move_timeout(side, &options())
            .as_millis()
    }

    #[test]
    fn movetime_plus_margin() {
        assert_eq!(timeout("movetime 1000", Seat::Red), 1500);
        assert_eq!(timeout("movetime 0", Seat::Blue), 500);
        // A work limit next to a time limit does not lengthen the wait.
        assert_eq!(timeout("nodes 5000 movetime 200", Seat::Red), 700);
    }

    #[test]
    fn the_clock_of_the_side_to_move_plus_margin() {
        let go = "rtime 3000 gtime 9000 rinc 100 ginc 100 movestogo 20";
        assert_eq!(timeout(go, Seat::Red), 3500);
        assert_eq!(timeout(go, Seat::Green), 9500);
        // Whichever of movetime and the clock is shorter.
        assert_eq!(timeout("movetime 5000 ytime 2000", Seat::Yellow), 2500);
        assert_eq!(timeout("movetime 1000 ytime 2000", Seat::Yellow), 1500);
    }

    #[test]
    fn work_limits_get_the_cap_plus_margin() {
        assert_eq!(timeout("nodes 20000", Seat::Red), 60_500);
        assert_eq!(timeout("depth 6", Seat::Green), 60_500);
        // The clock of another seat says nothing about this one.
        assert_eq!(timeout("depth 6 rtime 100", Seat::Green), 60_500);
        assert_eq!(timeout("depth 6 rtime 100", Seat::Red), 600);
    }

    #[test]
    fn huge_values_saturate_instead_of_overflowing() {
        let go = format!("movetime {}", u64::MAX);
        assert!(
            GoLimits::parse(&go)
                .unwrap()
                .move_timeout(Seat::Red, &options())
                .as_secs()
                > 1_000_000
        );
    }

    #[test]
    fn text_is_kept_with_blanks_normalised() {
        let go = GoLimits::parse("  nodes   300\tdepth 4 ").unwrap();
        assert_eq!(go.text(), "nodes 300 depth 4");
    }

    #[test]
    fn bad_limits_are_errors() {
        use GoError::*;
        let err = |go: &str| GoLimits::parse(go).unwrap_err();
        assert_eq!(err(""), Unbounded);
        assert_eq!(err("infinite"), Unbounded);
        assert_eq!(err("nodes 10 infinite"), Unbounded);
        assert_eq!(err("rinc 100 movestogo 3"), Unbounded);
        assert_eq!(err("sideways 3"), UnknownLimit("sideways".into()));
        assert_eq!(err("nodes 1 nodes 2"), Repeated("nodes".into()));
        assert!(matches!(err("depth 0"), BadValue { .. }));
        assert!(matches!(err("depth 65"), BadValue { .. }));
        assert!(matches!(err("nodes 0"), BadValue { .. }));
        assert!(matches!(err("movetime -5"), BadValue { .. }));
        assert!(matches!(err("movetime"), BadValue { .. }));
        assert_eq!(
            err("nodes ten").to_string(),
            "`nodes` needs a whole number of at least 1, got `ten`"
        );
    }
}
