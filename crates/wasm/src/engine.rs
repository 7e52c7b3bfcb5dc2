//! The engine: a computer player searching a game under node, depth and
//! time limits, its answer in notation.

use std::sync::atomic::AtomicBool;

use halma_engine::levels::with_default_budget;
use halma_engine::search::MAX_DEPTH;
use halma_engine::{
    Clock, Contempt, Engine, EngineOptions, HashSize, Level, Limits, Score, SearchResult, Threads,
    MAX_THREADS,
};
use halma_rules::Game;
use wasm_bindgen::prelude::*;

use crate::error::{Failure, FailureKind};
use crate::game::GameHandle;
use crate::numbers::{self, MAX_SAFE_INTEGER};
use crate::MAX_TABLE_MIB;

/// The most moves to go a clock may name.
const MAX_MOVES_TO_GO: u64 = 1_000_000;

/// A computer player, level 1 (a beginner) to 10 (full strength): the
/// package's `Engine`.
#[wasm_bindgen(js_name = WasmEngine)]
pub struct EngineHandle {
    engine: Engine,
}

/// What a search may spend, as the package's wrapper passes it: every limit
/// optional, numbers as JavaScript has them.
#[wasm_bindgen(js_name = WasmLimits)]
#[derive(Clone, Copy, Debug, Default)]
pub struct LimitsInput {
    /// Deepest iteration, in plies (1 to 64).
    pub depth: Option<f64>,
    /// Most positions visited (1 to 2^53 - 1).
    pub nodes: Option<f64>,
    /// Time for this move, in milliseconds (more than 0).
    #[wasm_bindgen(js_name = movetimeMs)]
    pub movetime_ms: Option<f64>,
    /// The side to move's clock, in milliseconds (0 or more): the engine
    /// budgets its time from it.
    #[wasm_bindgen(js_name = remainingMs)]
    pub remaining_ms: Option<f64>,
    /// Time added after each move, in milliseconds (with `remainingMs`).
    #[wasm_bindgen(js_name = incrementMs)]
    pub increment_ms: Option<f64>,
    /// Moves to play before the clock is topped up (with `remainingMs`).
    #[wasm_bindgen(js_name = movesToGo)]
    pub moves_to_go: Option<f64>,
}

#[wasm_bindgen(js_class = WasmLimits)]
impl LimitsInput {
    /// No limit set.
    #[wasm_bindgen(constructor)]
    pub fn new() -> LimitsInput {
        LimitsInput::default()
    }
}

impl LimitsInput {
    /// The engine's limits, every number checked.
    fn limits(&self) -> Result<Limits, Failure> {
        let depth = numbers::optional_integer(self.depth, "depth", 1, MAX_DEPTH.into())?;
        let nodes = numbers::optional_integer(self.nodes, "nodes", 1, MAX_SAFE_INTEGER)?;
        let movetime = self
            .movetime_ms
            .map(|ms| numbers::milliseconds(ms, "movetimeMs"))
            .transpose()?;
        let clock = match self.remaining_ms {
            None => {
                if self.increment_ms.is_some() || self.moves_to_go.is_some() {
                    return Err(Failure::invalid(
                        "clock: incrementMs and movesToGo need remainingMs",
                    ));
                }
                None
            }
            Some(remaining) => Some(Clock {
                remaining: numbers::milliseconds_or_zero(remaining, "clock remainingMs")?,
                increment: self
                    .increment_ms
                    .map(|ms| numbers::milliseconds_or_zero(ms, "clock incrementMs"))
                    .transpose()?
                    .unwrap_or_default(),
                moves_to_go: numbers::optional_integer(
                    self.moves_to_go,
                    "clock movesToGo",
                    1,
                    MAX_MOVES_TO_GO,
                )?
                // At most MAX_MOVES_TO_GO.
                .map(|n| n as u32),
            }),
        };
        Ok(Limits {
            // At most MAX_DEPTH (64).
            depth: depth.map(|d| d as u32),
            nodes,
            movetime,
            clock,
        })
    }
}

/// The answer of a search, in notation (read by the package's wrapper into
/// a plain object).
#[wasm_bindgen(js_name = WasmSearchResult)]
pub struct SearchOutcome {
    best_move: String,
    score: i32,
    win_in: i32,
    depth: u32,
    seldepth: u32,
    nodes: f64,
    elapsed_ms: f64,
    hashfull: u32,
    pv: Vec<String>,
}

#[wasm_bindgen(js_class = WasmSearchResult)]
impl SearchOutcome {
    /// The move to play, in notation.
    #[wasm_bindgen(getter, js_name = bestMove)]
    pub fn best_move(&self) -> String {
        self.best_move.clone()
    }

