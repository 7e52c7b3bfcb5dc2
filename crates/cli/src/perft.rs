//! `halma perft`: count move sequences, optionally per root move, on several
//! threads, optionally with a transposition table, with progress on a terminal.

use std::sync::mpsc;
use std::time::Instant;

use clap::Args;
use halma_rules::{
    PerftError, PerftMode, PerftOptions, PerftTable, MAX_PERFT_DEPTH, MAX_PERFT_THREADS,
};

use crate::perft_progress::{ProgressMode, Reporter};
use crate::setup::GameArgs;
use crate::CliError;

/// Arguments of `halma perft`.
#[derive(Args)]
#[command(
    after_help = "A perft that runs for more than two seconds shows its progress on \
standard error when that is a terminal (root moves done, leaves per second, time left), \
redrawn in place and erased at the end; piped, it prints nothing extra."
)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Depth in plies, 0 to 64 (`MAX_PERFT_DEPTH`).
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Threads sharing the root moves, 1 to 256 (default: every core).
    #[arg(long)]
    threads: Option<u64>,
    /// Use a transposition table of MB MiB (1 to 65536), shared by the
    /// threads: each transposed subtree is counted once, the counts are the
    /// same. The gain grows with depth (from the `halma` start about 3x at
    /// depth 6 with 1024, 9x at depth 7 with 2048).
    #[arg(long, value_name = "MB")]
    hash: Option<usize>,
    /// Count the next seat's moves once two plies above the leaves and reuse
    /// that count for every reply that cannot change it (origin and
    /// destination outside the squares the count reads): the same counts,
    /// about 4x sooner from the `halma` start, nothing gained once the
    /// seats' pieces mix. Without it every
    /// position's moves are generated, which is what perft measures against
    /// other generators. No effect under camp-lock, spoil=swap, home-lock,
    /// forced-exit or jump-continue.
    #[arg(long)]
    reuse_replies: bool,
    /// When to show progress on standard error: `auto` on a terminal after
    /// two seconds, `always` (one line per root move when not a terminal),
    /// `never`.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto)]
    progress: ProgressMode,
}

/// Runs perft and prints `total N` last; timing goes to standard error.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let rules = game.rules();
    let position = game.position();
    let threads = match args.threads {
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_PERFT_THREADS)),
        Some(n) if (1..=MAX_PERFT_THREADS as u64).contains(&n) => n as usize,
        Some(n) => {
            return Err(CliError(format!(
                "--threads: {n} is out of range: from 1 to {MAX_PERFT_THREADS}"
            )))
        }
    };
    let depth_error = |error: PerftError| CliError(format!("--depth: {error}"));
    // Before a table is allocated for nothing.
    if args.depth > MAX_PERFT_DEPTH {
        return Err(depth_error(PerftError::DepthTooLarge {
            depth: args.depth,
            max: MAX_PERFT_DEPTH,
        }));
    }
    let mut table = match args.hash {
        Some(megabytes) => {
            Some(PerftTable::new(megabytes).map_err(|e| CliError(format!("--hash: {e}")))?)
        }
        None => None,
    };
    let start = Instant::now();
    let root_moves = if args.depth == 0 {
        0
    } else {
        game.legal_moves().len()
    };
    let reporter = Reporter::new(args.progress, root_moves);
    let counts = std::thread::scope(|scope| {
        let (stop, stopped) = mpsc::channel::<()>();
        if reporter.redraws() {
            let reporter = &reporter;
            scope.spawn(move || reporter.redraw_until(&stopped));
        }
        let counts = rules.divide_with(
            position,
            args.depth,
            PerftOptions::new()
                .threads(threads)
                .table(table.as_mut())
                .mode(if args.reuse_replies {
                    PerftMode::ReuseReplies
                } else {
                    PerftMode::Generate
                })
                .on_root_move(&|_, count| reporter.root_move_done(count)),
        );
        // Ends the redrawing thread, which erases its line before the results.
        drop(stop);
        counts
    })
    .map_err(depth_error)?;
    if args.divide {
        for (mv, count) in &counts {
            outln!("{} {count}", rules.move_to_string(position, *mv)?);
        }
    }
    // Divide is empty at depth 0, where perft is 1; at depth 1 and more the
    // counts of the root moves add up to perft (0 for a finished game).
    let total: u64 = if args.depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut shortcuts = args
        .hash
        .map_or_else(String::new, |megabytes| format!(" hash {megabytes} MiB"));
    if args.reuse_replies {
        shortcuts.push_str(" reuse-replies");
    }
    eprintln!(
        "depth {} threads {threads}{shortcuts} time {seconds:.3} s ({:.1} M leaves/s)",
        args.depth,
        total as f64 / seconds.max(1e-9) / 1e6
    );
    outln!("total {total}");
    Ok(())
}
