//! The solo race: the fewest moves for the side to move, alone on the board
//! (the other seats' pieces removed), to fill its target camp.
//!
//! [`solve`] first runs a beam search ([`SoloConfig::beam_width`]) for a good
//! sequence, and from the presets' start a meeting beam
//! ([`SoloConfig::meet_width`]) that searches from both ends at once for a
//! shorter one, then an exact search (iterative deepening on the length, each
//! round a breadth-first search pruned by an admissible bound, from both ends
//! when moves are reversible) that proves it optimal or finds a shorter one.
//! What was proved is in the [`SoloSolution`]: the sequence, a lower bound
//! no sequence can beat, and whether the two meet. docs/notes/solvers-log.md
//! has the methods, the bound's proof and the figures.

mod batches;
mod beam;
mod board;
mod bound;
mod exact;
mod meet;
mod polish;
mod table;

use std::time::Duration;

use halma_core::{Bitboard, Move, Position, Seat, Square};
use halma_rules::Rules;

use crate::limits::{check_threads, Budget, LimitKind, SolveError, SolveLimits};
pub use crate::shortest::MAX_THREADS;
use batches::BeamSettings;
use board::SoloBoard;
use bound::Goal;
use table::Key;

/// The search knobs of [`solve_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloConfig {
    /// States the beam search keeps per move; 0 skips it.
    pub beam_width: usize,
    /// What the beam charges a piece outside the target camp on top of its
    /// distance `dx + dy` to the target corner (default 2).
    pub beam_entry: u32,
    /// States the meeting beam keeps per move; 0 skips it. It runs after
    /// the beam search, looking for a shorter race, when the race can be
    /// searched from both ends at once: the pieces start on the home camp
    /// (the target turned half-way round) and every move can be undone.
    pub meet_width: usize,
    /// Whether to run the exact search after the beam searches (without it
    /// the lower bound is the admissible bound of the start).
    pub exact: bool,
    /// Moves per stretch when polishing the beam's race (each stretch
    /// replaced by the shortest between its ends); 0 or 1 skips it.
    pub polish_window: usize,
    /// Nodes each polished stretch may spend.
    pub polish_nodes: u64,
    /// Threads of the beams and the exact search (1 to [`MAX_THREADS`]):
    /// they share the making of each move's or layer's children, and the
    /// results (races, nodes, proofs) are those of one thread, unless a
    /// memory limit stops the search (the children waiting to be merged
    /// count against it).
    pub threads: usize,
    /// Look only for races of at most this many moves (1 to
    /// [`MAX_LENGTH`]); `None`: any length up to [`MAX_LENGTH`]. The beams
    /// prune against it, and the exact search stops after its round, so
    /// when it finds no race it proves that none this short exists.
    pub max_length: Option<u32>,
}

impl Default for SoloConfig {
    /// A beam of 2 000 states, a meeting beam of 5 000, no polishing, then
    /// the exact search on one thread, for races of any length.
    fn default() -> SoloConfig {
        SoloConfig {
            beam_width: 2000,
            beam_entry: 2,
            meet_width: 5000,
            exact: true,
            polish_window: 0,
            polish_nodes: 2_000_000,
            threads: 1,
            max_length: None,
        }
    }
}

/// What a search spent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoloStats {
    /// States generated, beam and exact search together.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// The most bytes the search's tables held at once.
    pub peak_memory_bytes: u64,
    /// The most bytes the tables would have held had the memory limit not
    /// refused a growth (0 when it refused none): what stopped a search on
    /// that limit with less than the limit held.
    pub refused_memory_bytes: u64,
}

/// The best race found and what is proved about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloSolution {
    /// The race's start: the given position with only the side to move's
    /// pieces, that seat alone in play, to move. The moves replay from here
    /// ([`replay`]).
    pub start: Position,
    /// The best sequence found; it fills the target camp.
    pub moves: Vec<Move>,
    /// No sequence has fewer moves than this (proved by the admissible bound
    /// and the exhaustive rounds of the exact search).
    pub lower_bound: u32,
    /// Whether `moves` is proved optimal (its length is the lower bound).
    pub optimal: bool,
    /// The limit that stopped the search before it proved optimality.
    pub stopped: Option<LimitKind>,
    /// What the search spent.
    pub stats: SoloStats,
}

