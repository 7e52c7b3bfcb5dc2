//! The `go` limits a controller sends, read once so that the time-out of
//! every `bestmove` can be derived from them. They are read by the
//! protocol's own command reader ([`crate::command`]), so a controller
//! accepts exactly the `go` an engine of `docs/protocol.md` accepts.

use std::str::FromStr;
use std::time::Duration;

use halma_core::Seat;
use thiserror::Error;

use super::ClientOptions;
use crate::command::{Command, CommandError, Go};

/// Why a `go` text cannot be used by a match.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoError {
    /// The text is not a `go` command of `docs/protocol.md` (an unknown or
    /// repeated limit, a value out of its range, ...).
    #[error(transparent)]
    Command(#[from] CommandError),
    /// `infinite`, or no limit at all: the engine would search until `stop`,
    /// which a match never sends.
    #[error(
        "the engine would search until `stop`: give depth, nodes, movetime or a clock (rtime ...)"
    )]
    Unbounded,
    /// `searchmoves` names moves of one position, and a match asks about many.
    #[error("`searchmoves` cannot be used in a match: its moves belong to one position")]
    SearchMoves,
    /// No limit bounds the search when `seat` is to move (a clock was given
    /// for other seats only): the engine would refuse that `go`.
    #[error(
        "no limit applies when {seat} is to move ({detail}): give a clock for every seat in \
         play, or depth, nodes or movetime"
    )]
    NoLimitFor {
        /// A seat in play that the limits do not bound.
        seat: Seat,
        /// What was given, as the command reader says it.
        detail: String,
    },
}

/// The limits of a `go` command, as sent to an engine on every move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoLimits {
    go: Go,
    text: String,
}

impl FromStr for GoLimits {
    type Err = GoError;

    /// Reads the text after `go` (`docs/protocol.md` section 2). A match
    /// needs the search to end by itself, so `infinite`, no limit at all, or
    /// only increments and moves to go, is an error.
    fn from_str(text: &str) -> Result<GoLimits, GoError> {
        let go = match format!("go {text}").parse::<Command>()? {
            Command::Go(go) => go,
            _ => unreachable!("a line starting with `go ` is a go command or an error"),
        };
        let bounded = go.depth.is_some()
            || go.nodes.is_some()
            || go.movetime.is_some()
            || go.time.iter().any(Option::is_some);
        if go.infinite || !bounded {
            return Err(GoError::Unbounded);
        }
        if !go.searchmoves.is_empty() {
            return Err(GoError::SearchMoves);
        }
        let text = go.to_string().trim_start().to_owned();
        Ok(GoLimits { go, text })
    }
}

impl GoLimits {
    /// Checks that the limits bound the search of every seat in `seats`: an
    /// engine refuses a `go` that gives no limit for the side to move (only
    /// other seats' clocks, say), so a match with such a `go` would forfeit
    /// every game.
    pub fn check_seats(&self, seats: impl IntoIterator<Item = Seat>) -> Result<(), GoError> {
        for seat in seats {
            self.go.limits(seat).map_err(|e| match e {
                CommandError::NoApplicableLimit { side, detail } => {
                    GoError::NoLimitFor { seat: side, detail }
                }
                other => GoError::Command(other),
            })?;
        }
        Ok(())
    }

    /// The limits as sent after `go`, in the protocol's canonical form.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How long a controller waits for `bestmove` when `side` is to move:
    /// the time the engine may use (`movetime`, or the clock of `side`,
    /// whichever is shorter) plus [`ClientOptions::margin`]; when neither
    /// applies (a search bounded by depth or nodes only, perhaps next to
    /// other seats' clocks), [`ClientOptions::move_cap`] plus the margin. A
    /// `go` that bounds no search of `side` at all is refused by the engine;
    /// [`GoLimits::check_seats`] finds it before a match starts.
    pub fn move_timeout(&self, side: Seat, options: &ClientOptions) -> Duration {
        let time = match (self.go.movetime, self.go.time[side.index()]) {
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
        go.parse::<GoLimits>()
            .unwrap_or_else(|e| panic!("{go}: {e}"))
            .move_timeout(side, &options())
            .as_millis()
    }

    #[test]
    fn movetime_plus_margin() {
        assert_eq!(timeout("movetime 1000", Seat::Red), 1500);
        assert_eq!(timeout("movetime 1", Seat::Blue), 501);
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
    fn the_largest_values_do_not_overflow() {
        let go = format!("movetime {}", crate::command::MAX_MILLIS);
        let options = ClientOptions {
            margin: Duration::MAX,
            ..options()
        };
        let timeout = go
            .parse::<GoLimits>()
            .unwrap()
            .move_timeout(Seat::Red, &options);
        assert_eq!(timeout, Duration::MAX);
    }

    #[test]
    fn every_seat_in_play_needs_a_limit() {
        let two = [Seat::Red, Seat::Blue];
        let go = "rtime 1000".parse::<GoLimits>().unwrap();
        assert!(go.go.limits(Seat::Blue).is_err(), "the engine refuses it");
        let error = go.check_seats(two).unwrap_err();
        assert_eq!(
            error,
            GoError::NoLimitFor {
                seat: Seat::Blue,
                detail: "given: rtime".to_owned()
            }
        );
        assert_eq!(
            error.to_string(),
            "no limit applies when Blue is to move (given: rtime): give a clock for every \
             seat in play, or depth, nodes or movetime"
        );
        assert!(go.check_seats([Seat::Red]).is_ok());
        assert!("rtime 1000 btime 1000"
            .parse::<GoLimits>()
            .unwrap()
            .check_seats(two)
            .is_ok());
        // A work limit bounds every seat, whatever clocks come with it.
        assert!("depth 3 rtime 100"
            .parse::<GoLimits>()
            .unwrap()
            .check_seats(Seat::ALL)
            .is_ok());
    }

    #[test]
    fn text_is_the_canonical_form() {
        let go = "  nodes   300\tdepth 4 ".parse::<GoLimits>().unwrap();
        assert_eq!(go.text(), "depth 4 nodes 300");
    }

    #[test]
    fn bad_limits_are_errors() {
        use GoError::*;
        let err = |go: &str| go.parse::<GoLimits>().unwrap_err();
        assert_eq!(err(""), Unbounded);
        assert_eq!(err("infinite"), Unbounded);
        assert_eq!(err("rinc 100 movestogo 3"), Unbounded);
        assert_eq!(err("nodes 10 searchmoves a5-a4"), SearchMoves);
        // Everything else is the command reader's error, word for word.
        for go in [
            "nodes 10 infinite",
            "sideways 3",
            "nodes 1 nodes 2",
            "depth 0",
            "depth 65",
            "nodes 0",
            "movetime 0",
            "movetime -5",
            "movetime",
            "nodes ten",
        ] {
            let expected = format!("go {go}")
                .parse::<crate::command::Command>()
                .unwrap_err();
            assert_eq!(err(go), Command(expected), "{go}");
        }
        assert_eq!(
            err("nodes ten").to_string(),
            "go nodes: `ten` is not a whole number"
        );
    }
}
