//! Halma rules over the `halma-core` bitboards: the rule book of
//! `RULES.md` (presets, options, camps, legal moves including swaps and
//! passes, winning), notation (moves as paths, position strings, rules
//! strings), games with undo, game records, and perft.
//!
//! `docs/architecture.md` shows where this crate sits, and its "Where to
//! add" section is the one recipe for a new rule option (the core's
//! generator, a field of [`Options`] and a row of the option table in
//! `options.rs`, the builder, the constraint mapping, the legality contract,
//! the solvers, the oracle). A new preset is a [`Preset`] variant and one
//! row of the preset table in `preset.rs`; the camps it implies are
//! `camp.rs`.
//!
//! # Invariants and the checked paths
//!
//! - One legality contract: [`Rules::check_move`] (with its
//!   [`IllegalReason`]), [`Rules::legal_moves_into`] and
//!   [`Rules::legal_move_count`]; the pass rule is [`pass_is_due`]. Notation,
//!   [`Game`], perft, the C ABI, the engine and the fuzz targets use them.
//! - A [`Game`] holds a position valid under its rules and only legal moves:
//!   [`Game::from_setup`] and [`Game::from_position`] refuse anything else
//!   with a [`PositionError`], [`Game::play`] an illegal move with
//!   [`PlayError::Illegal`] and its reason. So every game writes a record
//!   that [`read_record`] reads back.
//! - A bare [`Position`] does not carry its rules (it is the fast,
//!   rule-free board of `halma-core`): [`Rules::position`] checks one,
//!   [`Position::make_move`] checks only that the pieces are where a move
//!   says, and [`Position::make_move_unchecked`] is the generators' fast
//!   path. [`Game`] is the position that carries its rules.
//!
//! ```
//! use halma_rules::{Game, GameResult, Rules};
//!
//! let rules: Rules = "halma".parse().unwrap();
//! assert_eq!(rules.perft(&rules.start_position(), 2), Ok(1600));
//!
//! let mut game = Game::new(rules);
//! game.play_str("b12-c11").unwrap();      // Red steps
//! game.play_str("l1-l3").unwrap();        // Blue jumps over l2
//! assert_eq!(game.result(), GameResult::Ongoing);
//! game.undo();
//! assert_eq!(game.moves().len(), 1);
//! ```

#![forbid(unsafe_code)]

mod camp;
mod check;
mod game;
mod legal;
mod notation;
mod options;
mod perft;
mod platform;
mod preset;
mod record;
mod termination;
mod variant;

pub use check::IllegalReason;
pub use game::{Game, GameResult, ParseGameResultError, PlayError, MAX_GAME_MOVES};
pub use legal::{pass_is_due, PositionError};
pub use notation::{MoveError, Path, SegmentError, MAX_MOVE_TEXT_LEN};
pub use options::{Options, ParseSpoilError, Spoil};
pub use perft::{
    PerftError, PerftMode, PerftOptions, PerftTable, PerftTableError, MAX_PERFT_DEPTH,
    MAX_PERFT_THREADS,
};
pub use platform::THREADS_AVAILABLE;
pub use preset::{ParsePresetError, Preset};
pub use record::{
    check_tags, read_record, write_record, Record, RecordError, TagError, MAX_RECORD_LEN,
    RESERVED_TAGS,
};
pub use record::{sanitize_tag_value, write_record_ended};
pub use termination::{
    check_termination, occurrences_of_final_position, result_text, DrawReason,
    ParseDrawReasonError, ParseTerminationError, Termination, TerminationError,
};
pub use variant::{BuildRulesError, ParseRulesError, Rules, RulesBuilder, MAX_RULES_STRING_LEN};

// The core types that these rules' methods take and return, so that an
// embedder needs no direct dependency on `halma-core`.
pub use halma_core::{
    Bitboard, Constraints, Direction, Geometry, GeometryError, MakeMoveError, Move, MoveGenerator,
    MoveKind, MoveList, ParseMoveKindError, ParseSeatError, ParseSetupError, ParseSquareError,
    PathRules, PieceMoves, PieceMovesIter, Position, Seat, SeatSet, Setup, SetupError, Square,
    Squares,
};
// The one way every crate quotes input in its error messages, and the one
// way an entry point writes an error with its causes.
pub use halma_core::{quote, ErrorChain, Quoted, QUOTE_CHARS};

/// The examples of the crate's README.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
