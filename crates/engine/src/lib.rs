//! The Halma computer player: search, evaluation, levels, and the baseline
//! players and match tools used to measure it.
//!
//! - [`Engine`]: picks a move for the side to move under [`Limits`] (depth,
//!   nodes, time, clock) for every preset and option, with a stop flag, a
//!   transposition table kept between moves, levels 1-10 and lazy-SMP
//!   threads for timed searches. See the [`search`] module for the
//!   algorithms (alpha-beta for two seats, best-reply search for three and
//!   four, plain maximisation for a solo race).
//! - [`eval`]: the evaluation (race distance with a straggler term, camp
//!   entry, anti-spoiling).
//! - [`players`]: the random and greedy baselines and a [`players::Player`]
//!   trait; [`arena`]: games between players with openings and draw rules;
//!   [`elo`]: Elo difference and error margin of a match score.
//! - [`solo`]: solo races (one seat alone on the board) and a beam search for
//!   short solutions, to measure how efficiently the engine finishes.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use halma_engine::{Engine, EngineOptions, Limits};
//! use halma_rules::Game;
//!
//! let mut game = Game::new("halma8".parse().unwrap());
//! let mut engine = Engine::new(EngineOptions::default());
//! let stop = AtomicBool::new(false);
//! let result = engine.search_game(&game, Limits::nodes(2_000), &stop);
//! game.play(result.best_move).unwrap();
//! ```

#![forbid(unsafe_code)]

pub mod arena;
pub mod elo;
mod engine;
pub mod eval;
pub mod levels;
mod limits;
mod movecode;
pub mod players;
pub mod rng;
pub mod search;
pub mod solo;
pub mod tt;

pub use engine::{game_history, Engine, EngineOptions, MAX_THREADS};
pub use eval::{EvalWeights, Evaluator};
pub use levels::LevelSettings;
pub use limits::{
    Clock, Limits, Score, ScoreBound, SearchError, SearchEvent, SearchInfo, SearchOptions,
    SearchProgress, SearchResult, MAX_MULTIPV,
};
pub use search::{DrawRules, Selectivity};
pub use tt::{DEFAULT_HASH_MIB, MAX_HASH_MIB};
