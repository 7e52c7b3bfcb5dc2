//! How far each seat still has to go, for the reinforcement-learning
//! options: a dense progress reward (the change in a seat's summed
//! distance) and a game adjudicated at a ply cap (most pieces home, then
//! least distance).
//!
//! A piece's distance is the number of steps (any of the eight directions)
//! from its square to the nearest square of its seat's target camp: 0 inside
//! the camp. A seat's distance is the sum over its pieces, 0 exactly when
//! every piece is home.

use halma_core::{Position, Seat};
use halma_rules::Rules;
use pyo3::prelude::*;

use crate::handle::game;
use crate::views::seat_in_play;

/// Each seat's distance of every square to its target camp.
#[derive(Clone, Debug)]
pub(crate) struct Distances {
    table: [[u8; 256]; 4],
}

impl Distances {
    /// The distances under `rules`.
    pub(crate) fn new(rules: &Rules) -> Distances {
        let mut table = [[0u8; 256]; 4];
        let board = rules.geometry().squares();
        for seat in rules.seats().iter() {
            let camp = rules.target_camp(seat);
            for square in board {
                let nearest = camp
                    .into_iter()
                    .map(|goal| {
                        let files = square.file().abs_diff(goal.file());
                        let ranks = square.rank().abs_diff(goal.rank());
                        files.max(ranks)
                    })
                    .min()
                    .unwrap_or(0);
                table[seat.index()][square.index()] = nearest;
            }
        }
        Distances { table }
    }

    /// The summed distance of `seat`'s pieces.
    pub(crate) fn of(&self, position: &Position, seat: Seat) -> u32 {
        let table = &self.table[seat.index()];
        position
            .pieces(seat)
            .into_iter()
            .map(|square| u32::from(table[square.index()]))
            .sum()
    }
}

/// The pieces of `seat` in its target camp.
pub(crate) fn pieces_home(rules: &Rules, position: &Position, seat: Seat) -> u32 {
    (position.pieces(seat) & rules.target_camp(seat)).count()
}

/// The seat an unfinished game is adjudicated to: the most pieces in its
/// target camp, then the least summed distance; None when the best seats
/// tie on both (a draw).
pub(crate) fn adjudicated(
    rules: &Rules,
    distances: &Distances,
    position: &Position,
) -> Option<Seat> {
    // Higher is better: pieces home first, then less distance.
    let standing = |seat: Seat| {
        (
            pieces_home(rules, position, seat),
            u32::MAX - distances.of(position, seat),
        )
    };
    let best = rules.seats().iter().map(standing).max()?;
    let mut leaders = rules.seats().iter().filter(|&seat| standing(seat) == best);
    match (leaders.next(), leaders.next()) {
        (Some(seat), None) => Some(seat),
        _ => None,
    }
}

/// `(pieces home, summed distance)` of `seat` in the game at `address`.
#[pyfunction]
pub(crate) fn race(py: Python<'_>, address: usize, seat: u32) -> PyResult<(u32, u32)> {
    let game = game(py, address)?;
    let seat = seat_in_play(py, game.rules(), seat)?;
    let distances = Distances::new(game.rules());
    Ok((
        pieces_home(game.rules(), game.position(), seat),
        distances.of(game.position(), seat),
    ))
}

/// The seat the game at `address` would be adjudicated to now (see
/// [`adjudicated`]), or None for a draw.
#[pyfunction]
pub(crate) fn adjudicate(py: Python<'_>, address: usize) -> PyResult<Option<u32>> {
    let game = game(py, address)?;
    let distances = Distances::new(game.rules());
    Ok(adjudicated(game.rules(), &distances, game.position()).map(|seat| seat.index() as u32))
}
