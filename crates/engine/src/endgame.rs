//! Exact endgames: once a seat's race can no longer be disturbed, the
//! fewest moves that fill its target camp, found by iterative-deepening A*
//! over its own moves alone (every other piece stays where it is).
//!
//! The bound that makes it exact ([`moves_needed_at_least`]) counts the
//! target squares still to fill: one move brings at most one piece into
//! the camp. The search deepens one move at a time from that bound, prunes
//! a move as soon as the bound after it exceeds the moves left (computed
//! from the move's two squares, without playing it), and remembers the
//! positions it has shown cannot be finished in a given number of moves.
//! The first solution found is therefore the shortest.
//!
//! The engine calls it when few moves remain ([`ENDGAME_MAX_BOUND`]): for
//! one seat and in three- and four-seat races always, for two seats only
//! once the races are separated ([`races_separated`]). It works within a
//! node budget and gives up (the ordinary search then plays) when that is
//! spent.

use std::collections::HashMap;

use halma_core::{Bitboard, Move, Position, Seat};
use halma_rules::{Rules, Spoil};

use crate::eval::Evaluator;

/// The engine tries the endgame solver when the bound of
/// [`moves_needed_at_least`] is at most this.
/// Measured in `halma4` against racers at 20,000 nodes per move: at a
/// bound of 2 or 3 the solver mostly finishes within its budget, at 4 or
/// more it mostly runs out (docs/notes/strength-log.md, "Three and four seats
/// against greedy racers", on the exact endgame solver).
pub const ENDGAME_MAX_BOUND: u32 = 3;

/// With [`Bound::Parity`], the engine tries the solver when the bound of
/// [`moves_needed_at_least`] is at most this: the sharper bound prunes
/// enough that endgames of a few more pieces fit the budget.
pub const PARITY_MAX_BOUND: u32 = 5;

/// Longest solution the solver looks for, in moves of its seat: a bound on
/// its recursion.
pub const MAX_SOLUTION_MOVES: u32 = 24;

/// A lower bound on the moves `seat` needs, alone, to meet its goal from
/// `position`: the squares of its target camp that still lack one of its
/// pieces (`spoil=none`, `spoil=swap`) or any piece (`spoil=fill`, then at
/// least one move while none of the camp's pieces is its own). A move takes
/// one piece to one square, so it fills at most one of them.
pub fn moves_needed_at_least(rules: &Rules, position: &Position, seat: Seat) -> u32 {
    let target = rules.target_camp(seat);
    let own = position.pieces(seat);
    match rules.spoil() {
        Spoil::None | Spoil::Swap => (target - own).count(),
        Spoil::Fill => {
            let empty = (target - position.occupied()).count();
            if (target & own).is_empty() {
                empty.max(1)
            } else {
                empty
            }
        }
    }
}

/// How the bound of [`moves_needed_at_least`] changes when a piece moves
/// from a square in the target camp or not (`from_in`) to one in it or not
/// (`to_in`): under every spoil rule a move empties its origin and fills
/// its destination (a swap's displaced piece is foreign, so the count of
/// the seat's own pieces changes as for any move).
fn bound_change(from_in: bool, to_in: bool) -> i32 {
    i32::from(from_in) - i32::from(to_in)
}

/// Whether two seats' races are over as a fight: every piece of `seat` is
/// more than two diagonals beyond every piece of the other seat (counted
/// along the line between the two camps), so that, as long as both go
/// forward, no piece will ever again stand next to a piece of the other
/// seat, and none stands in the other's way.
pub fn races_separated(position: &Position, seat: Seat, evaluator: &Evaluator) -> bool {
    let seats = position.seats();
    if seats.len() != 2 {
        return false;
    }
    let other = seats.next_after(seat);
    // `distance` is dx + dy to `seat`'s target corner; the two corners are
    // opposite, so along the diagonal it orders both seats' pieces.
    let farthest_own = position
        .pieces(seat)
        .into_iter()
        .map(|s| evaluator.distance(seat, s))
        .max();
    let nearest_other = position
        .pieces(other)
        .into_iter()
        .map(|s| evaluator.distance(seat, s))
        .min();
    match (farthest_own, nearest_other) {
        (Some(own), Some(other)) => own + 2 < other,
        _ => true,
    }
}

