//! The command reader: one line of the protocol (`docs/protocol.md`,
//! section 2) read into a typed [`Command`] whose arguments are checked
//! against their documented ranges. The server only executes commands read
//! here; a controller may write commands with [`Command`]'s `Display`, which
//! gives the canonical text (read back, it gives the same command).
//!
//! What needs the game to check (that a move is legal, a position string
//! fits the rules, a clock belongs to the side to move) is left to the
//! server: [`Go::limits`] does the last for `go`.

use std::fmt;
use std::time::Duration;

use halma_engine::{Clock, Contempt, Limits, MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS};
use halma_rules::{Rules, Seat};

/// The version of the protocol spoken, sent as `id protocol <n>` after `hep`.
pub const PROTOCOL_VERSION: u32 = 2;

/// Deepest `go depth`, in plies (the engine's [`halma_engine::search::MAX_DEPTH`]).
pub const MAX_GO_DEPTH: u32 = halma_engine::search::MAX_DEPTH;

/// Longest time a `go` field may give, in milliseconds (10^12 ms, about 31
/// years): far beyond any game, and small enough that no sum of clock and
/// increment overflows.
pub const MAX_MILLIS: u64 = 1_000_000_000_000;

/// Most moves `movestogo` may give.
pub const MAX_MOVES_TO_GO: u32 = 10_000;

/// Most plies of the `maxplies` option (the game length cap of the rules crate).
pub const MAX_MAX_PLIES: u32 = halma_rules::MAX_GAME_MOVES as u32;

/// Playing levels, as the `level` option takes them.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// How input is quoted in error messages (`\x1b` for an escape character,
/// a backslash doubled, cut at [`QUOTE_CHARS`] characters with `...`): the
/// rules crate's one quoting function, re-exported.
pub use halma_rules::{quote, QUOTE_CHARS};

/// One command of the protocol, with its arguments read and range-checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `hep`: the handshake.
    Hep,
    /// `isready`.
    IsReady,
    /// `setoption name <name> value <value>`.
    SetOption(EngineOption),
    /// `rules <rules string>`.
    Rules(Rules),
    /// `newgame`.
    NewGame,
    /// `position startpos|setup <rows> <side> [moves <m>...]`.
    Position(PositionCommand),
    /// `go [<limit> <value>]... [infinite] [searchmoves <m>...]`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `show`.
    Show,
    /// `moves`: list the legal moves of the current position.
    Moves,
    /// `quit`.
    Quit,
}

/// An option set by `setoption`, with its value in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `level`, 1..=10.
    Level(u8),
    /// `hash`, in MiB, 0..=[`MAX_HASH_MIB`].
    Hash(usize),
    /// `threads`, 1..=[`MAX_THREADS`].
    Threads(usize),
    /// `seed`, any `u64`.
    Seed(u64),
    /// `maxplies`, 0..=[`MAX_MAX_PLIES`] (0 = no cap).
    MaxPlies(u32),
    /// `repetition`, `true` or `false`.
    Repetition(bool),
    /// `multipv`, 1..=[`MAX_MULTIPV`].
    MultiPv(usize),
    /// `contempt`, in evaluation units (10 per square of race),
    /// 0..=[`Contempt::MAX`].
    Contempt(u32),
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the start position of the current rules.
    Start,
    /// `setup <rows> <side>`: a position string, checked against the rules
    /// by the server. Each part is one word.
    Setup {
        /// The rows, north to south, separated by `/`.
        rows: String,
        /// The side to move.
        side: String,
    },
}

/// A `position` command: where to start and the moves played from there
/// (as written: they are read against the position by the server).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The start.
    pub start: StartPosition,
    /// The moves, one word each, at most [`halma_rules::MAX_GAME_MOVES`].
    pub moves: Vec<String>,
}

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

