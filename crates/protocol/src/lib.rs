//! The halma engine protocol (`docs/protocol.md`), as a library.
//!
//! - [`command`]: the command reader: a line read into a typed [`command::Command`]
//!   with range-checked arguments, and written back in canonical form.
//! - [`server`]: an engine speaking the protocol on any byte stream, with its
//!   search on a background thread (what `halma engine` runs on standard
//!   input and output).
//! - [`client`]: a controller driving an engine process through the protocol,
//!   with a time-out on every wait (what `halma match` uses for `cmd=` players).
//! - [`line`](mod@line): lines of bounded length from a stream anyone may write.
//!
//! It owns the protocol's text and its state machine; the search is
//! `halma_engine`'s (the server drives an [`halma_engine::Engine`]), and the
//! client is a [`halma_engine::player::Player`], so a protocol engine plays in
//! the same matches as the built-in players. A new command goes into
//! [`command`] (read, range-checked, written back) and [`server`] (executed);
//! `docs/architecture.md` shows where this crate sits.

#![forbid(unsafe_code)]

pub mod client;
pub mod command;
pub mod line;
pub mod server;
pub mod shell_words;
