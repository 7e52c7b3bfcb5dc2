//! A game: rules, the position, the moves played (with undo) and the result.

use std::fmt;

use halma_core::{Move, MoveList, Position, Seat};
use thiserror::Error;

use crate::notation::{MoveError, Path};
use crate::Rules;

/// Most moves a game keeps: far beyond any real game, small enough that no
/// input can make a game grow without bound.
pub const MAX_GAME_MOVES: usize = 100_000;

/// Where a game stands.
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

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move is not legal in the current position.
    #[error("{0:?} is not a legal move here")]
    Illegal(Move),
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
        Game::from_position(rules, start)
    }

    /// A game from a position checked against `rules` (see [`Rules::position`]).
    pub fn from_position(rules: Rules, start: Position) -> Game {
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

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if !self.rules.is_legal(&self.position, mv) {
            return Err(PlayError::Illegal(mv));
        }
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
        self.position.make_move(mv);
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
    pub fn move_to_string(&self, mv: Move) -> String {
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
                let text = self.rules.move_to_string(&position, mv);
                position.make_move(mv);
                text
            })
            .collect()
    }
}