/// Why a line is not a command. The texts quoted from the line are
/// escaped and cut ([`quote`]), so that a message is one printable line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The command word is not known.
    #[error("unknown command `{0}`")]
    Unknown(String),
    /// A command that takes no argument was given some; it was not carried out.
    #[error("{command}: unexpected `{extra}`: the command takes no arguments (not carried out)")]
    ExtraWords {
        /// The command.
        command: &'static str,
        /// The first extra word.
        extra: String,
    },
    /// The words do not have the command's shape.
    #[error("usage: {0}")]
    Usage(&'static str),
    /// A parameter needs a value and none followed.
    #[error("{command}: `{parameter}` needs a value")]
    MissingValue {
        /// The command.
        command: &'static str,
        /// The parameter.
        parameter: String,
    },
    /// A value is not a whole number (digits only).
    #[error("{what}: `{text}` is not a whole number")]
    NotANumber {
        /// The command and parameter, or the option.
        what: String,
        /// The value.
        text: String,
    },
    /// A number is outside its documented range.
    #[error("{what}: {text} is not in {range}")]
    OutOfRange {
        /// The command and parameter, or the option.
        what: String,
        /// The value as given.
        text: String,
        /// The range, as documented.
        range: String,
    },
    /// A parameter was given twice.
    #[error("{command}: `{parameter}` is given twice")]
    Repeated {
        /// The command.
        command: &'static str,
        /// The parameter.
        parameter: String,
    },
    /// `go` got a word that is not one of its parameters.
    #[error("go: unknown parameter `{0}`")]
    UnknownGoParameter(String),
    /// `go infinite` with a limit, which would contradict it.
    #[error("go: `infinite` cannot be combined with `{0}`")]
    InfiniteWithLimit(&'static str),
    /// `go searchmoves` with no move.
    #[error("go: `searchmoves` needs at least one move")]
    NoSearchMoves,
    /// A `go` whose limits all belong to seats not to move, or that gives
    /// only increments or moves to go: it would search without end.
    #[error("go: no limit applies to {side}, the side to move ({detail}); send `go infinite` to search until `stop`")]
    NoApplicableLimit {
        /// The side to move.
        side: Seat,
        /// What was given.
        detail: String,
    },
    /// `setoption` names no known option.
    #[error("unknown option `{0}`")]
    UnknownOption(String),
    /// A `check` option got something else than `true` or `false`.
    #[error("option {option}: `{text}` is neither true nor false")]
    NotABool {
        /// The option.
        option: &'static str,
        /// The value.
        text: String,
    },
    /// The rules string does not read.
    #[error("rules: {0}")]
    Rules(String),
    /// `position` with more moves than a game may have.
    #[error("position: more than {} moves", halma_rules::MAX_GAME_MOVES)]
    TooManyMoves,
    /// `position` with a word where `moves` should be.
    #[error("position: expected `moves`, found `{0}`")]
    ExpectedMoves(String),
}

const POSITION_USAGE: &str =
    "position startpos [moves <move>...] | position setup <rows> <side> [moves <move>...]";
const SETOPTION_USAGE: &str = "setoption name <name> value <value>";
const RULES_USAGE: &str = "rules <rules string>";

/// Reads a whole number made of ASCII digits only, in `lo..=hi`.
fn number(what: &str, text: &str, lo: u64, hi: u64) -> Result<u64, CommandError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CommandError::NotANumber {
            what: what.to_owned(),
            text: quote(text).to_string(),
        });
    }
    // Digits that overflow u64 are out of range too, not "not a number".
    match text.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(CommandError::OutOfRange {
            what: what.to_owned(),
            text: quote(text).to_string(),
            range: format!("{lo}..={hi}"),
        }),
    }
}

/// The command words that take no arguments.
const BARE: [(&str, Command); 7] = [
    ("hep", Command::Hep),
    ("isready", Command::IsReady),
    ("newgame", Command::NewGame),
    ("stop", Command::Stop),
    ("show", Command::Show),
    ("moves", Command::Moves),
    ("quit", Command::Quit),
];

impl Command {
    /// Reads one line (without its line end). Words are separated by ASCII
    /// blanks; leading and trailing blanks are ignored. An empty line is an
    /// error here ([`CommandError::Usage`]); the server skips empty lines
    /// before asking.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return Err(CommandError::Usage("a command word, e.g. `hep`"));
        };
        if let Some((word, command)) = BARE.iter().find(|(w, _)| *w == name) {
            return match rest.first() {
                None => Ok(command.clone()),
                Some(extra) => Err(CommandError::ExtraWords {
                    command: word,
                    extra: quote(extra).to_string(),
                }),
            };
        }
        match name {
            "setoption" => parse_option(rest).map(Command::SetOption),
            "rules" => match rest {
                [text] => text
                    .parse::<Rules>()
                    .map(Command::Rules)
                    .map_err(|e| CommandError::Rules(e.to_string())),
                _ => Err(CommandError::Usage(RULES_USAGE)),
            },
            "position" => parse_position(rest).map(Command::Position),
            "go" => parse_go(rest).map(Command::Go),
            _ => Err(CommandError::Unknown(quote(name).to_string())),
        }
    }
}

