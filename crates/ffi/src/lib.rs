//! The stable C ABI of halma.
//!
//! Every export is prefixed `halma_` and declared in `include/halma.h`,
//! which cbindgen generates from this crate (see `docs/ffi.md` for the
//! conventions: ownership, errors, threads, ABI stability).
//!
//! - [`version`]: the version string and `HALMA_VERSION_*`.
//! - [`error`]: result codes, messages, the thread's last error.
//! - [`types`]: squares, seats, move kinds and move records.
//! - [`rules`], [`game`], [`moves`], [`record`]: the handles and what they do.
//! - [`limits`]: `HALMA_MAX_LEGAL_MOVES`, a bound for sizing move buffers.
//! - [`engine`]: the computer player (search under a limit, stop from another thread).
//! - [`pv`]: the engine's principal variation in notation.
//!
//! Internals: `args` checks pointers, lengths and UTF-8 and writes outputs;
//! `boundary` catches panics; `handles` boxes values behind opaque pointers.
//!
//! This crate has no rules or search logic of its own: it checks arguments,
//! converts and delegates to `halma-rules` and `halma-engine`. A new C
//! function goes in the module of its handle, behind the panic boundary,
//! writing outputs only on success; then regenerate the header
//! (`HALMA_BLESS=1 cargo test -p halma-ffi --test header`) and document it
//! in `docs/ffi.md`.

mod args;
mod boundary;
mod handles;

// The public modules, in the order the header declares them.
pub mod version;

pub mod error;

pub mod types;

pub mod limits;

pub mod rules;

pub mod game;

pub mod moves;

pub mod record;

pub mod engine;

pub mod pv;

pub use engine::*;
pub use error::*;
pub use game::*;
pub use limits::*;
pub use moves::*;
pub use pv::*;
pub use record::*;
pub use rules::*;
pub use types::*;
pub use version::*;
