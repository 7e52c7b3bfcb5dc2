//! Many games of one agent against an opponent, stepped in one call: the
//! batched core of `halma.gymnasium`'s vector environment.
//!
//! Each game is a bare position (no history: these games have no rule that
//! reads one), the agent's legal moves with their actions, a random
//! generator for the opponent and a ply count. One `step` plays every
//! game's action, the opponents' replies, and writes the observations,
//! action masks, rewards and flags of all games into buffers numpy reads
//! without a copy; the games are split between threads, without the GIL.
//!
//! Episodes end as in `halma.gymnasium.HalmaEnv`: a win (+1 for the agent,
//! -1 for another seat), an illegal action (`illegal_reward`), the ply cap
//! (truncated; or, with adjudication, terminated with the adjudicated
//! result). A finished game restarts at the next step, whose action it
//! ignores (Gymnasium's `AutoresetMode.NEXT_STEP`).

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::thread;

use halma_core::{Move, Position, Seat};
use halma_engine::levels::with_default_budget;
use halma_engine::{Engine, EngineOptions, HashSize, Level, Limits};
use halma_rules::Rules;
use halma_tools::rng::Rng;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyByteArray, PyTuple};

use crate::errors::{error, invalid, INVALID_POSITION, INVALID_RULES};
use crate::race::{adjudicated, Distances};
use crate::views::{planes_len, seat_in_play, write_planes, Frame};

/// Who plays the seats other than the agent's.
#[derive(Clone, Debug)]
enum Opponent {
    /// A uniformly random legal move, from each game's generator.
    Random,
    /// The engine at a level, searching at most `nodes` nodes when given.
    Engine { level: Level, nodes: Option<u64> },
}

/// What every game shares.
struct Config {
    rules: Rules,
    start: Position,
    seat: Seat,
    frame: Frame,
    opponent: Opponent,
    max_plies: u32,
    illegal_reward: f32,
    progress_reward: f32,
    adjudicate: bool,
    distances: Distances,
    /// Actions: cells * cells + 1 (the pass last).
    actions: usize,
    /// Bytes of one game's observation (float32 planes).
    observation_bytes: usize,
    threads: usize,
}

impl Config {
    /// The action of a move of the agent.
    fn action(&self, mv: Move) -> u32 {
        let cells = self.frame.len();
        if mv.is_pass() {
            return (cells * cells) as u32;
        }
        (self.frame.cell(mv.from()) * cells + self.frame.cell(mv.to())) as u32
    }
}

/// One game.
struct Game {
    position: Position,
    plies: u32,
    rng: Rng,
    /// The agent's legal moves with their actions (empty when it is not
    /// the agent's turn or the game is over). A linear search of these few
    /// dozen costs less than keeping them sorted.
    legal: Vec<(u32, Move)>,
    /// Over: the next step starts a new game.
    done: bool,
    engine: Option<Engine>,
    /// Scratch for the opponents' moves.
    moves: Vec<Move>,
}

/// What one step writes for one game.
struct Lane<'a> {
    game: &'a mut Game,
    action: i64,
    observation: &'a mut [u8],
    mask: &'a mut [u8],
    reward: &'a mut [u8],
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    illegal: &'a mut u8,
    adjudicated: &'a mut u8,
}

/// The outcome of a step for the agent.
#[derive(Default)]
struct Outcome {
    reward: f32,
    terminated: bool,
    truncated: bool,
    illegal: bool,
    adjudicated: bool,
}

impl Game {
    fn new(config: &Config, seed: u64) -> Game {
        let engine = match config.opponent {
            Opponent::Random => None,
            Opponent::Engine { level, .. } => {
                let mut options = EngineOptions::default();
                options.level = level;
                // Many engines at once: a small table each.
                options.hash = HashSize::new(1).expect("1 MiB is a valid size");
                Some(Engine::new(options))
            }
        };
        Game {
            position: config.start.clone(),
            plies: 0,
            rng: Rng::new(seed),
            legal: Vec::new(),
            done: false,
            engine,
            moves: Vec::with_capacity(256),
        }
    }

    /// A new game from the start, the opponents moving first when the agent
    /// is not the first seat.
    fn restart(&mut self, config: &Config) {
        self.position = config.start.clone();
        self.plies = 0;
        self.done = false;
        if let Some(engine) = &mut self.engine {
            engine.new_game();
        }
        self.opponents_play(config);
        self.list_legal(config);
    }

