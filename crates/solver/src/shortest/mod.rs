//! The shortest game, every seat cooperating, that ends with a win.
//!
//! [`shortest_game`] runs two searches from the given position:
//!
//! 1. a **beam** over cooperative plies (module `beam`), widening from 16
//!    positions per ply to [`ShortestOptions::beam_width`], ranked by an
//!    estimate of the winner's remaining race in which the other seats'
//!    pieces count as soon as they form a ladder; it finds a game quickly,
//!    but proves nothing;
//! 2. when [`ShortestOptions::prove`] is set, an **exact** iterative
//!    deepening search (module `exact`) over every legal move of every seat,
//!    from the admissible lower bound of [`bound`] up to one ply less than
//!    the best game found; each depth searched to the end raises the
//!    proved lower bound, and a game it finds is a shortest one.
//!
//! A game is returned as soon as it is proved shortest (its length equals
//! the lower bound), or when the limits run out after a game was found.

mod beam;
pub mod bound;
mod exact;

use std::time::Duration;

use halma_core::{Move, Position, Seat, SeatSet};
use halma_rules::{Rules, Spoil};

use crate::limits::check_threads;
use crate::{Budget, SolveError, SolveLimits};
use beam::{Beam, BeamOutcome, Race};
use exact::{DepthOutcome, Exact};

/// The most plies a requested game may have ([`ShortestOptions::max_plies`]),
/// and the horizon of the beam when no maximum is given.
pub const MAX_SHORTEST_PLIES: u32 = 1000;

/// The largest beam width accepted.
pub const MAX_BEAM_WIDTH: usize = 1 << 24;

/// The most threads accepted.
pub const MAX_THREADS: usize = 256;

/// What to search for, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortestOptions {
    /// The seat that must win; `None` (the default): any seat in play.
    pub winner: Option<Seat>,
    /// Only games of at most this many plies (1 to [`MAX_SHORTEST_PLIES`]);
    /// `None`: no maximum.
    pub max_plies: Option<u32>,
    /// The widest beam tried (1 to [`MAX_BEAM_WIDTH`]); the beam starts at
    /// 16 positions per ply (or this width if smaller) and is widened four
    /// times at a time up to it. Default 4096.
    pub beam_width: usize,
    /// Threads that expand the beam's plies (1 to [`MAX_THREADS`]). Default 1.
    pub threads: usize,
    /// Whether to run the exact search after the beam found a game, to
    /// prove its length (default `true`). It ends when the proof is done or
    /// a limit runs out, so on a big position it spends every limit given.
    /// When the beam found no game, the exact search runs whatever this says.
    pub prove: bool,
}

impl Default for ShortestOptions {
    fn default() -> ShortestOptions {
        ShortestOptions {
            winner: None,
            max_plies: None,
            beam_width: 4096,
            threads: 1,
            prove: true,
        }
    }
}

/// Counters of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShortestStats {
    /// Positions generated, both searches together.
    pub nodes: u64,
    /// Time of the whole run.
    pub elapsed: Duration,
    /// When the game returned was found, from the start.
    pub found_after: Duration,
    /// The most bytes the searches' own tables held.
    pub peak_memory_bytes: u64,
    /// The widest beam run to its end.
    pub beam_width_reached: usize,
    /// The deepest depth the exact search finished without a win (`None`
    /// when it finished none).
    pub exact_depth_refuted: Option<u32>,
    /// Positions in the exact search's table at the end.
    pub exact_table_positions: usize,
}

/// A shortest game found (or the best one found within the limits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortestGame {
    /// The moves, a legal game from the position, won at its last ply.
    pub moves: Vec<Move>,
    /// The seat that wins at the last ply.
    pub winner: Seat,
    /// No game from the position ending with a win by an accepted seat has
    /// fewer plies than this (the admissible bound of [`bound`], raised by
    /// every depth the exact search finished).
    pub lower_bound: u32,
    /// Whether no shorter game exists (`lower_bound == plies()`).
    pub proven_shortest: bool,
    /// Counters.
    pub stats: ShortestStats,
}

