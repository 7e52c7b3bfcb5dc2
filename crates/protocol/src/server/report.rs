//! The lines a search writes: its principal variations, its progress, its
//! totals before `bestmove` and the filling of the hash table.

use std::time::Duration;

use halma_engine::{ScoreBound, SearchInfo, SearchProgress, SearchResult, TableFill};
use halma_rules::{Move, Position, Rules};

/// The progress line of the hash table's filling before a search:
/// `info string hash <filled> of <size> MiB filled`.
pub fn fill_line(fill: &TableFill) -> String {
    format!(
        "info string hash {} of {} MiB filled",
        fill.filled_mib, fill.size_mib
    )
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64
}

/// An `info` line for a principal variation: depth, seldepth, multipv,
/// score (with `lowerbound`/`upperbound` when it is a bound), nodes, nps,
/// time, hashfull and pv.
pub fn info_line(rules: &Rules, position: &Position, info: &SearchInfo) -> String {
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        nps(info.nodes, info.elapsed),
        info.elapsed.as_millis(),
        info.hashfull,
        line_text(rules, position, &info.pv)
    )
}

/// A progress `info` line: depth, seldepth, currmove, currmovenumber,
/// nodes, nps, time and hashfull.
pub fn progress_line(rules: &Rules, position: &Position, progress: &SearchProgress) -> String {
    format!(
        "info depth {} seldepth {} currmove {} currmovenumber {} nodes {} nps {} time {} hashfull {}",
        progress.depth,
        progress.seldepth,
        notation(rules, position, progress.currmove),
        progress.currmovenumber,
        progress.nodes,
        nps(progress.nodes, progress.elapsed),
        progress.elapsed.as_millis(),
        progress.hashfull
    )
}

/// The `info` line with a search's totals, written right before its
/// `bestmove`: depth, seldepth, score, nodes, nps, time, hashfull and pv.
pub fn final_line(rules: &Rules, position: &Position, result: &SearchResult) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        result.depth,
        result.seldepth,
        result.score,
        result.nodes,
        nps(result.nodes, result.elapsed),
        result.elapsed.as_millis(),
        result.hashfull,
        line_text(rules, position, &result.pv)
    )
}

/// Moves in notation, each written in the position it is played in; the
/// line ends before a move that is not legal there (the engine's lines
/// are legal: this keeps a bug from writing a wrong one).
pub fn line_text(rules: &Rules, position: &Position, moves: &[Move]) -> String {
    let mut position = position.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Ok(word) = rules.move_to_string(&position, mv) else {
            break;
        };
        words.push(word);
        position.make_move_unchecked(mv);
    }
    words.join(" ")
}

/// The notation of a move the engine reports (the root move being
/// searched, a legal move), or of a legal move listed: `none` should it
/// not be legal.
pub fn notation(rules: &Rules, position: &Position, mv: Move) -> String {
    rules
        .move_to_string(position, mv)
        .unwrap_or_else(|_| "none".to_owned())
}
