//! Tools to measure the halma engine, kept out of its core API: players,
//! games and matches between them, Elo, and solo races.
//!
//! What this crate owns:
//! - [`players`]: the random and greedy baselines, next to the
//!   [`players::Player`] trait (a move for a game, or a [`players::Forfeit`])
//!   and the engine as a player, re-exported from `halma_engine::player`. A
//!   protocol engine run as a child process implements the same trait in
//!   `halma_protocol::client`.
//! - [`arena`]: games and matches between players with random openings and
//!   the draw rules of a match ([`adjudication`]: a ply cap and repetition,
//!   the one repetition rule the record reader also checks).
//! - [`elo`]: the Elo difference and error margin of a match score.
//! - [`solo`]: solo races (one seat alone on the board) played by the
//!   engine, to measure how efficiently it finishes (the shortest races are
//!   `halma_solver::solo`'s).
//! - [`rng`]: the seeded generator behind openings and baseline players.
//! - [`tune`]: SPSA tuning of the evaluation weights from engine matches.
//!
//! What it does not own: the rules (`halma_rules`), the search
//! (`halma_engine`), the puzzle solvers (`halma_solver`) and the protocol
//! (`halma_protocol`). It depends on the first two; the command-line tool
//! depends on it.
//! A new kind of player implements [`players::Player`]; a new match
//! statistic goes next to [`elo`].
//!
//! ```
//! use halma_tools::arena::{play_match, ArenaConfig};
//! use halma_tools::players::{GreedyPlayer, RandomPlayer};
//!
//! let config = ArenaConfig::new("halma8".parse().unwrap());
//! let score = play_match(&config, &mut GreedyPlayer::new(1), &mut RandomPlayer::new(2), 2, &mut |_, _, _| {});
//! assert_eq!(score.games(), 2);
//! ```

#![forbid(unsafe_code)]

pub mod adjudication;
pub mod arena;
pub mod elo;
pub mod homework;
pub mod match_table;
pub mod players;
pub mod racers;
pub mod rng;
pub mod solo;
pub mod tune;
