//! Players for `halma match` and `halma selfplay`: engine settings written as
//! a spec (`level=8,nodes=20000`), the baselines (`greedy`, `random`), and
//! protocol engines run as child processes (`cmd=...`).

use std::time::Duration;

use halma_engine::players::{EnginePlayer, GreedyPlayer, Player, RandomPlayer};
use halma_engine::{EngineOptions, Limits};
use halma_protocol::client::ProtocolPlayer;

use crate::CliError;

/// Engine options and per-move limits read from a spec like
/// `level=8,nodes=20000,movetime=100,depth=6,hash=16,threads=1`.
pub fn engine_settings(spec: &str) -> Result<(EngineOptions, Limits), CliError> {
    let mut options = EngineOptions::default();
    let mut limits = Limits::default();
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| CliError(format!("`{item}`: expected key=value")))?;
        let number: u64 = value
            .parse()
            .map_err(|_| CliError(format!("`{item}`: `{value}` is not a whole number")))?;
        match key {
            "level" => {
                if !(1..=10).contains(&number) {
                    return Err(CliError(format!("`{item}`: the level is 1 to 10")));
                }
                options.level = number as u8;
            }
            "nodes" => limits.nodes = Some(number.max(1)),
            "depth" => limits.depth = Some(number.clamp(1, 64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(number)),
            "hash" => options.hash_mib = number.min(halma_engine::MAX_HASH_MIB as u64) as usize,
            "threads" => {
                options.threads = number.clamp(1, halma_engine::MAX_THREADS as u64) as usize
            }
            "seed" => options.seed = number,
            _ => {
                return Err(CliError(format!(
                    "`{item}`: unknown setting (level, nodes, depth, movetime, hash, threads, seed)"
                )))
            }
        }
    }
    if limits == Limits::default() && options.level == halma_engine::levels::MAX_LEVEL {
        limits.nodes = Some(halma_engine::levels::FULL_STRENGTH_NODES);
    }
    Ok((options, limits))
}

/// A player from a spec: `greedy`, `random`, `cmd=<command line>` (a
/// protocol engine, searching with `go <go>`), or engine settings.
pub fn player_from_spec(spec: &str, go: &str) -> Result<Box<dyn Player + Send>, CliError> {
    match spec {
        "greedy" => Ok(Box::new(GreedyPlayer::new(1))),
        "random" => Ok(Box::new(RandomPlayer::new(1))),
        _ => {
            if let Some(command) = spec.strip_prefix("cmd=") {
                return Ok(Box::new(
                    ProtocolPlayer::spawn(command, go).map_err(CliError)?,
                ));
            }
            let (options, limits) = engine_settings(spec)?;
            Ok(Box::new(EnginePlayer::new(
                options,
                limits,
                format!("halma {spec}"),
            )))
        }
    }
}
