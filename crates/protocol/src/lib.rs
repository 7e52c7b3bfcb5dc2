//! The halma engine protocol (`docs/protocol.md`), as a library.
//!
//! - [`command`]: the command reader: a line read into a typed [`command::Command`]
//!   with range-checked arguments, and written back in canonical form.
//! - [`server`]: an engine speaking the protocol on any byte stream, with its
//!   search on a background thread (what `halma engine` runs on standard
//!   input and output).
//! - [`client`]: a controller driving an engine process through the protocol,
//!   with a time-out on every wait (what `halma match` uses for `cmd=` players).

pub mod client;
pub mod command;
pub mod server;
pub mod shell_words;
