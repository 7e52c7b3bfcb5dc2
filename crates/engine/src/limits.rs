//! What a search is asked for (limits) and what it answers (results, progress).

use std::time::Duration;

use halma_core::Move;

use crate::eval::{WIN, WIN_THRESHOLD};

/// A player's clock, for searches that budget their own time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the side to move's clock.
    pub remaining: Duration,
    /// Time added after each of its moves.
    pub increment: Duration,
    /// Moves to play before the clock is topped up, if the control says so.
    pub moves_to_go: Option<u32>,
}

/// When a search stops. Every limit given applies; the first reached stops
/// the search. No limit at all means "until stopped" (by the stop flag), with
/// a safety depth cap of [`crate::search::MAX_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes (positions visited) in all; node-limited searches are
    /// single-threaded and deterministic.
    pub nodes: Option<u64>,
    /// Wall time for this move.
    pub movetime: Option<Duration>,
    /// A clock to budget from.
    pub clock: Option<Clock>,
}

impl Limits {
    /// Search to a fixed depth in plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Search until the stop flag is raised.
    pub fn infinite() -> Limits {
        Limits::default()
    }

    /// Whether the search may run on several threads: only when neither a
    /// node nor a depth limit asks for a reproducible result.
    pub fn allows_threads(&self) -> bool {
        self.nodes.is_none() && self.depth.is_none()
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play ([`Move::PASS`] when it is the only move). When the
    /// game is already over there is no move: see [`SearchResult::game_over`].
    pub best_move: Move,
    /// The score of the best move for the side to move, in evaluation units
    /// (see [`Score`]).
    pub score: i32,
    /// The last completed iteration depth, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Positions visited, all threads together.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// The principal variation, starting with `best_move`. In three- and
    /// four-seat games it is the best-reply line: after the side to move, the
    /// most dangerous single opponent move, the others passing.
    pub pv: Vec<Move>,
    /// Whether the game was already over (then `best_move` is a pass and means nothing).
    pub game_over: bool,
}

/// Progress of a search, reported after every completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration depth just completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the best move.
    pub score: i32,
    /// Positions visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition table use, per mille.
    pub hashfull: u32,
}

/// A score read for people: a forced win or loss, or a plain evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The side to move wins: the winning move comes this many plies from
    /// now (1 = the move searched wins at once).
    Win(u32),
    /// The side to move loses: an opponent's winning move comes this many
    /// plies from now.
    Loss(u32),
    /// An evaluation in units (10 units = one square of race distance).
    Units(i32),
}

impl Score {
    /// Reads a raw score.
    pub fn from_raw(score: i32) -> Score {
        if score >= WIN_THRESHOLD {
            Score::Win((WIN - score).max(1) as u32)
        } else if score <= -WIN_THRESHOLD {
            Score::Loss((WIN + score).max(0) as u32)
        } else {
            Score::Units(score)
        }
    }
}

impl std::fmt::Display for Score {
    /// `win N`, `loss N` or `cp N`, as the engine protocol writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
            Score::Units(n) => write!(f, "cp {n}"),
        }
    }
}
