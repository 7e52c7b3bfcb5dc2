//! Moves written and read as paths (section 6 of the rule book).
//!
//! Whether a written path is legal is the move generator's word: each
//! segment must be one of its segments ([`MoveGenerator::is_segment`])
//! landing where its searches land, so the notation can never refuse a
//! path the generator follows. The reason of a refused segment is worked
//! out afterwards, only to say why.

use std::fmt;

use halma_core::{quote, Bitboard, Direction, Move, MoveGenerator, MoveKind, Position, Square};
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
    /// The landing square is beyond the board's edge (a [`Path`] built in
    /// code: the squares of a move text are checked as it is read).
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
    /// The move generator has no such segment, for a reason none of the
    /// others names (the generator's segments are the rule: this one says
    /// the explanation fell short of them).
    #[error("no step or jump segment of these rules goes there")]
    NotASegment,
}

/// Why a move text is not a legal move.
///
/// Each message says the whole story (context and reason), so no variant
/// has a [`source`](std::error::Error::source): the reasons are fields.
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
    /// A path item is not a square of the board (of its width and height).
    #[error("{}", BadSquareText::of(*.index, .text, *.width, *.height))]
    BadSquare {
        /// 1-based index of the square in the path.
        index: usize,
        /// The item as written.
        text: String,
        /// The board's width: its columns are `a` and the letters after.
        width: u8,
        /// The board's height: its rows are 1 to it.
        height: u8,
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
        reason: SegmentError,
    },
    /// The move is not legal, for a reason of the legality contract
    /// ([`Rules::check_move`]): the game is over, `pass` while another move
    /// exists, the origin is empty or another seat's (or, in a [`Path`]
    /// built in code, off the board).
    #[error(transparent)]
    Illegal(IllegalReason),
}

/// The message of [`MoveError::BadSquare`]: it names this board's columns
/// and rows, not the largest board's.
struct BadSquareText<'a> {
    index: usize,
    text: &'a str,
    width: u8,
    height: u8,
}

impl<'a> BadSquareText<'a> {
    fn of(index: usize, text: &'a str, width: u8, height: u8) -> Self {
        BadSquareText {
            index,
            text,
            width,
            height,
        }
    }
}

impl fmt::Display for BadSquareText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self {
            index,
            text,
            width,
            height,
        } = *self;
        // A board is 1 to 16 wide: its last column is a letter.
        let last_column =
            char::from_u32(u32::from(b'a') + u32::from(width.max(1)) - 1).unwrap_or('?');
        if text.is_empty() {
            write!(f, "square {index} of the path is missing")?;
        } else {
            write!(
                f,
                "square {index} of the path: `{}` is not a square of the {width}x{height} board",
                quote(text)
            )?;
        }
        write!(
            f,
            ": a square is a column letter a-{last_column} followed by a row number 1-{height}"
        )
    }
}

impl Rules {
    /// The path written for `mv` (fewest segments, then smallest segments by
    /// direction and length), or `None` if `mv` is a pass or not a move of
    /// this position.
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

    /// The notation of the legal move `mv`: its path, or `pass`.
    ///
    /// # Errors
    /// Why `mv` is not a legal move of `position`, as
    /// [`check_move`](Rules::check_move) says.
    pub fn move_to_string(&self, position: &Position, mv: Move) -> Result<String, IllegalReason> {
        self.check_move(position, mv)?;
        if mv.is_pass() {
            return Ok("pass".to_owned());
        }
        self.move_path(position, mv)
            .map(|path| path.to_string())
            .ok_or(IllegalReason::NoSuchMove {
                from: mv.from(),
                to: mv.to(),
            })
    }

    /// Reads a move: a path whose every segment is legal, two squares naming a
    /// legal move's origin and destination, or `pass` when it is the only move.
    ///
    /// The move read is always legal: [`check_path`](Rules::check_path)
    /// follows the generator's segments, and
    /// [`check_move`](Rules::check_move) has the last word. No list of
    /// legal moves is built: only the moving piece's destinations.
    ///
    /// # Errors
    /// A [`MoveError`] naming the bad square (as a square of this board),
    /// segment or legality reason.
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
            .map(|(i, item)| self.board_square(i + 1, item))
            .collect::<Result<Vec<Square>, MoveError>>()?;
        if squares.len() < 2 {
            return Err(MoveError::TooShort);
        }
        let (origin, destination) = (squares[0], squares[squares.len() - 1]);
        let two_squares = squares.len() == 2;
        let checked = self.check_path(position, &Path(squares));
        if checked.is_err() && two_squares {
            // Origin and destination of a legal move, whatever path they imply.
            if let Some(mv) = self.find_move(position, origin, destination) {
                return Ok(mv);
            }
        }
        let mv = checked?;
        self.check_move(position, mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }

    /// The square named `item`, the `index`-th of a path, if it is a
    /// square of this board.
    fn board_square(&self, index: usize, item: &str) -> Result<Square, MoveError> {
        let geometry = self.geometry();
        item.parse::<Square>()
            .ok()
            .filter(|&square| geometry.contains(square))
            .ok_or_else(|| MoveError::BadSquare {
                index,
                text: item.to_owned(),
                width: geometry.width(),
                height: geometry.height(),
            })
    }

