//! Positions: one occupancy bitboard per seat, the side to move, and an
//! incrementally updated Zobrist hash; moves made and taken back.

use std::fmt;

use thiserror::Error;

use crate::movegen::{Constraints, MoveGenerator};
use crate::setup::Setup;
use crate::zobrist;
use crate::{Bitboard, Seat, SeatSet, Square};

/// Board size: `width` files by `height` ranks, each 1..=16, in the south-west
/// corner of the 16x16 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    squares: Bitboard,
}

/// A board size outside 1..=16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("board size {width}x{height} is not supported: width and height must be 1 to 16")]
pub struct GeometryError {
    /// The width asked for.
    pub width: usize,
    /// The height asked for.
    pub height: usize,
}

impl Geometry {
    /// A `width` x `height` board.
    pub const fn new(width: u8, height: u8) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > 16 || height > 16 {
            return Err(GeometryError {
                width: width as usize,
                height: height as usize,
            });
        }
        Ok(Geometry {
            width,
            height,
            squares: Bitboard::rectangle(width, height),
        })
    }

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The playable squares.
    #[inline]
    pub const fn squares(self) -> Bitboard {
        self.squares
    }

    /// The square at (file, rank) if it is on this board.
    pub const fn square(self, file: u8, rank: u8) -> Option<Square> {
        if file < self.width && rank < self.height {
            Square::new(file, rank)
        } else {
            None
        }
    }

    /// Whether `square` is on this board.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        square.file() < self.width && square.rank() < self.height
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{})", self.width, self.height)
    }
}

/// How a move moves its piece.
///
/// Not `#[non_exhaustive]`: the four kinds are those of the rule book, and
/// every generator, encoder and binding matches on all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// To an adjacent empty square.
    Step = 0,
    /// One or more jump segments.
    Jump = 1,
    /// Onto a foreign piece in the mover's target camp, which goes to the origin (spoil=swap).
    Swap = 2,
    /// No piece moves (the side has no other move).
    Pass = 3,
}

impl MoveKind {
    /// The kind's name in messages: `step`, `jump`, `swap` or `pass`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Step => "step",
            MoveKind::Jump => "jump",
            MoveKind::Swap => "swap",
            MoveKind::Pass => "pass",
        }
    }
}

impl MoveKind {
    /// Every kind, in the order of the discriminants.
    pub const ALL: [MoveKind; 4] = [
        MoveKind::Step,
        MoveKind::Jump,
        MoveKind::Swap,
        MoveKind::Pass,
    ];
}

impl fmt::Display for MoveKind {
    /// The kind's [name](MoveKind::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is not the name of a [`MoveKind`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown move kind `{}`: expected step, jump, swap or pass", crate::quote(.0))]
pub struct ParseMoveKindError(pub String);

impl std::str::FromStr for MoveKind {
    type Err = ParseMoveKindError;

    /// Reads a kind's name exactly as [`MoveKind::name`] writes it.
    fn from_str(text: &str) -> Result<MoveKind, ParseMoveKindError> {
        MoveKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| ParseMoveKindError(text.to_owned()))
    }
}

/// A move, identified by its origin and destination (section 4 of the rule
/// book); the path is recovered only when asked for.
///
/// `Display` writes the move in the short notation the move reader
/// (`Rules::parse_move` in `halma-rules`) reads back in the position it was
/// generated in: `origin-destination` (`c3-e5`, for a swap too) or `pass`;
/// a jump's full path is `Rules::move_to_string`. `Debug` is for debugging
/// only: the same text, and with `{:#?}` the kind as well
/// (`Move { from: c3, to: e5, kind: Jump }`).
///
/// A move is made by its kind's constructor ([`Move::step`], [`Move::jump`],
/// [`Move::swap`]) or [`Move::new`]; the pass is [`Move::PASS`], the only
/// move of kind [`MoveKind::Pass`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Move {
    /// The pass move.
    pub const PASS: Move = Move {
        from: Square::from_bit(0),
        to: Square::from_bit(0),
        kind: MoveKind::Pass,
    };

    /// A move of the piece on `from` to `to`, of the given kind, for code
    /// that holds the kind as a value; [`MoveKind::Pass`] gives
    /// [`Move::PASS`] whatever the squares (a pass moves no piece), so that
    /// no other move of that kind exists.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        match kind {
            MoveKind::Pass => Move::PASS,
            _ => Move { from, to, kind },
        }
    }

    /// A step of the piece on `from` to the adjacent square `to`.
    #[inline]
    pub const fn step(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Step,
        }
    }

    /// A jump (one or more segments) of the piece on `from`, landing on `to`.
    #[inline]
    pub const fn jump(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Jump,
        }
    }

    /// A swap (spoil=swap) of the piece on `from` with the foreign piece on `to`.
    #[inline]
    pub const fn swap(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Swap,
        }
    }

    /// The square the piece leaves (meaningless for a pass).
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece arrives on (meaningless for a pass).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// Whether this is the pass move.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self.kind, MoveKind::Pass)
    }
}