/// The solo race of the side to move in `position` under `rules`, with the
/// default [`SoloConfig`].
pub fn solve(
    rules: &Rules,
    position: &Position,
    limits: SolveLimits,
) -> Result<SoloSolution, SolveError> {
    solve_with(rules, position, limits, &SoloConfig::default(), &mut |_| {})
}

/// The one-seat start of the solo race of the side to move in `position`:
/// its pieces only, that seat alone in play. Errors when the race cannot be
/// run: the board is not the rules' board, the seat has no pieces, fewer
/// pieces than its target camp has squares, or already fills it.
pub fn solo_start(rules: &Rules, position: &Position) -> Result<Position, SolveError> {
    let geometry = position.geometry();
    let expected = rules.geometry();
    if geometry != expected {
        return Err(SolveError::Impossible(format!(
            "the position's board is {}x{}, but {rules} is played on {}x{}",
            geometry.width(),
            geometry.height(),
            expected.width(),
            expected.height()
        )));
    }
    let seat = position.to_move();
    let own = position.pieces(seat);
    let target = rules.target_camp(seat);
    if own.is_empty() {
        return Err(SolveError::Impossible(format!(
            "{seat}, the side to move, has no pieces"
        )));
    }
    if own.count() < target.count() {
        return Err(SolveError::Impossible(format!(
            "{seat} has {} pieces, too few to fill its target camp of {} squares",
            own.count(),
            target.count()
        )));
    }
    let start = SoloBoard::new(rules, seat).position(own);
    if rules.meets_goal(&start, seat) {
        return Err(SolveError::Impossible(format!(
            "{seat} already fills its target camp: the race is over"
        )));
    }
    Ok(start)
}

