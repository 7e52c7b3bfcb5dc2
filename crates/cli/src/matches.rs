//! `halma match`: games between two players (engine settings, baselines or
//! protocol engines), sides alternated, with wins, draws, losses and the Elo
//! difference. A protocol engine that fails a move (silent, crashed,
//! garbage, illegal move) forfeits that game and is restarted for the next;
//! see `docs/match.md`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::time::Duration;

use clap::Args;
use halma_protocol::client::{ClientOptions, GoLimits};
use halma_rules::{write_record_ended, Game, Rules, MAX_GAME_MOVES};
use halma_tools::arena::{play_match, ArenaConfig, MatchGame, Outcome};
use halma_tools::elo::MatchScore;

use crate::players::PlayerSpec;
use crate::progress::Progress;
use crate::{quote_path, CliError};

/// The longest time-out accepted, in milliseconds (a day).
const MAX_TIMEOUT_MS: u64 = 86_400_000;

/// The most games played at the same time: each holds its own players (and
/// protocol engines, two processes and four threads each).
const MAX_JOBS: u16 = 256;

/// `--max-plies` of `halma match` and `halma selfplay`: 1 to
/// [`MAX_GAME_MOVES`], the longest game the rules keep (0 would draw every
/// game before its first move).
pub fn max_plies_parser() -> impl clap::builder::TypedValueParser<Value = usize> {
    use clap::builder::TypedValueParser;
    clap::value_parser!(u64)
        .range(1..=MAX_GAME_MOVES as u64)
        .map(|n| n as usize)
}

/// Arguments of `halma match`.
#[derive(Args)]
#[command(
    after_help = "A protocol engine (cmd=) that is silent, crashes, writes garbage or plays an \
illegal move forfeits the game (a loss, printed as `game N: A (Red) forfeits: <reason>`) and is \
restarted for the next one. Details: docs/match.md."
)]
pub struct MatchArgs {
    /// Player A: engine settings `level=N,nodes=N,depth=N,movetime=MS,hash=MiB,threads=N`
    /// (prefixed with `v1,` or `v2,` for a frozen version of the engine, or `v1`, `v2` alone),
    /// a built-in opponent (`greedy`, `greedy-euclid`, `greedy-camp`, `racers`: one
    /// kind per seat, `blocker`, `random`), or `cmd=<command line>` for an engine speaking the protocol
    /// (split into words with the POSIX shell's quoting rules, never run by a shell).
    #[arg(long, default_value = "nodes=20000")]
    a: String,
    /// Player B, written like player A.
    #[arg(long, default_value = "greedy")]
    b: String,
    /// Games to play (each random opening is played from both sides).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Rules string.
    #[arg(long, default_value = "halma")]
    rules: String,
    /// Search limits sent to protocol engines as `go <GO>`: depth, nodes,
    /// movetime or a clock (rtime, gtime, btime, ytime); never `infinite`.
    #[arg(long, default_value = "nodes 20000")]
    go: String,
    /// Random forward plies played before the players take over (fewer
    /// than --max-plies).
    #[arg(long, default_value_t = 4)]
    openings: usize,
    /// A game reaching this many plies is a draw (1 to 100000, the longest game kept).
    #[arg(long, default_value_t = 1000, value_parser = max_plies_parser())]
    max_plies: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time, each with its own players (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS as i64))]
    jobs: u16,
    /// Milliseconds a protocol engine has to answer `hep` with `hepok` after it starts.
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_MS))]
    timeout_handshake: u64,
    /// Milliseconds a protocol engine has to answer `isready` with `readyok`.
    #[arg(long, value_name = "MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_MS))]
    timeout_ready: u64,
    /// Milliseconds a protocol engine may think when `--go` limits only depth
    /// or nodes (with movetime or a clock, that time is the limit).
    #[arg(long, value_name = "MS", default_value_t = 60_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_MS))]
    timeout_move: u64,
    /// Milliseconds a protocol engine may exceed its move time by before it
    /// forfeits the game (as cutechess-cli's and fastchess's timemargin).
    #[arg(long, visible_alias = "timeout-margin", value_name = "MS", default_value_t = 1_000,
          value_parser = clap::value_parser!(u64).range(0..=MAX_TIMEOUT_MS))]
    timemargin: u64,
    /// Failed starts of a protocol engine in a row (spawn or handshake) after
    /// which it is not started again: its remaining games are forfeited at once.
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    max_start_failures: u32,
    /// Write every game's record (docs/game-record.md, with how it ended) to
    /// FILE, one after another in the order the games end.
    #[arg(long, visible_alias = "pgnout", value_name = "FILE")]
    records: Option<String>,
}

/// The running totals of a match.
#[derive(Default)]
struct Totals {
    score: MatchScore,
    games: usize,
    forfeits: [u32; 2],
    /// The first failure to write a record.
    record_error: Option<String>,
}