impl ShortestGame {
    /// The length of the game in plies.
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }
}

/// The shortest game from `start` under `rules`, every seat cooperating,
/// that ends with a win (by `options.winner` if given), searched under
/// `limits`. `log` receives one line per step of progress.
///
/// Errors: [`SolveError::Impossible`] for a position not valid under the
/// rules, a finished game, a winner not in play, options out of range, or
/// no win possible within `options.max_plies` (proved by the bound or by
/// the exact search); [`SolveError::LimitReached`] when a limit ran out
/// before any game was found.
pub fn shortest_game(
    rules: &Rules,
    start: &Position,
    options: &ShortestOptions,
    limits: SolveLimits,
    log: &mut dyn FnMut(&str),
) -> Result<ShortestGame, SolveError> {
    check_options(options)?;
    rules
        .check_position(start)
        .map_err(|e| SolveError::Impossible(format!("the position is not valid: {e}")))?;
    if let Some(seat) = rules.winner(start) {
        return Err(SolveError::Impossible(format!(
            "the game is already over: {} has won",
            seat.name()
        )));
    }
    let accepted = match options.winner {
        Some(seat) if !rules.seats().contains(seat) => {
            return Err(SolveError::Impossible(format!(
                "{} is not in play under {rules}",
                seat.name()
            )))
        }
        Some(seat) => SeatSet::of(&[seat]),
        None => rules.seats(),
    };
    let mut seats: Vec<(u32, Seat)> = accepted
        .iter()
        .map(|seat| {
            let plies = bound::plies_to_win(rules, start, seat).expect("in play");
            (plies, seat)
        })
        .collect();
    seats.sort();
    let mut lower_bound = seats[0].0;
    let horizon = options.max_plies.unwrap_or(MAX_SHORTEST_PLIES);
    if lower_bound > horizon {
        return Err(SolveError::Impossible(format!(
            "no win within {horizon} plies: every win needs at least {lower_bound} \
             (one move per piece to bring home, two for a piece whose parity class \
             has no free target square, and the pieces in the way moved out first)"
        )));
    }
    log(&format!(
        "lower bound {lower_bound} plies ({})",
        seats
            .iter()
            .map(|(plies, seat)| format!("{}: {plies}", seat.name()))
            .collect::<Vec<_>>()
            .join(", ")
    ));

    let mut budget = Budget::new(limits);
    let mut stats = ShortestStats::default();
    let mut best: Option<Vec<Move>> = None;
    let mut stopped = None;

    // The beam, widened step by step, each seat in the order of its bound.
    let mut width = options.beam_width.min(16);
    'widths: loop {
        for &(seat_bound, seat) in &seats {
            let best_len = best.as_ref().map_or(u32::MAX, |b| b.len() as u32);
            if seat_bound >= best_len {
                continue;
            }
            let race = Race::new(rules, seat);
            let beam = Beam {
                rules,
                accepted,
                race: &race,
                width,
                threads: options.threads,
                horizon: horizon.min(best_len.saturating_sub(1)),
            };
            let outcome = beam.run(start, &mut budget, log);
            stats.peak_memory_bytes = stats.peak_memory_bytes.max(budget.memory_bytes());
            match outcome {
                BeamOutcome::Found(line) => {
                    log(&format!(
                        "beam {width} ({} to win): a game of {} plies",
                        seat.name(),
                        line.len()
                    ));
                    stats.found_after = budget.elapsed();
                    best = Some(line);
                }
                BeamOutcome::NotFound => {}
                BeamOutcome::Stopped(limit) => {
                    stopped = Some(limit);
                    break 'widths;
                }
            }
            if best.as_ref().is_some_and(|b| b.len() as u32 <= lower_bound) {
                break 'widths;
            }
        }
        stats.beam_width_reached = width;
        if width >= options.beam_width {
            break;
        }
        width = (width * 4).min(options.beam_width);
    }

    // The exact search, depth by depth, below the best game found.
    let mut exact = Exact::new(rules, accepted);
    if (options.prove || best.is_none()) && stopped.is_none() {
        let last = best
            .as_ref()
            .map_or(horizon, |b| b.len() as u32 - 1)
            .min(horizon);
        let mut depth = lower_bound;
        while depth <= last {
            if rules.spoil() == Spoil::None && !accepted.contains(mover_at(start, depth)) {
                // Under spoil=none only a seat's own move brings its pieces
                // home: no accepted seat can win at this ply.
                log(&format!(
                    "exact: no game of {depth} plies or fewer (no accepted seat moves at ply {depth})"
                ));
                stats.exact_depth_refuted = Some(depth);
                lower_bound = depth + 1;
                depth += 1;
                continue;
            }
            log(&format!("exact: depth {depth}"));
            match exact.search_depth(start, depth, &mut budget) {
                DepthOutcome::Found(line) => {
                    stats.found_after = budget.elapsed();
                    best = Some(line);
                    lower_bound = depth;
                    break;
                }
                DepthOutcome::NoneWithin => {
                    log(&format!(
                        "exact: no game of {depth} plies or fewer ({} nodes, {} positions \
                         in the table, {:.1} s)",
                        budget.nodes(),
                        exact.table_len(),
                        budget.elapsed().as_secs_f64()
                    ));
                    stats.exact_depth_refuted = Some(depth);
                    lower_bound = depth + 1;
                    depth += 1;
                }
                DepthOutcome::Stopped(limit) => {
                    stopped = Some(limit);
                    break;
                }
            }
            stats.peak_memory_bytes = stats.peak_memory_bytes.max(exact.memory_bytes());
        }
        stats.peak_memory_bytes = stats.peak_memory_bytes.max(exact.memory_bytes());
    }
    stats.exact_table_positions = exact.table_len();
    stats.nodes = budget.nodes();
    stats.elapsed = budget.elapsed();

    match best {
        Some(moves) => {
            let mut end = start.clone();
            for &mv in &moves {
                end.make_move_unchecked(mv);
            }
            let winner = rules.winner(&end).expect("the game found is won");
            let plies = moves.len() as u32;
            Ok(ShortestGame {
                moves,
                winner,
                lower_bound,
                proven_shortest: lower_bound >= plies,
                stats,
            })
        }
        None => match stopped {
            Some(limit) => Err(SolveError::LimitReached {
                limit,
                detail: format!(
                    "{} nodes, {:.1} s, {} bytes of tables at most; no game of fewer than \
                     {lower_bound} plies exists",
                    stats.nodes,
                    stats.elapsed.as_secs_f64(),
                    stats.peak_memory_bytes
                ),
            }),
            None => Err(SolveError::Impossible(format!(
                "no win within {horizon} plies: every game of up to {horizon} plies \
                 was searched"
            ))),
        },
    }
}

/// The seat that plays ply `ply` (1 = the next move) from `position`.
fn mover_at(position: &Position, ply: u32) -> Seat {
    let seats = position.seats();
    let mut mover = position.to_move();
    for _ in 1..ply {
        mover = seats.next_after(mover);
    }
    mover
}

fn check_options(options: &ShortestOptions) -> Result<(), SolveError> {
    let bad = |what: String| Err(SolveError::Impossible(what));
    if let Some(plies) = options.max_plies {
        if plies == 0 || plies > MAX_SHORTEST_PLIES {
            return bad(format!(
                "max_plies {plies} is out of range (1 to {MAX_SHORTEST_PLIES})"
            ));
        }
    }
    if options.beam_width == 0 || options.beam_width > MAX_BEAM_WIDTH {
        return bad(format!(
            "beam width {} is out of range (1 to {MAX_BEAM_WIDTH})",
            options.beam_width
        ));
    }
    check_threads(options.threads, MAX_THREADS)
}
