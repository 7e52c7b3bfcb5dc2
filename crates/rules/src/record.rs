//! Game records: a PGN-like text of tag lines and moves (see `docs/game-record.md`).

use std::fmt::Write as _;

use halma_core::Seat;
use thiserror::Error;

use crate::game::{Game, GameResult, PlayError, MAX_GAME_MOVES};
use crate::legal::PositionError;
use crate::notation::MoveError;
use crate::variant::ParseRulesError;
use crate::Rules;

/// Largest game record read, in bytes (room for [`MAX_GAME_MOVES`] long moves).
pub const MAX_RECORD_LEN: usize = 16 << 20;

/// The tags [`write_record`] writes itself, which the caller may not give.
pub const RESERVED_TAGS: [&str; 3] = ["Rules", "Position", "Result"];

/// Why [`write_record`] refused an extra tag: the record would not read back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagError {
    /// The name is empty or holds something other than ASCII letters, digits and `_`.
    #[error("tag {index} `{name}`: a tag name is ASCII letters, digits and _")]
    BadName {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
    /// The name is one of [`RESERVED_TAGS`].
    #[error("tag {index} `{name}`: the record writer writes this tag itself")]
    Reserved {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
    /// The name was given before.
    #[error("tag {index} `{name}`: given twice")]
    Duplicate {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
}

/// Checks extra tags for [`write_record`]: names that the reader accepts,
/// none reserved, none twice.
pub fn check_tags(tags: &[(&str, &str)]) -> Result<(), TagError> {
    for (index, &(name, _)) in tags.iter().enumerate() {
        let owned = || name.to_owned();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(TagError::BadName {
                index,
                name: owned(),
            });
        }
        if RESERVED_TAGS.contains(&name) {
            return Err(TagError::Reserved {
                index,
                name: owned(),
            });
        }
        if tags[..index].iter().any(|&(earlier, _)| earlier == name) {
            return Err(TagError::Duplicate {
                index,
                name: owned(),
            });
        }
    }
    Ok(())
}

/// Why a game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text is larger than [`MAX_RECORD_LEN`].
    #[error("game record too large: {len} bytes, at most {MAX_RECORD_LEN}")]
    TooLarge {
        /// Its size.
        len: usize,
    },
    /// A line that starts with `[` but is not `[Name "value"]`.
    #[error("line {line}: malformed tag `{text}`: expected [Name \"value\"]")]
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The same tag twice.
    #[error("line {line}: tag {name} given twice")]
    RepeatedTag {
        /// 1-based line number.
        line: usize,
        /// The tag name.
        name: String,
    },
    /// No `Rules` tag.
    #[error("the record has no [Rules \"...\"] tag")]
    MissingRules,
    /// The `Rules` tag does not parse.
    #[error("line {line}: {source}")]
    Rules {
        /// 1-based line number.
        line: usize,
        /// Why.
        source: ParseRulesError,
    },
    /// The `Position` tag is not a position under the rules.
    #[error("line {line}: {source}")]
    Position {
        /// 1-based line number.
        line: usize,
        /// Why.
        source: PositionError,
    },
    /// The `Result` tag is not `*` or a seat name.
    #[error("line {line}: bad result `{text}`: expected *, Red, Green, Blue or Yellow")]
    BadResult {
        /// 1-based line number.
        line: usize,
        /// The value.
        text: String,
    },
    /// A move that is not legal when it is played.
    #[error("move {ply} `{text}` (line {line}): {source}")]
    Move {
        /// 1-based ply number.
        ply: usize,
        /// 1-based line number.
        line: usize,
        /// The move as written.
        text: String,
        /// Why it is illegal.
        source: MoveError,
    },
    /// More moves than a game keeps.
    #[error("the record has more than {MAX_GAME_MOVES} moves, the most a game keeps")]
    TooManyMoves,
    /// The declared result disagrees with the replay.
    #[error("the record says the result is {declared} but the moves give {actual}")]
    ResultMismatch {
        /// The `Result` tag.
        declared: GameResult,
        /// What the replay gives.
        actual: GameResult,
    },
}

/// A game record read back: the replayed game and every tag in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game, replayed move by move from the start position.
    pub game: Game,
    /// All tags as (name, value), in the order read (`Rules`, `Position` and `Result` included).
    pub tags: Vec<(String, String)>,
}