/// Plays the match and prints the score of A against B.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let rules: Rules = args
        .rules
        .parse()
        .map_err(|e| CliError(format!("--rules: {e}")))?;
    if args.openings >= args.max_plies {
        return Err(CliError(format!(
            "--openings: {} random plies would leave nothing of a game of at most {} plies \
             (--max-plies): give fewer",
            args.openings, args.max_plies
        )));
    }
    let jobs = usize::from(args.jobs);
    let a = PlayerSpec::parse(&args.a).map_err(|e| CliError(format!("--a: {}", e.0)))?;
    let b = PlayerSpec::parse(&args.b).map_err(|e| CliError(format!("--b: {}", e.0)))?;
    let go = args
        .go
        .parse::<GoLimits>()
        .map_err(|e| CliError(format!("--go: {e}")))?;
    // An engine refuses a `go` that bounds no search of the side to move, so
    // such a `go` would forfeit every game: refuse it before the first.
    go.check_seats(rules.seats().iter())
        .map_err(|e| CliError(format!("--go: {e}")))?;
    let client = ClientOptions {
        handshake: Duration::from_millis(args.timeout_handshake),
        ready: Duration::from_millis(args.timeout_ready),
        move_cap: Duration::from_millis(args.timeout_move),
        margin: Duration::from_millis(args.timemargin),
        max_start_failures: args.max_start_failures,
    };
    let records = match &args.records {
        Some(path) => Some(Mutex::new(BufWriter::new(File::create(path).map_err(
            |e| CliError(format!("--records `{}`: {e}", quote_path(path))),
        )?))),
        None => None,
    };
    let mut config = ArenaConfig::new(rules.clone());
    config.opening_plies = args.openings;
    config.max_plies = args.max_plies;
    let seats = rules.seats().len();
    // Games are played in groups of one per seat of A (a pair in two-seat rules).
    let groups = (args.games as usize).div_ceil(seats);
    let total_games = groups * seats;
    let totals = Mutex::new(Totals::default());
    let progress = Progress::new(total_games);
    outln!(
        "{total_games} games of {rules}: A = {} vs B = {}",
        quote_path(&args.a),
        quote_path(&args.b)
    );
    std::thread::scope(|scope| {
        for job in 0..jobs.min(groups) {
            let (totals, progress, config) = (&totals, &progress, &config);
            let (a, b, go, client, records) = (&a, &b, &go, &client, &records);
            scope.spawn(move || {
                let mut player_a = a.build(go, client);
                let mut player_b = b.build(go, client);
                for group in (job..groups).step_by(jobs) {
                    let mut group_config = config.clone();
                    group_config.seed = args.seed.wrapping_mul(7919).wrapping_add(group as u64);
                    let mut before = MatchScore::default();
                    play_match(
                        &group_config,
                        player_a.as_mut(),
                        player_b.as_mut(),
                        seats,
                        &mut |result, score, game| {
                            let number = group * seats + result.index + 1;
                            let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                            t.score.wins += score.wins - before.wins;
                            t.score.draws += score.draws - before.draws;
                            t.score.losses += score.losses - before.losses;
                            before = *score;
                            t.games += 1;
                            if let Outcome::Forfeit { seat, reason } = &result.outcome {
                                let side = usize::from(*seat != result.a_seat);
                                t.forfeits[side] += 1;
                                progress.println(&format!(
                                    "game {number}: {} ({seat}) forfeits: {reason}",
                                    ["A", "B"][side]
                                ));
                            }
                            if let Some(records) = records {
                                let written = write_game(records, number, result, game, args);
                                if let Err(e) = written {
                                    t.record_error.get_or_insert(e);
                                }
                            }
                            progress.update(t.games, &t.score.to_string());
                        },
                    );
                }
            });
        }
    });
    progress.finish();
    let totals = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(records) = records {
        let mut file = records.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.flush() {
            return Err(CliError(format!("--records: {e}")));
        }
    }
    if let Some(error) = totals.record_error {
        return Err(CliError(format!("--records: {error}")));
    }
    let [a_forfeits, b_forfeits] = totals.forfeits;
    if a_forfeits + b_forfeits > 0 {
        outln!("Forfeits: A {a_forfeits}, B {b_forfeits}");
    }
    outln!("A vs B: {}", totals.score);
    Ok(())
}

/// Appends the record of game `number` to `records`.
fn write_game(
    records: &Mutex<BufWriter<File>>,
    number: usize,
    result: &MatchGame,
    game: &Game,
    args: &MatchArgs,
) -> Result<(), String> {
    let number = number.to_string();
    let seat = result.a_seat.to_string();
    let tags = [
        ("Game", number.as_str()),
        ("A", args.a.as_str()),
        ("B", args.b.as_str()),
        ("A_seat", seat.as_str()),
    ];
    let text = write_record_ended(game, &result.outcome.termination(), &tags)
        .map_err(|e| format!("game {number}: {e}"))?;
    let mut file = records.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(file, "{text}")
        .and_then(|_| file.flush())
        .map_err(|e| e.to_string())
}
