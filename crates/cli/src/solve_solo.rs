//! `halma solve solo`: the fewest moves for the side to move, alone on the
//! board, to fill its target camp (`halma_solver::solo`).
//!
//! Standard output holds the result as `key: value` lines (the one-seat
//! start, the length, the proved lower bound, whether it is optimal, the
//! moves); standard error the progress and the statistics. `--verify MOVES`
//! replays a sequence from the same start instead of solving: the rules'
//! position strings need every seat in play, so a one-seat race cannot be
//! replayed by the other commands.

use std::time::Duration;

use clap::Args;
use halma_rules::{quote, Rules};
use halma_solver::solo::{replay, solo_start, solve_with, SoloConfig, MAX_LENGTH};
use halma_solver::{LimitKind, SolveError, SolveLimits};

use crate::solve::{threads_or_every_core, threads_parser};
use crate::CliError;

/// The most a `--max-memory-mb` may ask for: 1 TiB.
const MAX_MEMORY_MB: u64 = 1 << 20;
/// The default memory limit: the tables of the exact search stay under it.
const DEFAULT_MEMORY_MB: u64 = 4096;
/// The widest beam: 10 million states.
const MAX_BEAM: u64 = 10_000_000;

/// Arguments of `halma solve solo`.
#[derive(Args)]
pub struct SoloArgs {
    /// Rules string, e.g. `halma8`, `halma10,long-jumps`.
    #[arg(long, default_value = "halma")]
    rules: String,
    /// Position string, checked against the rules (default: the preset's
    /// start). The side to move races alone: the other seats' pieces are removed.
    #[arg(long)]
    position: Option<String>,
    /// Stop after generating this many positions (1 ..= 2^63 - 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=i64::MAX as u64))]
    max_nodes: Option<u64>,
    /// Stop after this many seconds of wall-clock time (1 ..= 1000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_seconds: Option<u64>,
    /// Keep the search's tables under this many MiB (1 ..= 1048576).
    #[arg(long, default_value_t = DEFAULT_MEMORY_MB,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MB))]
    max_memory_mb: u64,
    /// States the beam search keeps per move (0 ..= 10000000; 0 skips it).
    #[arg(long, default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(0..=MAX_BEAM))]
    beam: u64,
    /// States the meeting beam keeps per move (0 ..= 10000000; 0 skips it).
    /// It runs from the presets' start (pieces on the home camp): it searches
    /// from both ends at once, for a race shorter than the beam's.
    #[arg(long, default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(0..=MAX_BEAM))]
    meet: u64,
    /// Polish the beam's race: replace each stretch of this many moves by the
    /// shortest between its ends (0 ..= 30; 0 or 1 skips it).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=30))]
    polish: u64,
    /// Nodes each polished stretch may spend (1 ..= 10^12).
    #[arg(long, default_value_t = 2_000_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    polish_nodes: u64,
    /// What the beam charges a piece outside the target camp, on top of its
    /// distance to the target corner (0 ..= 100).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=100))]
    beam_entry: u32,
    /// Run the beam search only: no proof beyond the admissible bound of the start.
    #[arg(long)]
    no_exact: bool,
    /// Threads of the beams and the exact search (1 ..= 256; default: every
    /// core). The results are those of one thread, unless a memory limit
    /// stops the search (the children waiting to be merged count too).
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    threads: Option<usize>,
    /// Look only for races of at most this many moves (1 ..= 1000). With
    /// the exact search, finding none proves that none exists.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_LENGTH as i64))]
    max_moves: Option<u32>,
    /// Instead of solving, replay these moves (separated by spaces) from the
    /// one-seat start and check that they finish the race.
    #[arg(long)]
    verify: Option<String>,
}

/// Runs `halma solve solo`.
pub fn run(args: &SoloArgs) -> Result<(), CliError> {
    let rules: Rules = args
        .rules
        .parse()
        .map_err(|e| CliError(format!("--rules: {e}")))?;
    let position = match &args.position {
        None => rules.start_position(),
        Some(text) => rules
            .parse_position(text)
            .map_err(|e| CliError(format!("--position: {e}")))?,
    };
    if let Some(moves) = &args.verify {
        return verify(&rules, &position, moves);
    }
    let limits = SolveLimits {
        nodes: args.max_nodes,
        time: args.max_seconds.map(Duration::from_secs),
        memory_bytes: Some(args.max_memory_mb << 20),
    };
    let config = SoloConfig {
        beam_width: args.beam as usize,
        beam_entry: args.beam_entry,
        meet_width: args.meet as usize,
        exact: !args.no_exact,
        polish_window: args.polish as usize,
        polish_nodes: args.polish_nodes,
        threads: threads_or_every_core(args.threads),
        max_length: args.max_moves,
    };
    let solution = solve_with(&rules, &position, limits, &config, &mut |line| {
        eprintln!("{line}")
    })
    .map_err(|e| match e {
        // Say what might find one: the beam ended on its own.
        SolveError::NotFound { .. } => CliError(format!(
            "{e}; a wider --beam or --meet, or the exact search (without --no-exact), may find a race"
        )),
        SolveError::LimitReached {
            limit: LimitKind::Memory,
            ..
        } => CliError(format!("{e}, more than the {} MiB of --max-memory-mb", args.max_memory_mb)),
        _ => CliError(e.to_string()),
    })?;

    let mut at = solution.start.clone();
    let mut texts = Vec::with_capacity(solution.moves.len());
    for &mv in &solution.moves {
        texts.push(rules.move_to_string(&at, mv)?);
        at.make_move_unchecked(mv);
    }
    outln!("rules: {rules}");
    outln!("seat: {}", solution.start.to_move());
    outln!("start: {}", solution.start);
    outln!("length: {}", solution.moves.len());
    outln!("lower-bound: {}", solution.lower_bound);
    outln!(
        "optimal: {}",
        if solution.optimal {
            "yes"
        } else {
            "not proved"
        }
    );
    outln!("moves: {}", texts.join(" "));
    let stats = solution.stats;
    eprintln!(
        "{} nodes, {:.1} s, peak table memory {:.1} MiB{}",
        stats.nodes,
        stats.elapsed.as_secs_f64(),
        stats.peak_memory_bytes as f64 / (1u64 << 20) as f64,
        match solution.stopped {
            // The searches stop before a table grows past the limit, so
            // the peak stays below it.
            Some(LimitKind::Memory) => format!(
                "; stopped by the memory limit of {} MiB (the next growth of a table would need {:.1} MiB)",
                args.max_memory_mb,
                stats.refused_memory_bytes as f64 / (1u64 << 20) as f64
            ),
            Some(limit) => format!("; stopped by the {limit} limit"),
            None => String::new(),
        }
    );
    Ok(())
}

/// `--verify`: replays `moves` from the one-seat start of `position`.
fn verify(rules: &Rules, position: &halma_core::Position, moves: &str) -> Result<(), CliError> {
    let start = solo_start(rules, position).map_err(|e| CliError(e.to_string()))?;
    let mut at = start.clone();
    let mut played = Vec::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        let mv = rules
            .parse_move(&at, text)
            .map_err(|e| CliError(format!("--verify: move {} `{}`: {e}", i + 1, quote(text))))?;
        at.make_move_unchecked(mv);
        played.push(mv);
    }
    replay(rules, &start, &played).map_err(|e| CliError(format!("--verify: {e}")))?;
    outln!("verified: {} moves finish the race", played.len());
    Ok(())
}
