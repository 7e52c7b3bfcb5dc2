//! The Halma board on 256-bit bitboards.
//!
//! - [`Square`], [`Direction`], [`Seat`]: small `Copy` types.
//! - [`Bitboard`]: a set of squares as a `[u64; 4]` newtype, laid out by parity
//!   class so that a jump flood fill runs on a single `u64`.
//! - [`MoveGenerator`]: steps, jump closures (all destinations of a piece at
//!   once, by bitwise flood fill), long jumps from line-occupancy tables, camp-lock and
//!   swap landings, and path recovery on demand.
//! - [`Setup`] (a position string, unchecked) and [`Position`] (checked, with
//!   make/unmake and an incremental Zobrist hash). [`Position::make_move`]
//!   checks that the pieces are where a move says; the generators' fast path
//!   is [`Position::make_move_unchecked`].
//!
//! Game rules (presets, camps, winning, notation of moves) are layered on top
//! by the `halma-rules` crate; this crate knows nothing of presets.
//!
//! The bit layout is private to this crate: other crates reach squares and
//! bitboards only through their types. A new constraint on moves is a
//! [`Constraints`] field whose default means "no rule", implemented in the
//! per-piece generation ([`MoveGenerator::steps`], [`MoveGenerator::jumps`]);
//! the bulk count names every field, so a new one does not compile until it
//! is sent to the per-piece count or a fast path is taught it. A rule that
//! depends on the path a piece takes is a [`PathRules`] field instead.
//! A new board shape is a [`Geometry`] (up to 16 x 16).
//!
//! ```
//! use halma_core::{Constraints, Position, Setup, Square};
//!
//! let setup: Setup = "4/1rr1/4/4 r".parse().unwrap();
//! let position = Position::try_from(setup).unwrap();
//! let generator = position.move_generator(Constraints::default());
//! let b3: Square = "b3".parse().unwrap();
//! // b3 jumps over c3 to d3; it steps to the 7 empty squares around it.
//! assert_eq!(generator.jumps(b3).squares_sorted(), ["d3".parse().unwrap()]);
//! assert_eq!(generator.steps(b3).count(), 7);
//! ```

mod bitboard;
mod layout;
mod lines;
mod longjump;
mod movegen;
#[cfg(test)]
mod movegen_tests;
mod moves;
mod position;
mod quote;
mod report;
mod seat;
mod setup;
mod square;
pub mod zobrist;

#[cfg(feature = "bitvec")]
pub use bitboard::BitvecBoard;
pub use bitboard::{Bitboard, Squares};
pub use movegen::{AllPieceMoves, Constraints, MoveGenerator, PathRules, PieceMoves};
pub use moves::{MoveList, PieceMovesIter};
pub use position::{
    Geometry, GeometryError, MakeMoveError, Move, MoveKind, ParseMoveKindError, Position,
    SetupError,
};
pub use quote::{quote, Quoted, QUOTE_CHARS};
pub use report::ErrorChain;
pub use seat::{ParseSeatError, Seat, SeatSet};
pub use setup::{ParseSetupError, Setup, MAX_POSITION_STRING_LEN};
pub use square::{Direction, DirectionSet, ParseSquareError, Square};

/// The examples of the crate's README.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
