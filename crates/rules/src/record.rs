//! Game records: a PGN-like text of tag lines and moves (see `docs/game-record.md`).

use std::collections::HashSet;
use std::fmt::Write as _;

use halma_core::{quote, Seat};
use thiserror::Error;

use crate::game::{Game, GameResult, PlayError, MAX_GAME_MOVES};
use crate::legal::PositionError;
use crate::notation::MoveError;
use crate::termination::{
    check_termination, result_text, DrawReason, Termination, TerminationError,
};
use crate::variant::ParseRulesError;
use crate::Rules;

/// Largest game record, in bytes: [`read_record`] refuses a longer text
/// and the writers ([`write_record`], [`write_record_ended`]) refuse to
/// write one ([`TagError::TooLarge`]), so every record written reads back.
/// Room for [`MAX_GAME_MOVES`] long moves and tags besides.
pub const MAX_RECORD_LEN: usize = 16 << 20;

/// The tags [`write_record`] and [`write_record_ended`] write themselves,
/// which the caller may not give.
pub const RESERVED_TAGS: [&str; 6] = [
    "Rules",
    "Position",
    "Result",
    "Termination",
    "Loser",
    "TerminationDetails",
];

/// Why [`write_record`] or [`write_record_ended`] refused to write: the
/// record would not read back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagError {
    /// The name is empty or holds something other than ASCII letters, digits and `_`.
    #[error("tag {index} `{}`: a tag name is ASCII letters, digits and _", quote(.name))]
    BadName {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
    /// The name is one of [`RESERVED_TAGS`].
    #[error("tag {index} `{}`: the record writer writes this tag itself", quote(.name))]
    Reserved {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
    /// The name was given before.
    #[error("tag {index} `{}`: given twice", quote(.name))]
    Duplicate {
        /// 0-based position among the extra tags.
        index: usize,
        /// The name given.
        name: String,
    },
    /// The termination cannot end this game (see [`check_termination`]).
    #[error(transparent)]
    Termination(#[from] TerminationError),
    /// The record would be larger than [`MAX_RECORD_LEN`], which the reader
    /// refuses: huge tag values (or, in principle, [`MAX_GAME_MOVES`] moves
    /// that are nearly all long jump chains).
    #[error(
        "the record would be {len} bytes or more, larger than the {MAX_RECORD_LEN} a record may be"
    )]
    TooLarge {
        /// Its size in bytes, or a lower bound of it when the writer
        /// stopped before writing it all.
        len: usize,
    },
}

