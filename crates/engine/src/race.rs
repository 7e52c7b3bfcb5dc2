//! The racing beam: how the engine plays a race that nobody can disturb any
//! more (a solo race, or two seats once the races are separated), where
//! only the number of the seat's own moves counts.
//!
//! Alpha-beta gains nothing from its bounds in such a race: every node is
//! the seat's own, so a subtree is only known to be worse once every leaf
//! of it has been seen, and a budget of 20,000 nodes reaches a depth of
//! three moves (docs/notes/strength-2026-12.md). A beam spends the same
//! nodes on a much longer plan: move after move, each kept position is
//! expanded by its `branching` best moves by forward gain (the search's
//! move ordering), positions already seen are dropped, and the `width`
//! best children are kept. The first move of the best line is played: the
//! shortest line that finishes, or else the best position of the last move
//! the budget reached.
//!
//! The beam ranks positions by the evaluation plus the gain of the best
//! move each leaves (`race_score`): the summed distance alone cannot tell a
//! position that has built a ladder from one that has not, and a ladder is
//! what the solver's short races are made of (docs/notes/strength-2026-12.md,
//! "The next move's gain").

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

// std's `Instant` natively; `performance.now()` on WebAssembly, where
// std's panics (and the engine's deadlines are `web_time`'s).
use halma_core::{Move, Position, Seat};
use halma_rules::Rules;
use web_time::Instant;

use crate::eval::Evaluator;
use crate::gain::BestGain;

/// The shape of a racing beam; valid by construction ([`RaceBeam::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceBeam {
    width: usize,
    branching: usize,
}

impl RaceBeam {
    /// The default beam: 150 positions, each expanded by its 16 best moves
    /// (with the next move's gain in the ranking, 16 races shorter than 8
    /// or 24: docs/notes/strength-2026-12.md).
    pub const DEFAULT: RaceBeam = RaceBeam {
        width: 150,
        branching: 16,
    };

    /// A beam keeping `width` positions a move, each expanded by its
    /// `branching` best moves; `None` when either is 0.
    pub fn new(width: usize, branching: usize) -> Option<RaceBeam> {
        (width > 0 && branching > 0).then_some(RaceBeam { width, branching })
    }

    /// Positions kept a move.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Moves expanded from each kept position.
    pub fn branching(&self) -> usize {
        self.branching
    }
}

/// The line a racing beam chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RaceLine {
    /// The seat's moves, the first to be played now.
    pub moves: Vec<Move>,
    /// The evaluation of the position the line ends in, for the seat.
    pub score: i32,
    /// Whether the line finishes the race.
    pub finishes: bool,
    /// Positions visited.
    pub nodes: u64,
}

/// What stops a beam, besides its node budget.
pub(crate) struct RaceLimits<'a> {
    pub nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: &'a AtomicBool,
}

struct Kept {
    position: Position,
    score: i32,
    /// Index in the tree of moves.
    node: usize,
}

