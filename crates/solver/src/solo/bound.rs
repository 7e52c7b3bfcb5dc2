//! The admissible lower bound on the moves a solo race still needs.
//!
//! `bound(s, X)` never exceeds the fewest moves that take the pieces `s` to a
//! state holding every square of `X` (the target camp, or, for the backward
//! half of a bidirectional search, the start). It adds up per-piece needs, so
//! it rests on one fact: a move moves one piece.
//!
//! Exact case, `|s| = |X|` (every piece ends on `X`):
//! - a piece outside `X` needs at least one move (it must end on `X`);
//! - jumps keep a piece's parity class (file mod 2, rank mod 2) and a step
//!   changes it. The final classes are those of `X`, so when class `k`
//!   holds `n_k` pieces and `X` has `x_k` squares of it, at least
//!   `e_k = n_k - x_k` of them (when positive) make a step. A piece that
//!   steps and is already counted for being outside `X` costs nothing more
//!   only if that step can be its single move, which ends on `X`: the piece
//!   must stand next to a square of `X`. Every other stepping piece needs one
//!   move more: one inside `X` (counted 0 so far) moves at least once; one
//!   outside, not next to `X`, moves at least twice (a single move ending on
//!   `X` would be a step from next to `X`). So the class adds
//!   `max(0, e_k - a_k)`, with `a_k` its pieces outside `X` next to `X`.
//!
//! A second bound, the *ladder* bound, holds in the exact case when segments
//! are plain (no long jumps), and the larger of the two is taken (their sum
//! is not a bound: one step can lower both). Let `dist(p)` be a square's
//! Chebyshev distance to `X` and `L_j` the number of pieces at distance `j`
//! or more. Then at least `j - 1 + L_j` moves remain whenever `L_j > 0`:
//! - at the goal every `L_j` is 0, and a move changes each `L_j` by at most 1;
//! - so the only case to check is a move that takes the last piece at
//!   distance `>= j` (`j >= 2`) from `o` to below `j`. Its first segment is
//!   a step to a square next to `o`, or a jump over a piece next to `o`;
//!   that square or piece is at distance `>= j - 1` after the move, so
//!   `L_{j-1} >= 1` then, and by the claim one level down at least
//!   `j - 2 + 1` moves remain after this one: `j` with it.
//!
//! With the outside pieces' distances sorted, `d_1 <= d_2 <= ...`, the
//! largest `j - 1 + L_j` is `out(s) + max(0, max_i (d_i - i))`: the pieces
//! must form a staircase back from `X`, one per distance, and every missing
//! stair costs a move. A long segment jumps a piece that need not be next
//! to its origin, so under long jumps only the first bound is used.
//!
//! General case, `|s| > |X|` (spare pieces may end anywhere): each empty
//! square of `X` needs a move that lands on it, one square per move, and a
//! class short of `x_k - n_k` pieces needs that many steps into it: the
//! larger of the two.

use halma_core::{Bitboard, Square};

use super::board::{class_of, SoloBoard};

/// What the bound needs to know about the set `X` to fill.
#[derive(Clone, Debug)]
pub(crate) struct Goal {
    /// The squares to fill.
    pub squares: Bitboard,
    /// The squares next to `X` but outside it (Chebyshev distance 1).
    pub rim: Bitboard,
    /// Squares of `X` in each parity class.
    pub per_class: [u32; 4],
    /// Per square (by [`Square::index`]), its Chebyshev distance to `X`
    /// (0 on `X`); `None` under long jumps, where the ladder bound fails.
    distance: Option<Box<[u8; 256]>>,
}

/// Distances 1 to 15: a 16x16 board's farthest square from a set.
const DISTANCES: usize = 16;

impl Goal {
    /// The goal of filling `squares` on `board`.
    pub fn new(board: &SoloBoard, squares: Bitboard) -> Goal {
        Goal::with_ladder(board, squares, !board.rules.long_jumps())
    }