    /// The other seats move until it is the agent's turn, the game is over
    /// or the ply cap is reached.
    fn opponents_play(&mut self, config: &Config) {
        let rules = &config.rules;
        while self.position.to_move() != config.seat
            && self.plies < config.max_plies
            && !rules.is_finished(&self.position)
        {
            let mv = match &config.opponent {
                Opponent::Random => {
                    self.moves.clear();
                    rules.legal_moves_into(&self.position, &mut self.moves);
                    self.moves[self.rng.below(self.moves.len())]
                }
                Opponent::Engine { level, nodes } => {
                    let limits = with_default_budget(
                        Limits {
                            nodes: *nodes,
                            ..Limits::default()
                        },
                        *level,
                    );
                    let engine = self.engine.as_mut().expect("an engine opponent has one");
                    let never = AtomicBool::new(false);
                    let found = engine
                        .search_position(rules, &self.position, &[], limits, &never)
                        .expect("no depth is given, so the limits are in range");
                    found.best_move.expect("an unfinished game has a move")
                }
            };
            self.position.make_move_unchecked(mv);
            self.plies += 1;
        }
    }

    /// The agent's legal moves now, with their actions.
    fn list_legal(&mut self, config: &Config) {
        self.legal.clear();
        if self.position.to_move() != config.seat || config.rules.is_finished(&self.position) {
            return;
        }
        self.moves.clear();
        config
            .rules
            .legal_moves_into(&self.position, &mut self.moves);
        self.legal
            .extend(self.moves.iter().map(|&mv| (config.action(mv), mv)));
    }

    /// Plays the agent's `action` and the replies.
    fn play(&mut self, config: &Config, action: u32) -> Outcome {
        let found = self
            .legal
            .iter()
            .find(|&&(a, _)| a == action)
            .map(|&(_, mv)| mv);
        let Some(mv) = found else {
            return Outcome {
                reward: config.illegal_reward,
                terminated: true,
                illegal: true,
                ..Outcome::default()
            };
        };
        let progress = config.progress_reward != 0.0;
        let before = if progress {
            config.distances.of(&self.position, config.seat)
        } else {
            0
        };
        self.position.make_move_unchecked(mv);
        self.plies += 1;
        self.opponents_play(config);
        let mut outcome = Outcome::default();
        if progress {
            let after = config.distances.of(&self.position, config.seat);
            outcome.reward += config.progress_reward * (before as f32 - after as f32);
        }
        let winner = if let Some(winner) = config.rules.winner(&self.position) {
            outcome.terminated = true;
            Some(winner)
        } else if self.plies >= config.max_plies {
            if config.adjudicate {
                outcome.terminated = true;
                outcome.adjudicated = true;
                adjudicated(&config.rules, &config.distances, &self.position)
            } else {
                outcome.truncated = true;
                None
            }
        } else {
            None
        };
        if let Some(winner) = winner {
            outcome.reward += if winner == config.seat { 1.0 } else { -1.0 };
        }
        outcome
    }

    /// The game's mask: 1 for each legal action of the agent, into a mask
    /// of zeros (a new bytearray's).
    fn write_mask(&self, mask: &mut [u8]) {
        for &(action, _) in &self.legal {
            mask[action as usize] = 1;
        }
    }
}

impl Lane<'_> {
    /// One step of one game.
    fn step(self, config: &Config) {
        let outcome = if self.game.done {
            self.game.restart(config);
            Outcome::default()
        } else {
            let outcome = self.game.play(config, self.action as u32);
            if outcome.terminated || outcome.truncated {
                self.game.done = true;
                self.game.legal.clear();
            } else {
                self.game.list_legal(config);
            }
            outcome
        };
        write_planes(
            &config.rules,
            &self.game.position,
            config.seat,
            &config.frame,
            self.observation,
        );
        self.game.write_mask(self.mask);
        self.reward.copy_from_slice(&outcome.reward.to_ne_bytes());
        *self.terminated = outcome.terminated.into();
        *self.truncated = outcome.truncated.into();
        *self.illegal = outcome.illegal.into();
        *self.adjudicated = outcome.adjudicated.into();
    }
}

/// The small buffers of a step (the observations and masks, large, are
/// written straight into the bytearrays handed out).
struct Buffers {
    rewards: Vec<u8>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    illegal: Vec<u8>,
    adjudicated: Vec<u8>,
}

/// The games and the buffers.
struct State {
    games: Vec<Game>,
    buffers: Buffers,
    sampler: Rng,
}

/// `num_envs` games of `rules` in which the agent plays `seat` against
/// `opponent` ("random" or an engine level), stepped together (see the
/// module's documentation).
#[pyclass(frozen, module = "halma._halma")]
pub(crate) struct VectorGames {
    config: Config,
    state: Mutex<State>,
}

/// A seed from the clock, for a reset without one.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0);
    Rng::new(nanos).next_u64()
}

