//! The file interface of the 16x16 Halma agents written for a university
//! homework (USC's CSCI 561, 2019-2020), so that other people's programs can
//! play the engine (`docs/agents.md`).
//!
//! Such an agent runs in a directory holding `input.txt`: `SINGLE` or
//! `GAME`, then `BLACK` or `WHITE` (the side it plays, which is to move),
//! the play time it has left in seconds, and the 16 rows of the board from
//! the top, `B`, `W` or `.` each square. It writes its move to `output.txt`:
//! one line `E x1,y1 x2,y2` for a step, or one `J x1,y1 x2,y2` line per jump
//! of a chain, `x` the column and `y` the row, from 0 at the top left.
//!
//! BLACK's camp is the top-left corner and BLACK moves first: BLACK is Red
//! (north-west, first to move) and WHITE is Blue. Column `x` is file `x`
//! (`a` = 0) and row `y` is rank `15 - y` (row 16 at the top): no mirror.

use std::fmt;

pub mod runner;

use halma_core::{Move, Position, Seat, Square};
use halma_rules::{MoveError, Path, Rules};

/// The side to move of a homework agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// `BLACK`: the top-left camp, first to move (Red).
    Black,
    /// `WHITE`: the bottom-right camp (Blue).
    White,
}

impl Colour {
    /// The colour of `seat`, or `None` for a seat the homework has no colour for.
    pub fn of(seat: Seat) -> Option<Colour> {
        match seat {
            Seat::Red => Some(Colour::Black),
            Seat::Blue => Some(Colour::White),
            _ => None,
        }
    }

    /// The seat playing this colour.
    pub fn seat(self) -> Seat {
        match self {
            Colour::Black => Seat::Red,
            Colour::White => Seat::Blue,
        }
    }

    /// The board letter of the colour's pieces.
    fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "BLACK",
            Colour::White => "WHITE",
        })
    }
}

/// Line 1 of `input.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `SINGLE`: one move, which may use all of the time left.
    Single,
    /// `GAME`: a move of a whole game played on the time left.
    Game,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Single => "SINGLE",
            Mode::Game => "GAME",
        })
    }
}

/// Why a position cannot be given to a homework agent.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The rules are not two seats with 19-piece camps on the 16x16 board.
    #[error("rules {0}: a homework agent plays only Red and Blue with 19-piece camps on the 16x16 board")]
    Rules(String),
    /// The time left is negative, not a number or infinite.
    #[error("time left {0} s: expected a finite number of seconds, at least 0")]
    Time(f64),
}

/// Whether `rules` are rules a homework agent can play: the 16x16 board,
/// Red and Blue, 19 pieces each.
pub fn check_rules(rules: &Rules) -> Result<(), InputError> {
    let geometry = rules.geometry();
    let two_seats = rules.seats().len() == 2
        && rules.seats().contains(Seat::Red)
        && rules.seats().contains(Seat::Blue);
    if geometry.width() == 16 && geometry.height() == 16 && two_seats && rules.camp_size() == 19 {
        Ok(())
    } else {
        Err(InputError::Rules(rules.to_string()))
    }
}

/// The text of `input.txt` for the side to move of `position`, with
/// `time_left` seconds (written with at least one decimal, `300.0`, as the
/// homework's own inputs are).
pub fn input_text(
    rules: &Rules,
    position: &Position,
    mode: Mode,
    time_left: f64,
) -> Result<String, InputError> {
    check_rules(rules)?;
    if !time_left.is_finite() || time_left < 0.0 {
        return Err(InputError::Time(time_left));
    }
    let colour =
        Colour::of(position.to_move()).ok_or_else(|| InputError::Rules(rules.to_string()))?;
    let mut text = format!("{mode}\n{colour}\n{time_left:?}\n");
    for y in 0..16u8 {
        for x in 0..16u8 {
            let letter = square_of(x, y)
                .and_then(|square| position.piece_at(square))
                .and_then(Colour::of)
                .map_or('.', Colour::letter);
            text.push(letter);
        }
        text.push('\n');
    }
    Ok(text)
}

/// The square of the homework's column `x` and row `y` (0 at the top left).
pub fn square_of(x: u8, y: u8) -> Option<Square> {
    if y < 16 {
        Square::new(x, 15 - y)
    } else {
        None
    }
}

/// The homework's `x,y` of `square`.
pub fn coordinates_of(square: Square) -> (u8, u8) {
    (square.file(), 15 - square.rank())
}

