//! Players for `halma match` and `halma selfplay`: engine settings written as
//! a spec (`level=8,nodes=20000`), the built-in opponents (`greedy`,
//! `greedy-euclid`, `greedy-camp`, `racers`, `blocker`, `random`: see
//! `halma_tools::racers`), and protocol engines run as child processes
//! (`cmd=...`).

use std::time::Duration;

use halma_engine::levels::with_default_budget;
use halma_engine::{EngineOptions, HashSize, Level, Limits, Threads};
use halma_protocol::client::{ClientOptions, EngineCommand, GoLimits, ProtocolPlayer};
use halma_rules::quote;
use halma_tools::players::{EnginePlayer, Player};
use halma_tools::racers::{baseline, BASELINES};

use crate::CliError;

/// Engine options and per-move limits read from a spec like
/// `level=8,nodes=20000,movetime=100,depth=6,hash=16,threads=1`.
///
/// A spec that starts with `v1` or `v2` (`v1`, `v2,nodes=20000`) plays that
/// frozen version of the engine (`EngineOptions::v1`, `EngineOptions::v2`)
/// with those settings.
pub fn engine_settings(spec: &str) -> Result<(EngineOptions, Limits), CliError> {
    let frozen = [
        ("v1", EngineOptions::v1 as fn() -> EngineOptions),
        ("v2", EngineOptions::v2),
    ];
    // A frozen name alone means its settings; after a comma, items adjust them.
    let (mut options, items) = frozen
        .iter()
        .find_map(|(name, options)| match spec.strip_prefix(name) {
            Some("") => Some((options(), None)),
            Some(rest) if rest.starts_with(',') => Some((options(), Some(&rest[1..]))),
            _ => None,
        })
        .unwrap_or_else(|| (EngineOptions::default(), Some(spec)));
    let mut limits = Limits::default();
    let mut seen: Vec<&str> = Vec::new();
    for (index, item) in items
        .into_iter()
        .flat_map(|items| items.split(','))
        .enumerate()
    {
        // An empty spec or item would silently mean the defaults.
        if item.is_empty() {
            return Err(CliError(format!(
                "empty setting at item {}: settings are key=value items separated by commas ({SETTINGS})",
                index + 1
            )));
        }
        let quoted = quote(item);
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| CliError(format!("`{quoted}`: expected key=value")))?;
        if !SETTINGS.split(", ").any(|known| known == key) {
            let hint = if key == "cmd" {
                "; a protocol engine (cmd=) plays in `halma match`"
            } else {
                ""
            };
            return Err(CliError(format!(
                "`{quoted}`: unknown setting ({SETTINGS}){hint}"
            )));
        }
        // A second value would silently override the first: say which is meant.
        if seen.contains(&key) {
            return Err(CliError(format!("`{quoted}`: `{key}` is given twice")));
        }
        seen.push(key);
        let number: u64 = value.parse().map_err(|_| {
            CliError(format!(
                "`{quoted}`: `{}` is not a whole number",
                quote(value)
            ))
        })?;
        match key {
            "level" => {
                options.level = Level::new(number)
                    .map_err(|_| CliError(format!("`{quoted}`: the level is 1 to 10")))?;
            }
            "nodes" => limits.nodes = Some(in_range(item, number, 1, u64::MAX)?),
            "depth" => {
                let max = u64::from(halma_engine::search::MAX_DEPTH);
                limits.depth = Some(in_range(item, number, 1, max)? as u32)
            }
            "movetime" => {
                let max = halma_protocol::command::MAX_MILLIS;
                limits.movetime = Some(Duration::from_millis(in_range(item, number, 1, max)?))
            }
            "hash" => {
                let max = halma_engine::MAX_HASH_MIB as u64;
                options.hash = HashSize::new(in_range(item, number, 0, max)?)?;
            }
            "threads" => {
                let max = halma_engine::MAX_THREADS as u64;
                options.threads = Threads::new(in_range(item, number, 1, max)?)?;
            }
            _ => options.seed = number,
        }
    }
    let limits = with_default_budget(limits, options.level);
    Ok((options, limits))
}

/// The keys of engine settings.
const SETTINGS: &str = "level, nodes, depth, movetime, hash, threads, seed";

/// `number` when it is in `low..=high`, else an error naming `item`.
fn in_range(item: &str, number: u64, low: u64, high: u64) -> Result<u64, CliError> {
    if (low..=high).contains(&number) {
        Ok(number)
    } else if high == u64::MAX {
        Err(CliError(format!("`{}`: at least {low}", quote(item))))
    } else {
        Err(CliError(format!("`{}`: {low} to {high}", quote(item))))
    }
}