/// [`solve`] with search knobs, reporting progress lines to `progress`.
///
/// Errors: [`SolveError::Impossible`] for a race that cannot be run (see
/// [`solo_start`]), one the exact search proved cannot be finished (at all,
/// or within [`SoloConfig::max_length`] moves), a `max_length` out of range,
/// or a `config` with nothing that searches (neither beam, nor the exact
/// search);
/// [`SolveError::LimitReached`] when a limit ran out before any race was
/// found; [`SolveError::NotFound`] when the beams, without the exact search,
/// ended without a race (the beam reached its horizon or died out, the
/// meeting beam found no meeting): that proves nothing.
pub fn solve_with(
    rules: &Rules,
    position: &Position,
    limits: SolveLimits,
    config: &SoloConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<SoloSolution, SolveError> {
    let start_position = solo_start(rules, position)?;
    let max_length = match config.max_length {
        None => MAX_LENGTH,
        Some(length) if (1..=MAX_LENGTH).contains(&length) => length,
        Some(length) => {
            return Err(SolveError::Impossible(format!(
                "the longest race asked for, {length} moves, is outside 1 ..= {MAX_LENGTH}"
            )))
        }
    };
    let threads = config.threads;
    check_threads(threads, MAX_THREADS)?;
    let seat = position.to_move();
    let board = SoloBoard::new(rules, seat);
    let start = position.pieces(seat);
    let meets = config.meet_width > 0 && meet::applies(&board, start);
    if config.beam_width == 0 && !meets && !config.exact {
        return Err(SolveError::Impossible(
            "nothing to search with: the beam is off (width 0), the meeting beam is off or \
             does not apply (it needs the pieces on their home camp and moves that can be \
             undone), and so is the exact search"
                .to_owned(),
        ));
    }
    let goal = Goal::new(&board, board.target);
    let mut budget = Budget::new(limits);
    let mut peak = 0;
    let mut best: Option<Vec<Bitboard>> = None;
    let mut stopped = None;
    // How the beam ended without a race, for the error when nothing else runs.
    let mut beam_ended = None;
    let start_bound = goal.bound(&board, start);
    progress(&format!(
        "{seat} alone: admissible bound at the start {start_bound}"
    ));
    if start_bound > max_length {
        return Err(SolveError::Impossible(format!(
            "no race of at most {max_length} moves: every race needs at least {start_bound} \
             (the admissible bound of the start)"
        )));
    }

    if config.beam_width > 0 {
        let settings = BeamSettings::new(config.beam_width, config.beam_entry, threads);
        let outcome = beam::beam(&board, start, settings, max_length, &mut budget, progress);
        peak = peak.max(outcome.peak_memory);
        stopped = outcome.stopped;
        if outcome.states.is_none() && outcome.stopped.is_none() {
            beam_ended = Some(if outcome.depth >= max_length {
                format!(
                    "the beam (width {}) found no race within its horizon of {max_length} moves",
                    config.beam_width
                )
            } else {
                format!(
                    "the beam (width {}) died out: no state was left at move {}",
                    config.beam_width, outcome.depth
                )
            });
        }
        if let Some(states) = outcome.states {
            progress(&format!(
                "beam {}: {} moves ({} nodes, {:.1} s)",
                config.beam_width,
                states.len() - 1,
                budget.nodes(),
                budget.elapsed().as_secs_f64()
            ));
            best = Some(states);
        }
    }

    if meets && stopped.is_none() {
        let cap = best
            .as_ref()
            .map_or(max_length + 1, |states| (states.len() - 1) as u32);
        let squares = board.width as u32 * board.height as u32;
        let width = config.meet_width;
        let settings = BeamSettings::new(width, config.beam_entry, threads);
        let outcome = if u64::fits(squares) {
            meet::meet_beam::<u64>(&board, start, settings, cap, &mut budget, progress)
        } else if u128::fits(squares) {
            meet::meet_beam::<u128>(&board, start, settings, cap, &mut budget, progress)
        } else {
            meet::meet_beam::<Bitboard>(&board, start, settings, cap, &mut budget, progress)
        };
        peak = peak.max(outcome.peak_memory);
        stopped = outcome.stopped;
        match outcome.states {
            Some(states) => {
                progress(&format!(
                    "meeting beam {width}: {} moves ({} nodes, {:.1} s)",
                    states.len() - 1,
                    budget.nodes(),
                    budget.elapsed().as_secs_f64()
                ));
                best = Some(states);
                beam_ended = None;
            }
            None if best.is_none() && stopped.is_none() => {
                beam_ended = Some(format!(
                    "{}the meeting beam (width {width}) found no race",
                    beam_ended.map_or(String::new(), |text| text + "; ")
                ));
            }
            None => {}
        }
    }

    if config.polish_window > 1 {
        if let Some(states) = best.take() {
            let before = states.len() - 1;
            let (states, polish_peak) = polish::polish(
                &board,
                states,
                config.polish_window,
                config.polish_nodes,
                &mut budget,
                progress,
            );
            progress(&format!(
                "polish {}: {before} -> {} moves ({} nodes, {:.1} s)",
                config.polish_window,
                states.len() - 1,
                budget.nodes(),
                budget.elapsed().as_secs_f64()
            ));
            best = Some(states);
            peak = peak.max(polish_peak);
            stopped = budget.exceeded();
        }
    }

    let mut lower_bound = start_bound;
    if config.exact && stopped.is_none() {
        // Rounds stop below the best race found, and after `max_length`.
        let known = best
            .as_ref()
            .map_or(max_length + 1, |s| (s.len() - 1) as u32);
        let squares = board.width as u32 * board.height as u32;
        let outcome = if u64::fits(squares) {
            exact::exact::<u64>(&board, start, &mut budget, Some(known), threads, progress)
        } else if u128::fits(squares) {
            exact::exact::<u128>(&board, start, &mut budget, Some(known), threads, progress)
        } else {
            exact::exact::<Bitboard>(&board, start, &mut budget, Some(known), threads, progress)
        };
        peak = peak.max(outcome.peak_memory);
        lower_bound = lower_bound.max(outcome.lower_bound);
        stopped = outcome.stopped;
        if outcome.exhausted {
            return Err(SolveError::Impossible(format!(
                "{seat} can never fill its target camp from here: all {} positions it can reach were searched",
                budget.nodes()
            )));
        }
        if let Some(states) = outcome.states {
            best = Some(states);
        }
        if best.is_none() && stopped.is_none() {
            // Every round up to `max_length` was refuted.
            return Err(SolveError::Impossible(format!(
                "no race of at most {max_length} moves: the exact search refuted every length \
                 up to it ({} nodes, {:.1} s)",
                budget.nodes(),
                budget.elapsed().as_secs_f64()
            )));
        }
    }

    let stats = SoloStats {
        nodes: budget.nodes(),
        elapsed: budget.elapsed(),
        peak_memory_bytes: peak,
        refused_memory_bytes: budget.refused_memory_bytes(),
    };
    let Some(states) = best else {
        // What the limit refused, when it stopped the search: why the peak
        // held is below it.
        let refused = match stopped {
            Some(LimitKind::Memory) if stats.refused_memory_bytes > 0 => format!(
                " held, the next growth {} bytes",
                stats.refused_memory_bytes
            ),
            _ => String::new(),
        };
        let detail = format!(
            "{} nodes, {:.1} s, {} bytes of tables{refused}; no sequence shorter than {lower_bound} moves exists",
            stats.nodes,
            stats.elapsed.as_secs_f64(),
            stats.peak_memory_bytes
        );
        return Err(match stopped {
            Some(limit) => SolveError::LimitReached { limit, detail },
            // Only a beam without the exact search ends here with no limit
            // run out (the exact search ends with a race, a proof that there
            // is none, or a limit): the beam proves nothing by ending.
            None => SolveError::NotFound {
                detail: format!(
                    "{}; {detail}",
                    beam_ended.unwrap_or_else(|| "the search ended".to_owned())
                ),
            },
        });
    };
    let moves: Vec<Move> = states
        .windows(2)
        .map(|pair| {
            let from = only(pair[0] - pair[1]);
            let to = only(pair[1] - pair[0]);
            board.make_move(from, to)
        })
        .collect();
    let optimal = moves.len() as u32 == lower_bound;
    Ok(SoloSolution {
        start: start_position,
        moves,
        lower_bound,
        optimal,
        stopped: if optimal { None } else { stopped },
        stats,
    })
}

/// The longest race the searches look for (and the most
/// [`SoloConfig::max_length`] may ask).
pub const MAX_LENGTH: u32 = 1000;

/// The one square of a one-square set.
fn only(set: Bitboard) -> Square {
    debug_assert_eq!(set.count(), 1, "consecutive states differ by one move");
    set.first().expect("consecutive states differ by one move")
}

/// Replays `moves` from the race's `start` (see [`SoloSolution::start`])
/// with the rules' own legality checks; `Ok` with the final position when
/// every move is legal and the last fills the target camp.
pub fn replay(rules: &Rules, start: &Position, moves: &[Move]) -> Result<Position, String> {
    let seat: Seat = start.to_move();
    let mut position = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(reason) = rules.check_move(&position, mv) {
            return Err(format!("move {} ({mv}) is illegal: {reason}", i + 1));
        }
        position.make_move_unchecked(mv);
        if rules.meets_goal(&position, seat) && i + 1 < moves.len() {
            return Err(format!(
                "the race is over after move {}, before the last",
                i + 1
            ));
        }
    }
    if !rules.meets_goal(&position, seat) {
        return Err(format!(
            "after {} moves {seat} does not fill its target camp",
            moves.len()
        ));
    }
    Ok(position)
}
