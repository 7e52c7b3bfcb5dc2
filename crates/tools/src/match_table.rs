//! The table of a match against an opponent, from the game records of
//! `halma match --records` with the engine as player A: who won, the
//! opponent's forfeits, how far the opponent got and how long games were
//! (`docs/strength.md`, "Against other people's programs").

use std::fmt;

use halma_core::Seat;
use halma_rules::{GameResult, Record, Termination};

/// What one two-seat game says about player A (the engine) and B.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// A won, on the board or by B's forfeit.
    pub a_won: bool,
    /// A won on the board.
    pub a_won_on_board: bool,
    /// Why B forfeited, when it did.
    pub b_forfeit: Option<String>,
    /// B's pieces in its target camp at the end.
    pub b_home: u32,
    /// A's own moves in the game, from the start position (opening moves included).
    pub a_moves: usize,
    /// The plies of the game.
    pub plies: usize,
}

/// Why a record cannot be summarized.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SummaryError {
    /// No `A_seat` tag: not a record of `halma match`.
    #[error("no A_seat tag: not a record of `halma match`")]
    NoSeat,
    /// The `A_seat` tag does not name a seat of the game.
    #[error("A_seat `{0}` is not a seat of the game")]
    BadSeat(String),
    /// The game has more than two seats.
    #[error("{0}: the table is for two-seat games")]
    NotTwoSeats(String),
}

/// The summary of one record.
pub fn summarize(record: &Record) -> Result<GameSummary, SummaryError> {
    let seat_text = record
        .tags
        .iter()
        .find(|(name, _)| name == "A_seat")
        .map(|(_, value)| value.as_str())
        .ok_or(SummaryError::NoSeat)?;
    let game = &record.game;
    let rules = game.rules();
    if rules.seats().len() != 2 {
        return Err(SummaryError::NotTwoSeats(rules.to_string()));
    }
    let a = seat_text
        .parse::<Seat>()
        .ok()
        .filter(|&seat| rules.seats().contains(seat))
        .ok_or_else(|| SummaryError::BadSeat(seat_text.to_owned()))?;
    let b = a.opposite();
    let (winner, forfeit) = match &record.termination {
        Termination::Forfeit { loser, reason } => (Some(loser.opposite()), Some((*loser, reason))),
        Termination::Resignation { loser } => (Some(loser.opposite()), None),
        _ => match game.result() {
            GameResult::Won(seat) => (Some(seat), None),
            GameResult::Ongoing => (None, None),
        },
    };
    let first = game.start_position().to_move();
    Ok(GameSummary {
        a_won: winner == Some(a),
        a_won_on_board: winner == Some(a)
            && forfeit.is_none()
            && game.result() == GameResult::Won(a),
        b_forfeit: forfeit
            .filter(|(loser, _)| *loser == b)
            .map(|(_, reason)| reason.clone()),
        b_home: (game.position().pieces(b) & rules.target_camp(b)).count(),
        // Two seats alternate from the first mover.
        a_moves: (0..game.moves().len())
            .filter(|ply| {
                (if ply % 2 == 0 {
                    first
                } else {
                    first.opposite()
                }) == a
            })
            .count(),
        plies: game.moves().len(),
    })
}

/// The records of a `--records` file, each from its `[Rules` tag line (the
/// first tag of every record the writer writes) to the next.
pub fn split_records(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("[Rules ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    let mut records = Vec::new();
    if let Some(&first) = starts.first() {
        if !text[..first].trim().is_empty() {
            // Text before the first record: let the reader say what is wrong.
            records.push(&text[..first]);
        }
    } else if !text.trim().is_empty() {
        records.push(text);
    }
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        records.push(&text[start..end]);
    }
    records
}

/// The header of the table, two lines, for [`Row`]s under it.
pub const HEADER: &str = "| opponent | games | engine won | opponent forfeits | opponent's pieces home at the end, mean (range) | engine's moves to finish, mean | plies, mean |\n|---|---:|---:|---:|---:|---:|---:|";

/// One opponent's line of the table: its name and its games' summaries,
/// written as a Markdown table row.
pub struct Row<'a> {
    /// The opponent's name.
    pub name: &'a str,
    /// Its games.
    pub games: &'a [GameSummary],
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

impl fmt::Display for Row<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.games;
        let won = games.iter().filter(|g| g.a_won).count();
        let forfeits = games.iter().filter(|g| g.b_forfeit.is_some()).count();
        let show = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.1}"));
        let home = show(mean(games.iter().map(|g| f64::from(g.b_home))));
        let range = match (
            games.iter().map(|g| g.b_home).min(),
            games.iter().map(|g| g.b_home).max(),
        ) {
            (Some(lo), Some(hi)) => format!(" ({lo}-{hi})"),
            _ => String::new(),
        };
        let finish = show(mean(
            games
                .iter()
                .filter(|g| g.a_won_on_board)
                .map(|g| g.a_moves as f64),
        ));
        let plies = show(mean(games.iter().map(|g| g.plies as f64)));
        write!(
            f,
            "| {} | {} | {won} | {forfeits} | {home}{range} | {finish} | {plies} |",
            self.name,
            games.len()
        )
    }
}

#[cfg(test)]
mod tests;