/// The lower bound the solver prunes by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// [`moves_needed_at_least`]: the target squares still to fill.
    Squares,
    /// The larger of that and the parity bound of the solo solver
    /// (`halma_solver::solo`, docs/solvers.md): a jump keeps the parity of
    /// a piece's file and rank, so when a parity class holds more of the
    /// seat's pieces than the target camp has squares of it, the excess
    /// must step at least once, and a piece that steps needs a move of its
    /// own unless it is outside the camp and next to it (its one move is
    /// then the step in). Used only when the seat has exactly as many pieces
    /// as its camp has squares and other seats' pieces cannot fill the camp
    /// for it (not `spoil=fill`).
    Parity,
}

/// The parity classes of the board and the seat's camp, for [`Bound::Parity`].
struct Parity {
    classes: [Bitboard; 4],
    /// Target squares of each class.
    wanted: [u32; 4],
    /// Squares next to the target camp, outside it.
    next_to_target: Bitboard,
}

impl Parity {
    fn new(rules: &Rules, target: Bitboard) -> Parity {
        let mut classes = [Bitboard::EMPTY; 4];
        for square in rules.geometry().squares() {
            classes[usize::from(square.file() % 2) * 2 + usize::from(square.rank() % 2)]
                .insert(square);
        }
        Parity {
            classes,
            wanted: classes.map(|c| (c & target).count()),
            next_to_target: target.neighbours() - target,
        }
    }

    /// At least this many moves fill `target` with the pieces `own`, as
    /// many as it has squares: one per piece outside, and one more per
    /// piece that must step and cannot make that step its move into the camp.
    fn bound(&self, own: Bitboard, target: Bitboard) -> u32 {
        let outside = own - target;
        let mut bound = outside.count();
        for (class, &wanted) in self.classes.iter().zip(&self.wanted) {
            let excess = (own & *class).count().saturating_sub(wanted);
            let step_in = (outside & *class & self.next_to_target).count();
            bound += excess.saturating_sub(step_in);
        }
        bound
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The shortest sequence of the seat's moves that meets its goal, the
    /// other seats passing.
    pub moves: Vec<Move>,
    /// Positions the solver generated.
    pub nodes: u64,
}

/// The node budget ran out before a solution was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfNodes {
    /// Positions generated.
    pub nodes: u64,
}

struct Solver<'a> {
    rules: &'a Rules,
    evaluator: &'a Evaluator,
    seat: Seat,
    target: Bitboard,
    position: Position,
    nodes: u64,
    max_nodes: u64,
    /// Positions (by hash) shown not to be finishable within the stored
    /// number of moves.
    refuted: HashMap<u64, u32>,
    line: Vec<Move>,
    /// The parity bound's tables, when it applies.
    parity: Option<Parity>,
}

/// The fewest moves of the side to move of `position`, every other seat
/// passing, that meet its goal under `rules`; at most `max_nodes` positions
/// generated. `Ok(None)` when no sequence of up to [`MAX_SOLUTION_MOVES`]
/// moves exists (spoilers that never move, a camp it cannot reach).
pub fn solve(
    rules: &Rules,
    evaluator: &Evaluator,
    position: &Position,
    max_nodes: u64,
) -> Result<Option<Solution>, OutOfNodes> {
    solve_with(rules, evaluator, position, max_nodes, Bound::Squares)
}

