//! Moves written and read as paths (section 6 of the rule book).

use std::fmt;

use halma_core::{Bitboard, Direction, Move, MoveKind, ParseSquareError, Position, Seat, Square};
use thiserror::Error;

use crate::Rules;

/// Longest move text read: a path visits each of the 64 squares of one parity class at most once.
pub const MAX_MOVE_TEXT_LEN: usize = 65 * 4;

/// The squares a move visits, origin first; written joined by `-`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path(pub Vec<Square>);

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

/// Why one segment of a written path is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SegmentError {
    /// The landing square is beyond the board's edge.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// The two squares are not on one straight line.
    #[error("the segment is bent: its squares are not on one line")]
    Bent,
    /// The landing square is occupied.
    #[error("the landing square {0} is occupied")]
    OccupiedLanding(Square),
    /// The landing square was already landed on in this move.
    #[error("the piece already landed on {0} in this move")]
    Revisited(Square),
    /// The segment lands back on the origin.
    #[error("the piece may not land on its origin {0}")]
    LandsOnOrigin(Square),
    /// No piece at the midpoint to jump over.
    #[error("there is no piece on {0} to jump over")]
    NoPieceToJump(Square),
    /// An odd distance longer than a step: no midpoint square.
    #[error("a segment of {0} squares is neither a step nor a jump (a jump's length is even)")]
    OddLength(u8),
    /// A jump longer than two squares without long jumps.
    #[error("a jump over {0} squares needs long-jumps, which are off")]
    LongJumpsOff(u8),
    /// A long jump whose stretch is not empty.
    #[error("{0} lies between the origin and the landing of a long jump but is not empty")]
    StretchBlocked(Square),
    /// A step after or before jumps.
    #[error("a step cannot be combined with jumps in one move")]
    StepInSequence,
    /// camp-lock: the segment leaves the mover's target camp.
    #[error("the segment leaves the target camp from {0}, which camp-lock forbids")]
    LeavesCamp(Square),
}

/// Why a move text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is empty.
    #[error("empty move: expected a path like e4-e5 or c3-e5-g5, or pass")]
    Empty,
    /// The text is longer than any move.
    #[error("move text too long: {len} characters, at most {MAX_MOVE_TEXT_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The game is over: there are no legal moves.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// `pass` while there is another move.
    #[error("pass is only legal when the side to move has no other move")]
    PassNotAllowed,
    /// A path item is not a square.
    #[error("square {index} of the path: {source}")]
    BadSquare {
        /// 1-based index of the square in the path.
        index: usize,
        /// Why it is not a square.
        source: ParseSquareError,
    },
    /// A path of one square.
    #[error("a move needs at least two squares joined by `-`")]
    TooShort,
    /// The origin is outside the board.
    #[error("the origin {0} is off the board")]
    OriginOffBoard(Square),
    /// No piece on the origin.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the origin is not the side to move's.
    #[error("{square} holds a piece of {owner}, but {to_move} is to move")]
    NotYourPiece {
        /// The origin.
        square: Square,
        /// Whose piece stands there.
        owner: Seat,
        /// The side to move.
        to_move: Seat,
    },
    /// A segment of the path is illegal.
    #[error("segment {index} ({from}-{to}): {reason}")]
    Segment {
        /// 1-based segment index.
        index: usize,
        /// Where the segment starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Why it is illegal.
        reason: SegmentError,
    },
}

impl Rules {
    /// The path written for `mv` (fewest segments, then smallest segments by
    /// direction and length), or `None` if `mv` is not a move of this position.
    pub fn move_path(&self, position: &Position, mv: Move) -> Option<Path> {
        if mv.is_pass() {
            return None;
        }
        if !position.pieces(position.to_move()).contains(mv.from()) {
            return None;
        }
        let generator = self.move_generator(position);
        generator
            .path(mv.from(), mv.to(), mv.kind() == MoveKind::Swap)
            .map(Path)
    }