    /// [`Goal::new`] with the ladder bound on or off as asked (tests turn it
    /// on under long jumps to show why it is off there).
    fn with_ladder(board: &SoloBoard, squares: Bitboard, ladder: bool) -> Goal {
        let rim = (squares.neighbours() & board.squares) - squares;
        let per_class = board.classes.map(|class| (class & squares).count());
        let distance = ladder.then(|| {
            let mut distance = Box::new([0; 256]);
            let mut reached = squares;
            let mut ring = squares;
            let mut d = 0;
            while !ring.is_empty() {
                d += 1;
                ring = (ring.neighbours() & board.squares) - reached;
                reached |= ring;
                for square in ring {
                    distance[square.index()] = d;
                }
            }
            distance
        });
        Goal {
            squares,
            rim,
            per_class,
            distance,
        }
    }

    /// The ladder bound's addition to `out(s)`, from the number of outside
    /// pieces at each distance (see the module documentation).
    #[inline]
    fn ladder(at_distance: &[u8; DISTANCES]) -> u32 {
        let mut closer = 0;
        let mut ladder = 0;
        for (d, &pieces) in at_distance.iter().enumerate().skip(1) {
            if pieces > 0 {
                ladder = ladder.max(d as i32 - 1 - closer);
                closer += pieces as i32;
            }
        }
        ladder as u32
    }

    /// The outside pieces of `own` per distance to `X` (all zero without the
    /// ladder bound).
    fn at_distance(&self, own: Bitboard) -> [u8; DISTANCES] {
        let mut at_distance = [0; DISTANCES];
        if let Some(distance) = &self.distance {
            for square in own - self.squares {
                at_distance[distance[square.index()] as usize] += 1;
            }
        }
        at_distance
    }

    /// The lower bound for the pieces `own` (see the module documentation).
    #[inline]
    pub fn bound(&self, board: &SoloBoard, own: Bitboard) -> u32 {
        let empty = (self.squares - own).count();
        let pieces = own.count();
        let target = self.squares.count();
        if pieces == target {
            let outside = own - self.squares;
            let near = outside & self.rim;
            let mut extra = 0;
            for (k, class) in board.classes.iter().enumerate() {
                let n = (own & *class).count();
                let excess = n.saturating_sub(self.per_class[k]);
                if excess > 0 {
                    extra += excess.saturating_sub((near & *class).count());
                }
            }
            empty + extra.max(Self::ladder(&self.at_distance(own)))
        } else {
            let mut short = 0;
            for (k, class) in board.classes.iter().enumerate() {
                short += self.per_class[k].saturating_sub((own & *class).count());
            }
            empty.max(short)
        }
    }
}

/// The counts the bound of a state is made of, kept so that a child's bound
/// costs a few additions (a move changes two squares).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counts {
    /// Empty squares of `X`.
    empty: i32,
    /// Pieces per parity class.
    pieces: [i32; 4],
    /// Pieces per class outside `X`, next to it.
    near: [i32; 4],
    /// Outside pieces per distance to `X` (for the ladder bound).
    at_distance: [u8; DISTANCES],
}

impl Goal {
    /// The counts of the pieces `own`.
    pub fn counts(&self, board: &SoloBoard, own: Bitboard) -> Counts {
        let near = own & self.rim;
        Counts {
            empty: (self.squares - own).count() as i32,
            pieces: board.classes.map(|class| (own & class).count() as i32),
            near: board.classes.map(|class| (near & class).count() as i32),
            at_distance: self.at_distance(own),
        }
    }

