//! Players: the baselines the engine is measured against, next to the
//! [`Player`] trait and the engine as a player ([`EnginePlayer`]), which live
//! in `halma_engine::player` (below this crate and the protocol client, which
//! implement the same trait) and are re-exported here.

use halma_core::{Move, Seat};
use halma_rules::{Game, Rules};

use halma_engine::eval::CAMP_ENTRY;

pub use halma_engine::player::{EnginePlayer, Forfeit, Player, SearchCounts};

use crate::rng::Rng;

/// Plays a uniformly random legal move.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x52414E44);
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(Forfeit::finished());
        }
        Ok(moves[self.rng.below(moves.len())])
    }
}

/// The distance a greedy player measures: `dx + dy` from `square` to the
/// corner of `seat`'s target camp, plus [`CAMP_ENTRY`] outside the camp.
pub fn greedy_distance(rules: &Rules, seat: Seat, square: halma_core::Square) -> i32 {
    let corner = rules.target_corner(seat);
    let d = i32::from(square.file().abs_diff(corner.file()))
        + i32::from(square.rank().abs_diff(corner.rank()));
    if rules.target_camp(seat).contains(square) {
        d
    } else {
        d + CAMP_ENTRY
    }
}

/// The one-ply greedy player: plays the move that gains the most distance
/// (see [`greedy_distance`]: towards the target corner, entering the camp
/// counting as a gain), ties broken at random.
#[derive(Debug, Clone)]
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    /// A greedy player with its own seed for ties.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x47524545);
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        let rules = game.rules();
        let seat = game.to_move();
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(Forfeit::finished());
        }
        let gain = |mv: &Move| {
            if mv.is_pass() {
                0
            } else {
                greedy_distance(rules, seat, mv.from()) - greedy_distance(rules, seat, mv.to())
            }
        };
        let best = moves.iter().map(gain).max().unwrap_or(0);
        let ties: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
        Ok(ties[self.rng.below(ties.len())])
    }
}
