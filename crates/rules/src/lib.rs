//! Halma rules over the `halma-core` bitboards: the rule book of
//! `RULES.md` (presets, options, camps, legal moves including swaps and
//! passes, winning), notation (moves as paths, position strings, rules
//! strings), games with undo, game records, and perft.
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

mod game;
mod legal;
mod notation;
mod perft;
mod record;
mod termination;
mod variant;

pub use game::{Game, GameResult, PlayError, MAX_GAME_MOVES};
pub use legal::PositionError;
pub use notation::{MoveError, Path, SegmentError, MAX_MOVE_TEXT_LEN};
pub use perft::{PerftError, MAX_PERFT_DEPTH};
pub use record::{
    check_tags, read_record, write_record, Record, RecordError, TagError, MAX_RECORD_LEN,
    RESERVED_TAGS,
};
pub use record::{sanitize_tag_value, write_record_ended};
pub use termination::{
    check_termination, occurrences_of_final_position, result_text, DrawReason,
    ParseDrawReasonError, Termination, TerminationError,
};
pub use variant::{ParseRulesError, Preset, Rules, Spoil, MAX_RULES_STRING_LEN};

pub use halma_core::{
    Bitboard, Direction, Move, MoveKind, MoveList, PieceMoves, Position, Seat, SeatSet, Setup,
    Square,
};