    /// Whether `path` is a legal path of a move in `position`, and if so
    /// the move it makes: a step, or jump segments each landing on an empty
    /// square not landed on yet (the last one, under spoil=swap, possibly
    /// on a swap square), every segment one the move generator follows
    /// ([`MoveGenerator::is_segment`]: the locks, long jumps and a due
    /// forced exit), and under jump-continue a sequence that may stop
    /// where it does. Exactly the paths of the legal moves pass.
    ///
    /// # Errors
    /// [`MoveError::TooShort`] for fewer than two squares,
    /// [`MoveError::Illegal`] when the game is over or the origin holds no
    /// piece of the side to move, otherwise [`MoveError::Segment`] with the
    /// first illegal segment and why.
    pub fn check_path(&self, position: &Position, path: &Path) -> Result<Move, MoveError> {
        let Some((&origin, landings)) = path.0.split_first().filter(|(_, rest)| !rest.is_empty())
        else {
            return Err(MoveError::TooShort);
        };
        if self.is_finished(position) {
            return Err(MoveError::Illegal(IllegalReason::GameOver));
        }
        self.check_origin(position, origin)
            .map_err(MoveError::Illegal)?;
        let generator = self.move_generator(position);
        let constraints = generator.constraints();
        let walk = Walk {
            position,
            generator: &generator,
            origin,
            segments: landings.len(),
        };
        let mut landed = Bitboard::from_square(origin);
        let mut kind = MoveKind::Jump;
        let mut from = origin;
        for (i, &to) in landings.iter().enumerate() {
            let last = i + 1 == walk.segments;
            let step = Direction::between(from, to).is_some_and(|(_, length)| length == 1);
            // Where the generator's searches land: empty squares not landed
            // on yet, and at the end of a path from a piece that may swap,
            // the swap squares.
            let mut landable = generator.empty() - landed;
            if last && constraints.swap_from.contains(origin) {
                landable |= constraints.swap_onto;
            }
            let legal = landable.contains(to)
                && (!step || walk.segments == 1)
                && generator.is_segment(origin, from, to);
            if !legal {
                return Err(walk.fail(i, from, to, walk.why_not(from, to, landed, last)));
            }
            if position.occupied().contains(to) {
                kind = MoveKind::Swap;
            } else if step {
                kind = MoveKind::Step;
            }
            landed.insert(to);
            if last && kind == MoveKind::Jump && generator.path_rules().jump_continue {
                if let Some(next) = generator.continuation(origin, to, landed) {
                    return Err(walk.fail(i, from, to, SegmentError::StopsEarly { at: to, next }));
                }
            }
            from = to;
        }
        Ok(Move::new(origin, from, kind))
    }
}

/// One path being checked: what the explanation of a refused segment reads.
struct Walk<'a> {
    position: &'a Position,
    generator: &'a MoveGenerator,
    origin: Square,
    segments: usize,
}

impl Walk<'_> {
    /// The error of segment `i` (0-based) from `from` to `to`.
    fn fail(&self, i: usize, from: Square, to: Square, reason: SegmentError) -> MoveError {
        MoveError::Segment {
            index: i + 1,
            from,
            to,
            reason,
        }
    }

    /// Why the generator has no segment from `from` to `to` here, after
    /// the squares `landed`: the first rule of section 4 it breaks, in the
    /// order the rule book states them (shape, then landing, then the
    /// options), worked out with plain square arithmetic.
    fn why_not(&self, from: Square, to: Square, landed: Bitboard, last: bool) -> SegmentError {
        let constraints = self.generator.constraints();
        let path = self.generator.path_rules();
        // While the piece moves, its origin counts as empty.
        let occupied = self.position.occupied() - Bitboard::from_square(self.origin);
        if !self.position.geometry().contains(to) {
            return SegmentError::OffBoard(to);
        }
        let Some((direction, length)) = Direction::between(from, to) else {
            return SegmentError::Bent;
        };
        let square_at = |distance| {
            from.offset(direction, distance)
                .expect("between two squares of one line")
        };
        if length == 1 && self.segments > 1 {
            return SegmentError::StepInSequence;
        }
        if length > 1 {
            if length % 2 == 1 {
                return SegmentError::OddLength(length);
            }
            let half = length / 2;
            let jumped = square_at(half);
            if !occupied.contains(jumped) {
                return SegmentError::NoPieceToJump(jumped);
            }
            if half > 1 && !constraints.long_jumps {
                return SegmentError::LongJumpsOff(length);
            }
            if let Some(between) = (1..length)
                .filter(|&k| k != half)
                .map(square_at)
                .find(|&square| occupied.contains(square))
            {
                return SegmentError::StretchBlocked(between);
            }
        }
        if to == self.origin {
            return SegmentError::LandsOnOrigin(to);
        }
        if landed.contains(to) {
            return SegmentError::Revisited(to);
        }
        let swappable = last
            && constraints.swap_onto.contains(to)
            && constraints.swap_from.contains(self.origin);
        if occupied.contains(to) && !swappable {
            return SegmentError::OccupiedLanding(to);
        }
        if constraints.lock.contains(from) && !constraints.lock.contains(to) {
            return SegmentError::LeavesCamp(from);
        }
        if !path.home_lock.contains(from) && path.home_lock.contains(to) {
            return SegmentError::EntersHomeCamp(to);
        }
        if from == self.origin && self.generator.forced() {
            return SegmentError::NotForcedExit;
        }
        SegmentError::NotASegment
    }
}
