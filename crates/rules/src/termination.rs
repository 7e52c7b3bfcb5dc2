//! How a game ended when the board alone does not say: draws, forfeits and
//! resignations, as a game record states them (see `docs/game-record.md`).

use std::fmt;
use std::str::FromStr;

use halma_core::{quote, Seat};
use thiserror::Error;

use crate::game::{Game, GameResult};

/// How a game ended (or, for [`Termination::Normal`], that the board says it).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Won on the board, or still ongoing: the moves say everything.
    Normal,
    /// A draw, for this reason.
    Draw(DrawReason),
    /// A seat lost by breaking the conditions of play rather than on the
    /// board: an engine that timed out, crashed or played an illegal move.
    Forfeit {
        /// The seat that lost.
        loser: Seat,
        /// What happened, in words (one line in a record: `"` and line
        /// breaks are written as `'`).
        reason: String,
    },
    /// A seat gave up.
    Resignation {
        /// The seat that resigned.
        loser: Seat,
    },
}

impl Termination {
    /// The seat that lost by forfeit or resignation, if any.
    pub fn loser(&self) -> Option<Seat> {
        match self {
            Termination::Forfeit { loser, .. } | Termination::Resignation { loser } => Some(*loser),
            _ => None,
        }
    }
}

impl Termination {
    /// The value of the `Termination` tag: `normal`, a [`DrawReason`]
    /// (`repetition`, `ply limit`, `agreement`, `adjudication`), `forfeit` or
    /// `resignation`. The loser and the forfeit's reason are separate tags.
    pub fn tag_value(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Draw(reason) => reason.tag_value(),
            Termination::Forfeit { .. } => "forfeit",
            Termination::Resignation { .. } => "resignation",
        }
    }
}

/// The whole termination on one line, as `FromStr` reads it back: the
/// [tag value](Termination::tag_value), then for a forfeit or resignation
/// ` by ` and the loser (`resignation by Blue`), then for a forfeit with a
/// reason `: ` and the reason (`forfeit by Red: timed out`).
impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag_value())?;
        match self {
            Termination::Forfeit { loser, reason } => {
                write!(f, " by {loser}")?;
                if !reason.is_empty() {
                    write!(f, ": {reason}")?;
                }
                Ok(())
            }
            Termination::Resignation { loser } => write!(f, " by {loser}"),
            Termination::Normal | Termination::Draw(_) => Ok(()),
        }
    }
}

/// A text that is not a [`Termination`] as `Display` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown termination `{}`: expected normal, repetition, ply limit, agreement, adjudication, `forfeit by <seat>[: <reason>]` or `resignation by <seat>`", quote(.0))]
pub struct ParseTerminationError(pub String);

impl FromStr for Termination {
    type Err = ParseTerminationError;

    /// Reads what `Display` writes (seat names as [`Seat`]'s `Display`
    /// writes them: `Red`).
    fn from_str(text: &str) -> Result<Termination, ParseTerminationError> {
        let error = || ParseTerminationError(text.to_owned());
        let seat = |name: &str| {
            Seat::ALL
                .into_iter()
                .find(|seat| seat.name() == name)
                .ok_or_else(error)
        };
        if text == "normal" {
            return Ok(Termination::Normal);
        }
        if let Ok(reason) = text.parse::<DrawReason>() {
            return Ok(Termination::Draw(reason));
        }
        if let Some(loser) = text.strip_prefix("resignation by ") {
            return Ok(Termination::Resignation {
                loser: seat(loser)?,
            });
        }
        let rest = text.strip_prefix("forfeit by ").ok_or_else(error)?;
        let (loser, reason) = rest.split_once(": ").unwrap_or((rest, ""));
        if reason.is_empty() && rest != loser {
            // `forfeit by Red: ` has a separator but no reason: Display
            // never writes it.
            return Err(error());
        }
        Ok(Termination::Forfeit {
            loser: seat(loser)?,
            reason: reason.to_owned(),
        })
    }
}

/// Why a game was drawn.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The final position occurred three times (checked by the record reader).
    Repetition,
    /// The game reached a ply limit set by whoever ran it (not in the rule
    /// book, so a record reader cannot check it).
    PlyLimit,
    /// The players agreed to a draw.
    Agreement,
    /// An arbiter or a match runner declared the draw.
    Adjudication,
}

impl DrawReason {
    /// Every reason, in the order of the `Termination` tag values.
    pub const ALL: [DrawReason; 4] = [
        DrawReason::Repetition,
        DrawReason::PlyLimit,
        DrawReason::Agreement,
        DrawReason::Adjudication,
    ];

    /// The `Termination` tag value: `repetition`, `ply limit`, `agreement` or `adjudication`.
    pub const fn tag_value(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::PlyLimit => "ply limit",
            DrawReason::Agreement => "agreement",
            DrawReason::Adjudication => "adjudication",
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag_value())
    }
}

