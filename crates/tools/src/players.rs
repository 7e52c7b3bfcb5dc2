//! Players: the engine, and the baselines it is measured against, behind
//! one [`Player`] trait that the match runner drives.

use std::sync::atomic::AtomicBool;

use halma_core::{Move, Seat};
use halma_rules::{Game, Rules};

use thiserror::Error;

use halma_engine::eval::CAMP_ENTRY;
use halma_engine::{Engine, EngineOptions, Limits};

use crate::rng::Rng;

/// Why a player could not give a move: it loses the game by forfeit.
///
/// Built-in players never fail; an external engine does when it is silent,
/// crashes, writes garbage or answers with an illegal move (see
/// `halma_protocol::client`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct Forfeit {
    /// What went wrong, in one line (for the match report and the game record).
    pub reason: String,
}

impl Forfeit {
    /// A forfeit for `reason`.
    pub fn new(reason: impl Into<String>) -> Forfeit {
        Forfeit {
            reason: reason.into(),
        }
    }
}

/// Why a player asked for a move in a finished game forfeits (a finished
/// game has no legal move, not even a pass).
const FINISHED: &str = "asked for a move in a finished game";

/// Something that chooses moves.
pub trait Player {
    /// A short description, for reports.
    fn name(&self) -> String;
    /// Called before each game. A player that cannot get ready (an engine
    /// that will not start) reports it from its next [`Player::choose`], so
    /// that the game it cannot play is the one it forfeits.
    fn new_game(&mut self, _seed: u64) {}
    /// A legal move for the side to move of `game`, which is not over, or
    /// why the player cannot give one (it then loses the game by forfeit).
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit>;
    /// What the player counted about its own moves so far, if it counts
    /// anything (an engine: see [`SearchCounts`]).
    fn search_counts(&self) -> Option<SearchCounts> {
        None
    }
}

/// How an [`EnginePlayer`]'s moves were found, summed over its games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchCounts {
    /// Moves played.
    pub moves: u64,
    /// Of those, moves played from the exact endgame solver's solution
    /// (`halma_engine::endgame`) instead of the search.
    pub endgame_moves: u64,
}

impl std::ops::AddAssign for SearchCounts {
    fn add_assign(&mut self, other: SearchCounts) {
        self.moves += other.moves;
        self.endgame_moves += other.endgame_moves;
    }
}

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
            return Err(Forfeit::new(FINISHED));
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
            return Err(Forfeit::new(FINISHED));
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

/// The engine as a player, with fixed limits per move.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: Engine,
    limits: Limits,
    label: String,
    counts: SearchCounts,
}

impl EnginePlayer {
    /// An engine with `options` searching under `limits` each move.
    pub fn new(options: EngineOptions, limits: Limits, label: impl Into<String>) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(options),
            limits,
            label: label.into(),
            counts: SearchCounts::default(),
        }
    }

    /// The engine.
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.label.clone()
    }
    fn new_game(&mut self, seed: u64) {
        self.engine.set_seed(seed);
        self.engine.new_game();
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        let stop = AtomicBool::new(false);
        let result = self.engine.search(game, self.limits, &stop);
        let best = result.best_move.ok_or_else(|| Forfeit::new(FINISHED))?;
        self.counts.moves += 1;
        if result.endgame_moves.is_some() {
            self.counts.endgame_moves += 1;
        }
        Ok(best)
    }
    fn search_counts(&self) -> Option<SearchCounts> {
        Some(self.counts)
    }
}
