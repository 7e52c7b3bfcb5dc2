//! SPSA tuning of the evaluation weights by self-play (docs/notes/strength-log.md,
//! "Tuning (SPSA)"; the optimiser is `halma_tools::tune`). Run in release mode:
//!
//! ```text
//! cargo run --release -p halma-tools --example tune -- [--rules halma] [--iterations 100]
//!     [--games 8] [--nodes 2000] [--seed 1] [--jobs 2]
//! ```
//!
//! Every iteration plays `--games` games (pairs of random openings, sides
//! swapped) between the engine with the weights moved up and down along
//! random signs, and moves the weights towards the winner. It prints the
//! weights after every iteration and, at the end, the tuned `EvalWeights`.
//! Measure the result against the start with `halma match` or the
//! `strength` example; the tuner's own games are far too few to tell.

use std::process::ExitCode;
use std::sync::Mutex;

use halma_engine::{EngineOptions, EvalWeights, Limits};
use halma_rules::Rules;
use halma_tools::arena::{play_match, ArenaConfig};
use halma_tools::players::EnginePlayer;
use halma_tools::tune::{theta_of, weights_from, Spsa, SpsaGains, TunedWeight};

struct Args {
    rules: Rules,
    iterations: u32,
    games: usize,
    nodes: u64,
    seed: u64,
    jobs: usize,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        rules: "halma".parse().expect("a preset"),
        iterations: 100,
        games: 8,
        nodes: 2_000,
        seed: 1,
        jobs: 2,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str, low: u64, high: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if (low..=high).contains(&n) => Ok(n),
                _ => Err(format!(
                    "{what}: {value:?} is not a number in {low}..={high}"
                )),
            }
        };
        match flag.as_str() {
            "--rules" => args.rules = value.parse().map_err(|e| format!("--rules: {e}"))?,
            "--iterations" => args.iterations = number("--iterations", 1, 1_000_000)? as u32,
            "--games" => args.games = number("--games", 2, 10_000)? as usize,
            "--nodes" => args.nodes = number("--nodes", 1, 100_000_000)?,
            "--seed" => args.seed = number("--seed", 0, u64::MAX)?,
            "--jobs" => args.jobs = number("--jobs", 1, 64)? as usize,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if args.rules.seats().len() != 2 {
        return Err("--rules: the tuner plays two-seat games".to_owned());
    }
    if args.games % 2 != 0 {
        return Err("--games: an even number (openings are played from both sides)".to_owned());
    }
    Ok(args)
}

/// The score of `plus` against `minus` minus the score of `minus`, as a
/// fraction of `games` games played over `jobs` threads.
fn mini_match(args: &Args, iteration: u32, plus: EvalWeights, minus: EvalWeights) -> f64 {
    let total = Mutex::new((0.0, 0usize));
    let pairs = args.games / 2;
    std::thread::scope(|scope| {
        for job in 0..args.jobs.min(pairs) {
            let total = &total;
            scope.spawn(move || {
                let player = |weights: EvalWeights, label: &str| {
                    let mut options = EngineOptions::default();
                    options.weights = weights;
                    EnginePlayer::new(options, Limits::nodes(args.nodes), label)
                };
                let (mut a, mut b) = (player(plus, "plus"), player(minus, "minus"));
                for pair in (job..pairs).step_by(args.jobs) {
                    let mut config = ArenaConfig::new(args.rules.clone());
                    config.seed = args
                        .seed
                        .wrapping_mul(1_000_003)
                        .wrapping_add(u64::from(iteration) * 10_007 + pair as u64);
                    let score = play_match(&config, &mut a, &mut b, 2, &mut |_, _, _| {});
                    let mut t = total.lock().unwrap();
                    t.0 += score.wins as f64 - score.losses as f64;
                    t.1 += score.games() as usize;
                }
            });
        }
    });
    let (difference, games) = total.into_inner().unwrap();
    difference / games.max(1) as f64
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("tune: {message}");
            return ExitCode::from(2);
        }
    };
    let start = EvalWeights::default();
    let mut spsa = Spsa::new(
        theta_of(&start),
        TunedWeight::ALL.iter().map(|w| w.scale()).collect(),
        TunedWeight::ALL.iter().map(|w| w.bounds()).collect(),
        SpsaGains {
            big_a: f64::from(args.iterations) / 10.0,
            ..SpsaGains::default()
        },
        args.seed,
    );
    let names: Vec<&str> = TunedWeight::ALL.iter().map(|w| w.name()).collect();
    println!(
        "{}: {} iterations of {} games at {} nodes per move; tuning {}",
        args.rules,
        args.iterations,
        args.games,
        args.nodes,
        names.join(", ")
    );
    for iteration in 0..args.iterations {
        let probe = spsa.probe();
        let difference = mini_match(
            &args,
            iteration,
            weights_from(start, &probe.plus),
            weights_from(start, &probe.minus),
        );
        spsa.update(&probe, difference);
        let theta: Vec<String> = spsa.theta().iter().map(|x| format!("{x:.1}")).collect();
        println!(
            "iteration {:>4}: plus - minus {:+.2}; {}",
            iteration + 1,
            difference,
            theta.join(" ")
        );
    }
    println!("tuned: {:?}", weights_from(start, spsa.theta()));
    ExitCode::SUCCESS
}