    /// The bound of the child of the state of `counts` where the piece on
    /// `from` moves to `to`: [`bound`](Self::bound) of that child.
    #[inline]
    pub fn child_bound(&self, counts: &Counts, exact: bool, from: Square, to: Square) -> u32 {
        let mut c = *counts;
        c.empty += self.squares.contains(from) as i32 - self.squares.contains(to) as i32;
        c.pieces[class_of(from)] -= 1;
        c.pieces[class_of(to)] += 1;
        c.near[class_of(from)] -= self.rim.contains(from) as i32;
        c.near[class_of(to)] += self.rim.contains(to) as i32;
        if exact {
            let mut extra = 0;
            for k in 0..4 {
                extra += (c.pieces[k] - self.per_class[k] as i32 - c.near[k]).max(0);
            }
            let mut ladder = 0;
            if let Some(distance) = &self.distance {
                // Only the outside pieces are counted (distance 0 is `X`).
                let (from, to) = (distance[from.index()], distance[to.index()]);
                c.at_distance[from as usize] -= (from > 0) as u8;
                c.at_distance[to as usize] += (to > 0) as u8;
                ladder = Self::ladder(&c.at_distance);
            }
            (c.empty + extra.max(ladder as i32)) as u32
        } else {
            let mut short = 0;
            for k in 0..4 {
                short += (self.per_class[k] as i32 - c.pieces[k]).max(0);
            }
            c.empty.max(short) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use halma_core::Seat;
    use halma_rules::Rules;

    use super::*;

    /// Every state within `radius` moves of Red's full target camp, by its
    /// exact distance, by breadth-first search backwards from the camp (the
    /// rules have no option that makes moves one-way, so a state's
    /// predecessors are its successors).
    fn ball_around_the_camp(board: &SoloBoard, radius: u32) -> Vec<Vec<Bitboard>> {
        assert!(board.reversible);
        let mut seen = HashSet::from([board.target]);
        let mut layers = vec![vec![board.target]];
        for _ in 0..radius {
            let mut next = Vec::new();
            for &state in layers.last().unwrap() {
                board.for_each_child(state, |_, _, child| {
                    if seen.insert(child) {
                        next.push(child);
                    }
                });
            }
            layers.push(next);
        }
        layers
    }

    /// For every state within `radius` moves of Red's camp under `rules`:
    /// its distance, its bound (checked never to exceed the distance), and
    /// the bound with the ladder bound turned `other_ladder`.
    fn survey(rules: &str, radius: u32, other_ladder: bool) -> Vec<(usize, u32, u32)> {
        let rules: Rules = rules.parse().unwrap();
        let board = SoloBoard::new(&rules, Seat::Red);
        let goal = Goal::new(&board, board.target);
        let other = Goal::with_ladder(&board, board.target, other_ladder);
        let mut survey = Vec::new();
        for (distance, layer) in ball_around_the_camp(&board, radius).iter().enumerate() {
            for &state in layer {
                let bound = goal.bound(&board, state);
                assert!(bound as usize <= distance, "{bound} > {distance}");
                survey.push((distance, bound, other.bound(&board, state)));
            }
        }
        survey
    }

    /// The bound never exceeds the exact distance, and the ladder bound is
    /// what makes it reach that distance for some states (a piece stepped
    /// away from the camp needs one move per square back).
    #[test]
    fn the_bound_never_exceeds_the_distance_and_the_ladder_raises_it() {
        let survey = survey("halma8", 5, false);
        let raised = survey.iter().filter(|(_, bound, plain)| bound > plain);
        assert!(
            raised.count() > 0,
            "the ladder bound never raised the bound"
        );
    }

    /// Under long jumps the ladder bound would overestimate: a long segment
    /// over a piece in the camp brings a piece home from afar in one move.
    #[test]
    fn the_ladder_would_overestimate_under_long_jumps() {
        let survey = survey("halma8,long-jumps", 2, true);
        let over = survey
            .iter()
            .filter(|&&(distance, _, forced)| forced as usize > distance);
        assert!(
            over.count() > 0,
            "no state where the ladder bound fails under long jumps"
        );
    }

    /// The incremental bound of every child equals the bound computed from
    /// scratch, for the target camp and for another set, with as many pieces
    /// as squares and with a spare one.
    #[test]
    fn child_bounds_match_the_bound_from_scratch() {
        for rules in ["halma8", "halma10,long-jumps"] {
            let rules: Rules = rules.parse().unwrap();
            let board = SoloBoard::new(&rules, Seat::Red);
            let home = rules.home_camp(Seat::Red);
            let mut spare = home;
            spare.insert(Square::new(4, 4).unwrap());
            for goal in [Goal::new(&board, board.target), Goal::new(&board, home)] {
                // A few states along the way: the start and its children's children.
                let mut states = vec![home, spare];
                for &state in &[home, spare] {
                    board.for_each_child(state, |_, _, child| states.push(child));
                }
                for state in states {
                    let exact = state.count() == goal.squares.count();
                    let counts = goal.counts(&board, state);
                    board.for_each_child(state, |from, to, child| {
                        assert_eq!(
                            goal.child_bound(&counts, exact, from, to),
                            goal.bound(&board, child)
                        );
                    });
                }
            }
        }
    }
}