/// Checks extra tags for [`write_record`]: names that the reader accepts,
/// none reserved, none twice.
///
/// Linear in the number of tags (the names seen are kept in a hash set), so
/// that a record of the largest size the reader takes is checked quickly.
pub fn check_tags(tags: &[(&str, &str)]) -> Result<(), TagError> {
    let mut seen = HashSet::with_capacity(tags.len());
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
        if !seen.insert(name) {
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
    #[error("line {line}: malformed tag `{}`: expected [Name \"value\"]", quote(.text))]
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The same tag twice.
    #[error("line {line}: tag {} given twice", quote(.name))]
    RepeatedTag {
        /// 1-based line number.
        line: usize,
        /// The tag name.
        name: String,
    },
    /// No `Rules` tag.
    #[error("the record has no [Rules \"...\"] tag")]
    MissingRules,
    /// The `Rules` tag does not parse (the [`source`](std::error::Error::source)
    /// says why).
    #[error("line {line}")]
    Rules {
        /// 1-based line number.
        line: usize,
        /// Why.
        source: ParseRulesError,
    },
    /// The `Position` tag is not a position under the rules (the
    /// [`source`](std::error::Error::source) says why).
    #[error("line {line}")]
    Position {
        /// 1-based line number.
        line: usize,
        /// Why.
        source: PositionError,
    },
    /// The `Result` tag is not `*`, `Draw`, a seat name or `<seat> loses`.
    #[error("line {line}: bad result `{}`: expected *, Draw, a seat (Red, Green, Blue, Yellow) or `<seat> loses`", quote(.text))]
    BadResult {
        /// 1-based line number.
        line: usize,
        /// The value.
        text: String,
    },
    /// A move that is not legal when it is played (the
    /// [`source`](std::error::Error::source) says why).
    #[error("move {ply} `{}` (line {line})", quote(.text))]
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
    /// The `Termination` tag is not one of the values of `docs/game-record.md`.
    #[error("line {line}: unknown termination `{}`: expected normal, repetition, ply limit, agreement, adjudication, forfeit or resignation", quote(.text))]
    BadTermination {
        /// 1-based line number.
        line: usize,
        /// The value.
        text: String,
    },
    /// `Result "Draw"` without a `Termination` tag saying why.
    #[error("line {line}: a drawn game needs a [Termination \"...\"] tag: repetition, ply limit, agreement or adjudication")]
    DrawWithoutReason {
        /// 1-based line number of the `Result` tag.
        line: usize,
    },
    /// The `Result` tag does not say what the termination implies (or is
    /// missing although the termination ends the game).
    #[error("line {line}: termination `{termination}` needs [Result \"{expected}\"], but the record has {found}")]
    TerminationResult {
        /// 1-based line number of the `Termination` tag (of `Result` when
        /// `Termination` is absent).
        line: usize,
        /// The termination (its tag value).
        termination: String,
        /// The `Result` value it implies.
        expected: String,
        /// The `Result` tag as found (`no Result tag` when absent).
        found: String,
    },
    /// A forfeit or resignation without a `Loser` tag.
    #[error("line {line}: termination `{termination}` needs a [Loser \"...\"] tag naming the seat that lost")]
    MissingLoser {
        /// 1-based line number of the `Termination` tag.
        line: usize,
        /// The termination (its tag value).
        termination: String,
    },
    /// The `Loser` tag is not a seat name.
    #[error("line {line}: bad loser `{}`: expected Red, Green, Blue or Yellow", quote(.text))]
    BadLoser {
        /// 1-based line number.
        line: usize,
        /// The value.
        text: String,
    },
    /// `Loser` or `TerminationDetails` with a termination that has no use for it.
    #[error("line {line}: tag {} does not go with termination `{}`", quote(.name), quote(.termination))]
    StrayTag {
        /// 1-based line number of the stray tag.
        line: usize,
        /// The tag name.
        name: String,
        /// The termination (its tag value; `normal` when the tag is absent).
        termination: String,
    },
    /// The termination cannot end the replayed game (the
    /// [`source`](std::error::Error::source) says why).
    #[error("line {line}")]
    Termination {
        /// 1-based line number of the `Termination` tag.
        line: usize,
        /// Why.
        source: TerminationError,
    },
}

/// A game record read back: the replayed game, how it ended and every tag in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game, replayed move by move from the start position.
    pub game: Game,
    /// How the game ended: [`Termination::Normal`] when the record has no
    /// `Termination` tag (the board says whether it is won or ongoing).
    pub termination: Termination,
    /// All tags as (name, value), in the order read (`Rules`, `Position`,
    /// `Result`, `Termination`, `Loser` and `TerminationDetails` included).
    pub tags: Vec<(String, String)>,
}

/// A tag value as the writer puts it: `"` and line breaks become `'`, so the
/// value stays on its line and inside its quotes.
pub fn sanitize_tag_value(value: &str) -> String {
    value.replace(['"', '\n', '\r'], "'")
}

/// Writes a game record that ended as the board says (won or still
/// ongoing): [`write_record_ended`] with [`Termination::Normal`].
pub fn write_record(game: &Game, tags: &[(&str, &str)]) -> Result<String, TagError> {
    write_record_ended(game, &Termination::Normal, tags)
}

