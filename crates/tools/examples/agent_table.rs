//! The table of docs/strength.md, "Against other people's programs", from
//! the game records of `halma match` (`scripts/agents.sh` runs it):
//!
//! ```text
//! cargo run --release -p halma-tools --example agent_table -- NAME=RECORDS_FILE...
//! ```
//!
//! Each file holds the records of one match with the engine as player A and
//! the opponent NAME as player B. Every record is read back and replayed
//! (`halma_rules::read_record`); one that does not read is an error naming
//! the file and the record. The table ([`halma_tools::match_table`]) is
//! followed by the reasons of the opponents' forfeits, each with how often.

use std::fmt::Write as _;
use std::process::ExitCode;

use halma_rules::read_record;
use halma_tools::match_table::{split_records, summarize, Row, HEADER};

fn run(args: &[String]) -> Result<String, String> {
    if args.is_empty() {
        return Err("usage: agent_table NAME=RECORDS_FILE...".to_owned());
    }
    let mut table = format!("{HEADER}\n");
    let mut notes = String::new();
    for arg in args {
        let (name, path) = arg
            .split_once('=')
            .ok_or_else(|| format!("`{arg}`: expected NAME=RECORDS_FILE"))?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let mut games = Vec::new();
        for (i, record_text) in split_records(&text).into_iter().enumerate() {
            let at = |e: &dyn std::fmt::Display| format!("{path}: record {}: {e}", i + 1);
            let record = read_record(record_text).map_err(|e| at(&e))?;
            games.push(summarize(&record).map_err(|e| at(&e))?);
        }
        let _ = writeln!(
            table,
            "{}",
            Row {
                name,
                games: &games
            }
        );
        // Each reason once, with how often, in the order first seen.
        let mut reasons: Vec<(&str, usize)> = Vec::new();
        for reason in games.iter().filter_map(|g| g.b_forfeit.as_deref()) {
            match reasons.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, n)) => *n += 1,
                None => reasons.push((reason, 1)),
            }
        }
        for (reason, n) in reasons {
            let _ = writeln!(notes, "- {name} forfeited {n} game(s): {reason}");
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
