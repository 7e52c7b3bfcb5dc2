//! halma: a Halma engine library.
//!
//! This facade re-exports the board crate [`core`] (`halma-core`: bitboards,
//! squares, positions, flood-fill move generation) and the rules crate
//! [`rules`] (`halma-rules`: presets, options, games, notation, perft).
//! It has no code of its own; the computer player is `halma-engine`, the
//! C ABI `halma-ffi`, and `docs/architecture.md` describes every crate.

#![forbid(unsafe_code)]

pub use halma_core as core;
pub use halma_rules as rules;

/// The README, compiled as a doctest so its examples stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// docs/getting-started.md, compiled and run as a doctest so its Rust program stays true.
#[doc = include_str!("../docs/getting-started.md")]
#[cfg(doctest)]
pub struct GettingStartedDoctests;

/// docs/solvers.md, compiled and run as a doctest so its Rust example stays true.
#[doc = include_str!("../docs/solvers.md")]
#[cfg(doctest)]
pub struct SolversDoctests;
