//! Position strings and the unchecked [`Setup`] they describe.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Bitboard, Geometry, Seat, Square};

/// Longest position string read: a 16x16 board needs at most 16 * 17 + 2 characters.
pub const MAX_POSITION_STRING_LEN: usize = 16 * 17 + 2;

/// A board as a position string describes it, not yet checked against any
/// rules: the size, the pieces of each seat, and the side to move.
///
/// `FromStr` reads the position string of the rule book (section 6) and
/// `Display` writes it; the two round-trip.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    geometry: Geometry,
    pieces: [Bitboard; 4],
    to_move: Seat,
}

impl Setup {
    /// A setup from its parts (pieces outside the board are kept, and
    /// rejected when the setup becomes a position).
    pub fn new(geometry: Geometry, pieces: [Bitboard; 4], to_move: Seat) -> Setup {
        Setup {
            geometry,
            pieces,
            to_move,
        }
    }

    /// The board size.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The squares of `seat`'s pieces.
    pub fn pieces(&self, seat: Seat) -> Bitboard {
        self.pieces[seat.index()]
    }

    /// The side to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seat on `square`, if any (the first in turn order if several claim it).
    pub fn piece_at(&self, square: Square) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&s| self.pieces(s).contains(square))
    }
}

/// What is wrong with a position string, and where (`at` is the 0-based
/// character offset in the string).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseSetupError {
    /// The string is longer than any board needs.
    #[error("position string too long: {len} characters, at most {MAX_POSITION_STRING_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// No ` <side>` part.
    #[error(
        "position string has no side to move: expected the rows, one space, then r, g, b or y"
    )]
    MissingSideToMove,
    /// The side to move is not one seat letter.
    #[error("bad side to move `{}` at character {at}: expected r, g, b or y", crate::quote(.found))]
    BadSideToMove {
        /// What was found.
        found: String,
        /// Where it starts.
        at: usize,
    },
    /// A character that is neither a seat letter, a digit nor `/`.
    #[error("unexpected character `{}` at character {at}: rows hold r, g, b, y and counts of empty squares", crate::quote(.found.encode_utf8(&mut [0; 4])))]
    UnexpectedCharacter {
        /// The character.
        found: char,
        /// Where.
        at: usize,
    },
    /// A count of empty squares that is zero or has a leading zero.
    #[error("bad empty-square count at character {at}: counts are positive, without leading zero")]
    BadCount {
        /// Where the count starts.
        at: usize,
    },
    /// A row with nothing in it.
    #[error("row {row} (from the north) is empty at character {at}")]
    EmptyRow {
        /// 1-based row number counted from the north.
        row: usize,
        /// Where it should start.
        at: usize,
    },
    /// A row whose squares do not add up to the first row's width.
    #[error("row {row} (from the north) has {found} squares at character {at}, but the board is {width} wide")]
    RowWidth {
        /// 1-based row number counted from the north.
        row: usize,
        /// Squares found.
        found: usize,
        /// Width of the first row.
        width: usize,
        /// Where the row starts.
        at: usize,
    },
    /// A row wider than 16 squares.
    #[error("row {row} (from the north) is wider than 16 squares at character {at}")]
    TooWide {
        /// 1-based row number counted from the north.
        row: usize,
        /// Where the row starts.
        at: usize,
    },
    /// More than 16 rows.
    #[error("more than 16 rows (at character {at})")]
    TooManyRows {
        /// Where the 17th row starts.
        at: usize,
    },
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        if s.len() > MAX_POSITION_STRING_LEN {
            return Err(ParseSetupError::TooLong { len: s.len() });
        }
        let (board, side) = s
            .split_once(' ')
            .ok_or(ParseSetupError::MissingSideToMove)?;
        let side_at = board.len() + 1;
        let mut side_chars = side.chars();
        let to_move = match (
            side_chars.next().and_then(Seat::from_letter),
            side_chars.next(),
        ) {
            (Some(seat), None) => seat,
            _ => {
                return Err(ParseSetupError::BadSideToMove {
                    found: side.to_owned(),
                    at: side_at,
                })
            }
        };

        // Rows are read north to south into (file, row-from-north) cells.
        let mut cells: Vec<(u8, usize, Seat)> = Vec::new();
        let mut width: Option<usize> = None;
        let mut rows = 0usize;
        let mut at = 0usize;
        for row_text in board.split('/') {
            rows += 1;
            if rows > 16 {
                return Err(ParseSetupError::TooManyRows { at });
            }
            if row_text.is_empty() {
                return Err(ParseSetupError::EmptyRow { row: rows, at });
            }
            let row_start = at;
            let mut file = 0usize;
            let bytes = row_text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let c = bytes[i];
                if let Some(seat) = Seat::from_letter(c as char) {
                    if file < 16 {
                        cells.push((file as u8, rows - 1, seat));
                    }
                    file += 1;
                    i += 1;
                } else if c.is_ascii_digit() {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let digits = &row_text[start..i];
                    if digits.starts_with('0') || digits.len() > 2 {
                        return Err(ParseSetupError::BadCount {
                            at: row_start + start,
                        });
                    }
                    file += digits.parse::<usize>().expect("one or two digits");
                } else {
                    let found = row_text[i..].chars().next().expect("not at the end");
                    return Err(ParseSetupError::UnexpectedCharacter {
                        found,
                        at: row_start + i,
                    });
                }
                if file > 16 {
                    return Err(ParseSetupError::TooWide {
                        row: rows,
                        at: row_start,
                    });
                }
            }
            match width {
                None => width = Some(file),
                Some(w) if w != file => {
                    return Err(ParseSetupError::RowWidth {
                        row: rows,
                        found: file,
                        width: w,
                        at: row_start,
                    })
                }
                Some(_) => {}
            }
            at += row_text.len() + 1;
        }
        let width = width.expect("split yields at least one row");
        let geometry = Geometry::new(width as u8, rows as u8).expect("1..=16 checked above");
        let mut pieces = [Bitboard::EMPTY; 4];
        for (file, row_from_north, seat) in cells {
            let rank = (rows - 1 - row_from_north) as u8;
            pieces[seat.index()].insert(Square::new(file, rank).expect("within 16x16"));
        }
        Ok(Setup {
            geometry,
            pieces,
            to_move,
        })
    }
}