/// A text that is not a [`DrawReason`] tag value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown draw reason `{}`: expected repetition, ply limit, agreement or adjudication", quote(.0))]
pub struct ParseDrawReasonError(pub String);

impl FromStr for DrawReason {
    type Err = ParseDrawReasonError;

    /// Reads a tag value exactly as [`DrawReason::tag_value`] writes it.
    fn from_str(text: &str) -> Result<DrawReason, ParseDrawReasonError> {
        DrawReason::ALL
            .into_iter()
            .find(|r| r.tag_value() == text)
            .ok_or_else(|| ParseDrawReasonError(text.to_owned()))
    }
}

/// Why a termination cannot end this game (shared by the record writer and reader).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TerminationError {
    /// The board is already won: the game ended normally, by that win.
    #[error("{winner} has already won on the board, so the game cannot end by {termination}")]
    AlreadyWon {
        /// The winner on the board.
        winner: Seat,
        /// The termination given (its tag value).
        termination: String,
    },
    /// The loser does not play under these rules.
    #[error("{loser} does not play in {rules}")]
    LoserNotInPlay {
        /// The seat named as the loser.
        loser: Seat,
        /// The rules string.
        rules: String,
    },
    /// A draw by repetition, but the final position did not occur three times.
    #[error("a draw by repetition needs the final position three times, but it occurred {count} time(s)")]
    NotRepeated {
        /// How often the final position occurred, the start and the final position included.
        count: usize,
    },
}

/// How often the game's current position occurred, counting the start
/// position and the position after every move.
pub fn occurrences_of_final_position(game: &Game) -> usize {
    let last = game.position();
    let mut position = game.start_position().clone();
    let mut count = usize::from(position == *last);
    for &mv in game.moves() {
        // The game's own moves, legal where they were played.
        position.make_move_unchecked(mv);
        // The hash rules out nearly every position before the full comparison.
        if position.hash() == last.hash() && position == *last {
            count += 1;
        }
    }
    count
}

/// Checks that `termination` can end `game`: anything but
/// [`Termination::Normal`] needs a board not yet won, a loser in play, and a
/// repetition draw needs the final position three times.
pub fn check_termination(game: &Game, termination: &Termination) -> Result<(), TerminationError> {
    if *termination == Termination::Normal {
        return Ok(());
    }
    if let GameResult::Won(winner) = game.result() {
        return Err(TerminationError::AlreadyWon {
            winner,
            termination: termination.tag_value().to_owned(),
        });
    }
    if let Some(loser) = termination.loser() {
        if !game.rules().seats().contains(loser) {
            return Err(TerminationError::LoserNotInPlay {
                loser,
                rules: game.rules().to_string(),
            });
        }
    }
    if *termination == Termination::Draw(DrawReason::Repetition) {
        let count = occurrences_of_final_position(game);
        if count < 3 {
            return Err(TerminationError::NotRepeated { count });
        }
    }
    Ok(())
}

/// The `Result` tag of a game that ended by `termination`: `*` while
/// ongoing, the winner's name, `Draw`, and for a forfeit or resignation the
/// one seat left (two seats) or `<Loser> loses` (three or four seats, where
/// the board names no winner).
pub fn result_text(game: &Game, termination: &Termination) -> String {
    match termination {
        Termination::Draw(_) => "Draw".to_owned(),
        Termination::Forfeit { loser, .. } | Termination::Resignation { loser } => {
            let seats = game.rules().seats();
            if seats.len() == 2 && seats.contains(*loser) {
                seats.next_after(*loser).name().to_owned()
            } else {
                format!("{loser} loses")
            }
        }
        Termination::Normal => game.result().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminations_read_back_what_they_print() {
        let mut all = vec![Termination::Normal];
        all.extend(DrawReason::ALL.map(Termination::Draw));
        for loser in Seat::ALL {
            all.push(Termination::Resignation { loser });
            for reason in ["", "timed out", "said: \"no\": twice", " by Red"] {
                all.push(Termination::Forfeit {
                    loser,
                    reason: reason.to_owned(),
                });
            }
        }
        for termination in all {
            let text = termination.to_string();
            assert_eq!(text.parse(), Ok(termination.clone()), "{text}");
            assert!(text.starts_with(termination.tag_value()));
        }
        let forfeit = Termination::Forfeit {
            loser: Seat::Red,
            reason: "timed out".to_owned(),
        };
        assert_eq!(forfeit.to_string(), "forfeit by Red: timed out");
        for bad in [
            "",
            "Normal",
            "forfeit",
            "forfeit by red",
            "forfeit by Red: ",
            "resignation by",
            "draw",
        ] {
            assert_eq!(
                bad.parse::<Termination>(),
                Err(ParseTerminationError(bad.to_owned())),
                "{bad}"
            );
        }
    }
}