/// A player as written on the command line, checked before a match starts.
pub enum PlayerSpec {
    /// A built-in opponent, by its name (one of `halma_tools::racers::BASELINES`).
    Baseline(&'static str),
    /// Engine settings (`level=8,nodes=20000`).
    Engine(Box<EngineOptions>, Limits, String),
    /// `cmd=<command line>`: an engine speaking the protocol, as a child process.
    Protocol(EngineCommand),
}

impl PlayerSpec {
    /// Reads a spec: a built-in opponent's name, `cmd=<command line>`
    /// (split with the POSIX shell's quoting rules; the program must exist)
    /// or engine settings.
    pub fn parse(spec: &str) -> Result<PlayerSpec, CliError> {
        match BASELINES.iter().find(|&&name| name == spec) {
            Some(name) => Ok(PlayerSpec::Baseline(name)),
            None => {
                if let Some(command) = spec.strip_prefix("cmd=") {
                    let command = command
                        .parse::<EngineCommand>()
                        .map_err(|e| CliError(format!("cmd=: {e}")))?;
                    command
                        .find_program()
                        .map_err(|e| CliError(format!("cmd=: {e}")))?;
                    return Ok(PlayerSpec::Protocol(command));
                }
                let (options, limits) = engine_settings(spec)?;
                Ok(PlayerSpec::Engine(
                    Box::new(options),
                    limits,
                    format!("halma {spec}"),
                ))
            }
        }
    }

    /// A new player; a protocol engine searches with `go <go>` each move
    /// and is started for its first game.
    pub fn build(&self, go: &GoLimits, client: &ClientOptions) -> Box<dyn Player + Send> {
        match self {
            PlayerSpec::Baseline(name) => baseline(name, 1).expect("a name of BASELINES"),
            PlayerSpec::Engine(options, limits, label) => Box::new(EnginePlayer::new(
                (**options).clone(),
                *limits,
                label.clone(),
            )),
            PlayerSpec::Protocol(command) => {
                Box::new(ProtocolPlayer::new(command.clone(), go.clone(), *client))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(spec: &str) -> String {
        match PlayerSpec::parse(spec) {
            Ok(_) => panic!("{spec} was accepted"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn settings_out_of_range_are_errors_not_clamped() {
        assert_eq!(error("nodes=0"), "`nodes=0`: at least 1");
        assert_eq!(error("depth=0"), "`depth=0`: 1 to 64");
        assert_eq!(error("depth=65"), "`depth=65`: 1 to 64");
        assert_eq!(
            error("threads=0"),
            format!("`threads=0`: 1 to {}", halma_engine::MAX_THREADS)
        );
        let hash = format!("hash={}", halma_engine::MAX_HASH_MIB + 1);
        assert!(error(&hash).starts_with(&format!("`{hash}`: 0 to ")));
        let Ok((options, limits)) = engine_settings("depth=64,nodes=1,hash=0,threads=1") else {
            panic!("the bounds themselves are accepted");
        };
        assert_eq!((limits.depth, limits.nodes), (Some(64), Some(1)));
        assert_eq!((options.hash.mib(), options.threads.get()), (0, 1));
    }

    #[test]
    fn movetime_zero_and_repeated_keys_are_errors() {
        let max = halma_protocol::command::MAX_MILLIS;
        assert_eq!(error("movetime=0"), format!("`movetime=0`: 1 to {max}"));
        let over = format!("movetime={}", max + 1);
        assert_eq!(error(&over), format!("`{over}`: 1 to {max}"));
        assert_eq!(
            error("nodes=1,nodes=2"),
            "`nodes=2`: `nodes` is given twice"
        );
        assert_eq!(
            error("level=3,depth=2,level=3"),
            "`level=3`: `level` is given twice"
        );
        let Ok((_, limits)) = engine_settings("movetime=1") else {
            panic!("movetime=1 is accepted");
        };
        assert_eq!(limits.movetime, Some(Duration::from_millis(1)));
    }

    #[test]
    fn v1_selects_the_frozen_engine_with_its_settings() {
        let Ok((options, limits)) = engine_settings("v1,nodes=20000") else {
            panic!("v1 with settings is a spec");
        };
        assert_eq!(options, EngineOptions::v1());
        assert_eq!(limits.nodes, Some(20_000));
        let Ok((options, _)) = engine_settings("v1") else {
            panic!("v1 alone is a spec");
        };
        assert_eq!(options, EngineOptions::v1());
        assert_ne!(EngineOptions::v1(), EngineOptions::default());
        assert!(error("v12").contains("expected key=value"));
        assert!(error("v1,v1").contains("expected key=value"));
        let Ok((options, limits)) = engine_settings("v2,nodes=5000") else {
            panic!("v2 with settings is a spec");
        };
        assert_eq!(options, EngineOptions::v2());
        assert_eq!(limits.nodes, Some(5_000));
        assert_ne!(EngineOptions::v2(), EngineOptions::v1());
        assert!(error("v2,v1").contains("expected key=value"));
    }

    #[test]
    fn every_built_in_opponent_is_a_spec() {
        for name in BASELINES {
            assert!(matches!(PlayerSpec::parse(name), Ok(PlayerSpec::Baseline(n)) if n == name));
        }
        assert!(error("greedy-rear").contains("expected key=value"));
    }

    #[test]
    fn engine_commands_are_checked_before_a_match() {
        assert!(matches!(
            PlayerSpec::parse("cmd=sh -c 'exit 0'"),
            Ok(PlayerSpec::Protocol(_))
        ));
        assert!(error("cmd=sh -c 'exit 0").contains("unterminated single quote"));
        assert!(error("cmd=/no/such/engine").contains("no such executable file"));
        assert_eq!(error("cmd= "), "cmd=: empty command");
    }
}