impl fmt::Display for Move {
    /// `origin-destination` (`c3-e5`) or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Pass => f.write_str("pass"),
            _ => write!(f, "{}-{}", self.from, self.to),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f
                .debug_struct("Move")
                .field("from", &self.from)
                .field("to", &self.to)
                .field("kind", &self.kind)
                .finish();
        }
        fmt::Display::fmt(self, f)
    }
}

/// Why [`Position::make_move`] refused a move: the pieces are not where the
/// move says. (Whether a move is legal under some rules is for the rules to
/// say; this is only what keeps the position consistent.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MakeMoveError {
    /// A square of the move is outside the board.
    #[error("{square} is outside the {width}x{height} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// The origin does not hold a piece of the side to move.
    #[error("{square} holds no piece of {to_move}, the side to move")]
    NotYourPiece {
        /// The origin.
        square: Square,
        /// The side to move.
        to_move: Seat,
    },
    /// A step or jump lands on an occupied square (or on its origin).
    #[error("the {kind} lands on {square}, which is not empty")]
    Occupied {
        /// The destination.
        square: Square,
        /// The kind of the move.
        kind: MoveKind,
    },
    /// A swap lands on a square without another seat's piece.
    #[error("the swap lands on {square}, which holds no piece of another seat")]
    NothingToSwap {
        /// The destination.
        square: Square,
    },
}

/// Why a [`Setup`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A piece stands outside the board.
    #[error("a piece of {seat} on {square} is outside the {width}x{height} board")]
    OffBoard {
        /// Whose piece.
        seat: Seat,
        /// Where.
        square: Square,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// Two seats claim one square.
    #[error("{square} holds pieces of two seats")]
    Overlap {
        /// The square.
        square: Square,
    },
    /// A seat has pieces but is not in play.
    #[error("`{}` ({seat}) has pieces but is not a seat in play", seat.letter())]
    SeatNotInPlay {
        /// The seat.
        seat: Seat,
    },
    /// The side to move is not in play.
    #[error("the side to move `{}` ({seat}) is not a seat in play", seat.letter())]
    SideNotInPlay {
        /// The seat.
        seat: Seat,
    },
}

/// A Halma position: the pieces of every seat, who is in play, the side to
/// move, and the Zobrist hash of all of it.
///
/// Built from a [`Setup`] (checked) through [`Position::from_setup`] or
/// `TryFrom<Setup>`; game rules (camps, piece counts, winning) live in the
/// `halma-rules` crate.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    geometry: Geometry,
    seats: SeatSet,
    pieces: [Bitboard; 4],
    occupied: Bitboard,
    to_move: Seat,
    hash: u64,
}