/// Writes a game record: `Rules`, `Position` (only when the game did not
/// start from the preset's start position), `Result`, the termination tags
/// (none for [`Termination::Normal`]; `Termination`, then `Loser` for a
/// forfeit or resignation, then `TerminationDetails` for a forfeit with a
/// reason), then the extra `tags`, a blank line, and the moves numbered by round.
///
/// Tag values are written with `"` and line breaks replaced by `'`. A tag
/// whose name the reader would refuse is an error (see [`check_tags`]), and
/// so is a termination that cannot end the game (see [`check_termination`]:
/// the board already won, a loser not in play, a repetition that did not
/// happen), and so is a record larger than [`MAX_RECORD_LEN`]
/// ([`TagError::TooLarge`]), so a written record always reads back.
pub fn write_record_ended(
    game: &Game,
    termination: &Termination,
    tags: &[(&str, &str)],
) -> Result<String, TagError> {
    check_tags(tags)?;
    check_termination(game, termination)?;
    // Before anything is written: tags far too large are refused at once
    // (each line holds its name, its value and 5 more bytes).
    let tag_bytes = tags.iter().fold(0usize, |sum, (name, value)| {
        sum.saturating_add(name.len() + value.len() + 5)
    });
    if tag_bytes > MAX_RECORD_LEN {
        return Err(TagError::TooLarge { len: tag_bytes });
    }
    let mut out = String::new();
    let rules = game.rules();
    let _ = writeln!(out, "[Rules \"{rules}\"]");
    if *game.start_position() != rules.start_position() {
        let _ = writeln!(out, "[Position \"{}\"]", game.start_position());
    }
    let _ = writeln!(out, "[Result \"{}\"]", result_text(game, termination));
    if *termination != Termination::Normal {
        let _ = writeln!(out, "[Termination \"{}\"]", termination.tag_value());
    }
    if let Some(loser) = termination.loser() {
        let _ = writeln!(out, "[Loser \"{loser}\"]");
    }
    if let Termination::Forfeit { reason, .. } = termination {
        if !reason.is_empty() {
            let _ = writeln!(
                out,
                "[TerminationDetails \"{}\"]",
                sanitize_tag_value(reason)
            );
        }
    }
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", sanitize_tag_value(value));
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
    // The one bound of a record, checked where the reader checks it.
    if out.len() > MAX_RECORD_LEN {
        return Err(TagError::TooLarge { len: out.len() });
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
/// A byte order mark before the first line is skipped (editors on Windows
/// write one).
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError::TooLarge { len: text.len() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    // The names read so far: a record of `MAX_RECORD_LEN` bytes can hold
    // about 1.7 million tags, so the repeat check must not scan `tags`.
    let mut seen: HashSet<&str> = HashSet::new();
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
        if !seen.insert(name) {
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
        Some((_, text, line)) => rules
            .parse_position(text)
            .and_then(|start| Game::from_position(rules, start))
            .map_err(|source| RecordError::Position {
                line: *line,
                source,
            })?,
        None => Game::new(rules),
    };
    let declared = match tag("Result") {
        None => None,
        Some((_, text, line)) => Some((
            Declared::parse(text).ok_or_else(|| RecordError::BadResult {
                line: *line,
                text: text.clone(),
            })?,
            text.as_str(),
            *line,
        )),
    };
    let claimed = match tag("Termination") {
        None => None,
        Some((_, text, line)) => Some((
            Claim::parse(text).ok_or_else(|| RecordError::BadTermination {
                line: *line,
                text: text.clone(),
            })?,
            *line,
        )),
    };
    let loser = match tag("Loser") {
        None => None,
        Some((_, text, line)) => Some((
            seat_named(text).ok_or_else(|| RecordError::BadLoser {
                line: *line,
                text: text.clone(),
            })?,
            *line,
        )),
    };
    let details = tag("TerminationDetails").map(|(_, text, line)| (text.as_str(), *line));
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
                // play_str reports notation errors; should that change, an
                // illegal move is still a bad move of the record.
                PlayError::Illegal { reason, .. } => RecordError::Move {
                    ply,
                    line: i + 1,
                    text: token.to_owned(),
                    source: MoveError::Illegal(reason),
                },
            })?;
        }
    }
    let termination = check_ending(&game, declared, claimed, loser, details)?;
    Ok(Record {
        game,
        termination,
        tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
    })
}

/// A `Result` tag value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Declared {
    /// `*` or a seat name: what the board says.
    Board(GameResult),
    /// `Draw`.
    Draw,
    /// `<seat> loses`.
    Loses(Seat),
}