/// Writes a game record: `Rules`, `Position` (only when the game did not
/// start from the preset's start position), `Result`, then the extra `tags`,
/// a blank line, and the moves numbered by round.
///
/// Tag values are written with `"` and line breaks replaced by `'`; a tag
/// whose name the reader would refuse is an error (see [`check_tags`]), so a
/// written record always reads back.
pub fn write_record(game: &Game, tags: &[(&str, &str)]) -> Result<String, TagError> {
    check_tags(tags)?;
    let mut out = String::new();
    let rules = game.rules();
    let _ = writeln!(out, "[Rules \"{rules}\"]");
    if *game.start_position() != rules.start_position() {
        let _ = writeln!(out, "[Position \"{}\"]", game.start_position());
    }
    let _ = writeln!(out, "[Result \"{}\"]", game.result());
    for (name, value) in tags {
        let value = value.replace(['"', '\n', '\r'], "'");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let seats = rules.seats();
    let mut seat = game.start_position().to_move();
    let mut round = 1;
    let mut line_len = 0;
    for (i, text) in game.move_texts().iter().enumerate() {
        let mut token = String::new();
        if i == 0 || seat == Seat::Red {
            let _ = write!(token, "{round}. ");
        }
        token.push_str(text);
        if line_len > 0 && line_len + token.len() + 1 > 80 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&token);
        line_len += token.len();
        seat = seats.next_after(seat);
        if seat == Seat::Red {
            round += 1;
        }
    }
    if line_len > 0 {
        out.push('\n');
    }
    Ok(out)
}

fn parse_tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (name_ok && !value.contains('"')).then_some((name, value))
}

/// Reads a game record and replays it, checking every move and the result.
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError::TooLarge { len: text.len() });
    }
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.peek().copied() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            lines.next();
            continue;
        }
        if !trimmed.starts_with('[') {
            break;
        }
        let (name, value) = parse_tag(trimmed).ok_or_else(|| RecordError::BadTag {
            line: i + 1,
            text: trimmed.to_owned(),
        })?;
        if tags.iter().any(|(n, _, _)| n == name) {
            return Err(RecordError::RepeatedTag {
                line: i + 1,
                name: name.to_owned(),
            });
        }
        tags.push((name.to_owned(), value.to_owned(), i + 1));
        lines.next();
    }
    let tag = |name: &str| tags.iter().find(|(n, _, _)| n == name);
    let (_, rules_text, rules_line) = tag("Rules").ok_or(RecordError::MissingRules)?;
    let rules: Rules = rules_text.parse().map_err(|source| RecordError::Rules {
        line: *rules_line,
        source,
    })?;
    let mut game = match tag("Position") {
        Some((_, text, line)) => {
            let start = rules
                .parse_position(text)
                .map_err(|source| RecordError::Position {
                    line: *line,
                    source,
                })?;
            Game::from_position(rules, start)
        }
        None => Game::new(rules),
    };
    let declared = match tag("Result") {
        None => None,
        Some((_, text, line)) => Some(match text.as_str() {
            "*" => GameResult::Ongoing,
            name => GameResult::Won(
                Seat::ALL
                    .into_iter()
                    .find(|s| s.name() == name)
                    .ok_or_else(|| RecordError::BadResult {
                        line: *line,
                        text: name.to_owned(),
                    })?,
            ),
        }),
    };
    let mut ply = 0;
    for (i, line) in lines {
        for token in line.split_whitespace() {
            if is_move_number(token) {
                continue;
            }
            ply += 1;
            if ply > MAX_GAME_MOVES {
                return Err(RecordError::TooManyMoves);
            }
            game.play_str(token).map_err(|error| match error {
                PlayError::Notation(source) => RecordError::Move {
                    ply,
                    line: i + 1,
                    text: token.to_owned(),
                    source,
                },
                PlayError::TooLong => RecordError::TooManyMoves,
                PlayError::Illegal(_) => unreachable!("play_str reports notation errors"),
            })?;
        }
    }
    if let Some(declared) = declared {
        if declared != game.result() {
            return Err(RecordError::ResultMismatch {
                declared,
                actual: game.result(),
            });
        }
    }
    Ok(Record {
        game,
        tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
    })
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