impl Position {
    /// A position from a setup, with `seats` in play. Checks that pieces are
    /// on the board, do not overlap, belong to seats in play, and that the side
    /// to move is in play.
    pub fn from_setup(setup: &Setup, seats: SeatSet) -> Result<Position, SetupError> {
        let geometry = setup.geometry();
        let mut occupied = Bitboard::EMPTY;
        for seat in Seat::ALL {
            let pieces = setup.pieces(seat);
            if let Some(square) = (pieces - geometry.squares()).first() {
                return Err(SetupError::OffBoard {
                    seat,
                    square,
                    width: geometry.width(),
                    height: geometry.height(),
                });
            }
            if let Some(square) = (pieces & occupied).squares_sorted().first() {
                return Err(SetupError::Overlap { square: *square });
            }
            if !pieces.is_empty() && !seats.contains(seat) {
                return Err(SetupError::SeatNotInPlay { seat });
            }
            occupied |= pieces;
        }
        if !seats.contains(setup.to_move()) {
            return Err(SetupError::SideNotInPlay {
                seat: setup.to_move(),
            });
        }
        let mut position = Position {
            geometry,
            seats,
            pieces: Seat::ALL.map(|s| setup.pieces(s)),
            occupied,
            to_move: setup.to_move(),
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// The board size.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The seats in play.
    #[inline]
    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    /// The squares of `seat`'s pieces.
    #[inline]
    pub fn pieces(&self, seat: Seat) -> Bitboard {
        self.pieces[seat.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The seat whose piece stands on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&s| self.pieces[s.index()].contains(square))
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seat that moved last (the one before the side to move in turn order).
    #[inline]
    pub fn last_mover(&self) -> Seat {
        self.seats.previous_before(self.to_move)
    }

    /// The Zobrist hash, kept up to date by [`make_move`](Position::make_move),
    /// [`make_move_unchecked`](Position::make_move_unchecked) and
    /// [`unmake_move`](Position::unmake_move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the pieces and side to move; always equals [`hash`](Position::hash).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = zobrist::side_key(self.to_move);
        for seat in Seat::ALL {
            for square in self.pieces(seat) {
                hash ^= zobrist::piece_key(seat, square);
            }
        }
        hash
    }

    /// The setup (unchecked form) of this position.
    pub fn to_setup(&self) -> Setup {
        Setup::new(self.geometry, self.pieces, self.to_move)
    }

    /// A move generator for the side to move under `constraints`.
    #[inline(always)]
    pub fn move_generator(&self, constraints: Constraints) -> MoveGenerator {
        MoveGenerator::new(self.geometry.squares(), self.occupied, constraints)
    }

    /// Plays `mv` for the side to move and passes the turn on, after checking
    /// that the pieces are where it says: the origin holds a piece of the side
    /// to move, a step or jump lands on an empty board square, a swap on
    /// another seat's piece. A refused move leaves the position unchanged.
    ///
    /// This does not check that the move is legal under some rules (that it
    /// is a step or jump at all, camp-lock, when a swap is allowed): that is
    /// `Rules::check_move` in `halma-rules`, which `Game::play` applies.
    ///
    /// # Errors
    /// [`MakeMoveError`] saying which square is wrong.
    pub fn make_move(&mut self, mv: Move) -> Result<(), MakeMoveError> {
        self.check_placement(mv)?;
        self.make_move_unchecked(mv);
        Ok(())
    }

    /// What [`make_move`](Position::make_move) checks.
    fn check_placement(&self, mv: Move) -> Result<(), MakeMoveError> {
        if mv.kind == MoveKind::Pass {
            return Ok(());
        }
        for square in [mv.from, mv.to] {
            if !self.geometry.contains(square) {
                return Err(MakeMoveError::OffBoard {
                    square,
                    width: self.geometry.width,
                    height: self.geometry.height,
                });
            }
        }
        if !self.pieces(self.to_move).contains(mv.from) {
            return Err(MakeMoveError::NotYourPiece {
                square: mv.from,
                to_move: self.to_move,
            });
        }
        match mv.kind {
            MoveKind::Swap => {
                if (self.occupied - self.pieces(self.to_move)).contains(mv.to) {
                    Ok(())
                } else {
                    Err(MakeMoveError::NothingToSwap { square: mv.to })
                }
            }
            kind => {
                if self.occupied.contains(mv.to) {
                    Err(MakeMoveError::Occupied {
                        square: mv.to,
                        kind,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Plays `mv` without checking it: the fast path for move generators,
    /// perft and search, which play only moves they generated.
    ///
    /// `mv` must satisfy what [`make_move`](Position::make_move) checks.
    /// Debug builds assert it; otherwise this never panics, but a move that
    /// does not leaves a position whose pieces and hash no longer agree, and
    /// every later answer about it is unspecified (memory stays safe).
    #[inline]
    pub fn make_move_unchecked(&mut self, mv: Move) {
        let mover = self.to_move;
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Step | MoveKind::Jump => {
                debug_assert!(self.pieces(mover).contains(mv.from));
                debug_assert!(!self.occupied.contains(mv.to));
                self.relocate(mover, mv.from, mv.to);
                self.occupied.toggle(mv.from);
                self.occupied.toggle(mv.to);
            }
            MoveKind::Swap => {
                debug_assert!(self.pieces(mover).contains(mv.from));
                let displaced = self.piece_at(mv.to);
                debug_assert!(displaced.is_some_and(|seat| seat != mover));
                self.relocate(mover, mv.from, mv.to);
                // Without a piece to displace (a contract breach) the mover
                // still moves, so that unmake_move can take it back.
                if let Some(displaced) = displaced {
                    self.relocate(displaced, mv.to, mv.from);
                }
            }
        }
        self.pass_turn(self.seats.next_after(mover));
    }

    /// Takes back `mv`, the last move made (by [`make_move`](Position::make_move)
    /// or [`make_move_unchecked`](Position::make_move_unchecked)). Another
    /// move leaves the position unspecified, as an unchecked bad move does;
    /// this never panics.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move) {
        let mover = self.seats.previous_before(self.to_move);
        self.pass_turn(mover);
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Step | MoveKind::Jump => {
                debug_assert!(self.pieces(mover).contains(mv.to));
                self.relocate(mover, mv.to, mv.from);
                self.occupied.toggle(mv.from);
                self.occupied.toggle(mv.to);
            }
            MoveKind::Swap => {
                let displaced = self.piece_at(mv.from);
                debug_assert!(displaced.is_some(), "the swapped piece is on the origin");
                self.relocate(mover, mv.to, mv.from);
                if let Some(displaced) = displaced {
                    self.relocate(displaced, mv.from, mv.to);
                }
            }
        }
    }

    #[inline]
    fn relocate(&mut self, seat: Seat, from: Square, to: Square) {
        let pieces = &mut self.pieces[seat.index()];
        pieces.toggle(from);
        pieces.toggle(to);
        self.hash ^= zobrist::piece_key(seat, from) ^ zobrist::piece_key(seat, to);
    }

    #[inline]
    fn pass_turn(&mut self, to: Seat) {
        self.hash ^= zobrist::side_key(self.to_move) ^ zobrist::side_key(to);
        self.to_move = to;
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// A position whose seats in play are those with pieces, plus the side to move.
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let seats = Seat::ALL
            .into_iter()
            .filter(|&s| !setup.pieces(s).is_empty() || s == setup.to_move())
            .fold(SeatSet::EMPTY, SeatSet::with);
        Position::from_setup(&setup, seats)
    }
}

impl fmt::Display for Position {
    /// The position string (section 6 of the rule book).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
