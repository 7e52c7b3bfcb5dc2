//! Strength measurements of the engine (run in release mode):
//!
//! ```text
//! cargo run --release -p halma-tools --example strength -- nps [--rules halma] [--nodes 2000000]
//!     (today's engine and `v2` on the same four positions, and the ratio of their times per node)
//! cargo run --release -p halma-tools --example strength -- greedy [--games 100] [--nodes 20000] [--rules halma]
//!     (or any built-in opponent instead of `greedy`: greedy-euclid, greedy-camp,
//!     racers (one kind per seat), blocker, random; `--engine v1` or `--engine v2` plays
//!     that frozen version instead of today's engine (in `solo` too); `--multi-seat race|best-reply|hybrid`
//!     sets the engine's search of three and four seats)
//! cargo run --release -p halma-tools --example strength -- random [--games 20] [--nodes 5000] [--max-plies 3000]
//! cargo run --release -p halma-tools --example strength -- versus --nodes 30000 --beam 10000
//! cargo run --release -p halma-tools --example strength -- ladder [--games 50] [--from 1] [--to 10]
//! cargo run --release -p halma-tools --example strength -- solo [--nodes 20000] [--beam 2000] [--variants 8] [--race-beam 150x16]
//! ```
//!
//! Games are played two at a time (`--jobs 2`, the default), each on its own thread.
//! A match ends with the average game length and how many of the engine's
//! moves its exact endgame solver played.
//! Games without a winner are printed with their final position; for looking
//! into games, `STRENGTH_LOSSES=1` prints the games the engine lost too,
//! `STRENGTH_RECORDS=1` adds each printed game's record and `STRENGTH_GROUP=N`
//! plays only the N-th group of games (one game per seat of the engine, from the
//! same opening: a pair in two-seat rules).

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

use halma_core::Seat;
use halma_engine::levels::with_default_budget;
use halma_engine::race::RaceBeam;
use halma_engine::{Engine, EngineOptions, Level, Limits, MultiSeatSearch};
use halma_rules::Rules;
use halma_solver::solo::{solve_with, SoloConfig};
use halma_solver::SolveLimits;
use halma_tools::arena::{play_match, ArenaConfig, Outcome};
use halma_tools::elo::MatchScore;
use halma_tools::players::{EnginePlayer, Player, SearchCounts};
use halma_tools::racers::baseline;
use halma_tools::solo::{engine_solo_race, solo_position};

struct Args {
    command: String,
    rules: Rules,
    games: usize,
    nodes: u64,
    beam: usize,
    from: u8,
    to: u8,
    jobs: usize,
    seed: u64,
    level: u8,
    max_plies: usize,
    /// Solo races from other starts besides the preset's (`--variants N`):
    /// the start after 1 to 4 random forward moves, seeds 1 to N.
    variants: u64,
    /// The engine's options before `--level` and `--multi-seat`: today's
    /// default, or a frozen version (`--engine v1`, `--engine v2`).
    base: fn() -> EngineOptions,
    /// The engine's search of three and four seats (`--multi-seat`); `None`
    /// keeps the options' own (today's default or `v1`'s).
    multi_seat: Option<MultiSeatSearch>,
    /// The racing beam of a solo race (`--race-beam WIDTHxBRANCHING`);
    /// `None` keeps the options' own.
    race_beam: Option<RaceBeam>,
}

/// What the example takes, printed with any error in its arguments.
const USAGE: &str = "usage: strength COMMAND [--rules R] [--games N] [--nodes N] [--beam W] \
[--from L] [--to L] [--jobs N] [--seed N] [--level L] [--max-plies N] [--variants N] [--engine v1|v2] \
[--multi-seat race|best-reply|hybrid] [--race-beam WIDTHxBRANCHING]
commands: nps, versus, ladder, solo, or a built-in opponent (greedy, greedy-euclid, \
greedy-camp, racers, blocker, random)";

/// `value` read as the value of `flag`, or an error that names both.
fn value_of<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    value.parse().map_err(|e| format!("{flag} {value}: {e}"))
}