/// The best line of `beam` for the side to move of `position`, every other
/// seat passing, within `limits`; `history` holds the hashes of the game's
/// earlier positions, which no line returns to. `None` when the seat has no
/// move.
pub(crate) fn race_line(
    rules: &Rules,
    eval: &Evaluator,
    position: &Position,
    history: &[u64],
    beam: RaceBeam,
    limits: &RaceLimits<'_>,
) -> Option<RaceLine> {
    let seat = position.to_move();
    let mut seen: HashSet<u64> = history.iter().copied().collect();
    seen.insert(position.hash());
    // The tree of kept moves: (parent, move); the root is node 0.
    let mut tree: Vec<(usize, Move)> = vec![(usize::MAX, Move::PASS)];
    let mut kept = vec![Kept {
        position: position.clone(),
        score: 0,
        node: 0,
    }];
    let mut nodes = 0u64;
    let mut best: Option<(usize, i32)> = None;
    let mut moves: Vec<(i32, Move)> = Vec::with_capacity(256);
    let mut children: Vec<(i32, u64, usize, Move)> = Vec::new();
    let mut best_gain = BestGain::new();
    'plies: loop {
        children.clear();
        let mut out_of_budget = false;
        for (parent, state) in kept.iter().enumerate() {
            ordered_moves(rules, eval, &state.position, seat, &mut moves);
            let mut scratch = state.position.clone();
            for &(_, mv) in moves.iter().take(beam.branching) {
                let passes = play(&mut scratch, mv, seat);
                let hash = scratch.hash();
                if seen.insert(hash) {
                    nodes += 1;
                    if rules.meets_goal(&scratch, seat) {
                        // The first finish found at this move is a shortest one.
                        tree.push((state.node, mv));
                        let score = race_score(rules, eval, &scratch, seat, &mut best_gain);
                        return Some(line_to(&tree, tree.len() - 1, score, true, nodes));
                    }
                    children.push((
                        race_score(rules, eval, &scratch, seat, &mut best_gain),
                        hash,
                        parent,
                        mv,
                    ));
                }
                take_back(&mut scratch, mv, passes);
                if nodes >= limits.nodes || stopped(limits, nodes) {
                    out_of_budget = true;
                    break;
                }
            }
            if out_of_budget {
                break;
            }
        }
        if children.is_empty() {
            break 'plies;
        }
        // Best first; equal scores by hash, so that the beam is reproducible.
        let by_score = |c: &(i32, u64, usize, Move)| (std::cmp::Reverse(c.0), c.1);
        if children.len() > beam.width {
            children.select_nth_unstable_by_key(beam.width - 1, by_score);
            children.truncate(beam.width);
        }
        children.sort_unstable_by_key(by_score);
        let mut next = Vec::with_capacity(children.len());
        for &(score, _, parent, mv) in children.iter() {
            let from = &kept[parent];
            let mut position = from.position.clone();
            play(&mut position, mv, seat);
            tree.push((from.node, mv));
            next.push(Kept {
                position,
                score,
                node: tree.len() - 1,
            });
        }
        best = Some((next[0].node, next[0].score));
        kept = next;
        if out_of_budget {
            break;
        }
    }
    let (node, score) = best?;
    Some(line_to(&tree, node, score, false, nodes))
}

/// How a beam ranks `position`, `seat` to move: the evaluation plus the
/// forward gain of `seat`'s best move (steps and jump chains, as the rules
/// allow them). One move's gain is the race's reach from here: pieces lined
/// up one square apart carry a piece far, a crowd carries nobody.
fn race_score(
    rules: &Rules,
    eval: &Evaluator,
    position: &Position,
    seat: Seat,
    best_gain: &mut BestGain,
) -> i32 {
    let best = best_gain.of(rules, eval, position, seat, usize::MAX);
    eval.evaluate(position, seat).saturating_add(best)
}

fn stopped(limits: &RaceLimits<'_>, nodes: u64) -> bool {
    nodes & 255 == 0
        && (limits.stop.load(Ordering::Relaxed)
            || limits.deadline.is_some_and(|d| Instant::now() >= d))
}

/// The moves of `seat` in `position`, best forward gain first (ties by
/// squares, so that the order is reproducible). From the rules' list: the
/// search's own generator inlined a second time costs the search 2% of its
/// speed (callgrind).
fn ordered_moves(
    rules: &Rules,
    eval: &Evaluator,
    position: &Position,
    seat: Seat,
    out: &mut Vec<(i32, Move)>,
) {
    out.clear();
    out.extend(
        rules
            .legal_moves(position)
            .iter()
            .filter(|mv| !mv.is_pass())
            .map(|&mv| (eval.gain(seat, mv.from(), mv.to()), mv)),
    );
    out.sort_unstable_by_key(|&(gain, mv)| (std::cmp::Reverse(gain), mv.from(), mv.to()));
}

/// Plays `mv` for `seat`, then passes for every other seat; returns the passes.
fn play(position: &mut Position, mv: Move, seat: Seat) -> usize {
    position.make_move_unchecked(mv);
    let mut passes = 0;
    while position.to_move() != seat {
        position.make_move_unchecked(Move::PASS);
        passes += 1;
    }
    passes
}

fn take_back(position: &mut Position, mv: Move, passes: usize) {
    for _ in 0..passes {
        position.unmake_move(Move::PASS);
    }
    position.unmake_move(mv);
}