#[pymethods]
impl VectorGames {
    /// The games; every argument was checked by the Python class.
    #[new]
    #[pyo3(signature = (rules, num_envs, seat, opponent, opponent_nodes, position, max_plies, illegal_reward, progress_reward, adjudicate, threads))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &str,
        num_envs: usize,
        seat: u32,
        opponent: &Bound<'_, PyAny>,
        opponent_nodes: Option<u64>,
        position: Option<&str>,
        max_plies: u32,
        illegal_reward: f32,
        progress_reward: f32,
        adjudicate: bool,
        threads: usize,
    ) -> PyResult<VectorGames> {
        let rules: Rules = rules
            .parse()
            .map_err(|e: halma_rules::ParseRulesError| error(py, INVALID_RULES, e.to_string()))?;
        let start = match position {
            None => rules.start_position(),
            Some(text) => rules
                .parse_position(text)
                .map_err(|e| error(py, INVALID_POSITION, e.to_string()))?,
        };
        let seat = seat_in_play(py, &rules, seat)?;
        let opponent = if let Ok(text) = opponent.extract::<String>() {
            if text != "random" {
                return Err(invalid(
                    py,
                    format!("opponent {text:?} is not \"random\" or a level"),
                ));
            }
            Opponent::Random
        } else {
            let level: u8 = opponent.extract()?;
            Opponent::Engine {
                level: Level::new(level.into()).map_err(|e| invalid(py, e.to_string()))?,
                nodes: opponent_nodes,
            }
        };
        if num_envs == 0 || max_plies == 0 {
            return Err(invalid(py, "num_envs and max_plies must be at least 1"));
        }
        let frame = Frame::of(&rules, seat).clone();
        let cells = frame.len();
        let config = Config {
            distances: Distances::new(&rules),
            observation_bytes: 4 * planes_len(&rules),
            actions: cells * cells + 1,
            rules,
            start,
            seat,
            frame,
            opponent,
            max_plies,
            illegal_reward,
            progress_reward,
            adjudicate,
            threads: threads.max(1),
        };
        let seed = fresh_seed();
        let games = (0..num_envs)
            .map(|index| Game::new(&config, seed.wrapping_add(index as u64)))
            .collect();
        let buffers = Buffers {
            rewards: vec![0; num_envs * 4],
            terminated: vec![0; num_envs],
            truncated: vec![0; num_envs],
            illegal: vec![0; num_envs],
            adjudicated: vec![0; num_envs],
        };
        Ok(VectorGames {
            config,
            state: Mutex::new(State {
                games,
                buffers,
                sampler: Rng::new(seed ^ 0x5EED),
            }),
        })
    }

    /// The number of actions (the size of one game's mask).
    #[getter]
    fn actions(&self) -> usize {
        self.config.actions
    }

    /// Restarts every game; with a seed, game `i`'s opponent draws from
    /// `seed + i` and `sample_actions` from a stream of `seed`. Returns the
    /// buffers as `step` does (rewards and flags all 0).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        let mut state = self.lock_state(py);
        let state = &mut *state;
        if let Some(seed) = seed {
            for (index, game) in state.games.iter_mut().enumerate() {
                game.rng = Rng::new(seed.wrapping_add(index as u64));
            }
            state.sampler = Rng::new(seed ^ 0x5EED);
        }
        for game in &mut state.games {
            game.done = true;
        }
        self.advance(py, state, None)
    }

    /// Plays one action per game (`actions`: int64 values in native byte
    /// order, one per game; ignored for a game that ended at the last step,
    /// which restarts). Returns bytearrays: observations (float32), masks
    /// (int8), rewards (float32), terminated, truncated, illegal and
    /// adjudicated (one byte per game, 0 or 1).
    fn step<'py>(&self, py: Python<'py>, actions: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
        let mut state = self.lock_state(py);
        let state = &mut *state;
        let count = state.games.len();
        if actions.len() != 8 * count {
            return Err(invalid(
                py,
                format!(
                    "{} bytes of actions for {count} games: 8 per game",
                    actions.len()
                ),
            ));
        }
        let values: Vec<i64> = actions
            .chunks_exact(8)
            .map(|bytes| i64::from_ne_bytes(bytes.try_into().expect("8 bytes")))
            .collect();
        let actions_count = self.config.actions as i64;
        for (index, (&action, game)) in values.iter().zip(&state.games).enumerate() {
            if !game.done && !(0..actions_count).contains(&action) {
                return Err(invalid(
                    py,
                    format!(
                        "action {action} of game {index} is out of range: it must be from 0 to {}",
                        actions_count - 1
                    ),
                ));
            }
        }
        self.advance(py, state, Some(&values))
    }

    /// One uniformly random legal action per game, as int64 bytes in native
    /// order (0 for a game that ended and will restart).
    fn sample_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let mut state = self.lock_state(py);
        let state = &mut *state;
        let count = state.games.len();
        PyByteArray::new_with(py, 8 * count, |out| {
            for (slot, game) in out.chunks_exact_mut(8).zip(&state.games) {
                let action = if game.legal.is_empty() {
                    0
                } else {
                    i64::from(game.legal[state.sampler.below(game.legal.len())].0)
                };
                slot.copy_from_slice(&action.to_ne_bytes());
            }
            Ok(())
        })
    }

    /// The position string of game `index`.
    fn position(&self, py: Python<'_>, index: usize) -> PyResult<String> {
        let state = self.lock_state(py);
        let game = state.games.get(index).ok_or_else(|| {
            invalid(
                py,
                format!(
                    "game {index} is out of range: there are {}",
                    state.games.len()
                ),
            )
        })?;
        Ok(game.position.to_string())
    }

    /// The plies played in each game.
    fn plies(&self, py: Python<'_>) -> Vec<u32> {
        let state = self.lock_state(py);
        state.games.iter().map(|game| game.plies).collect()
    }
}

