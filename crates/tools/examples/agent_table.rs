//! The table of docs/strength.md, "Against other people's programs", from
//! the game records of `halma match` (`scripts/agents.sh` runs it):
//!
//! ```text
//! cargo run --release -p halma-tools --example agent_table -- NAME=RECORDS_FILE...
//! ```
//!
//! Each file holds the records of one match with the engine as player A and
//! the opponent NAME as player B (the tags `A_seat`, `Termination`, `Loser`
//! say who sat where and how a game ended). Every record is read back and
//! replayed with `halma_rules::read_record`; one that does not read is an
//! error naming the file and the game. A forfeit is the loser's loss, and
//! the table counts the opponent's forfeits apart.

use std::fmt::Write as _;
use std::process::ExitCode;

use halma_core::Seat;
use halma_rules::{read_record, GameResult, Record, Termination};

/// What one game says about the engine and its opponent.
struct GameSummary {
    engine_won: bool,
    /// The engine's win was on the board, not by the opponent's forfeit.
    won_on_board: bool,
    opponent_forfeit: bool,
    /// Why the opponent forfeited, when it did.
    forfeit_reason: Option<String>,
    /// The opponent's pieces in its target camp at the end.
    opponent_home: u32,
    /// The engine's own moves in the game (its opening moves included).
    engine_moves: usize,
    plies: usize,
}

fn summarize(record: &Record) -> Result<GameSummary, String> {
    let tag = |name: &str| {
        record
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let seat_text = tag("A_seat").ok_or("no A_seat tag: not a record of `halma match`")?;
    let engine: Seat = seat_text
        .parse()
        .map_err(|_| format!("A_seat `{seat_text}` is not a seat"))?;
    let game = &record.game;
    let rules = game.rules();
    if rules.seats().len() != 2 {
        return Err(format!("{rules}: the table is for two seats"));
    }
    let opponent = engine.opposite();
    let (winner, forfeit) = match &record.termination {
        Termination::Forfeit { loser, reason } => (Some(loser.opposite()), Some((*loser, reason))),
        Termination::Resignation { loser } => (Some(loser.opposite()), None),
        _ => match game.result() {
            GameResult::Won(seat) => (Some(seat), None),
            GameResult::Ongoing => (None, None),
        },
    };
    let position = game.position();
    let opponent_forfeit = forfeit.is_some_and(|(loser, _)| loser == opponent);
    Ok(GameSummary {
        engine_won: winner == Some(engine),
        won_on_board: winner == Some(engine) && forfeit.is_none(),
        opponent_forfeit,
        forfeit_reason: forfeit
            .filter(|(loser, _)| *loser == opponent)
            .map(|(_, reason)| reason.clone()),
        opponent_home: (position.pieces(opponent) & rules.target_camp(opponent)).count(),
        engine_moves: game
            .moves()
            .iter()
            .enumerate()
            .filter(|(ply, _)| seat_of_ply(game.start_position().to_move(), *ply) == engine)
            .count(),
        plies: game.moves().len(),
    })
}

/// The seat that plays ply `ply` (from 0) of a two-seat game whose first
/// mover is `first`.
fn seat_of_ply(first: Seat, ply: usize) -> Seat {
    if ply % 2 == 0 {
        first
    } else {
        first.opposite()
    }
}

/// The records of one `--records` file: each starts at its `[Rules` tag.
fn split_records(text: &str) -> Vec<String> {
    let mut records: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Rules ") || records.is_empty() {
            records.push(String::new());
        }
        if let Some(last) = records.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    records.retain(|r| !r.trim().is_empty());
    records
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

fn row(name: &str, games: &[GameSummary]) -> String {
    let won = games.iter().filter(|g| g.engine_won).count();
    let forfeits = games.iter().filter(|g| g.opponent_forfeit).count();
    let home = mean(games.iter().map(|g| f64::from(g.opponent_home)));
    let lo = games.iter().map(|g| g.opponent_home).min();
    let hi = games.iter().map(|g| g.opponent_home).max();
    let finish = mean(
        games
            .iter()
            .filter(|g| g.won_on_board)
            .map(|g| g.engine_moves as f64),
    );
    let plies = mean(games.iter().map(|g| g.plies as f64));
    let show = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.1}"));
    let range = match (lo, hi) {
        (Some(lo), Some(hi)) => format!(" ({lo}-{hi})"),
        _ => String::new(),
    };
    format!(
        "| {name} | {} | {won} | {forfeits} | {}{range} | {} | {} |",
        games.len(),
        show(home),
        show(finish),
        show(plies)
    )
}

fn run(args: &[String]) -> Result<String, String> {
    if args.is_empty() {
        return Err("usage: agent_table NAME=RECORDS_FILE...".to_owned());
    }
    let mut table = String::from(
        "| opponent | games | engine won | opponent forfeits | opponent's pieces home at the end, mean (range) | engine's moves to finish, mean | plies, mean |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut notes = String::new();
    for arg in args {
        let (name, path) = arg
            .split_once('=')
            .ok_or_else(|| format!("`{arg}`: expected NAME=RECORDS_FILE"))?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let mut games = Vec::new();
        for (i, record_text) in split_records(&text).iter().enumerate() {
            let record =
                read_record(record_text).map_err(|e| format!("{path}: record {}: {e}", i + 1))?;
            games.push(summarize(&record).map_err(|e| format!("{path}: record {}: {e}", i + 1))?);
        }
        let _ = writeln!(table, "{}", row(name, &games));
        for reason in games.iter().filter_map(|g| g.forfeit_reason.as_deref()) {
            let _ = writeln!(notes, "- {name} forfeited: {reason}");
        }
    }
    Ok(table + &notes)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("agent_table: {message}");
            ExitCode::from(2)
        }
    }
}