/// The line from the root to `node` of the tree.
fn line_to(
    tree: &[(usize, Move)],
    node: usize,
    score: i32,
    finishes: bool,
    nodes: u64,
) -> RaceLine {
    let mut moves = Vec::new();
    let mut at = node;
    while at != 0 {
        moves.push(tree[at].1);
        at = tree[at].0;
    }
    moves.reverse();
    RaceLine {
        moves,
        score,
        finishes,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_core::{Bitboard, SeatSet, Setup};

    fn solo(rules: &Rules) -> Position {
        let mut pieces = [Bitboard::EMPTY; 4];
        pieces[Seat::Red.index()] = rules.home_camp(Seat::Red);
        let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
        Position::from_setup(&setup, SeatSet::of(&[Seat::Red])).unwrap()
    }

    fn limits(nodes: u64, stop: &AtomicBool) -> RaceLimits<'_> {
        RaceLimits {
            nodes,
            deadline: None,
            stop,
        }
    }

    #[test]
    fn the_beam_keeps_to_its_budget_and_plays_legal_lines() {
        let rules: Rules = "halma".parse().unwrap();
        let eval = Evaluator::new(&rules);
        let start = solo(&rules);
        let stop = AtomicBool::new(false);
        for nodes in [1, 100, 5_000] {
            let line = race_line(
                &rules,
                &eval,
                &start,
                &[],
                RaceBeam::DEFAULT,
                &limits(nodes, &stop),
            )
            .expect("the seat has moves");
            assert!(line.nodes <= nodes, "{} nodes of {nodes}", line.nodes);
            assert!(!line.finishes);
            let mut position = start.clone();
            for &mv in &line.moves {
                assert!(rules.is_legal(&position, mv), "{mv:?}");
                position.make_move_unchecked(mv);
            }
            // A longer budget looks further ahead: at least one move a level.
            if nodes == 5_000 {
                assert!(line.moves.len() >= 4, "{} moves", line.moves.len());
            }
        }
        // Reproducible.
        let again = |n| {
            race_line(
                &rules,
                &eval,
                &start,
                &[],
                RaceBeam::DEFAULT,
                &limits(n, &stop),
            )
        };
        assert_eq!(again(5_000), again(5_000));
    }

    #[test]
    fn the_ranking_adds_the_best_move_of_the_legal_list() {
        let mut best_gain = BestGain::new();
        for (rules, position) in crate::gain::varied_positions() {
            let eval = Evaluator::new(&rules);
            let seat = position.to_move();
            let best = rules
                .legal_moves(&position)
                .iter()
                .filter(|mv| !mv.is_pass())
                .map(|mv| eval.gain(seat, mv.from(), mv.to()))
                .fold(0, i32::max);
            assert_eq!(
                race_score(&rules, &eval, &position, seat, &mut best_gain),
                eval.evaluate(&position, seat) + best,
                "{rules}: {position}"
            );
        }
    }

    #[test]
    fn the_beam_finishes_a_short_race_with_fewest_moves() {
        // Red on halma8 lacks h1 and g1, its pieces on e4 and d3 (the
        // endgame solver's test: 4 moves by breadth-first search); Blue's
        // pieces stand still.
        let rules: Rules = "halma8".parse().unwrap();
        let eval = Evaluator::new(&rules);
        let square = |s: &str| s.parse::<halma_core::Square>().unwrap();
        let mut red = rules.target_camp(Seat::Red);
        red.remove(square("h1"));
        red.remove(square("g1"));
        red.insert(square("e4"));
        red.insert(square("d3"));
        let mut pieces = [Bitboard::EMPTY; 4];
        pieces[Seat::Red.index()] = red;
        pieces[Seat::Blue.index()] = [square("a8"), square("b8")].into_iter().collect();
        let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
        let position = Position::from_setup(&setup, SeatSet::of(&[Seat::Red, Seat::Blue])).unwrap();
        let stop = AtomicBool::new(false);
        let wide = RaceBeam::new(2_000, 100).unwrap();
        let line = race_line(
            &rules,
            &eval,
            &position,
            &[],
            wide,
            &limits(1_000_000, &stop),
        )
        .unwrap();
        assert!(line.finishes);
        let solved = crate::endgame::solve(&rules, &eval, &position, 10_000_000)
            .unwrap()
            .unwrap();
        assert_eq!(line.moves.len(), solved.moves.len());
        let mut p = position.clone();
        for &mv in &line.moves {
            assert!(rules.is_legal(&p, mv), "{mv:?}");
            play(&mut p, mv, Seat::Red);
        }
        assert!(rules.meets_goal(&p, Seat::Red));
        // A stop flag raised before the search ends it within 256 nodes.
        stop.store(true, Ordering::Relaxed);
        let halma: Rules = "halma".parse().unwrap();
        let stopped = race_line(
            &halma,
            &Evaluator::new(&halma),
            &solo(&halma),
            &[],
            RaceBeam::DEFAULT,
            &limits(u64::MAX, &stop),
        );
        assert!(stopped.is_some_and(|l| l.nodes <= 256));
    }
}