/// A level, 1 to 10, as the value of `flag`.
fn level_of(flag: &str, value: &str) -> Result<u8, String> {
    let level: u8 = value_of(flag, value)?;
    Level::new(level.into()).map_err(|e| format!("{flag} {value}: {e}"))?;
    Ok(level)
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        command: String::new(),
        rules: "halma".parse().expect("a preset"),
        games: 0,
        nodes: 0,
        beam: 2000,
        from: 1,
        to: 10,
        jobs: 2,
        seed: 1,
        level: 10,
        max_plies: 1000,
        variants: 0,
        base: EngineOptions::default,
        multi_seat: None,
        race_beam: None,
    };
    let mut it = std::env::args().skip(1);

    args.command = it.next().unwrap_or_else(|| "nps".to_owned());
    let known = ["nps", "versus", "ladder", "solo"];
    if !known.contains(&args.command.as_str()) && baseline(&args.command, 1).is_none() {
        return Err(format!("unknown command {}", args.command));
    }
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--rules" => args.rules = value_of(&flag, &value)?,
            "--games" => args.games = value_of(&flag, &value)?,
            "--nodes" => args.nodes = value_of(&flag, &value)?,
            "--beam" => args.beam = value_of(&flag, &value)?,
            "--from" => args.from = level_of(&flag, &value)?,
            "--to" => args.to = level_of(&flag, &value)?,
            "--jobs" => {
                args.jobs = value_of(&flag, &value)?;
                if args.jobs == 0 {
                    return Err("--jobs 0: at least one job plays the games".to_owned());
                }
            }
            "--seed" => args.seed = value_of(&flag, &value)?,
            "--level" => args.level = level_of(&flag, &value)?,
            "--max-plies" => args.max_plies = value_of(&flag, &value)?,
            "--variants" => args.variants = value_of(&flag, &value)?,
            "--engine" if value == "v1" => args.base = EngineOptions::v1,
            "--engine" if value == "v2" => args.base = EngineOptions::v2,
            "--engine" => return Err(format!("--engine {value}: v1 or v2")),
            "--race-beam" => {
                let shape = value
                    .split_once('x')
                    .and_then(|(w, b)| RaceBeam::new(w.parse().ok()?, b.parse().ok()?));
                let shape = shape.ok_or_else(|| {
                    format!("--race-beam {value}: WIDTHxBRANCHING, both at least 1 (say 150x16)")
                })?;
                args.race_beam = Some(shape);
            }
            "--multi-seat" => {
                args.multi_seat = Some(match value.as_str() {
                    "race" => MultiSeatSearch::Race,
                    "best-reply" => MultiSeatSearch::BestReply,
                    "hybrid" => MultiSeatSearch::Hybrid,
                    _ => return Err(format!("--multi-seat {value}: race, best-reply or hybrid")),
                })
            }
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(args)
}

fn engine_player(
    level: u8,
    nodes: u64,
    base: fn() -> EngineOptions,
    multi_seat: Option<MultiSeatSearch>,
) -> EnginePlayer {
    let mut options = base();
    if let Some(search) = multi_seat {
        options.multi_seat = search;
    }
    options.level = Level::new(level.into()).expect("--level, --from and --to are 1 to 10");
    // Levels 1-9 cap the search themselves; level 10 gets the tools' default budget.
    let limits = if nodes > 0 {
        Limits::nodes(nodes)
    } else {
        with_default_budget(Limits::default(), options.level)
    };
    EnginePlayer::new(
        options,
        limits,
        format!("engine level {level} nodes {nodes}"),
    )
}

