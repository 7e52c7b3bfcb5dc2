//! `halma`: the command-line tool of the halma engine.
//!
//! Every command reads the rules (`--rules`, default `halma`), a position
//! (`--position`, default the preset's start) and moves played from it
//! (`--moves`). Bad input gives a one-line error and exit status 2.

#![forbid(unsafe_code)]

#[macro_use]
mod output;

mod board;
mod matches;
mod perft;
mod perft_progress;
mod play;
mod players;
mod progress;
mod selfplay;
mod setup;
mod solve;
mod solve_shortest;
mod solve_solo;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use halma_rules::quote;

/// The halma engine's command-line tool. Its `about` is the package's
/// description (`Cargo.toml`), which names every subcommand: one list, which
/// `tests/commands.rs` compares with the subcommands and the docs.
#[derive(Parser)]
#[command(name = "halma", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences (perft); the last line ends with the total.
    Perft(perft::PerftArgs),
    /// List the legal moves of a position, one per line, as paths.
    Moves(setup::GameArgs),
    /// Draw the board with coordinates (in colour on a terminal).
    Show(board::ShowArgs),
    /// Play against the engine in the terminal.
    Play(play::PlayArgs),
    /// Watch the engine play a whole game against itself.
    Selfplay(selfplay::SelfplayArgs),
    /// Play a match between two engine settings or protocol engines.
    Match(matches::MatchArgs),
    /// Solve a puzzle: the shortest game or the fastest solo crossing (docs/solvers.md).
    Solve(solve::SolveArgs),
    /// Speak the engine protocol on standard input and output (docs/protocol.md).
    Engine,
}

/// A file name or a player's spec repeated in a message: quoted like any
/// input ([`halma_rules::quote`]), with room for a long path.
pub fn quote_path(path: &str) -> halma_rules::Quoted<'_> {
    quote(path).max_chars(160)
}

/// An error reported to the user as one line, with exit status 2.
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError(error.to_string())
    }
}

/// `error` with the arguments it repeats (an unknown argument, a value
/// out of range) quoted as every other message quotes input
/// ([`halma_rules::quote`]): clap prints them raw, so that an escape
/// sequence or a line break in an argument would reach the terminal.
fn quote_arguments(mut error: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let quoted: Vec<_> = error
        .context()
        .filter_map(|(kind, value)| {
            let value = match value {
                ContextValue::String(text) => ContextValue::String(quote(text).to_string()),
                ContextValue::Strings(texts) => {
                    ContextValue::Strings(texts.iter().map(|t| quote(t).to_string()).collect())
                }
                _ => return None,
            };
            Some((kind, value))
        })
        .collect();
    for (kind, value) in quoted {
        error.insert(kind, value);
    }
    error
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = quote_arguments(error).print();
            return ExitCode::from(code);
        }
    };
    let outcome = match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => setup::list_moves(&args),
        Command::Show(args) => board::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Engine => {
            halma_protocol::server::run_stdio();
            Ok(())
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