/// Why `output.txt` does not hold a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// No move line at all.
    #[error("output.txt holds no move")]
    Empty,
    /// A line is not `E x1,y1 x2,y2` or `J x1,y1 x2,y2` with coordinates 0 to 15.
    #[error("output.txt line {line}: `{text}` is not `E x1,y1 x2,y2` or `J x1,y1 x2,y2` with x, y from 0 to 15")]
    BadLine {
        /// 1-based line number.
        line: usize,
        /// The line, quoted and cut.
        text: String,
    },
    /// A step line together with other lines, or steps and jumps mixed.
    #[error("output.txt line {line}: a step (`E`) must be the only line")]
    StepNotAlone {
        /// 1-based line number of the step or of the line after it.
        line: usize,
    },
    /// A jump does not start where the previous one landed.
    #[error(
        "output.txt line {line}: the jump starts at {x},{y}, not where the previous one landed"
    )]
    Broken {
        /// 1-based line number.
        line: usize,
        /// Its start column.
        x: u8,
        /// Its start row.
        y: u8,
    },
    /// A well-formed move that is not legal in the position.
    #[error("illegal move {path}: {source}")]
    Illegal {
        /// The move in the rule book's notation, as the agent wrote it.
        path: String,
        /// Why it is illegal.
        source: MoveError,
    },
}

/// The legal move that `text` (the contents of `output.txt`) names in
/// `position`. Blank lines and blanks around lines are ignored; anything
/// else that is not a move line, a chain that breaks and a move the rules
/// refuse are errors.
pub fn read_output(rules: &Rules, position: &Position, text: &str) -> Result<Move, OutputError> {
    let mut squares: Vec<Square> = Vec::new();
    let mut step_line = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if step_line.is_some() {
            return Err(OutputError::StepNotAlone { line });
        }
        let (kind, from, to) = parse_line(trimmed).ok_or_else(|| OutputError::BadLine {
            line,
            text: halma_rules::quote(trimmed).to_string(),
        })?;
        if kind == 'E' {
            if !squares.is_empty() {
                return Err(OutputError::StepNotAlone { line });
            }
            step_line = Some(line);
        }
        match squares.last() {
            None => squares.push(from),
            Some(&last) if last == from => {}
            Some(_) => {
                let (x, y) = coordinates_of(from);
                return Err(OutputError::Broken { line, x, y });
            }
        }
        squares.push(to);
    }
    if squares.is_empty() {
        return Err(OutputError::Empty);
    }
    let path = Path(squares);
    let illegal = |source| OutputError::Illegal {
        path: path.to_string(),
        source,
    };
    let mv = rules.check_path(position, &path).map_err(illegal)?;
    rules
        .check_move(position, mv)
        .map_err(|reason| illegal(MoveError::Illegal(reason)))?;
    Ok(mv)
}

/// `E x1,y1 x2,y2` or `J x1,y1 x2,y2`: the letter and the two squares.
fn parse_line(line: &str) -> Option<(char, Square, Square)> {
    let mut words = line.split_ascii_whitespace();
    let kind = match words.next()? {
        "E" => 'E',
        "J" => 'J',
        _ => return None,
    };
    let from = parse_square(words.next()?)?;
    let to = parse_square(words.next()?)?;
    words.next().is_none().then_some((kind, from, to))
}

/// `x,y` with each of 0 to 15 written in decimal digits.
fn parse_square(word: &str) -> Option<Square> {
    let (x, y) = word.split_once(',')?;
    let number = |text: &str| {
        (!text.is_empty() && text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u8>().ok())
            .flatten()
    };
    square_of(number(x)?, number(y)?)
}

/// The lines of `output.txt` an agent would write for `mv` in `position`:
/// the inverse of [`read_output`], for tests and fake agents.
pub fn output_text(rules: &Rules, position: &Position, mv: Move) -> Option<String> {
    let path = rules.move_path(position, mv)?;
    let kind = if path.0.len() == 2 && mv.kind() == halma_core::MoveKind::Step {
        'E'
    } else {
        'J'
    };
    let mut text = String::new();
    for pair in path.0.windows(2) {
        let ((x1, y1), (x2, y2)) = (coordinates_of(pair[0]), coordinates_of(pair[1]));
        text.push_str(&format!("{kind} {x1},{y1} {x2},{y2}\n"));
    }
    Some(text)
}

#[cfg(test)]
mod tests;