/// Plays `games` games (rounded up to a whole number of groups, one game per
/// seat of player A) split over `jobs` threads; `make` builds the two players.
fn run_match(
    config: &ArenaConfig,
    games: usize,
    jobs: usize,
    make: &(dyn Fn() -> (Box<dyn Player>, Box<dyn Player>) + Sync),
) -> MatchScore {
    let seats = config.rules.seats().len();
    let total = Mutex::new(MatchScore::default());
    let plies = Mutex::new(Vec::new());
    let counts = Mutex::new(SearchCounts::default());
    let start = Instant::now();
    std::thread::scope(|scope| {
        for job in 0..jobs {
            let total = &total;
            let plies = &plies;
            let counts = &counts;
            scope.spawn(move || {
                let (mut a, mut b) = make();
                // Each job plays groups of games, one per seat of the engine, all
                // from the same opening (a pair in two-seat rules), so that every
                // seat is measured equally often.
                let groups = games.div_ceil(seats);
                let only: Option<usize> =
                    std::env::var("STRENGTH_GROUP").ok().and_then(|p| p.parse().ok());
                for group in (job..groups).step_by(jobs) {
                    if only.is_some_and(|o| o != group) {
                        continue;
                    }
                    let mut job_config = config.clone();
                    job_config.seed = config.seed.wrapping_mul(7919).wrapping_add(group as u64);
                    let score = play_match(&job_config, a.as_mut(), b.as_mut(), seats, &mut |g, _, game| {
                        plies.lock().unwrap().push(game.moves().len());
                        // STRENGTH_LOSSES: also show the games player A lost.
                        let lost = matches!(g.outcome, Outcome::Won(w) if w != g.a_seat)
                            && std::env::var_os("STRENGTH_LOSSES").is_some();
                        if lost || !matches!(g.outcome, Outcome::Won(_)) {
                            eprintln!("  game {} group {group}: {:?} after {} plies; engine {:?}; final {}", g.index, g.outcome, g.plies, g.a_seat, game.position());
                            if std::env::var_os("STRENGTH_RECORDS").is_some() {
                                eprintln!("{}", halma_rules::write_record(game, &[]).expect("no extra tags"));
                            }
                        }
                    });
                    let mut t = total.lock().unwrap();
                    t.wins += score.wins;
                    t.draws += score.draws;
                    t.losses += score.losses;
                    eprintln!("  {} games: {}  ({:.0} s)", t.games(), *t, start.elapsed().as_secs_f64());
                }
                if let Some(c) = a.search_counts() {
                    *counts.lock().unwrap() += c;
                }
            });
        }
    });
    let plies = plies.into_inner().unwrap();
    if !plies.is_empty() {
        println!(
            "  average game length {:.0} plies",
            plies.iter().sum::<usize>() as f64 / plies.len() as f64
        );
    }
    let counts = counts.into_inner().unwrap();
    if counts.moves > 0 {
        println!(
            "  engine moves {}, from the exact endgame solver {} ({:.1}%)",
            counts.moves,
            counts.endgame_moves,
            100.0 * counts.endgame_moves as f64 / counts.moves as f64
        );
    }
    total.into_inner().unwrap()
}

