//! The forward gain of a seat's best move, found without a move list: what
//! the racing beam adds to its ranking ([`crate::race`]) and the two-seat
//! search to the value of a leaf (the *tempo*, see
//! [`crate::EngineOptions::tempo`]).
//!
//! A position's summed race distance cannot tell pieces lined up into a
//! ladder, which carries a piece far on the next move, from a crowd at the
//! same distance; the gain of the best move can.

use halma_core::{Position, Seat, Square};
use halma_rules::Rules;

use crate::eval::Evaluator;

/// Finds best gains; holds the buffer the pieces are sorted in, so that a
/// search that asks at every leaf does not allocate.
pub(crate) struct BestGain {
    pieces: Vec<(i32, Square)>,
}

impl BestGain {
    pub(crate) fn new() -> BestGain {
        BestGain {
            pieces: Vec::with_capacity(256),
        }
    }

    /// The forward gain (by `eval`'s costs) of the best move of `seat` in
    /// `position` by one of its `limit` pieces farthest from the goal (ties
    /// by square), steps and jump chains as the rules allow them; 0 when no
    /// move gains.
    pub(crate) fn of(
        &mut self,
        rules: &Rules,
        eval: &Evaluator,
        position: &Position,
        seat: Seat,
        limit: usize,
    ) -> i32 {
        let generator = rules.move_generator(position);
        let pieces = &mut self.pieces;
        pieces.clear();
        pieces.extend(
            position
                .pieces(seat)
                .into_iter()
                .map(|s| (eval.cost(seat, s), s)),
        );
        pieces.sort_unstable_by_key(|&(cost, square)| (std::cmp::Reverse(cost), square));
        let mut best = 0;
        for &(from, origin) in pieces.iter().take(limit) {
            // No square costs less than nothing (the target corner), so no
            // move gains more than its piece's cost: the pieces left, which
            // cost no more than this one, cannot beat `best`.
            if from <= best {
                break;
            }
            for to in generator.piece_moves(origin).destinations() {
                best = best.max(from - eval.cost(seat, to));
            }
        }
        best
    }
}

/// Positions of games of four rule sets (a variety of long jumps and locks),
/// both seats to move, for tests that check a walk over the generator's
/// destinations against the rules' move list.
#[cfg(test)]
pub(crate) fn varied_positions() -> Vec<(Rules, Position)> {
    let mut out = Vec::new();
    for name in [
        "halma8",
        "halma",
        "super-halma",
        "halma,home-lock,camp-lock",
    ] {
        let rules: Rules = name.parse().unwrap();
        let mut position = rules.start_position();
        for ply in 0..80 {
            out.push((rules.clone(), position.clone()));
            // Not the best move, so that the game goes somewhere varied.
            let moves = rules.legal_moves(&position);
            let Some(&mv) = moves.iter().filter(|mv| !mv.is_pass()).nth(ply % 7) else {
                break;
            };
            position.make_move_unchecked(mv);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_gain_is_the_best_of_the_legal_moves_of_the_pieces_asked_for() {
        let mut best_gain = BestGain::new();
        for (rules, position) in varied_positions() {
            let eval = Evaluator::new(&rules);
            let moves = rules.legal_moves(&position);
            let seat = position.to_move();
            let mut by_cost: Vec<Square> = position.pieces(seat).into_iter().collect();
            by_cost.sort_by_key(|&s| (std::cmp::Reverse(eval.cost(seat, s)), s));
            for limit in [usize::MAX, 8, 3] {
                let asked = &by_cost[..limit.min(by_cost.len())];
                let expected = moves
                    .iter()
                    .filter(|mv| !mv.is_pass() && asked.contains(&mv.from()))
                    .map(|mv| eval.gain(seat, mv.from(), mv.to()))
                    .fold(0, i32::max);
                assert_eq!(
                    best_gain.of(&rules, &eval, &position, seat, limit),
                    expected,
                    "{rules}, limit {limit}: {position}"
                );
            }
        }
    }
}
