//! Solo races: one seat alone on the board brings its pieces from its home
//! camp into its target camp. They measure how efficiently the engine
//! finishes (fewest moves); the yardstick, the shortest race, is
//! `halma_solver::solo`'s.

use std::sync::atomic::AtomicBool;

use halma_core::{Bitboard, Move, Position, Seat, SeatSet, Setup};
use halma_rules::Rules;

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
        // Refused limits (a depth out of range) or no move (which a race
        // not over always has) end the race unfinished.
        let Ok(result) = engine.search_position(rules, &position, &history, limits, &stop) else {
            return Err(moves);
        };
        let Some(mv) = result.best_move else {
            return Err(moves);
        };
        history.push(position.hash());
        position.make_move_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}
