//! `halma solve`: the puzzle solvers of `halma_solver` (docs/solvers.md).
//! Results go to standard output, progress and statistics to standard error.

use clap::{Args, Subcommand};

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
