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
}

impl Goal {
    /// The goal of filling `squares` on `board`.
    pub fn new(board: &SoloBoard, squares: Bitboard) -> Goal {
        let rim = (squares.neighbours() & board.squares) - squares;
        let per_class = board.classes.map(|class| (class & squares).count());
        Goal {
            squares,
            rim,
            per_class,
        }
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
            empty + extra
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
}

impl Goal {
    /// The counts of the pieces `own`.
    pub fn counts(&self, board: &SoloBoard, own: Bitboard) -> Counts {
        let near = own & self.rim;
        Counts {
            empty: (self.squares - own).count() as i32,
            pieces: board.classes.map(|class| (own & class).count() as i32),
            near: board.classes.map(|class| (near & class).count() as i32),
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
            (c.empty + extra) as u32
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
    use halma_core::Seat;
    use halma_rules::Rules;

    use super::*;

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
