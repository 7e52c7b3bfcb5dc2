//! Measures the evaluation's forced-exit term (`EvalWeights::forced_exit`):
//! the engine with the term (A) against the same engine without it (B),
//! node-limited, under rules with `forced-exit` (run in release mode):
//!
//! ```text
//! cargo run --release -p halma-tools --example forced_exit -- \
//!     [--rules halma,forced-exit] [--games 40] [--nodes 2000] [--weight 30] [--seed 1] [--jobs 2]
//! ```
//!
//! Each opening is played twice, sides swapped (`halma_tools::arena`). The
//! last line is A's score with its Elo interval.

use std::sync::Mutex;

use halma_engine::{EngineOptions, EvalWeights, Limits};
use halma_rules::Rules;
use halma_tools::arena::{play_match, ArenaConfig};
use halma_tools::elo::MatchScore;
use halma_tools::players::EnginePlayer;

/// The example's settings: rules, games, nodes per move, the term's weight
/// (the default weight when `None`), the seed and the jobs.
type Settings = (Rules, usize, u64, Option<i32>, u64, usize);

/// Reads the flags; an error names the flag and what is wrong with it.
fn parse() -> Result<Settings, String> {
    fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        value.parse().map_err(|e| format!("{flag} {value}: {e}"))
    }
    let mut rules: Rules = "halma,forced-exit".parse().expect("a preset");
    let (mut games, mut nodes, mut weight, mut seed, mut jobs) =
        (40usize, 2000u64, None, 1u64, 2usize);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--rules" => rules = number(&flag, &value)?,
            "--games" => games = number(&flag, &value)?,
            "--nodes" => nodes = number(&flag, &value)?,
            "--weight" => weight = Some(number(&flag, &value)?),
            "--seed" => seed = number(&flag, &value)?,
            "--jobs" => jobs = number(&flag, &value)?,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if jobs == 0 {
        return Err("--jobs 0: at least one job plays the games".to_owned());
    }
    Ok((rules, games, nodes, weight, seed, jobs))
}

fn main() {
    let (rules, games, nodes, weight, seed, jobs) = match parse() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!(
                "forced_exit: {error}\nusage: forced_exit [--rules R] [--games N] [--nodes N] \
                 [--weight W] [--seed N] [--jobs N]"
            );
            std::process::exit(2);
        }
    };
    let with_term = EvalWeights {
        forced_exit: weight.unwrap_or(EvalWeights::default().forced_exit),
        ..EvalWeights::default()
    };
    let without_term = EvalWeights {
        forced_exit: 0,
        ..EvalWeights::default()
    };
    let player = |weights: EvalWeights, label: &str| {
        let mut options = EngineOptions::default();
        options.weights = weights;
        EnginePlayer::new(options, Limits::nodes(nodes), label.to_owned())
    };
    println!(
        "{rules}: forced-exit weight {} (A) vs 0 (B), {games} games, {nodes} nodes per move",
        with_term.forced_exit
    );
    let total = Mutex::new(MatchScore::default());
    std::thread::scope(|scope| {
        for job in 0..jobs {
            let (total, rules, player) = (&total, &rules, &player);
            scope.spawn(move || {
                let mut a = player(with_term, "with the term");
                let mut b = player(without_term, "without the term");
                for pair in (job..games / 2).step_by(jobs) {
                    let mut config = ArenaConfig::new(rules.clone());
                    config.seed = seed.wrapping_mul(7919).wrapping_add(pair as u64);
                    let score = play_match(&config, &mut a, &mut b, 2, &mut |_, _, _| {});
                    let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                    t.wins += score.wins;
                    t.draws += score.draws;
                    t.losses += score.losses;
                    eprintln!("  {} games: {}", t.games(), *t);
                }
            });
        }
    });
    let total = total.into_inner().unwrap_or_else(|e| e.into_inner());
    println!("A vs B: {total}");
}
