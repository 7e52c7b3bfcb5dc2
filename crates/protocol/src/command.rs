//! The command reader: one line of the protocol (`docs/protocol.md`,
//! section 2) read into a typed [`Command`] whose arguments are checked
//! against their documented ranges. The server only executes commands read
//! here; a controller may write commands with [`Command`]'s `Display`, which
//! gives the canonical text (read back, it gives the same command).
//!
//! What needs the game to check (that a move is legal, a position string
//! fits the rules, a clock belongs to the side to move) is left to the
//! server: [`Go::limits`] does the last for `go`.

mod go;
mod option;

use std::fmt;
use std::str::FromStr;

use halma_rules::{Rules, Seat};

use self::go::parse_go;
use self::option::parse_option;

pub use self::go::{Go, MAX_GO_DEPTH, MAX_MILLIS, MAX_MOVES_TO_GO};
pub use self::option::{EngineOption, LEVELS};

/// The version of the protocol spoken, sent as `id protocol <n>` after `hep`.
pub const PROTOCOL_VERSION: u32 = 2;

/// Most plies of the `maxplies` option (the game length cap of the rules crate).
pub const MAX_MAX_PLIES: u32 = halma_rules::MAX_GAME_MOVES as u32;

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
const RULES_USAGE: &str = "rules <rules string>";

/// Reads a whole number made of ASCII digits only, in `lo..=hi`.
pub(crate) fn number(what: &str, text: &str, lo: u64, hi: u64) -> Result<u64, CommandError> {
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

impl FromStr for Command {
    type Err = CommandError;

    /// Reads one line (without its line end). Words are separated by ASCII
    /// blanks; leading and trailing blanks are ignored. An empty line is an
    /// error here ([`CommandError::Usage`]); the server skips empty lines
    /// before asking.
    fn from_str(line: &str) -> Result<Command, CommandError> {
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

impl fmt::Display for Command {
    /// The command's canonical text, without a line end: what
    /// [`Command`]'s `FromStr` reads back to the same command.
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
pub(crate) mod tests {
    use super::*;

    pub(crate) fn parse(line: &str) -> Result<Command, CommandError> {
        let parsed = line.parse::<Command>();
        if let Ok(command) = &parsed {
            // Every command read writes back to a text that reads the same.
            assert_eq!(
                command.to_string().parse::<Command>().as_ref(),
                Ok(command),
                "{line}"
            );
        }
        parsed
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