impl Declared {
    fn parse(text: &str) -> Option<Declared> {
        match text {
            "Draw" => Some(Declared::Draw),
            _ => match text.strip_suffix(" loses") {
                Some(name) => seat_named(name).map(Declared::Loses),
                None => text.parse::<GameResult>().ok().map(Declared::Board),
            },
        }
    }
}

/// A `Termination` tag value: the termination without its loser and reason,
/// which other tags give.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Claim {
    Normal,
    Draw(DrawReason),
    Forfeit,
    Resignation,
}

impl Claim {
    fn parse(text: &str) -> Option<Claim> {
        match text {
            "normal" => Some(Claim::Normal),
            "forfeit" => Some(Claim::Forfeit),
            "resignation" => Some(Claim::Resignation),
            _ => text.parse().ok().map(Claim::Draw),
        }
    }
}

fn seat_named(name: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| s.name() == name)
}

/// Checks the `Result`, `Termination`, `Loser` and `TerminationDetails` tags
/// (each with its line) against each other and against the replayed game,
/// and gives the termination they state.
fn check_ending(
    game: &Game,
    declared: Option<(Declared, &str, usize)>,
    claimed: Option<(Claim, usize)>,
    loser: Option<(Seat, usize)>,
    details: Option<(&str, usize)>,
) -> Result<Termination, RecordError> {
    let claim = claimed.map_or(Claim::Normal, |(claim, _)| claim);
    let claim_text = |claim: Claim| match claim {
        Claim::Normal => "normal".to_owned(),
        Claim::Draw(reason) => reason.to_string(),
        Claim::Forfeit => "forfeit".to_owned(),
        Claim::Resignation => "resignation".to_owned(),
    };
    let stray = |name: &str, line: usize| RecordError::StrayTag {
        line,
        name: name.to_owned(),
        termination: claim_text(claim),
    };
    if let Some((_, line)) = details {
        if claim != Claim::Forfeit {
            return Err(stray("TerminationDetails", line));
        }
    }
    if let Some((_, line)) = loser {
        if !matches!(claim, Claim::Forfeit | Claim::Resignation) {
            return Err(stray("Loser", line));
        }
    }
    let termination = match claim {
        Claim::Normal => Termination::Normal,
        Claim::Draw(reason) => Termination::Draw(reason),
        Claim::Forfeit | Claim::Resignation => {
            let (loser, _) = loser.ok_or_else(|| RecordError::MissingLoser {
                line: claimed.map_or(0, |(_, line)| line),
                termination: claim_text(claim),
            })?;
            if claim == Claim::Forfeit {
                Termination::Forfeit {
                    loser,
                    reason: details.map_or_else(String::new, |(text, _)| text.to_owned()),
                }
            } else {
                Termination::Resignation { loser }
            }
        }
    };
    match (termination == Termination::Normal, declared) {
        (true, None) => return Ok(termination),
        (true, Some((Declared::Board(declared), _, _))) => {
            if declared != game.result() {
                return Err(RecordError::ResultMismatch {
                    declared,
                    actual: game.result(),
                });
            }
            return Ok(termination);
        }
        (true, Some((Declared::Draw, _, line))) if claimed.is_none() => {
            return Err(RecordError::DrawWithoutReason { line });
        }
        _ => {}
    }
    // The line to blame: the Termination tag, or the Result tag when the
    // termination is only implied (`Result "Red loses"` without one).
    let line = claimed
        .map(|(_, line)| line)
        .or(declared.map(|(_, _, line)| line))
        .unwrap_or(0);
    if termination != Termination::Normal {
        check_termination(game, &termination)
            .map_err(|source| RecordError::Termination { line, source })?;
    }
    let expected = result_text(game, &termination);
    match declared {
        Some((_, found, _)) if found == expected => Ok(termination),
        _ => Err(RecordError::TerminationResult {
            line,
            termination: claim_text(claim),
            expected,
            found: declared.map_or_else(
                || "no Result tag".to_owned(),
                |(_, found, _)| format!("[Result \"{found}\"]"),
            ),
        }),
    }
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