impl fmt::Display for Setup {
    /// The position string: rows north to south, `/`-separated, then a space and the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.geometry.height()).rev() {
            let mut empty_run = 0;
            for file in 0..self.geometry.width() {
                let square = Square::new(file, rank).expect("within 16x16");
                match self.piece_at(square) {
                    Some(seat) => {
                        if empty_run > 0 {
                            write!(f, "{empty_run}")?;
                            empty_run = 0;
                        }
                        write!(f, "{}", seat.letter())?;
                    }
                    None => empty_run += 1,
                }
            }
            if empty_run > 0 {
                write!(f, "{empty_run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.to_move.letter())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "rrrrr11/rrrrr11/rrrr12/rrr13/rr14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb r";

    #[test]
    fn halma_start_round_trips() {
        let setup: Setup = START.parse().unwrap();
        assert_eq!(setup.to_string(), START);
        assert_eq!(setup.geometry().width(), 16);
        assert_eq!(setup.pieces(Seat::Red).count(), 19);
        assert_eq!(setup.pieces(Seat::Blue).count(), 19);
        assert_eq!(setup.piece_at("a16".parse().unwrap()), Some(Seat::Red));
        assert_eq!(setup.piece_at("p1".parse().unwrap()), Some(Seat::Blue));
        assert_eq!(setup.to_move(), Seat::Red);
    }

    #[test]
    fn small_and_odd_boards_read() {
        let setup: Setup = "r2/3/1gb y".parse().unwrap();
        assert_eq!(
            (setup.geometry().width(), setup.geometry().height()),
            (3, 3)
        );
        assert_eq!(setup.piece_at("a3".parse().unwrap()), Some(Seat::Red));
        assert_eq!(setup.piece_at("c1".parse().unwrap()), Some(Seat::Blue));
        assert_eq!(setup.to_string(), "r2/3/1gb y");
    }

    #[test]
    fn every_error_names_what_and_where() {
        let cases: [(&str, ParseSetupError, &str); 10] = [
            ("8/8", ParseSetupError::MissingSideToMove, "position string has no side to move: expected the rows, one space, then r, g, b or y"),
            ("8/8 x", ParseSetupError::BadSideToMove { found: "x".into(), at: 4 }, "bad side to move `x` at character 4: expected r, g, b or y"),
            ("8/8 rb", ParseSetupError::BadSideToMove { found: "rb".into(), at: 4 }, "bad side to move `rb` at character 4: expected r, g, b or y"),
            ("8/7z r", ParseSetupError::UnexpectedCharacter { found: 'z', at: 3 }, "unexpected character `z` at character 3: rows hold r, g, b, y and counts of empty squares"),
            ("8/08 r", ParseSetupError::BadCount { at: 2 }, "bad empty-square count at character 2: counts are positive, without leading zero"),
            ("8//8 r", ParseSetupError::EmptyRow { row: 2, at: 2 }, "row 2 (from the north) is empty at character 2"),
            ("8/7 r", ParseSetupError::RowWidth { row: 2, found: 7, width: 8, at: 2 }, "row 2 (from the north) has 7 squares at character 2, but the board is 8 wide"),
            ("9/9r8 r", ParseSetupError::TooWide { row: 2, at: 2 }, "row 2 (from the north) is wider than 16 squares at character 2"),
            ("1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1 r", ParseSetupError::TooManyRows { at: 32 }, "more than 16 rows (at character 32)"),
            ("8/8  r", ParseSetupError::BadSideToMove { found: " r".into(), at: 4 }, "bad side to move ` r` at character 4: expected r, g, b or y"),
        ];
        for (text, error, message) in cases {
            let got = text.parse::<Setup>().unwrap_err();
            assert_eq!(got, error, "{text}");
            assert_eq!(got.to_string(), message, "{text}");
        }
        let long = "1".repeat(MAX_POSITION_STRING_LEN + 1);
        assert_eq!(
            long.parse::<Setup>().unwrap_err().to_string(),
            format!(
                "position string too long: {} characters, at most 274",
                MAX_POSITION_STRING_LEN + 1
            )
        );
    }

    #[test]
    fn multibyte_garbage_is_an_error_not_a_panic() {
        assert!(matches!(
            "8/7é r".parse::<Setup>(),
            Err(ParseSetupError::UnexpectedCharacter { found: 'é', at: 3 })
        ));
        assert!("é".parse::<Setup>().is_err());
        assert!(" r".parse::<Setup>().is_err());
    }
}