    /// The score for the side to move, in evaluation units (10 units = one
    /// square of race distance).
    #[wasm_bindgen(getter)]
    pub fn score(&self) -> i32 {
        self.score
    }

    /// N > 0 when the side to move wins N plies from now, -N when it loses,
    /// 0 without a forced result.
    #[wasm_bindgen(getter, js_name = winIn)]
    pub fn win_in(&self) -> i32 {
        self.win_in
    }

    /// The last completed iteration depth, in plies.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The deepest ply reached.
    #[wasm_bindgen(getter)]
    pub fn seldepth(&self) -> u32 {
        self.seldepth
    }

    /// Positions visited.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.nodes
    }

    /// Wall time spent, in milliseconds.
    #[wasm_bindgen(getter, js_name = elapsedMs)]
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed_ms
    }

    /// Transposition table use at the end, per mille.
    #[wasm_bindgen(getter)]
    pub fn hashfull(&self) -> u32 {
        self.hashfull
    }

    /// The principal variation in notation, starting with the best move.
    #[wasm_bindgen(getter)]
    pub fn pv(&self) -> Vec<String> {
        self.pv.clone()
    }
}

impl SearchOutcome {
    /// The outcome of `found`, a search of `game`, whose game is not over.
    fn of(game: &Game, found: SearchResult) -> Result<SearchOutcome, Failure> {
        let Some(best) = found.best_move else {
            return Err(no_move());
        };
        let mut line = found.pv;
        if line.first() != Some(&best) {
            line = vec![best];
        }
        let rules = game.rules();
        let mut position = game.position().clone();
        let mut pv = Vec::with_capacity(line.len());
        for mv in line {
            // The engine's line is legal move by move; stop at a move that
            // is not, rather than write it.
            let Ok(text) = rules.move_to_string(&position, mv) else {
                break;
            };
            pv.push(text);
            position.make_move_unchecked(mv);
        }
        let win_in = match found.score {
            Score::Win(n) => i32::try_from(n).unwrap_or(i32::MAX),
            Score::Loss(n) => -i32::try_from(n).unwrap_or(i32::MAX),
            Score::Units(_) => 0,
        };
        Ok(SearchOutcome {
            best_move: pv.first().cloned().ok_or_else(no_move)?,
            score: found.score.raw(),
            win_in,
            depth: found.depth,
            seldepth: found.seldepth,
            // Exact below 2^53 nodes.
            nodes: found.nodes as f64,
            elapsed_ms: found.elapsed.as_secs_f64() * 1000.0,
            hashfull: found.hashfull,
            pv,
        })
    }
}

fn no_move() -> Failure {
    Failure::new(
        FailureKind::GameOver,
        "the game is over: there is no move to search",
    )
}

#[wasm_bindgen(js_class = WasmEngine)]
impl EngineHandle {
    /// An engine at `level` (1 to 10), with `threads` search threads
    /// (only 1 on WebAssembly) and a transposition table of
    /// `hash_megabytes` MiB (0 to [`MAX_TABLE_MIB`]; 0 is the smallest table).
    #[wasm_bindgen(constructor)]
    pub fn new(level: f64, threads: f64, hash_megabytes: f64) -> Result<EngineHandle, Failure> {
        let mut options = EngineOptions::default();
        options.level = level_of(level)?;
        options.threads =
            Threads::new(numbers::integer(threads, "threads", 1, MAX_THREADS as u64)?)?;
        options.hash = HashSize::new(numbers::integer(
            hash_megabytes,
            "hashMegabytes",
            0,
            MAX_TABLE_MIB,
        )?)?;
        Ok(EngineHandle {
            engine: Engine::new(options),
        })
    }

    /// The level of the searches that follow.
    pub fn level(&self) -> u32 {
        self.engine.options().level.get().into()
    }

    /// Sets the level (1 to 10) of the searches that follow.
    #[wasm_bindgen(js_name = setLevel)]
    pub fn set_level(&mut self, level: f64) -> Result<(), Failure> {
        self.engine.set_level(level_of(level)?);
        Ok(())
    }

    /// What a draw by repetition is worth less than an even position, in
    /// evaluation units.
    pub fn contempt(&self) -> u32 {
        // 0 to Contempt::MAX.
        self.engine.options().contempt.units() as u32
    }

    /// Sets the contempt (0 to 10 000) of the searches that follow.
    #[wasm_bindgen(js_name = setContempt)]
    pub fn set_contempt(&mut self, contempt: f64) -> Result<(), Failure> {
        let units = numbers::integer(contempt, "contempt", 0, Contempt::MAX.into())?;
        self.engine.set_contempt(Contempt::new(units)?);
        Ok(())
    }

