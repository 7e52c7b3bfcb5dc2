//! Solo races: one seat alone on the board brings its pieces from its home
//! camp into its target camp. They measure how efficiently a player finishes
//! (fewest moves), and a dedicated beam search gives the yardstick.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use halma_core::{Bitboard, Move, MoveKind, PieceMovesIter, Position, Seat, SeatSet, Setup};
use halma_rules::Rules;

use halma_engine::eval::{EvalWeights, Evaluator};
use halma_engine::{Engine, Limits};

/// The position where only `seat` is in play, its pieces on its home camp,
/// to move. (Not a position of the rules' presets, which seat two or more:
/// the engine and the rules' move generation accept it all the same.)
pub fn solo_position(rules: &Rules, seat: Seat) -> Position {
    let mut pieces = [Bitboard::EMPTY; 4];
    pieces[seat.index()] = rules.home_camp(seat);
    let setup = Setup::new(rules.geometry(), pieces, seat);
    Position::from_setup(&setup, SeatSet::of(&[seat])).expect("a camp is on the board")
}

/// Plays a solo race from `position` (whose only seat is the side to move)
/// with `engine` under `limits` per move; returns the moves played if the
/// race was finished within `max_moves`.
pub fn engine_solo_race(
    engine: &mut Engine,
    rules: &Rules,
    position: &Position,
    limits: Limits,
    max_moves: usize,
) -> Result<Vec<Move>, Vec<Move>> {
    let seat = position.to_move();
    let mut position = position.clone();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let stop = AtomicBool::new(false);
    while !rules.meets_goal(&position, seat) {
        if moves.len() >= max_moves {
            return Err(moves);
        }
        let result = engine.search_position(rules, &position, &history, limits, &stop);
        // The race is not over, so there is a move.
        let Some(mv) = result.best_move else {
            return Err(moves);
        };
        history.push(position.hash());
        position.make_move_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

struct Node {
    parent: usize,
    mv: Move,
}

/// The shortest solo race a beam search of `width` states per ply finds from
/// `position` (only the side to move in play), ranking states by the total
/// cost of the pieces under `weights` (with `rear: 0`, the plain distance).
/// Returns the moves, or `None` when no solution is found in `max_moves`
/// (always with `width` 0, which keeps no state).
pub fn beam_search(
    rules: &Rules,
    position: &Position,
    width: usize,
    max_moves: usize,
    weights: EvalWeights,
) -> Option<Vec<Move>> {
    if width == 0 {
        return None;
    }
    let seat = position.to_move();
    let eval = Evaluator::with_weights(rules, weights);
    let mut nodes: Vec<Node> = vec![Node {
        parent: usize::MAX,
        mv: Move::PASS,
    }];
    let total =
        |p: &Position| -> i32 { p.pieces(seat).into_iter().map(|s| eval.cost(seat, s)).sum() };
    // (position, total cost, node index)
    let mut beam: Vec<(Position, i32, usize)> = vec![(position.clone(), total(position), 0)];
    for _ in 0..max_moves {
        let mut seen: HashSet<u64> = HashSet::new();
        // (cost, parent beam index, move, hash)
        let mut children: Vec<(i32, usize, Move, u64)> = Vec::new();
        for (b, (pos, cost, _)) in beam.iter().enumerate() {
            let generator = rules.move_generator(pos);
            let mut scratch = pos.clone();
            for piece in PieceMovesIter::new(&generator, pos.pieces(seat)) {
                let from = piece.origin;
                for (set, kind) in [(piece.steps, MoveKind::Step), (piece.jumps, MoveKind::Jump)] {
                    for to in set {
                        let mv = Move::new(from, to, kind);
                        scratch.make_move_unchecked(mv);
                        let hash = scratch.hash();
                        scratch.unmake_move(mv);
                        if seen.insert(hash) {
                            let child_cost = cost - eval.cost(seat, from) + eval.cost(seat, to);
                            children.push((child_cost, b, mv, hash));
                        }
                    }
                }
            }
        }
        if children.is_empty() {
            return None;
        }
        if children.len() > width {
            children.select_nth_unstable_by_key(width - 1, |c| (c.0, c.3));
            children.truncate(width);
        }
        children.sort_unstable_by_key(|c| (c.0, c.3));
        let mut next = Vec::with_capacity(children.len());
        for (cost, b, mv, _) in children {
            let (pos, _, node) = &beam[b];
            let mut child = pos.clone();
            child.make_move_unchecked(mv);
            nodes.push(Node { parent: *node, mv });
            let index = nodes.len() - 1;
            if rules.meets_goal(&child, seat) {
                let mut line = Vec::new();
                let mut at = index;
                while at != 0 {
                    line.push(nodes[at].mv);
                    at = nodes[at].parent;
                }
                line.reverse();
                return Some(line);
            }
            next.push((child, cost, index));
        }
        beam = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beam_search_solves_a_small_race() {
        let rules: Rules = "halma8".parse().unwrap();
        let start = solo_position(&rules, Seat::Red);
        let line = beam_search(&rules, &start, 50, 100, EvalWeights::default()).expect("solved");
        let mut position = start.clone();
        for &mv in &line {
            assert!(rules.is_legal(&position, mv));
            position.make_move_unchecked(mv);
        }
        assert!(rules.meets_goal(&position, Seat::Red));
    }
}
