//! The errors every entry point returns instead of panicking: a kind, which
//! names the JavaScript class the package throws, and the library's message.

use halma_engine::ConfigError;
use halma_rules::{
    ErrorChain, Game, IllegalReason, MoveError, ParseRulesError, PerftError, PerftTableError,
    PlayError, PositionError, RecordError, TagError,
};
use wasm_bindgen::JsValue;

/// What kind of refusal a [`Failure`] is; each is one JavaScript class of
/// the package (`bindings/js/src/errors.js`), whose name it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// An argument of the wrong JavaScript type (JavaScript's `TypeError`).
    Type,
    /// An argument out of the range or set the library accepts: a number
    /// (negative, not an integer, too large), a tag name, a square or seat
    /// name, a thread count on a platform without threads.
    InvalidArgument,
    /// The rules string is not valid.
    InvalidRules,
    /// The position string is malformed or not a position under the rules.
    InvalidPosition,
    /// The move is malformed or not legal in the position.
    IllegalMove,
    /// The game is over: no move can be played or searched.
    GameOver,
    /// No move was played.
    NothingToUndo,
    /// The game already holds the most moves a game keeps.
    GameTooLong,
    /// The game record cannot be read.
    InvalidRecord,
}

impl FailureKind {
    /// The name of the JavaScript class the package throws for this kind
    /// (the `name` of the error).
    pub fn class_name(self) -> &'static str {
        match self {
            FailureKind::Type => "TypeError",
            FailureKind::InvalidArgument => "InvalidArgumentError",
            FailureKind::InvalidRules => "InvalidRulesError",
            FailureKind::InvalidPosition => "InvalidPositionError",
            FailureKind::IllegalMove => "IllegalMoveError",
            FailureKind::GameOver => "GameOverError",
            FailureKind::NothingToUndo => "NothingToUndoError",
            FailureKind::GameTooLong => "GameTooLongError",
            FailureKind::InvalidRecord => "InvalidRecordError",
        }
    }
}

/// A refused call: its kind and the message shown to the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which class of error.
    pub kind: FailureKind,
    /// What is wrong and where, in the library's words.
    pub message: String,
}

impl Failure {
    /// A failure of `kind` saying `message`.
    pub fn new(kind: FailureKind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
        }
    }

    /// An [`FailureKind::InvalidArgument`] failure.
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure::new(FailureKind::InvalidArgument, message)
    }

    /// The failure of any move once `game` is over.
    pub fn game_over(game: &Game) -> Failure {
        Failure::new(
            FailureKind::GameOver,
            format!(
                "the game is over ({} won): no move can be played",
                game.result()
            ),
        )
    }

    /// The failure of a move text that does not name a legal move of `game`.
    pub fn of_move(game: &Game, error: MoveError) -> Failure {
        match error {
            MoveError::Illegal(IllegalReason::GameOver) => Failure::game_over(game),
            other => Failure::new(FailureKind::IllegalMove, other.to_string()),
        }
    }

    /// The failure of a move `game` could not play.
    pub fn of_play(game: &Game, error: PlayError) -> Failure {
        match error {
            PlayError::Notation(error) => Failure::of_move(game, error),
            PlayError::Illegal {
                reason: IllegalReason::GameOver,
                ..
            } => Failure::game_over(game),
            PlayError::TooLong => Failure::new(FailureKind::GameTooLong, error.to_string()),
            other => Failure::new(FailureKind::IllegalMove, ErrorChain(&other).to_string()),
        }
    }
}

impl From<ParseRulesError> for Failure {
    fn from(error: ParseRulesError) -> Failure {
        Failure::new(FailureKind::InvalidRules, error.to_string())
    }
}

impl From<PositionError> for Failure {
    fn from(error: PositionError) -> Failure {
        Failure::new(FailureKind::InvalidPosition, error.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(error: RecordError) -> Failure {
        Failure::new(FailureKind::InvalidRecord, ErrorChain(&error).to_string())
    }
}

impl From<TagError> for Failure {
    fn from(error: TagError) -> Failure {
        Failure::invalid(error.to_string())
    }
}

impl From<PerftError> for Failure {
    fn from(error: PerftError) -> Failure {
        Failure::invalid(error.to_string())
    }
}

impl From<PerftTableError> for Failure {
    fn from(error: PerftTableError) -> Failure {
        Failure::invalid(error.to_string())
    }
}

impl From<ConfigError> for Failure {
    fn from(error: ConfigError) -> Failure {
        Failure::invalid(error.to_string())
    }
}

impl From<Failure> for JsValue {
    /// A JavaScript `Error` whose `name` is the kind's class name; the
    /// package's wrapper turns it into an instance of that class.
    fn from(failure: Failure) -> JsValue {
        let error = js_sys::Error::new(&failure.message);
        error.set_name(failure.kind.class_name());
        error.into()
    }
}