    /// Forgets what the engine learnt (its table); node-limited searches
    /// then repeat exactly.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// The best move for the side to move in `game`, which is not changed.
    /// With no limit at all the level's default applies (its own cap at
    /// levels 1-9, 300 000 nodes at level 10).
    pub fn search(
        &mut self,
        game: &GameHandle,
        limits: &LimitsInput,
    ) -> Result<SearchOutcome, Failure> {
        let game = &game.game;
        if game.rules().is_finished(game.position()) {
            return Err(no_move());
        }
        let limits = with_default_budget(limits.limits()?, self.engine.options().level);
        // Nothing can raise it: a search here runs on the caller's thread
        // to its limits (a worker that is terminated stops it).
        let stop = AtomicBool::new(false);
        let found = self
            .engine
            .search(game, limits, &stop)
            .map_err(|e| Failure::invalid(e.to_string()))?;
        SearchOutcome::of(game, found)
    }
}

fn level_of(level: f64) -> Result<Level, Failure> {
    let max = u64::from(Level::MAX.get());
    Ok(Level::new(numbers::integer(
        level,
        "level",
        Level::MIN.get().into(),
        max,
    )?)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(depth: Option<f64>, nodes: Option<f64>, movetime_ms: Option<f64>) -> LimitsInput {
        LimitsInput {
            depth,
            nodes,
            movetime_ms,
            ..LimitsInput::default()
        }
    }

    #[test]
    fn each_limit_gives_a_legal_move_in_notation() {
        let game = GameHandle::new("halma8", None).expect("valid");
        let mut engine = EngineHandle::new(10.0, 1.0, 1.0).expect("valid");
        for input in [
            limits(Some(2.0), None, None),
            limits(None, Some(500.0), None),
            limits(None, None, Some(20.0)),
            LimitsInput::default(),
        ] {
            let outcome = engine.search(&game, &input).expect("a move");
            assert!(game.legal_moves().contains(&outcome.best_move), "{input:?}");
            assert_eq!(outcome.pv.first(), Some(&outcome.best_move));
        }
    }

    #[test]
    fn settings_and_limits_out_of_range_are_refused() {
        for (level, threads, hash) in [
            (0.0, 1.0, 16.0),
            (11.0, 1.0, 16.0),
            (5.5, 1.0, 16.0),
            (5.0, 0.0, 16.0),
            (5.0, 65.0, 16.0),
            (5.0, 1.0, -1.0),
            (5.0, 1.0, MAX_TABLE_MIB as f64 + 1.0),
            (f64::NAN, 1.0, 16.0),
        ] {
            let failure = EngineHandle::new(level, threads, hash)
                .err()
                .expect("refused");
            assert_eq!(
                failure.kind,
                FailureKind::InvalidArgument,
                "{level} {threads} {hash}"
            );
        }
        let game = GameHandle::new("halma8", None).expect("valid");
        let mut engine = EngineHandle::new(1.0, 1.0, 0.0).expect("valid");
        for input in [
            limits(Some(0.0), None, None),
            limits(Some(65.0), None, None),
            limits(None, Some(0.0), None),
            limits(None, Some(-3.0), None),
            limits(None, None, Some(0.0)),
            limits(None, None, Some(f64::INFINITY)),
            LimitsInput {
                increment_ms: Some(10.0),
                ..LimitsInput::default()
            },
            LimitsInput {
                remaining_ms: Some(-1.0),
                ..LimitsInput::default()
            },
        ] {
            let failure = engine.search(&game, &input).err().expect("refused");
            assert_eq!(failure.kind, FailureKind::InvalidArgument, "{input:?}");
        }
        assert!(engine.set_level(12.0).is_err());
        assert_eq!(engine.level(), 1);
        assert!(engine.set_contempt(10_001.0).is_err());
        engine.set_contempt(0.0).expect("in range");
        assert_eq!(engine.contempt(), 0);
    }

    #[test]
    fn a_finished_game_has_nothing_to_search() {
        // Red has filled Blue's camp (a reference position whose perft is 0).
        let game = GameHandle::new(
            "halma8",
            Some("bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b".into()),
        )
        .expect("valid");
        assert!(game.is_over());
        let mut engine = EngineHandle::new(3.0, 1.0, 0.0).expect("valid");
        let failure = engine
            .search(&game, &limits(Some(1.0), None, None))
            .err()
            .expect("refused");
        assert_eq!(failure.kind, FailureKind::GameOver);
    }
}
