//! Halma puzzle solvers: searches that answer questions about whole games
//! rather than pick one move.
//!
//! - [`solo`]: the fewest moves for one seat, alone on the board, to fill its
//!   target camp, with a lower bound proved by an admissible heuristic.
//! - [`shortest`]: the shortest game, every seat cooperating, that ends with
//!   a win.
//!
//! Both run under [`SolveLimits`] (nodes, time, memory) and report what they
//! proved; a request that cannot be answered is a [`SolveError`].
//! docs/solvers.md gives the figures they reach; docs/notes/solvers-log.md
//! describes the methods in full.

#![forbid(unsafe_code)]

pub mod limits;
mod mirror;
mod pipeline;
pub mod shortest;
pub mod solo;

pub use limits::{Budget, LimitKind, SolveError, SolveLimits};

/// The examples of the crate's README.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
