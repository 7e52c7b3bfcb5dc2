//! `halma solve`: the puzzle solvers of `halma_solver` (docs/solvers.md).
//! Results go to standard output, progress and statistics to standard error.

use clap::{Args, Subcommand};
use halma_solver::shortest::MAX_THREADS;

use crate::CliError;

/// Arguments of `halma solve`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(subcommand)]
    puzzle: Puzzle,
}

#[derive(Subcommand)]
enum Puzzle {
    /// The shortest game, every seat cooperating, that ends with a win;
    /// printed as a game record.
    Shortest(crate::solve_shortest::ShortestArgs),
    /// The fewest moves for the side to move, alone on the board, to fill
    /// its target camp; printed with a proved lower bound.
    Solo(crate::solve_solo::SoloArgs),
}

/// Runs `halma solve`.
pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    match &args.puzzle {
        Puzzle::Shortest(args) => crate::solve_shortest::run(args),
        Puzzle::Solo(args) => crate::solve_solo::run(args),
    }
}

/// Parses `--threads`: 1 to [`MAX_THREADS`].
pub(crate) fn threads_parser() -> impl clap::builder::TypedValueParser<Value = usize> {
    use clap::builder::TypedValueParser;
    clap::value_parser!(u64)
        .range(1..=MAX_THREADS as u64)
        .map(|n| n as usize)
}

/// `--threads` as given, or every core (at most [`MAX_THREADS`]).
pub(crate) fn threads_or_every_core(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    })
}
