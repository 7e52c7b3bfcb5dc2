//! Players: what chooses the moves of a game, behind one [`Player`] trait,
//! and the engine as one ([`EnginePlayer`]).
//!
//! The trait lives here, below every crate that drives players: the match
//! runner of `halma_tools` (with its baselines), the protocol client of
//! `halma_protocol` (an engine process as a player) and the `halma` binary.

use std::sync::atomic::AtomicBool;

use halma_core::Move;
use halma_rules::Game;

use thiserror::Error;

use crate::{Engine, EngineOptions, Limits};

/// Why a player could not give a move: it loses the game by forfeit.
///
/// Built-in players fail only when asked for a move in a finished game
/// ([`Forfeit::finished`]); an external engine fails when it is silent,
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

    /// The forfeit of a player asked for a move in a finished game, which
    /// has no legal move, not even a pass.
    pub fn finished() -> Forfeit {
        Forfeit::new("asked for a move in a finished game")
    }
}

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
    /// ([`crate::endgame`]) instead of the search.
    pub endgame_moves: u64,
}

impl std::ops::AddAssign for SearchCounts {
    fn add_assign(&mut self, other: SearchCounts) {
        self.moves += other.moves;
        self.endgame_moves += other.endgame_moves;
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
        // Limits the engine refuses (a depth out of range) forfeit every
        // game, with the reason in the record.
        let result = self
            .engine
            .search(game, self.limits, &stop)
            .map_err(|e| Forfeit::new(format!("the engine refused its limits: {e}")))?;
        let best = result.best_move.ok_or_else(Forfeit::finished)?;
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
