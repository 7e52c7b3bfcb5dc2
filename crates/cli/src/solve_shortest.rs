//! `halma solve shortest`: the shortest game, every seat cooperating, that
//! ends with a win (`halma_solver::shortest`). The game goes to standard
//! output as a game record (docs/game-record.md), progress and statistics
//! to standard error.

use std::time::Duration;

use clap::Args;
use halma_rules::{write_record, Seat};
use halma_solver::shortest::{shortest_game, ShortestOptions, MAX_BEAM_WIDTH, MAX_SHORTEST_PLIES};
use halma_solver::SolveLimits;

use crate::setup::GameArgs;
use crate::solve::{threads_or_every_core, threads_parser};
use crate::CliError;

/// Arguments of `halma solve shortest`.
#[derive(Args)]
#[command(
    after_help = "The game is printed on standard output as a game record that \
`halma` and the record readers replay (the moves of --moves first, then the game found); \
its tags say what was proved (ShortestLowerBound, ShortestProven). Progress and statistics \
go to standard error."
)]
pub struct ShortestArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Only games of at most N plies (1 to 1000) from the position.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_SHORTEST_PLIES as i64))]
    max_plies: Option<u32>,
    /// The seat that must win: `r`, `g`, `b`, `y`, or `any` (the default:
    /// whichever seat can win first).
    #[arg(long, default_value = "any")]
    winner: String,
    /// Stop after about N positions generated (1 or more).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Stop after S seconds (1 to 86400; default 600).
    #[arg(long, value_name = "S", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    max_seconds: u64,
    /// Stop when the search's tables hold more than M MiB (1 to 1048576;
    /// default 2048).
    #[arg(long, value_name = "M", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    max_memory_mb: u64,
    /// The widest beam (positions kept per ply, 1 to 16777216; default 4096).
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = beam_width_parser())]
    beam_width: usize,
    /// Threads expanding the beam (1 to 256; default: every core).
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    threads: Option<usize>,
    /// Skip the exact search that proves the length once a game is found
    /// (on a big position it would run until a limit).
    #[arg(long)]
    no_prove: bool,
}

fn beam_width_parser() -> impl clap::builder::TypedValueParser<Value = usize> {
    use clap::builder::TypedValueParser;
    clap::value_parser!(u64)
        .range(1..=MAX_BEAM_WIDTH as u64)
        .map(|n| n as usize)
}

/// Runs `halma solve shortest`.
pub fn run(args: &ShortestArgs) -> Result<(), CliError> {
    let mut game = args.game.game()?;
    let rules = game.rules().clone();
    let winner = match args.winner.as_str() {
        "any" => None,
        text => {
            let seat: Seat = text
                .parse()
                .map_err(|e| CliError(format!("--winner: {e} (expected r, g, b, y or any)")))?;
            if !rules.seats().contains(seat) {
                return Err(CliError(format!(
                    "--winner: {} is not in play under {rules}",
                    seat.name()
                )));
            }
            Some(seat)
        }
    };
    let threads = threads_or_every_core(args.threads);
    let options = ShortestOptions {
        winner,
        max_plies: args.max_plies,
        beam_width: args.beam_width,
        threads,
        prove: !args.no_prove,
    };
    let limits = SolveLimits {
        nodes: args.max_nodes,
        time: Some(Duration::from_secs(args.max_seconds)),
        memory_bytes: Some(args.max_memory_mb << 20),
    };
    let start = game.position().clone();
    let mut log = |line: &str| eprintln!("{line}");
    let found = shortest_game(&rules, &start, &options, limits, &mut log)
        .map_err(|e| CliError(e.to_string()))?;
    let stats = found.stats;
    eprintln!(
        "{} wins at ply {}; lower bound {} plies ({}); {} nodes, {:.1} s (found after {:.1} s), \
         peak memory {:.1} MiB, beam width reached {}, exact depth refuted {}",
        found.winner.name(),
        found.plies(),
        found.lower_bound,
        if found.proven_shortest {
            "proven shortest"
        } else {
            "not proven shortest"
        },
        stats.nodes,
        stats.elapsed.as_secs_f64(),
        stats.found_after.as_secs_f64(),
        stats.peak_memory_bytes as f64 / (1 << 20) as f64,
        stats.beam_width_reached,
        stats
            .exact_depth_refuted
            .map_or("none".to_owned(), |d| d.to_string()),
    );
    for &mv in &found.moves {
        game.play(mv).map_err(|e| {
            CliError(format!(
                "internal error: the solver's move is refused: {}",
                halma_rules::ErrorChain(&e)
            ))
        })?;
    }
    let bound = found.lower_bound.to_string();
    let proven = if found.proven_shortest { "yes" } else { "no" };
    let record = write_record(
        &game,
        &[
            ("ShortestLowerBound", bound.as_str()),
            ("ShortestProven", proven),
        ],
    )?;
    out!("{record}");
    Ok(())
}
