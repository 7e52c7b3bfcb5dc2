//! `halma match`: games between two players (engine settings, baselines or
//! protocol engines), sides alternated, with wins, draws, losses and the Elo
//! difference.

use std::sync::Mutex;

use clap::Args;
use halma_engine::arena::{play_match, ArenaConfig};
use halma_engine::elo::MatchScore;
use halma_rules::Rules;

use crate::players::player_from_spec;
use crate::progress::Progress;
use crate::CliError;

/// Arguments of `halma match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Player A: engine settings `level=N,nodes=N,depth=N,movetime=MS,hash=MiB,threads=N`,
    /// `greedy`, `random`, or `cmd=<command>` for an engine speaking the protocol.
    #[arg(long, default_value = "nodes=20000")]
    a: String,
    /// Player B, written like player A.
    #[arg(long, default_value = "greedy")]
    b: String,
    /// Games to play (each random opening is played from both sides).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Rules string.
    #[arg(long, default_value = "halma")]
    rules: String,
    /// Search limits sent to protocol engines as `go <GO>`.
    #[arg(long, default_value = "nodes 20000")]
    go: String,
    /// Random forward plies played before the players take over.
    #[arg(long, default_value_t = 4)]
    openings: usize,
    /// A game reaching this many plies is a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (each with its own players).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

/// Plays the match and prints the score of A against B.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let rules: Rules = args
        .rules
        .parse()
        .map_err(|e| CliError(format!("--rules: {e}")))?;
    if args.jobs == 0 {
        return Err(CliError("--jobs: at least 1".to_owned()));
    }
    // Check both specs before starting.
    player_from_spec(&args.a, &args.go).map_err(|e| CliError(format!("--a: {}", e.0)))?;
    player_from_spec(&args.b, &args.go).map_err(|e| CliError(format!("--b: {}", e.0)))?;
    let mut config = ArenaConfig::new(rules.clone());
    config.opening_plies = args.openings;
    config.max_plies = args.max_plies;
    let seats = rules.seats().len();
    // Games are played in groups of one per seat of A (a pair in two-seat rules).
    let groups = args.games.div_ceil(seats);
    let total = Mutex::new((MatchScore::default(), 0usize, None::<String>));
    let progress = Progress::new(groups * seats);
    println!(
        "{} games of {rules}: A = {} vs B = {}",
        groups * seats,
        args.a,
        args.b
    );
    std::thread::scope(|scope| {
        for job in 0..args.jobs.min(groups.max(1)) {
            let total = &total;
            let progress = &progress;
            let config = &config;
            scope.spawn(move || {
                let players = player_from_spec(&args.a, &args.go)
                    .and_then(|a| Ok((a, player_from_spec(&args.b, &args.go)?)));
                let (mut a, mut b) = match players {
                    Ok(p) => p,
                    Err(e) => {
                        total.lock().unwrap().2.get_or_insert(e.0);
                        return;
                    }
                };
                for group in (job..groups).step_by(args.jobs) {
                    if total.lock().unwrap().2.is_some() {
                        return;
                    }
                    let mut group_config = config.clone();
                    group_config.seed = args.seed.wrapping_mul(7919).wrapping_add(group as u64);
                    let score = play_match(
                        &group_config,
                        a.as_mut(),
                        b.as_mut(),
                        seats,
                        &mut |_, _, _| {},
                    );
                    let mut t = total.lock().unwrap();
                    t.0.wins += score.wins;
                    t.0.draws += score.draws;
                    t.0.losses += score.losses;
                    t.1 += seats;
                    if let Some(e) = a.failure().or_else(|| b.failure()) {
                        t.2.get_or_insert(e);
                    }
                    progress.update(t.1, &t.0.to_string());
                }
            });
        }
    });
    progress.finish();
    let (score, _, error) = total.into_inner().unwrap();
    if let Some(error) = error {
        return Err(CliError(format!("match stopped: {error}")));
    }
    println!("A vs B: {score}");
    Ok(())
}