    /// The notation of `mv`: its path, or `pass`.
    ///
    /// # Panics
    /// When `mv` is not a legal move of `position`.
    pub fn move_to_string(&self, position: &Position, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".to_owned();
        }
        self.move_path(position, mv)
            .unwrap_or_else(|| panic!("{mv:?} is not a move of {position}"))
            .to_string()
    }

    /// Reads a move: a path whose every segment is legal, two squares naming a
    /// legal move's origin and destination, or `pass` when it is the only move.
    pub fn parse_move(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        if text.is_empty() {
            return Err(MoveError::Empty);
        }
        if text.len() > MAX_MOVE_TEXT_LEN {
            return Err(MoveError::TooLong { len: text.len() });
        }
        if self.is_finished(position) {
            return Err(MoveError::GameOver);
        }
        let legal = self.legal_moves(position);
        if text == "pass" {
            return if legal == [Move::PASS] {
                Ok(Move::PASS)
            } else {
                Err(MoveError::PassNotAllowed)
            };
        }
        let squares = text
            .split('-')
            .enumerate()
            .map(|(i, item)| {
                item.parse::<Square>()
                    .map_err(|source| MoveError::BadSquare {
                        index: i + 1,
                        source,
                    })
            })
            .collect::<Result<Vec<Square>, MoveError>>()?;
        if squares.len() < 2 {
            return Err(MoveError::TooShort);
        }
        let checked = self.check_path(position, &squares);
        if checked.is_err() && squares.len() == 2 {
            // Origin and destination of a legal move, whatever path they imply.
            if let Some(mv) = legal
                .iter()
                .find(|m| m.from() == squares[0] && m.to() == squares[1])
            {
                return Ok(*mv);
            }
        }
        let mv = checked?;
        debug_assert!(legal.contains(&mv), "a checked path is a legal move");
        Ok(mv)
    }

    /// Checks a path segment by segment with plain square arithmetic, so
    /// that the error can say which segment is wrong and why.
    fn check_path(&self, position: &Position, squares: &[Square]) -> Result<Move, MoveError> {
        let geometry = self.geometry();
        let mover = position.to_move();
        let origin = squares[0];
        if !geometry.contains(origin) {
            return Err(MoveError::OriginOffBoard(origin));
        }
        match position.piece_at(origin) {
            None => return Err(MoveError::NoPiece(origin)),
            Some(owner) if owner != mover => {
                return Err(MoveError::NotYourPiece {
                    square: origin,
                    owner,
                    to_move: mover,
                })
            }
            Some(_) => {}
        }
        let constraints = self.constraints(position);
        // While the piece moves, its origin counts as empty.
        let occupied = position.occupied() - Bitboard::from_square(origin);
        let segments = squares.len() - 1;
        let mut landed = Bitboard::from_square(origin);
        let mut kind = MoveKind::Jump;
        for (i, pair) in squares.windows(2).enumerate() {
            let (from, to) = (pair[0], pair[1]);
            let fail = |reason| MoveError::Segment {
                index: i + 1,
                from,
                to,
                reason,
            };
            if !geometry.contains(to) {
                return Err(fail(SegmentError::OffBoard(to)));
            }
            let (direction, length) =
                Direction::between(from, to).ok_or(fail(SegmentError::Bent))?;
            if length == 1 {
                if segments > 1 {
                    return Err(fail(SegmentError::StepInSequence));
                }
                kind = MoveKind::Step;
            } else if length % 2 == 1 {
                return Err(fail(SegmentError::OddLength(length)));
            } else {
                let half = length / 2;
                let jumped = from
                    .offset(direction, half)
                    .expect("between two board squares");
                if !occupied.contains(jumped) {
                    return Err(fail(SegmentError::NoPieceToJump(jumped)));
                }
                if half > 1 && !self.long_jumps() {
                    return Err(fail(SegmentError::LongJumpsOff(length)));
                }
                for distance in (1..length).filter(|&k| k != half) {
                    let between = from
                        .offset(direction, distance)
                        .expect("between two board squares");
                    if occupied.contains(between) {
                        return Err(fail(SegmentError::StretchBlocked(between)));
                    }
                }
            }
            if to == origin {
                return Err(fail(SegmentError::LandsOnOrigin(to)));
            }
            if landed.contains(to) {
                return Err(fail(SegmentError::Revisited(to)));
            }
            if occupied.contains(to) {
                // Only the last landing of a swap may be occupied (spoil=swap).
                let swappable = i + 1 == segments
                    && constraints.swap_onto.contains(to)
                    && constraints.swap_from.contains(origin);
                if !swappable {
                    return Err(fail(SegmentError::OccupiedLanding(to)));
                }
                kind = MoveKind::Swap;
            }
            if constraints.lock.contains(from) && !constraints.lock.contains(to) {
                return Err(fail(SegmentError::LeavesCamp(from)));
            }
            landed.insert(to);
        }
        Ok(Move::new(
            origin,
            *squares.last().expect("two squares or more"),
            kind,
        ))
    }
}
