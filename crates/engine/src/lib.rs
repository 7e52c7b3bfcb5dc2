//! The Halma computer player: search, evaluation and levels.
//!
//! What this crate owns:
//! - [`Engine`]: picks a move for the side to move of a [`halma_rules::Game`]
//!   under [`Limits`] (depth, nodes, time, clock) for every preset and
//!   option, with a stop flag, a transposition table kept between moves,
//!   levels 1-10 and lazy-SMP threads for timed searches. The answer, a
//!   [`SearchResult`], has `Option<Move>` (none when the game is over) and a
//!   [`Score`]. See the [`search`] module for the algorithms (alpha-beta for
//!   two seats, best-reply search for three and four, plain maximisation
//!   for a solo race).
//! - [`EngineOptions`]: settings valid by their types ([`Level`],
//!   [`Threads`], [`HashSize`], [`Selectivity`]); a value out of range is a
//!   [`ConfigError`] when it is made, never clamped.
//! - [`eval`]: the evaluation (race distance with a straggler term, camp
//!   entry, anti-spoiling); [`levels`]: what each level allows, and the one
//!   node budget of an unlimited level-10 search
//!   ([`levels::with_default_budget`]).
//! - [`player`]: the [`player::Player`] trait (a move for a game, or a
//!   [`player::Forfeit`]) that matches drive, and the engine as a player
//!   ([`player::EnginePlayer`]).
//!
//! What it does not own: the rules and legality (`halma_rules`, whose
//! [`halma_rules::Rules`] the search asks for moves and wins), the baseline
//! players, matches, Elo and solo races that measure the engine (`halma_tools`), and
//! the engine protocol (`halma_protocol`). A new search technique goes into
//! [`search`] (the tree) or `engine` (time, threads, levels); a new
//! evaluation term into [`eval`] with its weight in [`EvalWeights`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use halma_engine::{Engine, EngineOptions, Limits};
//! use halma_rules::Game;
//!
//! let mut game = Game::new("halma8".parse().unwrap());
//! let mut engine = Engine::new(EngineOptions::default());
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&game, Limits::nodes(2_000), &stop).expect("limits in range");
//! game.play(result.best_move.expect("the game is not over")).unwrap();
//! ```

#![forbid(unsafe_code)]

pub mod endgame;
mod engine;
pub mod eval;
mod gain;
pub mod levels;
mod limits;
mod movecode;
mod noise;
mod options;
pub mod player;
pub mod race;
pub mod search;
mod tt;

pub use engine::Engine;
pub use eval::{EvalWeights, Evaluator};
pub use levels::LevelSettings;
pub use limits::{
    Clock, Limits, Score, ScoreBound, SearchError, SearchEvent, SearchInfo, SearchOptions,
    SearchProgress, SearchResult, TableFill, MAX_MULTIPV,
};
pub use options::{
    ConfigError, Contempt, EngineOptions, HashSize, Level, MultiSeatSearch, Threads, MAX_THREADS,
};
pub use search::{DrawRules, Selectivity};
pub use tt::{DEFAULT_HASH_MIB, MAX_HASH_MIB};

/// The examples of the crate's README.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