/// Characters (as written, escapes included) of a whole line from another
/// program (an engine's answer) quoted in an error; longer is cut, with `...`.
pub const MESSAGE_CHARS: usize = 200;

/// A line another program wrote, quoted to repeat in an error: [`quote`]
/// cut at [`MESSAGE_CHARS`] characters instead of [`QUOTE_CHARS`].
pub fn escape_message(text: &str) -> String {
    quote(text).max_chars(MESSAGE_CHARS).to_string()
}

fn parse_option(rest: &[&str]) -> Result<EngineOption, CommandError> {
    let [first, name, third, value] = rest else {
        return Err(CommandError::Usage(SETOPTION_USAGE));
    };
    if *first != "name" || *third != "value" {
        return Err(CommandError::Usage(SETOPTION_USAGE));
    }
    let name = name.to_ascii_lowercase();
    let option = |n: &str| format!("option {n}");
    Ok(match name.as_str() {
        "level" => EngineOption::Level(number(
            &option("level"),
            value,
            *LEVELS.start() as u64,
            *LEVELS.end() as u64,
        )? as u8),
        "hash" => {
            EngineOption::Hash(number(&option("hash"), value, 0, MAX_HASH_MIB as u64)? as usize)
        }
        "threads" => {
            EngineOption::Threads(number(&option("threads"), value, 1, MAX_THREADS as u64)? as usize)
        }
        "seed" => EngineOption::Seed(number(&option("seed"), value, 0, u64::MAX)?),
        "maxplies" => {
            EngineOption::MaxPlies(
                number(&option("maxplies"), value, 0, MAX_MAX_PLIES as u64)? as u32
            )
        }
        "multipv" => {
            EngineOption::MultiPv(number(&option("multipv"), value, 1, MAX_MULTIPV as u64)? as usize)
        }
        "contempt" => {
            EngineOption::Contempt(
                number(&option("contempt"), value, 0, u64::from(Contempt::MAX))? as u32,
            )
        }
        "repetition" => EngineOption::Repetition(match *value {
            "true" => true,
            "false" => false,
            other => {
                return Err(CommandError::NotABool {
                    option: "repetition",
                    text: quote(other).to_string(),
                })
            }
        }),
        _ => return Err(CommandError::UnknownOption(quote(&name).to_string())),
    })
}

