//! Moves written and read as paths (section 6 of the rule book).

use std::fmt;

use halma_core::{
    Bitboard, Direction, Move, MoveKind, ParseSquareError, PathRules, Position, Square,
};
use thiserror::Error;

use crate::check::IllegalReason;
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
#[non_exhaustive]
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
    /// home-lock: the segment comes back into the mover's home camp.
    #[error("the segment lands in the home camp on {0} from outside it, which home-lock forbids")]
    EntersHomeCamp(Square),
    /// forced-exit: the move does not begin with a forced segment while one
    /// is due.
    #[error(
        "a forced exit is due: the move must begin with a forward jump from the home camp over another seat's piece (forced-exit)"
    )]
    NotForcedExit,
    /// jump-continue: the sequence stops where it could go on.
    #[error("the sequence stops on {at} but could jump on to {next}, which jump-continue forbids")]
    StopsEarly {
        /// Where the sequence stops.
        at: Square,
        /// A square a further segment could land on.
        next: Square,
    },
}

/// Why a move text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
        #[source]
        reason: SegmentError,
    },
    /// The move is not legal, for a reason of the legality contract
    /// ([`Rules::check_move`]): the game is over, `pass` while another move
    /// exists, the origin is off the board, empty or another seat's; or a
    /// path whose every segment is possible makes an illegal move.
    #[error("{0}")]
    Illegal(#[source] IllegalReason),
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
    ///
    /// The move read is always legal: [`check_move`](Rules::check_move) has
    /// the last word (the segment-by-segment check only explains a bad path).
    /// No list of legal moves is built: only the moving piece's destinations.
    ///
    /// # Errors
    /// A [`MoveError`] naming the bad square, segment or legality reason.
    pub fn parse_move(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        if text.is_empty() {
            return Err(MoveError::Empty);
        }
        if text.len() > MAX_MOVE_TEXT_LEN {
            return Err(MoveError::TooLong { len: text.len() });
        }
        if self.is_finished(position) {
            return Err(MoveError::Illegal(IllegalReason::GameOver));
        }
        if text == "pass" {
            self.check_move(position, Move::PASS)
                .map_err(MoveError::Illegal)?;
            return Ok(Move::PASS);
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
            if let Some(mv) = self.find_move(position, squares[0], squares[1]) {
                return Ok(mv);
            }
        }
        // The segment check explains a bad path; the legality contract has
        // the last word on a good one.
        let mv = checked?;
        self.check_move(position, mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }

    /// Checks a path segment by segment with plain square arithmetic, so
    /// that the error can say which segment is wrong and why.
    fn check_path(&self, position: &Position, squares: &[Square]) -> Result<Move, MoveError> {
        let geometry = self.geometry();
        let origin = squares[0];
        self.check_origin(position, origin)
            .map_err(MoveError::Illegal)?;
        let constraints = self.constraints(position);
        let generator = self.move_generator(position);
        let path = generator.path_rules();
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
            if !path.home_lock.contains(from) && path.home_lock.contains(to) {
                return Err(fail(SegmentError::EntersHomeCamp(to)));
            }
            if i == 0 && generator.forced() && !is_forced_segment(path, from, to) {
                return Err(fail(SegmentError::NotForcedExit));
            }
            landed.insert(to);
            if i + 1 == segments && kind == MoveKind::Jump && path.jump_continue {
                if let Some(next) = generator.continuation(origin, to, landed) {
                    return Err(fail(SegmentError::StopsEarly { at: to, next }));
                }
            }
        }
        Ok(Move::new(
            origin,
            *squares.last().expect("two squares or more"),
            kind,
        ))
    }
}

/// Whether the jump from `from` to `to` (checked as a jump: on a line, even
/// length, a piece at its midpoint) is a forced segment as `path` says
/// (forced-exit): it starts on one of the mover's pieces in its home camp,
/// goes forward and passes over another seat's piece.
fn is_forced_segment(path: &PathRules, from: Square, to: Square) -> bool {
    let Some((direction, length)) = Direction::between(from, to) else {
        return false;
    };
    length % 2 == 0
        && path.forced_from.contains(from)
        && path.forward.contains(direction)
        && from
            .offset(direction, length / 2)
            .is_some_and(|jumped| path.foreign.contains(jumped))
}
