//! `halma perft`: count move sequences, optionally per root move, on several threads.

use std::time::Instant;

use clap::Args;
use halma_rules::PerftError;

use crate::setup::GameArgs;
use crate::CliError;

/// Arguments of `halma perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Depth in plies, 0 to 64 (`MAX_PERFT_DEPTH`).
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Threads sharing the root moves (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs perft and prints `total N` last; timing goes to standard error.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let rules = game.rules();
    let position = game.position();
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        return Err(CliError("--threads: at least 1".to_owned()));
    }
    let start = Instant::now();
    let depth_error = |error: PerftError| CliError(format!("--depth: {error}"));
    let total = if args.divide {
        let counts = rules
            .divide_parallel(position, args.depth, threads)
            .map_err(depth_error)?;
        for (mv, count) in &counts {
            println!("{} {count}", rules.move_to_string(position, *mv));
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        rules
            .perft_parallel(position, args.depth, threads)
            .map_err(depth_error)?
    };
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "depth {} threads {threads} time {seconds:.3} s ({:.1} M leaves/s)",
        args.depth,
        total as f64 / seconds.max(1e-9) / 1e6
    );
    println!("total {total}");
    Ok(())
}
