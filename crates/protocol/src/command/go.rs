//! `go`: the limits of a search, read with their ranges checked, and
//! turned into the engine's [`Limits`] for the side to move.

use std::fmt;
use std::time::Duration;

use halma_engine::{Clock, Limits};
use halma_rules::Seat;

use super::{number, quote, CommandError};

/// Deepest `go depth`, in plies (the engine's [`halma_engine::search::MAX_DEPTH`]).
pub const MAX_GO_DEPTH: u32 = halma_engine::search::MAX_DEPTH;

/// Longest time a `go` field may give, in milliseconds (10^12 ms, about 31
/// years): far beyond any game, and small enough that no sum of clock and
/// increment overflows.
pub const MAX_MILLIS: u64 = 1_000_000_000_000;

/// Most moves `movestogo` may give.
pub const MAX_MOVES_TO_GO: u32 = 10_000;

/// The arguments of `go`, each in its documented range. Clock fields are
/// kept per seat: which apply depends on the side to move ([`Go::limits`]).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Go {
    /// `depth`, 1..=[`MAX_GO_DEPTH`].
    pub depth: Option<u32>,
    /// `nodes`, at least 1.
    pub nodes: Option<u64>,
    /// `movetime`, 1..=[`MAX_MILLIS`] ms.
    pub movetime: Option<u64>,
    /// `rtime`, `gtime`, `btime`, `ytime` by seat index, 0..=[`MAX_MILLIS`] ms.
    pub time: [Option<u64>; 4],
    /// `rinc`, `ginc`, `binc`, `yinc` by seat index, 0..=[`MAX_MILLIS`] ms.
    pub inc: [Option<u64>; 4],
    /// `movestogo`, 1..=[`MAX_MOVES_TO_GO`].
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop` (no other limit may be given).
    pub infinite: bool,
    /// `searchmoves`: only these root moves (as written), at least one.
    pub searchmoves: Vec<String>,
}

/// Which clock field a word of `go` names: (is an increment, seat).
fn clock_field(word: &str) -> Option<(bool, Seat)> {
    let mut chars = word.chars();
    let seat = Seat::from_letter(chars.next()?)?;
    match chars.as_str() {
        "time" => Some((false, seat)),
        "inc" => Some((true, seat)),
        _ => None,
    }
}

/// The words that start a `go` parameter (where `searchmoves` ends).
fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "depth" | "nodes" | "movetime" | "movestogo" | "infinite" | "searchmoves"
    ) || clock_field(word).is_some()
}

/// Reads the words after `go`.
pub(super) fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut i = 0;
    let repeated = |parameter: &str| CommandError::Repeated {
        command: "go",
        parameter: parameter.to_owned(),
    };
    while i < rest.len() {
        let key = rest[i];
        i += 1;
        if key == "infinite" {
            if go.infinite {
                return Err(repeated(key));
            }
            go.infinite = true;
            continue;
        }
        if key == "searchmoves" {
            if !go.searchmoves.is_empty() {
                return Err(repeated(key));
            }
            while i < rest.len() && !is_go_keyword(rest[i]) {
                go.searchmoves.push(rest[i].to_owned());
                i += 1;
            }
            if go.searchmoves.is_empty() {
                return Err(CommandError::NoSearchMoves);
            }
            continue;
        }
        let field = clock_field(key);
        if !matches!(key, "depth" | "nodes" | "movetime" | "movestogo") && field.is_none() {
            return Err(CommandError::UnknownGoParameter(quote(key).to_string()));
        }
        let Some(&value) = rest.get(i) else {
            return Err(CommandError::MissingValue {
                command: "go",
                parameter: key.to_owned(),
            });
        };
        i += 1;
        let what = format!("go {key}");
        match key {
            "depth" => {
                let n = number(&what, value, 1, MAX_GO_DEPTH as u64)? as u32;
                if go.depth.replace(n).is_some() {
                    return Err(repeated(key));
                }
            }
            "nodes" => {
                let n = number(&what, value, 1, u64::MAX)?;
                if go.nodes.replace(n).is_some() {
                    return Err(repeated(key));
                }
            }
            "movetime" => {
                let n = number(&what, value, 1, MAX_MILLIS)?;
                if go.movetime.replace(n).is_some() {
                    return Err(repeated(key));
                }
            }
            "movestogo" => {
                let n = number(&what, value, 1, MAX_MOVES_TO_GO as u64)? as u32;
                if go.movestogo.replace(n).is_some() {
                    return Err(repeated(key));
                }
            }
            _ => {
                let (is_inc, seat) = field.expect("checked above");
                let n = number(&what, value, 0, MAX_MILLIS)?;
                let slot = if is_inc {
                    &mut go.inc[seat.index()]
                } else {
                    &mut go.time[seat.index()]
                };
                if slot.replace(n).is_some() {
                    return Err(repeated(key));
                }
            }
        }
    }
    if go.infinite {
        if let Some(limit) = go.first_limit() {
            return Err(CommandError::InfiniteWithLimit(limit));
        }
    }
    Ok(go)
}

const TIME_WORDS: [&str; 4] = ["rtime", "gtime", "btime", "ytime"];
const INC_WORDS: [&str; 4] = ["rinc", "ginc", "binc", "yinc"];

impl Go {
    /// The first limit given (by the canonical order), if any.
    fn first_limit(&self) -> Option<&'static str> {
        if self.depth.is_some() {
            return Some("depth");
        }
        if self.nodes.is_some() {
            return Some("nodes");
        }
        if self.movetime.is_some() {
            return Some("movetime");
        }
        if let Some(i) = self.time.iter().position(Option::is_some) {
            return Some(TIME_WORDS[i]);
        }
        if let Some(i) = self.inc.iter().position(Option::is_some) {
            return Some(INC_WORDS[i]);
        }
        self.movestogo.map(|_| "movestogo")
    }

    /// The engine's limits for a search with `side` to move: the depth,
    /// nodes and move time given, and the clock of `side` (with its
    /// increment and `movestogo`). Fails when limits were given but none
    /// applies (only other seats' clocks, increments or moves to go), which
    /// would otherwise be an endless search; `go` alone or `go infinite`
    /// gives no limit (search until `stop`).
    pub fn limits(&self, side: Seat) -> Result<Limits, CommandError> {
        let ms = Duration::from_millis;
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(ms),
            clock: None,
        };
        if let Some(remaining) = self.time[side.index()] {
            limits.clock = Some(Clock {
                remaining: ms(remaining),
                increment: ms(self.inc[side.index()].unwrap_or(0)),
                moves_to_go: self.movestogo,
            });
        }
        if limits == Limits::default() {
            if let Some(first) = self.first_limit() {
                let given: Vec<&str> = [TIME_WORDS, INC_WORDS]
                    .iter()
                    .flat_map(|words| words.iter().copied())
                    .zip(self.time.iter().chain(self.inc.iter()))
                    .filter(|(_, v)| v.is_some())
                    .map(|(w, _)| w)
                    .chain(self.movestogo.map(|_| "movestogo"))
                    .collect();
                let detail = if given.is_empty() {
                    first.to_owned()
                } else {
                    format!("given: {}", given.join(", "))
                };
                return Err(CommandError::NoApplicableLimit { side, detail });
            }
        }
        Ok(limits)
    }
}

impl fmt::Display for Go {
    /// The arguments of `go` in canonical order (depth, nodes, movetime,
    /// times and increments by seat, movestogo, infinite, searchmoves),
    /// each preceded by a space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.depth {
            write!(f, " depth {n}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes {n}")?;
        }
        if let Some(n) = self.movetime {
            write!(f, " movetime {n}")?;
        }
        for (word, value) in TIME_WORDS.iter().zip(self.time) {
            if let Some(n) = value {
                write!(f, " {word} {n}")?;
            }
        }
        for (word, value) in INC_WORDS.iter().zip(self.inc) {
            if let Some(n) = value {
                write!(f, " {word} {n}")?;
            }
        }
        if let Some(n) = self.movestogo {
            write!(f, " movestogo {n}")?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        if !self.searchmoves.is_empty() {
            write!(f, " searchmoves {}", self.searchmoves.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::command::tests::parse;
    use crate::command::Command;

    fn go(line: &str) -> Result<Go, CommandError> {
        match parse(line)? {
            Command::Go(go) => Ok(go),
            other => panic!("{line}: {other:?}"),
        }
    }

    pub(crate) fn out_of_range(result: Result<impl std::fmt::Debug, CommandError>) -> bool {
        matches!(result, Err(CommandError::OutOfRange { .. }))
    }

    #[test]
    fn depth_is_one_to_max_depth() {
        assert_eq!(go("go depth 1").unwrap().depth, Some(1));
        assert_eq!(go("go depth 64").unwrap().depth, Some(MAX_GO_DEPTH));
        assert!(out_of_range(go("go depth 0")));
        assert!(out_of_range(go("go depth 65")));
        assert!(out_of_range(go("go depth 99999999999999999999999")));
        assert!(matches!(
            go("go depth -1"),
            Err(CommandError::NotANumber { .. })
        ));
        assert!(matches!(
            go("go depth +5"),
            Err(CommandError::NotANumber { .. })
        ));
        assert!(matches!(
            go("go depth"),
            Err(CommandError::MissingValue { .. })
        ));
    }

    #[test]
    fn nodes_are_at_least_one() {
        assert_eq!(go("go nodes 1").unwrap().nodes, Some(1));
        assert_eq!(
            go(&format!("go nodes {}", u64::MAX)).unwrap().nodes,
            Some(u64::MAX)
        );
        assert!(out_of_range(go("go nodes 0")));
        assert!(out_of_range(go("go nodes 18446744073709551616")));
    }

    #[test]
    fn times_are_bounded() {
        assert_eq!(go("go movetime 1").unwrap().movetime, Some(1));
        assert_eq!(
            go(&format!("go movetime {MAX_MILLIS}")).unwrap().movetime,
            Some(MAX_MILLIS)
        );
        assert!(out_of_range(go("go movetime 0")));
        assert!(out_of_range(go(&format!("go movetime {}", MAX_MILLIS + 1))));
        for seat in Seat::ALL {
            let l = seat.letter();
            let parsed = go(&format!("go {l}time 0 {l}inc {MAX_MILLIS}")).unwrap();
            assert_eq!(parsed.time[seat.index()], Some(0));
            assert_eq!(parsed.inc[seat.index()], Some(MAX_MILLIS));
            assert!(out_of_range(go(&format!("go {l}time {}", MAX_MILLIS + 1))));
            assert!(out_of_range(go(&format!("go {l}inc {}", MAX_MILLIS + 1))));
        }
        assert!(matches!(
            go("go xtime 5"),
            Err(CommandError::UnknownGoParameter(_))
        ));
        assert!(matches!(
            go("go rtimes 5"),
            Err(CommandError::UnknownGoParameter(_))
        ));
    }

    #[test]
    fn moves_to_go_is_bounded() {
        assert_eq!(go("go rtime 9 movestogo 1").unwrap().movestogo, Some(1));
        let max = format!("go rtime 9 movestogo {MAX_MOVES_TO_GO}");
        assert_eq!(go(&max).unwrap().movestogo, Some(MAX_MOVES_TO_GO));
        assert!(out_of_range(go("go rtime 9 movestogo 0")));
        assert!(out_of_range(go(&format!(
            "go rtime 9 movestogo {}",
            MAX_MOVES_TO_GO + 1
        ))));
    }

    #[test]
    fn parameters_are_given_once_and_infinite_alone() {
        assert!(matches!(
            go("go depth 3 depth 4"),
            Err(CommandError::Repeated { .. })
        ));
        assert!(matches!(
            go("go btime 3 btime 4"),
            Err(CommandError::Repeated { .. })
        ));
        assert!(matches!(
            go("go infinite infinite"),
            Err(CommandError::Repeated { .. })
        ));
        assert!(go("go infinite").unwrap().infinite);
        assert!(matches!(
            go("go infinite depth 5"),
            Err(CommandError::InfiniteWithLimit("depth"))
        ));
        assert!(matches!(
            go("go rinc 5 infinite"),
            Err(CommandError::InfiniteWithLimit("rinc"))
        ));
    }

    #[test]
    fn searchmoves_run_to_the_next_parameter() {
        let parsed = go("go searchmoves a1-a2 pass depth 3").unwrap();
        assert_eq!(parsed.searchmoves, ["a1-a2", "pass"]);
        assert_eq!(parsed.depth, Some(3));
        assert_eq!(go("go depth 3 searchmoves b2").unwrap().searchmoves, ["b2"]);
        assert_eq!(go("go searchmoves"), Err(CommandError::NoSearchMoves));
        assert_eq!(
            go("go searchmoves depth 3"),
            Err(CommandError::NoSearchMoves)
        );
    }

    #[test]
    fn go_limits_apply_only_to_the_side_to_move() {
        // The user reports: these searched forever.
        for line in [
            "go btime 1000",
            "go rinc 500",
            "go movestogo 5",
            "go gtime 5 ginc 5 rinc 9",
        ] {
            let parsed = go(line).unwrap();
            let error = parsed.limits(Seat::Red).unwrap_err();
            assert!(
                matches!(
                    error,
                    CommandError::NoApplicableLimit {
                        side: Seat::Red,
                        ..
                    }
                ),
                "{line}"
            );
        }
        let blue = go("go btime 1000 binc 10 movestogo 3")
            .unwrap()
            .limits(Seat::Blue)
            .unwrap();
        let clock = blue.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(1000));
        assert_eq!(clock.increment, Duration::from_millis(10));
        assert_eq!(clock.moves_to_go, Some(3));
        // Another seat's clock next to a limit that applies is fine.
        let red = go("go btime 1000 depth 2")
            .unwrap()
            .limits(Seat::Red)
            .unwrap();
        assert_eq!(red, Limits::depth(2));
        assert_eq!(
            go("go").unwrap().limits(Seat::Red).unwrap(),
            Limits::infinite()
        );
        assert_eq!(
            go("go infinite").unwrap().limits(Seat::Red).unwrap(),
            Limits::infinite()
        );
        let most =
            format!("go rtime {MAX_MILLIS} rinc {MAX_MILLIS} movestogo 1 movetime {MAX_MILLIS}");
        assert!(go(&most).unwrap().limits(Seat::Red).is_ok());
    }
}