fn parse_position(rest: &[&str]) -> Result<PositionCommand, CommandError> {
    let (start, tail) = match rest {
        ["startpos", tail @ ..] => (StartPosition::Start, tail),
        ["setup", rows, side, tail @ ..] => (
            StartPosition::Setup {
                rows: (*rows).to_owned(),
                side: (*side).to_owned(),
            },
            tail,
        ),
        _ => return Err(CommandError::Usage(POSITION_USAGE)),
    };
    let moves = match tail {
        [] => &[][..],
        ["moves", moves @ ..] => moves,
        [other, ..] => return Err(CommandError::ExpectedMoves(quote(other).to_string())),
    };
    if moves.len() > halma_rules::MAX_GAME_MOVES {
        return Err(CommandError::TooManyMoves);
    }
    Ok(PositionCommand {
        start,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
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

fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
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

impl fmt::Display for EngineOption {
    /// `name <name> value <value>`, as `setoption` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineOption::Level(n) => write!(f, "name level value {n}"),
            EngineOption::Hash(n) => write!(f, "name hash value {n}"),
            EngineOption::Threads(n) => write!(f, "name threads value {n}"),
            EngineOption::Seed(n) => write!(f, "name seed value {n}"),
            EngineOption::MaxPlies(n) => write!(f, "name maxplies value {n}"),
            EngineOption::Repetition(b) => write!(f, "name repetition value {b}"),
            EngineOption::MultiPv(n) => write!(f, "name multipv value {n}"),
            EngineOption::Contempt(n) => write!(f, "name contempt value {n}"),
        }
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

impl fmt::Display for Command {
    /// The command's canonical text, without a line end: what
    /// [`Command::parse`] reads back to the same command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hep => f.write_str("hep"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption(option) => write!(f, "setoption {option}"),
            Command::Rules(rules) => write!(f, "rules {rules}"),
            Command::NewGame => f.write_str("newgame"),
            Command::Position(p) => {
                f.write_str("position ")?;
                match &p.start {
                    StartPosition::Start => f.write_str("startpos")?,
                    StartPosition::Setup { rows, side } => write!(f, "setup {rows} {side}")?,
                }
                if !p.moves.is_empty() {
                    write!(f, " moves {}", p.moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => write!(f, "go{go}"),
            Command::Stop => f.write_str("stop"),
            Command::Show => f.write_str("show"),
            Command::Moves => f.write_str("moves"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, CommandError> {
        let parsed = Command::parse(line);
        if let Ok(command) = &parsed {
            // Every command read writes back to a text that reads the same.
            assert_eq!(
                Command::parse(&command.to_string()).as_ref(),
                Ok(command),
                "{line}"
            );
        }
        parsed
    }

    fn go(line: &str) -> Result<Go, CommandError> {
        match parse(line)? {
            Command::Go(go) => Ok(go),
            other => panic!("{line}: {other:?}"),
        }
    }

    fn option(line: &str) -> Result<EngineOption, CommandError> {
        match parse(line)? {
            Command::SetOption(option) => Ok(option),
            other => panic!("{line}: {other:?}"),
        }
    }

    fn out_of_range(result: Result<impl std::fmt::Debug, CommandError>) -> bool {
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

    #[test]
    fn options_are_range_checked_never_clamped() {
        assert_eq!(
            option("setoption name threads value 1"),
            Ok(EngineOption::Threads(1))
        );
        let max = format!("setoption name threads value {MAX_THREADS}");
        assert_eq!(option(&max), Ok(EngineOption::Threads(MAX_THREADS)));
        assert!(out_of_range(option("setoption name threads value 0")));
        assert!(out_of_range(option(&format!(
            "setoption name threads value {}",
            MAX_THREADS + 1
        ))));
        assert_eq!(
            option("setoption name hash value 0"),
            Ok(EngineOption::Hash(0))
        );
        let max = format!("setoption name hash value {MAX_HASH_MIB}");
        assert_eq!(option(&max), Ok(EngineOption::Hash(MAX_HASH_MIB)));
        assert!(out_of_range(option(&format!(
            "setoption name hash value {}",
            MAX_HASH_MIB + 1
        ))));
        assert_eq!(
            option("setoption name maxplies value 0"),
            Ok(EngineOption::MaxPlies(0))
        );
        let max = "setoption name maxplies value 100000";
        assert_eq!(option(max), Ok(EngineOption::MaxPlies(100_000)));
        assert!(out_of_range(option("setoption name maxplies value 100001")));
        assert_eq!(
            option("setoption name level value 1"),
            Ok(EngineOption::Level(1))
        );
        assert_eq!(
            option("setoption name LEVEL value 10"),
            Ok(EngineOption::Level(10))
        );
        assert!(out_of_range(option("setoption name level value 0")));
        assert!(out_of_range(option("setoption name level value 11")));
        assert_eq!(
            option("setoption name seed value 0"),
            Ok(EngineOption::Seed(0))
        );
        let max = format!("setoption name seed value {}", u64::MAX);
        assert_eq!(option(&max), Ok(EngineOption::Seed(u64::MAX)));
        assert!(out_of_range(option(
            "setoption name seed value 18446744073709551616"
        )));
        assert_eq!(
            option("setoption name multipv value 1"),
            Ok(EngineOption::MultiPv(1))
        );
        let max = format!("setoption name contempt value {}", Contempt::MAX);
        assert_eq!(option(&max), Ok(EngineOption::Contempt(Contempt::MAX)));
        assert!(out_of_range(option(&format!(
            "setoption name contempt value {}",
            Contempt::MAX + 1
        ))));
        let max = format!("setoption name multipv value {MAX_MULTIPV}");
        assert_eq!(option(&max), Ok(EngineOption::MultiPv(MAX_MULTIPV)));
        assert!(out_of_range(option("setoption name multipv value 0")));
        assert!(out_of_range(option(&format!(
            "setoption name multipv value {}",
            MAX_MULTIPV + 1
        ))));
        assert_eq!(
            option("setoption name repetition value false"),
            Ok(EngineOption::Repetition(false))
        );
        assert!(matches!(
            option("setoption name repetition value yes"),
            Err(CommandError::NotABool { .. })
        ));
        assert!(matches!(
            option("setoption name colour value 1"),
            Err(CommandError::UnknownOption(_))
        ));
        assert!(matches!(
            option("setoption name level 5"),
            Err(CommandError::Usage(_))
        ));
        assert!(matches!(
            option("setoption nom level value 5"),
            Err(CommandError::Usage(_))
        ));
    }

    #[test]
    fn extra_words_are_refused_for_every_bare_command() {
        for (word, command) in BARE {
            assert_eq!(parse(word), Ok(command.clone()));
            assert_eq!(parse(&format!("  {word}\t")), Ok(command));
            let error = parse(&format!("{word} now")).unwrap_err();
            assert_eq!(
                error,
                CommandError::ExtraWords {
                    command: word,
                    extra: "now".into()
                }
            );
        }
    }

    #[test]
    fn positions_and_rules_read() {
        let parsed = parse("position startpos moves a1-a2 b2").unwrap();
        let Command::Position(p) = parsed else {
            panic!()
        };
        assert_eq!(p.start, StartPosition::Start);
        assert_eq!(p.moves, ["a1-a2", "b2"]);
        let parsed = parse("position setup 8/8 r").unwrap();
        let Command::Position(p) = parsed else {
            panic!()
        };
        assert_eq!(
            p.start,
            StartPosition::Setup {
                rows: "8/8".into(),
                side: "r".into()
            }
        );
        assert!(matches!(parse("position"), Err(CommandError::Usage(_))));
        assert!(matches!(
            parse("position setup 8/8"),
            Err(CommandError::Usage(_))
        ));
        assert!(matches!(
            parse("position startpos a1-a2"),
            Err(CommandError::ExpectedMoves(_))
        ));
        let many = format!(
            "position startpos moves{}",
            " x".repeat(halma_rules::MAX_GAME_MOVES + 1)
        );
        assert_eq!(parse(&many), Err(CommandError::TooManyMoves));
        assert_eq!(
            parse("rules halma8,spoil=swap"),
            Ok(Command::Rules("halma8,spoil=swap".parse().unwrap()))
        );
        assert!(matches!(parse("rules chess"), Err(CommandError::Rules(_))));
        assert!(matches!(parse("rules"), Err(CommandError::Usage(_))));
        assert!(matches!(parse("frobnicate"), Err(CommandError::Unknown(_))));
        assert!(matches!(parse("   "), Err(CommandError::Usage(_))));
    }

    #[test]
    fn echoed_text_is_escaped_and_cut() {
        let error = parse("\u{1b}[31mred\u{7}").unwrap_err().to_string();
        assert_eq!(error, "unknown command `\\x1b[31mred\\x07`");
        let error = parse("go depth \u{1b}x").unwrap_err().to_string();
        assert!(
            error.contains("\\x1b") && !error.contains('\u{1b}'),
            "{error}"
        );
        let error = parse("rules \u{1b}\u{9b}").unwrap_err().to_string();
        assert!(!error.chars().any(char::is_control), "{error}");
        assert_eq!(
            quote("a\\b\u{200b}\u{85}").to_string(),
            "a\\\\b\\u{200b}\\u{85}"
        );
        // Found by fuzzing: the rules crate used to quote a bad option in full.
        let option = format!("rules halma4,sp{}oil=swap", "\u{1a}".repeat(500));
        let error = parse(&option).unwrap_err().to_string();
        assert!(error.chars().count() < MESSAGE_CHARS + 20, "{error}");
        let preset = format!("rules halma{}", "\u{7}".repeat(100));
        let error = parse(&preset).unwrap_err().to_string();
        assert!(error.chars().count() < MESSAGE_CHARS + 20, "{error}");
        assert_eq!(
            quote(&"\u{1b}".repeat(50)).to_string(),
            format!("{}...", "\\x1b".repeat(10))
        );
        assert!(!error.chars().any(char::is_control), "{error}");
        let long = "x".repeat(1000);
        assert_eq!(
            quote(&long).to_string(),
            format!("{}...", "x".repeat(QUOTE_CHARS))
        );
        assert_eq!(
            quote(&"é".repeat(QUOTE_CHARS)).to_string(),
            "é".repeat(QUOTE_CHARS)
        );
    }

    #[test]
    fn canonical_text_is_stable() {
        let line = "go  searchmoves a1 depth 3 ytime 5 rtime 4 yinc 1 movestogo 2";
        let parsed = parse(line).unwrap();
        assert_eq!(
            parsed.to_string(),
            "go depth 3 rtime 4 ytime 5 yinc 1 movestogo 2 searchmoves a1"
        );
        let set = parse("setoption name Hash value 007").unwrap();
        assert_eq!(set.to_string(), "setoption name hash value 7");
    }
}