impl VectorGames {
    /// The games' state, locked without deadlocking with the interpreter
    /// (pyo3 lets Python run while this thread waits); a poisoned lock is
    /// taken as it is.
    fn lock_state(&self, py: Python<'_>) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock_py_attached(py)
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Steps every game (`actions` None: a reset) without the GIL and
    /// returns the buffers: observations and masks are written into new
    /// bytearrays (zeros, which only the ones are written over), which no
    /// Python code can see (nor resize) before they are returned; the small
    /// buffers are copied.
    fn advance<'py>(
        &self,
        py: Python<'py>,
        state: &mut State,
        actions: Option<&[i64]>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let config = &self.config;
        let count = state.games.len();
        let games = &mut state.games;
        let buffers = &mut state.buffers;
        let mut masks = None;
        let observations =
            PyByteArray::new_with(py, count * config.observation_bytes, |observations| {
                masks = Some(PyByteArray::new_with(
                    py,
                    count * config.actions,
                    |masks| {
                        py.detach(|| run(config, games, observations, masks, buffers, actions));
                        Ok(())
                    },
                )?);
                Ok(())
            })?;
        let masks = masks.expect("made with the observations");
        let [rewards, terminated, truncated, illegal, adjudicated] = [
            &buffers.rewards,
            &buffers.terminated,
            &buffers.truncated,
            &buffers.illegal,
            &buffers.adjudicated,
        ]
        .map(|bytes| PyByteArray::new(py, bytes));
        PyTuple::new(
            py,
            [
                observations,
                masks,
                rewards,
                terminated,
                truncated,
                illegal,
                adjudicated,
            ],
        )
    }
}

/// Steps every game (`actions` None: a reset, every game being done),
/// split between the configured threads.
fn run(
    config: &Config,
    games: &mut [Game],
    observations: &mut [u8],
    masks: &mut [u8],
    buffers: &mut Buffers,
    actions: Option<&[i64]>,
) {
    let count = games.len();
    let lanes: Vec<Lane<'_>> = games
        .iter_mut()
        .enumerate()
        .zip(observations.chunks_exact_mut(config.observation_bytes))
        .zip(masks.chunks_exact_mut(config.actions))
        .zip(buffers.rewards.chunks_exact_mut(4))
        .zip(buffers.terminated.iter_mut())
        .zip(buffers.truncated.iter_mut())
        .zip(buffers.illegal.iter_mut())
        .zip(buffers.adjudicated.iter_mut())
        .map(
            |(
                (
                    ((((((index, game), observation), mask), reward), terminated), truncated),
                    illegal,
                ),
                adjudicated,
            )| Lane {
                game,
                action: actions.map_or(0, |values| values[index]),
                observation,
                mask,
                reward,
                terminated,
                truncated,
                illegal,
                adjudicated,
            },
        )
        .collect();
    // A thread is worth its start (tens of microseconds) from a few dozen
    // games on.
    let threads = config.threads.min(count / 16).max(1);
    if threads == 1 {
        for lane in lanes {
            lane.step(config);
        }
        return;
    }
    let per_thread = count.div_ceil(threads);
    let mut lanes = lanes.into_iter();
    thread::scope(|scope| loop {
        let share: Vec<Lane<'_>> = lanes.by_ref().take(per_thread).collect();
        if share.is_empty() {
            break;
        }
        scope.spawn(move || {
            for lane in share {
                lane.step(config);
            }
        });
    });
}