/// The solo start of `rules` after `seed % 4 + 1` random forward moves
/// (moves that bring the piece closer to its target corner), and that number.
fn solo_variant(rules: &Rules, seed: u64) -> (halma_core::Position, usize) {
    let mut rng = halma_tools::rng::Rng::new(seed);
    let mut position = solo_position(rules, Seat::Red);
    let eval = halma_engine::Evaluator::new(rules);
    let random = (seed % 4 + 1) as usize;
    for _ in 0..random {
        let forward: Vec<_> = rules
            .legal_moves(&position)
            .into_iter()
            .filter(|m| eval.distance(Seat::Red, m.from()) > eval.distance(Seat::Red, m.to()))
            .collect();
        position.make_move_unchecked(forward[rng.below(forward.len())]);
    }
    (position, random)
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("strength: {error}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let mut config = ArenaConfig::new(args.rules.clone());
    config.seed = args.seed;
    config.max_plies = args.max_plies;
    match args.command.as_str() {
        "nps" => {
            let nodes = if args.nodes > 0 {
                args.nodes
            } else {
                2_000_000
            };
            let rules = &args.rules;
            // The start and positions of a game `v2` plays against itself,
            // the same whatever today's engine does, searched by today's
            // engine and by `v2` in turn: the ratio is of one run.
            let stop = AtomicBool::new(false);
            let mut positions = vec![("start".to_owned(), rules.start_position())];
            let mut game = halma_rules::Game::new(rules.clone());
            let mut reference = Engine::new(EngineOptions::v2());
            for ply in 1..=60 {
                let r = reference
                    .search(&game, Limits::nodes(5_000), &stop)
                    .expect("limits in range");
                let Some(mv) = r.best_move else { break };
                game.play(mv).expect("the engine's move is legal");
                if ply % 20 == 0 {
                    positions.push((format!("ply {ply}"), game.position().clone()));
                }
            }
            let mut totals = [0.0f64; 2];
            for (name, position) in &positions {
                let mut rates = [0.0f64; 2];
                for (slot, options) in [(args.base)(), EngineOptions::v2()].into_iter().enumerate()
                {
                    let mut engine = Engine::new(options);
                    let start = Instant::now();
                    let r = engine
                        .search_position(rules, position, &[], Limits::nodes(nodes), &stop)
                        .expect("limits in range");
                    let secs = start.elapsed().as_secs_f64();
                    rates[slot] = r.nodes as f64 / secs;
                    totals[slot] += secs / r.nodes as f64;
                }
                println!(
                    "{rules} {name}: {:.0} nodes/s, v2 {:.0} nodes/s, ratio {:.2}",
                    rates[0],
                    rates[1],
                    rates[0] / rates[1]
                );
            }
            println!(
                "{rules} all positions: time per node {:.2}x v2's",
                totals[0] / totals[1]
            );
        }
        name if baseline(name, 1).is_some() => {
            let games = if args.games > 0 { args.games } else { 100 };
            let nodes = if args.nodes > 0 { args.nodes } else { 20_000 };
            let level = args.level;
            let opponent = args.command.clone();
            let (base, multi_seat) = (args.base, args.multi_seat);
            let score = run_match(&config, games, args.jobs, &move || {
                let opponent: Box<dyn Player> = baseline(&opponent, 1).expect("a baseline");
                (
                    Box::new(engine_player(level, nodes, base, multi_seat)),
                    opponent,
                )
            });
            println!(
                "engine level {level} ({nodes} nodes/move) vs {}: {score}",
                args.command
            );
        }
        "versus" => {
            // Engine with --nodes against the same engine with --beam nodes (reusing the flag).
            let games = if args.games > 0 { args.games } else { 50 };
            let (a, b) = (args.nodes, args.beam as u64);
            let score = run_match(&config, games, args.jobs, &move || {
                (
                    Box::new(engine_player(10, a, EngineOptions::default, None)) as Box<dyn Player>,
                    Box::new(engine_player(10, b, EngineOptions::default, None)) as Box<dyn Player>,
                )
            });
            println!("{a} nodes vs {b} nodes: {score}");
        }
        "ladder" => {
            let games = if args.games > 0 { args.games } else { 50 };
            for level in args.from..args.to {
                let score = run_match(&config, games, args.jobs, &move || {
                    (
                        Box::new(engine_player(level + 1, 0, EngineOptions::default, None))
                            as Box<dyn Player>,
                        Box::new(engine_player(level, 0, EngineOptions::default, None))
                            as Box<dyn Player>,
                    )
                });
                println!("level {} vs level {level}: {score}", level + 1);
            }
        }
        "solo" => {
            let rules = &args.rules;
            let start = solo_position(rules, Seat::Red);
            let nodes = if args.nodes > 0 { args.nodes } else { 20_000 };
            let options = || {
                let mut options = (args.base)();
                if let Some(beam) = args.race_beam {
                    options.race_beam = Some(beam);
                }
                options
            };
            let mut engine = Engine::new(options());
            let t = Instant::now();
            match engine_solo_race(&mut engine, rules, &start, Limits::nodes(nodes), 500) {
                Ok(moves) => println!(
                    "engine ({nodes} nodes/move): solo race in {} moves ({:.1} s)",
                    moves.len(),
                    t.elapsed().as_secs_f64()
                ),
                Err(moves) => println!(
                    "engine ({nodes} nodes/move): NOT finished after {} moves",
                    moves.len()
                ),
            }
            if args.variants > 0 {
                let lengths: Vec<usize> = (1..=args.variants)
                    .map(|seed| {
                        let (position, random) = solo_variant(rules, seed);
                        let mut engine = Engine::new(options());
                        let limits = Limits::nodes(nodes);
                        match engine_solo_race(&mut engine, rules, &position, limits, 500) {
                            Ok(moves) => random + moves.len(),
                            Err(moves) => {
                                panic!("race {seed} not finished after {} moves", moves.len())
                            }
                        }
                    })
                    .collect();
                let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
                println!(
                    "engine ({nodes} nodes/move): {} races after 1 to 4 random forward moves, {mean:.1} moves on average (random moves included): {lengths:?}",
                    lengths.len()
                );
            }
            if args.beam == 0 {
                return;
            }
            // The yardstick: the solver's beam alone (`halma solve solo` adds
            // the meeting beam and the exact search, which prove a bound).
            let t = Instant::now();
            let config = SoloConfig {
                beam_width: args.beam,
                meet_width: 0,
                exact: false,
                ..SoloConfig::default()
            };
            match solve_with(rules, &start, SolveLimits::default(), &config, &mut |_| {}) {
                Ok(solution) => println!(
                    "solver's beam, width {}: {} moves, at least {} ({:.1} s)",
                    args.beam,
                    solution.moves.len(),
                    solution.lower_bound,
                    t.elapsed().as_secs_f64()
                ),
                Err(e) => println!("solver's beam, width {}: {e}", args.beam),
            }
        }
        // `parse` accepts no other command.
        other => unreachable!("command {other} was checked"),
    }
}
