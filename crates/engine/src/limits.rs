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
///
/// Any time is safe: times too long to be added to the clock
/// (`Duration::MAX`) mean no deadline. A depth outside
/// 1..=[`crate::search::MAX_DEPTH`] is refused by every search
/// ([`SearchError::Depth`]), never clamped.
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
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (a pass, [`Move::PASS`], when it is the only move);
    /// `None` when the game is already over and there is no move.
    pub best_move: Option<Move>,
    /// The score of the best move for the side to move.
    pub score: Score,
    /// The last completed iteration depth, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Positions visited, all threads together.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// Transposition table use at the end, per mille.
    pub hashfull: u32,
    /// The principal variation, starting with `best_move` (empty when there
    /// is none). In three- and four-seat games it is the best-reply line:
    /// after the side to move, the most dangerous single opponent move, the
    /// others passing.
    pub pv: Vec<Move>,
    /// When the move comes from the exact endgame solver
    /// ([`crate::endgame`]): the fewest moves the side to move needs to
    /// finish, the other seats' pieces standing still.
    pub endgame_moves: Option<u32>,
}

/// Most principal variations a search reports at once ([`SearchOptions::multipv`]).
pub const MAX_MULTIPV: usize = 32;

/// Whether a reported score is exact or only a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ScoreBound {
    /// The score of the line, searched in full.
    #[default]
    Exact,
    /// The line is at least this good: the search failed high on its
    /// aspiration window and searches again with a wider one.
    Lower,
    /// The best line is at most this good: the search failed low on its
    /// aspiration window and searches again with a wider one.
    Upper,
}

/// A line of a search, reported after every completed iteration (one per
/// principal variation asked for) and when an aspiration window fails.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration depth just completed (or being searched, for a bound).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation this is, 1 = the best.
    pub multipv: u32,
    /// The score of the line's first move.
    pub score: Score,
    /// Whether `score` is exact or a bound.
    pub bound: ScoreBound,
    /// Positions visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition table use, per mille.
    pub hashfull: u32,
}

/// Where a search is, reported at regular intervals while it runs
/// ([`SearchOptions::progress_interval`]).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// The iteration depth being searched.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The root move being searched.
    pub currmove: Move,
    /// Its number in the order of search, 1 = the first.
    pub currmovenumber: u32,
    /// Positions visited so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use, per mille.
    pub hashfull: u32,
}

/// How far the transposition table is filled ([`crate::Engine::fill_table`]).
/// A table is filled when first used or resized and after
/// [`crate::Engine::new_game`]: writing fresh memory takes about a second
/// per GiB.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableFill {
    /// MiB filled so far.
    pub filled_mib: usize,
    /// MiB of the whole table.
    pub size_mib: usize,
    /// Time since the search (or the fill) started.
    pub elapsed: Duration,
}

/// What a search reports while it runs.
#[non_exhaustive]
#[derive(Clone, Copy, Debug)]
pub enum SearchEvent<'a> {
    /// A line: a completed iteration, or a bound from a failed aspiration window.
    Line(&'a SearchInfo),
    /// Progress within an iteration.
    Progress(&'a SearchProgress),
    /// Progress of the filling of the transposition table, which comes
    /// before the search when the table is not yet whole: at once, then at
    /// the [`SearchOptions::progress_interval`] (a stop interrupts it).
    TableFill(&'a TableFill),
}

/// What a search is asked for beyond its [`Limits`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// How many best root moves get a line of their own (1..=[`MAX_MULTIPV`]).
    /// Each extra line costs a search of the root moves not yet chosen.
    /// Levels 1-4 (which choose with noise) report one line only.
    pub multipv: usize,
    /// Only these root moves are searched (all legal moves when empty).
    pub searchmoves: Vec<Move>,
    /// Report [`SearchEvent::Progress`] this often (never when `None`).
    /// The time is read every 1024 nodes, so reports come at most about a
    /// millisecond late.
    pub progress_interval: Option<Duration>,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            multipv: 1,
            searchmoves: Vec::new(),
            progress_interval: None,
        }
    }
}

/// Why a search could not start.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// [`SearchOptions::multipv`] is out of range.
    #[error("multipv {0} is not in 1..={MAX_MULTIPV}")]
    MultiPv(usize),
    /// A move of [`SearchOptions::searchmoves`] is not legal in the position.
    #[error("searchmoves: move {index} is not legal in the position")]
    IllegalSearchMove {
        /// Its index in the list, 1 = the first.
        index: usize,
    },
    /// A move appears twice in [`SearchOptions::searchmoves`].
    #[error("searchmoves: move {index} repeats an earlier one")]
    RepeatedSearchMove {
        /// Its index in the list, 1 = the first.
        index: usize,
    },
    /// [`Limits::depth`] is 0 or above [`crate::search::MAX_DEPTH`].
    #[error("search depth {0} is not in 1..={max}", max = crate::search::MAX_DEPTH)]
    Depth(u32),
}

/// The score of a move for the side to move: a forced win or loss, or a
/// plain evaluation. Scores order from the worst (the quickest loss) to the
/// best (the quickest win).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// Reads a score on the search's internal scale (see [`Score::raw`]).
    pub fn from_raw(score: i32) -> Score {
        if score >= WIN_THRESHOLD {
            Score::Win((WIN - score).max(1) as u32)
        } else if score <= -WIN_THRESHOLD {
            Score::Loss((WIN + score).max(0) as u32)
        } else {
            Score::Units(score)
        }
    }

    /// The score on the search's internal scale, one number that orders as
    /// the scores do: an evaluation in units, or `±(30000 - plies)` for a
    /// forced result (what the C API reports as `score`).
    pub fn raw(self) -> i32 {
        let plies = |n: u32| i32::try_from(n).unwrap_or(i32::MAX).min(WIN);
        match self {
            Score::Win(n) => WIN - plies(n),
            Score::Loss(n) => plies(n) - WIN,
            Score::Units(n) => n,
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;

    /// The same score seen by the opponent in a two-seat (zero-sum) game: a
    /// win in N plies is its loss in N plies, an evaluation changes sign.
    fn neg(self) -> Score {
        match self {
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
            Score::Units(n) => Score::Units(n.saturating_neg()),
        }
    }
}

impl Ord for Score {
    /// Any loss is below any evaluation, any evaluation below any win; a
    /// later loss and a sooner win are better.
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        let key = |s: &Score| match *s {
            Score::Loss(n) => (0, i64::from(n)),
            Score::Units(n) => (1, i64::from(n)),
            Score::Win(n) => (2, -i64::from(n)),
        };
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_from_the_quickest_loss_to_the_quickest_win() {
        let ordered = [
            Score::Loss(1),
            Score::Loss(5),
            Score::Units(-300),
            Score::Units(0),
            Score::Units(40),
            Score::Win(7),
            Score::Win(1),
        ];
        assert!(ordered.windows(2).all(|w| w[0] < w[1]), "{ordered:?}");
        for score in ordered {
            assert_eq!(Score::from_raw(score.raw()), score);
            assert_eq!(-(-score), score);
            assert_eq!((-score).raw(), -score.raw());
        }
    }
}
