//! The halma engine for JavaScript: the wasm-bindgen layer under the npm
//! package `halma` (`bindings/js`, built by `scripts/js-package.sh`).
//!
//! Compiled to `wasm32-unknown-unknown`, these types become the classes
//! `WasmRules`, `WasmGame`, `WasmRecord`, `WasmEngine`, `WasmLimits` and
//! `WasmSearchResult` of the module wasm-bindgen writes; the package wraps
//! them in its public `Rules`, `Game` and `Engine` (which check the
//! JavaScript types of every argument) and turns each refusal into an
//! instance of its error classes. The crate builds natively too, where its
//! unit tests check the conversions.
//!
//! No input may panic: the module is built with `panic=abort`, where a
//! panic is a WebAssembly trap (`unreachable`) that leaves the module
//! unusable. So every entry point checks its arguments and returns a
//! [`Failure`] (thrown to JavaScript as an `Error` whose `name` is
//! [`FailureKind::class_name`]) rather than reach a panicking path: numbers
//! arrive as `f64` and are checked exactly ([`numbers`]), strings are
//! checked by the library's parsers, moves are written only once legal, and
//! more than one thread is refused by the library itself
//! ([`halma_rules::THREADS_AVAILABLE`]). Allocation failure would still
//! abort: the tables whose size the caller chooses are limited to
//! [`MAX_TABLE_MIB`], and the package limits the length of strings.

#![forbid(unsafe_code)]

mod endings;
mod engine;
mod error;
mod game;
pub mod numbers;
mod reasons;
mod rules;

pub use engine::{EngineHandle, LimitsInput, SearchOutcome};
pub use error::{Failure, FailureKind};
pub use game::{GameHandle, RecordHandle};
pub use rules::RulesHandle;

use wasm_bindgen::prelude::*;

/// The largest transposition table (engine or perft) the module allocates,
/// in MiB: a wasm32 memory holds at most 4 GiB, and browsers may give less;
/// a table that takes nearly all of it would leave later allocations to
/// fail, which aborts.
pub const MAX_TABLE_MIB: u64 = 1024;

/// The version of the halma library in the module.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The largest transposition table (engine or perft) the module allocates, in MiB.
#[wasm_bindgen(js_name = maxTableMegabytes)]
pub fn max_table_megabytes() -> u32 {
    MAX_TABLE_MIB as u32
}