/// [`solve`], pruning by `bound`. The solution has the same length with
/// either bound (both are lower bounds); the sharper one prunes more.
pub fn solve_with(
    rules: &Rules,
    evaluator: &Evaluator,
    position: &Position,
    max_nodes: u64,
    bound: Bound,
) -> Result<Option<Solution>, OutOfNodes> {
    let seat = position.to_move();
    let target = rules.target_camp(seat);
    let parity = (bound == Bound::Parity
        && rules.spoil() != Spoil::Fill
        && position.pieces(seat).count() == target.count())
    .then(|| Parity::new(rules, target));
    let mut solver = Solver {
        rules,
        evaluator,
        seat,
        target: rules.target_camp(seat),
        position: position.clone(),
        nodes: 0,
        max_nodes,
        refuted: HashMap::new(),
        line: Vec::new(),
        parity,
    };
    if rules.meets_goal(position, seat) {
        return Ok(Some(Solution {
            moves: Vec::new(),
            nodes: 0,
        }));
    }
    let first = solver.bound();
    for allowed in first..=MAX_SOLUTION_MOVES {
        if solver.search(allowed)? {
            return Ok(Some(Solution {
                moves: solver.line,
                nodes: solver.nodes,
            }));
        }
    }
    Ok(None)
}

impl Solver<'_> {
    /// The lower bound on the moves left from the current position.
    fn bound(&self) -> u32 {
        let squares = moves_needed_at_least(self.rules, &self.position, self.seat);
        match &self.parity {
            Some(parity) => squares.max(parity.bound(self.position.pieces(self.seat), self.target)),
            None => squares,
        }
    }

    /// Plays `mv` for the solver's seat, then passes for every other seat.
    fn play(&mut self, mv: Move) -> usize {
        self.position.make_move_unchecked(mv);
        let mut passes = 0;
        while self.position.to_move() != self.seat {
            self.position.make_move_unchecked(Move::PASS);
            passes += 1;
        }
        passes
    }

    fn take_back(&mut self, mv: Move, passes: usize) {
        for _ in 0..passes {
            self.position.unmake_move(Move::PASS);
        }
        self.position.unmake_move(mv);
    }

    /// Whether the goal can be met in at most `allowed` more moves; the
    /// moves are left in `self.line` when it can.
    fn search(&mut self, allowed: u32) -> Result<bool, OutOfNodes> {
        if self.rules.meets_goal(&self.position, self.seat) {
            return Ok(true);
        }
        if self.bound() > allowed || allowed == 0 {
            return Ok(false);
        }
        let bound = moves_needed_at_least(self.rules, &self.position, self.seat);
        let key = self.position.hash();
        if self.refuted.get(&key).is_some_and(|&n| n >= allowed) {
            return Ok(false);
        }
        let mut moves: Vec<(i32, Move)> = self
            .rules
            .legal_moves(&self.position)
            .iter()
            .filter(|mv| !mv.is_pass())
            .filter_map(|&mv| {
                let change = bound_change(
                    self.target.contains(mv.from()),
                    self.target.contains(mv.to()),
                );
                // The bound after the move must leave room in the moves left.
                ((bound as i32 + change) < allowed as i32).then(|| {
                    let gain = self.evaluator.cost(self.seat, mv.from())
                        - self.evaluator.cost(self.seat, mv.to());
                    (-change * 1_000_000 + gain, mv)
                })
            })
            .collect();
        // Moves into the camp first, then the biggest gains; the sort is
        // stable over the rules' sorted list, so the order is reproducible.
        moves.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (_, mv) in moves {
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return Err(OutOfNodes { nodes: self.nodes });
            }
            let passes = self.play(mv);
            self.line.push(mv);
            let found = self.search(allowed - 1);
            match found {
                Ok(true) => {
                    self.take_back(mv, passes);
                    return Ok(true);
                }
                Ok(false) => {}
                Err(out) => {
                    self.take_back(mv, passes);
                    return Err(out);
                }
            }
            self.line.pop();
            self.take_back(mv, passes);
        }
        let entry = self.refuted.entry(key).or_insert(0);
        *entry = (*entry).max(allowed);
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_core::{MoveKind, PieceMovesIter, SeatSet, Setup};

    /// The fewest moves by plain breadth-first search over every position
    /// (other seats passing), up to `limit` moves.
    fn brute_force(rules: &Rules, position: &Position, limit: u32) -> Option<u32> {
        let seat = position.to_move();
        let mut frontier = vec![position.clone()];
        let mut seen = std::collections::HashSet::new();
        seen.insert(position.hash());
        for depth in 0..=limit {
            if frontier.iter().any(|p| rules.meets_goal(p, seat)) {
                return Some(depth);
            }
            let mut next = Vec::new();
            for p in &frontier {
                for &mv in rules.legal_moves(p).iter() {
                    let mut child = p.clone();
                    child.make_move_unchecked(mv);
                    while child.to_move() != seat {
                        child.make_move_unchecked(Move::PASS);
                    }
                    if seen.insert(child.hash()) {
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
        None
    }

    /// A `halma8` position (Red's target camp is at h1): the camp filled but for `missing`
    /// squares, Red's other pieces on `outside`, Blue's pieces on `blue`.
    fn endgame(rules: &Rules, missing: &[&str], outside: &[&str], blue: &[&str]) -> Position {
        let square = |s: &&str| s.parse::<halma_core::Square>().unwrap();
        let mut red = rules.target_camp(Seat::Red);
        for s in missing {
            red.remove(square(s));
        }
        for s in outside {
            red.insert(square(s));
        }
        let blue: Bitboard = blue.iter().map(square).collect();
        let mut pieces = [Bitboard::EMPTY; 4];
        pieces[Seat::Red.index()] = red;
        pieces[Seat::Blue.index()] = blue;
        let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
        Position::from_setup(&setup, SeatSet::of(&[Seat::Red, Seat::Blue])).unwrap()
    }

    #[test]
    fn the_solver_matches_breadth_first_search_on_small_endgames() {
        let rules: Rules = "halma8".parse().unwrap();
        let evaluator = Evaluator::new(&rules);
        let cases: [(&[&str], &[&str], &[&str]); 2] = [
            (&["h1"], &["f3"], &["a8"]),
            (&["h1", "g1"], &["e4", "d3"], &["a8", "b8"]),
        ];
        for (missing, outside, blue) in cases {
            let position = endgame(&rules, missing, outside, blue);
            let expected = brute_force(&rules, &position, 4).expect("finishable");
            let solution = solve(&rules, &evaluator, &position, 10_000_000)
                .expect("within the budget")
                .expect("finishable");
            assert_eq!(
                solution.moves.len() as u32,
                expected,
                "{missing:?} {outside:?}"
            );
            assert!(moves_needed_at_least(&rules, &position, Seat::Red) <= expected);
            // The moves are legal and meet the goal.
            let mut p = position.clone();
            for &mv in &solution.moves {
                assert!(rules.is_legal(&p, mv), "{mv:?}");
                p.make_move_unchecked(mv);
                while p.to_move() != Seat::Red {
                    p.make_move_unchecked(Move::PASS);
                }
            }
            assert!(rules.meets_goal(&p, Seat::Red));
        }
    }

    /// The steps and jumps of the side to move, even in a finished game.
    fn moves_ignoring_finish(rules: &Rules, position: &Position) -> Vec<Move> {
        let generator = rules.move_generator(position);
        let mut moves = Vec::new();
        for piece in PieceMovesIter::new(&generator, position.pieces(position.to_move())) {
            moves.extend(
                piece
                    .steps
                    .into_iter()
                    .map(|to| Move::new(piece.origin, to, MoveKind::Step)),
            );
            moves.extend(
                piece
                    .jumps
                    .into_iter()
                    .map(|to| Move::new(piece.origin, to, MoveKind::Jump)),
            );
        }
        moves
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Endgames made by walking pieces out of a filled camp with up to
        /// three random legal moves (Halma moves can be played backwards,
        /// so at most that many moves finish them): the solver's length is
        /// the breadth-first optimum.
        #[test]
        fn the_solver_is_optimal_on_random_endgames(seed: u64, retreats in 1usize..=3) {
            let rules: Rules = "halma8".parse().unwrap();
            let evaluator = Evaluator::new(&rules);
            let mut position = endgame(&rules, &[], &[], &["a8", "b8", "a7"]);
            let mut state = seed | 1;
            for _ in 0..retreats {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let moves = moves_ignoring_finish(&rules, &position);
                let mv = moves[(state % moves.len() as u64) as usize];
                position.make_move_unchecked(mv);
                while position.to_move() != Seat::Red {
                    position.make_move_unchecked(Move::PASS);
                }
            }
            let expected = brute_force(&rules, &position, 3).expect("at most three moves");
            let solution = solve(&rules, &evaluator, &position, 1_000_000)
                .expect("within the budget")
                .expect("finishable");
            proptest::prop_assert_eq!(solution.moves.len() as u32, expected);
            // The parity bound is a lower bound, and pruning by it keeps the optimum.
            let target = rules.target_camp(Seat::Red);
            let parity = Parity::new(&rules, target).bound(position.pieces(Seat::Red), target);
            proptest::prop_assert!(parity <= expected, "{parity} > {expected}");
            let sharp = solve_with(&rules, &evaluator, &position, 1_000_000, Bound::Parity)
                .expect("within the budget")
                .expect("finishable");
            proptest::prop_assert_eq!(sharp.moves.len() as u32, expected);
        }
    }

    #[test]
    fn the_parity_bound_counts_the_steps_parity_forces() {
        let rules: Rules = "halma8".parse().unwrap();
        let target = rules.target_camp(Seat::Red);
        let parity = Parity::new(&rules, target);
        // h1 missing, a piece on f3 (the class of h1): one jump in.
        let one = endgame(&rules, &["h1"], &["f3"], &["a8"]);
        assert_eq!(parity.bound(one.pieces(Seat::Red), target), 1);
        // h1 and g1 missing, pieces on d3 (h1's class) and e4 (neither
        // missing square's class, not next to the camp): e4 must step and
        // move again, three moves at least where the squares count two.
        let three = endgame(&rules, &["h1", "g1"], &["e4", "d3"], &["a8", "b8"]);
        assert_eq!(parity.bound(three.pieces(Seat::Red), target), 3);
        assert_eq!(moves_needed_at_least(&rules, &three, Seat::Red), 2);
        let evaluator = Evaluator::new(&rules);
        let exact = brute_force(&rules, &three, 4).expect("finishable");
        assert!(exact >= 3);
        let sharp = solve_with(&rules, &evaluator, &three, 1_000_000, Bound::Parity)
            .unwrap()
            .unwrap();
        assert_eq!(sharp.moves.len() as u32, exact);
    }

    #[test]
    fn a_spent_budget_is_reported_not_guessed() {
        let rules: Rules = "halma8".parse().unwrap();
        let evaluator = Evaluator::new(&rules);
        let position = endgame(&rules, &["h1", "h2", "g1"], &["a6", "b6", "a5"], &["a8"]);
        assert!(matches!(
            solve(&rules, &evaluator, &position, 5),
            Err(OutOfNodes { nodes: 6 })
        ));
    }

    #[test]
    fn separation_needs_a_gap_of_more_than_two_diagonals() {
        let rules: Rules = "halma8".parse().unwrap();
        let evaluator = Evaluator::new(&rules);
        // Red's farthest piece on e4 (dx + dy = 6 from h1), Blue's nearest
        // on d6 (9: three beyond) or on d5 (8: two beyond, and next to e4).
        let apart = endgame(&rules, &["h1"], &["e4"], &["d6"]);
        assert!(races_separated(&apart, Seat::Red, &evaluator));
        let close = endgame(&rules, &["h1"], &["e4"], &["d5"]);
        assert!(!races_separated(&close, Seat::Red, &evaluator));
    }
}
