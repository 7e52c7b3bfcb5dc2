//! A game: rules, the position, the moves played (with undo) and the result.

use std::fmt;

use std::str::FromStr;

use halma_core::{quote, Move, MoveList, Position, Seat, Setup};
use thiserror::Error;

use crate::check::IllegalReason;
use crate::notation::{MoveError, Path};
use crate::{PositionError, Rules};

/// Most moves a game keeps: far beyond any real game, small enough that no
/// input can make a game grow without bound.
pub const MAX_GAME_MOVES: usize = 100_000;

/// Where a game stands. `Display` writes `*` or the winner's name (the
/// `Result` tag of a record), and `FromStr` reads exactly that back.
///
/// Not `#[non_exhaustive]`: a draw or a forfeit is a [`Termination`](crate::Termination),
/// not a state of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Moves remain to be played.
    Ongoing,
    /// The seat met its winning condition first; the game is over.
    Won(Seat),
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("*"),
            GameResult::Won(seat) => f.write_str(seat.name()),
        }
    }
}

/// A text that is not a [`GameResult`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{}` is not a game result: expected * or Red, Green, Blue, Yellow", quote(.text))]
pub struct ParseGameResultError {
    /// The text read (at most its first 32 characters).
    pub text: String,
}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    /// `*` or a seat's name as `Display` writes it (`Red`): the strict form
    /// of a record's `Result` tag.
    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        if text == "*" {
            return Ok(GameResult::Ongoing);
        }
        Seat::ALL
            .into_iter()
            .find(|seat| seat.name() == text)
            .map(GameResult::Won)
            .ok_or_else(|| ParseGameResultError {
                text: text.chars().take(32).collect(),
            })
    }
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not legal in the current position (the
    /// [`source`](std::error::Error::source) is the reason).
    #[error("{mv} is not a legal move here")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why not.
        #[source]
        reason: IllegalReason,
    },
    /// The move text does not name a legal move.
    #[error(transparent)]
    Notation(#[from] MoveError),
    /// The game already holds [`MAX_GAME_MOVES`] moves.
    #[error("the game already has {MAX_GAME_MOVES} moves, the most a game keeps")]
    TooLong,
}

/// A game of Halma: rules, start position, moves played and the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    result: GameResult,
}

impl Game {
    /// A game from the preset's start position.
    pub fn new(rules: Rules) -> Game {
        let start = rules.start_position();
        Game::from_checked(rules, start)
    }

    /// A game from a setup, checked against `rules` (see [`Rules::position`]).
    ///
    /// # Errors
    /// The [`PositionError`] saying why the setup is not a position under `rules`.
    pub fn from_setup(rules: Rules, setup: &Setup) -> Result<Game, PositionError> {
        let start = rules.position(setup)?;
        Ok(Game::from_checked(rules, start))
    }

    /// A game from a position, checked against `rules` (see
    /// [`Rules::check_position`]): a position of another board size, piece
    /// count or seat set is refused, so that the game's record reads back.
    ///
    /// # Errors
    /// The [`PositionError`] saying why the position is not one of `rules`.
    pub fn from_position(rules: Rules, start: Position) -> Result<Game, PositionError> {
        rules.check_position(&start)?;
        Ok(Game::from_checked(rules, start))
    }

    /// A game from a position known to be valid under `rules`.
    fn from_checked(rules: Rules, start: Position) -> Game {
        let result = match rules.winner(&start) {
            Some(seat) => GameResult::Won(seat),
            None => GameResult::Ongoing,
        };
        Game {
            position: start.clone(),
            start,
            rules,
            moves: Vec::new(),
            result,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    pub fn to_move(&self) -> Seat {
        self.position.to_move()
    }

    /// Ongoing, or won by a seat.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result != GameResult::Ongoing
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        self.rules.legal_moves(&self.position)
    }

    /// Plays a legal move (checked by [`Rules::check_move`]). There is no
    /// unchecked variant: a game holds only legal moves, which is what makes
    /// its record read back; fast play without checks is
    /// [`Position::make_move_unchecked`] on a bare position.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the reason, or [`PlayError::TooLong`].
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.rules
            .check_move(&self.position, mv)
            .map_err(|reason| PlayError::Illegal { mv, reason })?;
        self.push(mv)
    }

    /// Reads a move in notation (see [`Rules::parse_move`]) and plays it.
    pub fn play_str(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.rules.parse_move(&self.position, text)?;
        self.push(mv)?;
        Ok(mv)
    }

    fn push(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.moves.len() >= MAX_GAME_MOVES {
            return Err(PlayError::TooLong);
        }
        // Checked legal by the caller.
        self.position.make_move_unchecked(mv);
        self.moves.push(mv);
        self.update_result();
        Ok(())
    }

    /// Takes back the last move; `None` when no move was played.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.position.unmake_move(mv);
        self.update_result();
        Some(mv)
    }

    fn update_result(&mut self) {
        self.result = match self.rules.winner(&self.position) {
            Some(seat) => GameResult::Won(seat),
            None => GameResult::Ongoing,
        };
    }

    /// The notation of a legal move in the current position.
    ///
    /// # Errors
    /// Why `mv` is not a legal move now ([`Rules::move_to_string`]).
    pub fn move_to_string(&self, mv: Move) -> Result<String, IllegalReason> {
        self.rules.move_to_string(&self.position, mv)
    }

    /// The path of a legal move in the current position.
    pub fn move_path(&self, mv: Move) -> Option<Path> {
        self.rules.move_path(&self.position, mv)
    }

    /// The moves played, in notation, each written in the position it was played in.
    pub fn move_texts(&self) -> Vec<String> {
        let mut position = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let text = self
                    .rules
                    .move_to_string(&position, mv)
                    .expect("a game holds only moves legal where they were played");
                position.make_move_unchecked(mv);
                text
            })
            .collect()
    }
}
