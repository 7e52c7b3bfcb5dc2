"""Halma as a single-agent Gymnasium environment, one game or many at once:
the agent plays one seat, an opponent (uniform random moves, the built-in
engine at a level, or any function) plays the others. Needs
`pip install halma[rl]`.

Importing this module registers `halma/Halma-v0`:

>>> import gymnasium
>>> import halma.gymnasium
>>> env = gymnasium.make("halma/Halma-v0", rules="halma8", opponent="random")
>>> observation, info = env.reset(seed=0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> envs = gymnasium.make_vec("halma/Halma-v0", num_envs=64, vectorization_mode="vector_entry_point",
...                           rules="halma8", opponent="random")

- Observation: the float32 planes of `Game.planes(seat)` seen from the
  agent's seat (shape (2n, height, width), see halma.pettingzoo).
- Actions: `Discrete(cells * cells + 1)`, the encoding of `halma.rl`
  (origin cell x destination cell in the agent's view; the last one passes).
  `info["action_mask"]` (int8) marks the legal ones after every reset and
  step; `action_masks()` returns the same (for MaskablePPO and the like).
- An illegal action ends the episode (terminated) with reward
  `illegal_reward` (default -1) and `info["illegal_move"] = True`, so that
  an unmasked policy still gets a well-formed episode.
- Rewards: +1 when the agent's seat wins, -1 when another seat wins, else 0;
  plus, with `progress_reward=r` (default 0: off), `r` per square of
  progress: r times the decrease of the agent's summed distance to its
  target camp over the step (`halma.rl.distance`), negative when it goes back.
- The ply cap: after `max_plies` moves in all (default 1000; 1 to
  `Game.MAX_GAME_MOVES`, 100000: ValueError otherwise) the episode is
  truncated; with `adjudicate=True` it is terminated instead, decided by the
  most pieces in their target camp, then the least summed distance (+1 / -1,
  0 for a tie), and `info["adjudicated"] = True`. Random play on halma8
  almost never finishes within 1000 plies: adjudication and the progress
  reward give early training terminal and dense rewards.
- `position`: the position string every episode starts from (default: the
  rules' start).
- `opponent`: `"random"` (a uniform choice among the legal moves, drawn from
  the environment's generator: `reset(seed=...)` makes episodes repeat), an
  int level (1 to 10: `halma.Engine(level)` with the level's default limits;
  `opponent_nodes` caps its nodes per move), or (single environment only) a
  function `(game) -> Move or notation` called for every other seat's move.

The vector environment (`HalmaVectorEnv`, the registered vector entry
point) steps all its games in one native call, on several threads, and
returns numpy arrays: observations (num_envs, 2n, height, width), rewards,
terminations, truncations, and `infos["action_mask"]` (num_envs, actions),
`infos["illegal_move"]`, `infos["adjudicated"]`. A game that ended restarts
at the next step, which ignores its action (`AutoresetMode.NEXT_STEP`).
`sample_actions()` draws one uniformly random legal action per game natively.
"""

import os
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _arrays, _checks, _halma
from ._engine import MAX_LEVEL, MIN_LEVEL, Engine
from ._game import Game, Move
from .rl import (
    DEFAULT_MAX_PLIES,
    ActionCodec,
    adjudicated_winner,
    check_env_arguments,
    check_reward_options,
    distance,
    render_text,
)

__all__ = ["HalmaEnv", "HalmaVectorEnv", "DEFAULT_MAX_PLIES", "ENV_ID"]

ENV_ID = "halma/Halma-v0"
"""The registered id: `gymnasium.make(ENV_ID, rules=...)` and `gymnasium.make_vec`."""

Opponent = Union[int, str, Callable[[Game], Union[Move, str]]]


def _observation_space(rules: str) -> spaces.Box:
    seats, height, width = _arrays._layout(rules)
    return spaces.Box(low=0.0, high=1.0, shape=(2 * len(seats), height, width), dtype=np.float32)


def _check_seat(rules: str, seat: object) -> int:
    seats, _, _ = _arrays._layout(rules)
    number = _checks.integer(seat, "seat")
    if number not in seats:
        raise ValueError(f"seat {number} is not in play under {rules} (seats {list(seats)})")
    return number


def _check_opponent(opponent: object, *, callable_allowed: bool) -> Union[str, int, Callable[[Game], Any]]:
    if callable(opponent):
        if not callable_allowed:
            raise TypeError(
                "the vector environment plays its opponents natively: give \"random\" or a level "
                "(for a Python opponent use vectorization_mode=\"sync\")"
            )
        return opponent
    if isinstance(opponent, str):
        if opponent != "random":
            raise ValueError(f"opponent {opponent!r} is not known: give a level (1 to 10), \"random\" or a function")
        return opponent
    return _checks.in_range(opponent, "opponent level", MIN_LEVEL, MAX_LEVEL)


class HalmaEnv(gymnasium.Env[Any, Any]):
    """A game of halma against an opponent (see the module's documentation)."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 2}

    def __init__(
        self,
        rules: str = "halma8",
        opponent: Opponent = 1,
        *,
        seat: int = 0,
        max_plies: int = DEFAULT_MAX_PLIES,
        illegal_reward: float = -1.0,
        progress_reward: float = 0.0,
        adjudicate: bool = False,
        opponent_nodes: Optional[int] = None,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.render_mode, self.max_plies = check_env_arguments(
            rules, max_plies, render_mode, self.metadata["render_modes"]
        )
        _, self.progress_reward, self.adjudicate = check_reward_options("terminate", progress_reward, adjudicate)
        self.illegal_reward = float(illegal_reward)
        self.position = position
        self.game = Game(rules, position)
        self.rules = self.game.rules_text
        self.seat = _check_seat(self.rules, seat)
        self._engine: Optional[Engine] = None
        self._opponent: Callable[[Game], Union[Move, str]]
        choice = _check_opponent(opponent, callable_allowed=True)
        if callable(choice):
            self._opponent = choice
        elif choice == "random":

            def uniform(game: Game) -> Move:
                moves = game.legal_moves()
                return moves[int(self.np_random.integers(len(moves)))]

            self._opponent = uniform
        else:
            engine = self._engine = Engine(level=int(choice))
            nodes = opponent_nodes

            def search(game: Game) -> Move:
                return engine.search(game, nodes=nodes).best_move

            self._opponent = search
        self.codec = ActionCodec(self.game.rules)
        self.observation_space = _observation_space(self.rules)
        self.action_space = spaces.Discrete(self.codec.size)
        self._legal: Dict[int, Move] = {}

    def _observe(self) -> "np.ndarray[Any, np.dtype[np.float32]]":
        return _arrays.planes(self.game, self.seat)

    def action_masks(self) -> "np.ndarray[Any, np.dtype[np.int8]]":
        """1 for each legal action of the agent now."""
        return self.codec.mask(list(self._legal))

    def _info(self, **extra: Any) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": self.action_masks(), "plies": len(self.game)}
        info.update(extra)
        return info

    def _opponents_play(self) -> List[str]:
        """The other seats move until it is the agent's turn or the game ends."""
        played: List[str] = []
        while not self.game.is_over and int(self.game.side_to_move) != self.seat and len(self.game) < self.max_plies:
            answer = self._opponent(self.game)
            move = self.game.play(answer)
            played.append(str(move))
        return played

    def _outcome(self) -> Tuple[float, bool, bool, bool]:
        """reward, terminated, truncated, adjudicated."""
        winner = self.game.winner
        if winner is not None:
            return (1.0 if int(winner) == self.seat else -1.0), True, False, False
        if len(self.game) < self.max_plies:
            return 0.0, False, False, False
        if not self.adjudicate:
            return 0.0, False, True, False
        decided = adjudicated_winner(self.game)
        reward = 0.0 if decided is None else (1.0 if decided == self.seat else -1.0)
        return reward, True, False, True

    def _refresh_legal(self) -> None:
        if self.game.is_over or int(self.game.side_to_move) != self.seat:
            self._legal = {}
            return
        moves, actions = self.codec.legal_actions(self.game)
        self._legal = dict(zip(actions, moves))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple["np.ndarray[Any, np.dtype[np.float32]]", Dict[str, Any]]:
        """A new game; the opponents move first when the agent's seat is not first."""
        super().reset(seed=seed)
        self.game.close()
        self.game = Game(self.rules, self.position)
        if self._engine is not None:
            self._engine.new_game()
        opponents = self._opponents_play()
        self._refresh_legal()
        return self._observe(), self._info(opponent_moves=opponents)

    def step(
        self, action: Any
    ) -> Tuple["np.ndarray[Any, np.dtype[np.float32]]", float, bool, bool, Dict[str, Any]]:
        """Plays the agent's action, then the opponents' moves."""
        number = _checks.integer(action, "action")
        if not 0 <= number < self.codec.size:
            raise ValueError(f"action {number} is out of range: it must be from 0 to {self.codec.size - 1}")
        move = self._legal.get(number)
        if move is None:
            self._legal = {}
            return self._observe(), self.illegal_reward, True, False, self._info(illegal_move=True)
        before = distance(self.game, self.seat) if self.progress_reward else 0
        self.game.play(move)
        opponents = self._opponents_play()
        reward, terminated, truncated, adjudicated = self._outcome()
        if self.progress_reward:
            reward += self.progress_reward * (before - distance(self.game, self.seat))
        if terminated or truncated:
            self._legal = {}
        else:
            self._refresh_legal()
        if self.render_mode == "human":
            self.render()
        extra: Dict[str, Any] = {"opponent_moves": opponents}
        if adjudicated:
            extra["adjudicated"] = True
        return self._observe(), reward, terminated, truncated, self._info(**extra)

    def render(self) -> Optional[str]:
        """The board as text ("ansi": returned; "human": printed)."""
        return render_text(self.game, self.render_mode)

    def close(self) -> None:
        """Frees the game and the engine."""
        self.game.close()
        if self._engine is not None:
            self._engine.close()


def _default_threads() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class HalmaVectorEnv(VectorEnv[Any, Any, Any]):
    """`num_envs` games stepped together natively (see the module's
    documentation); the options are those of HalmaEnv, but the opponent is
    "random" or a level, and `threads` (default: the cores this process may
    use) share the games of a step."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int = 1,
        rules: str = "halma8",
        opponent: Union[int, str] = 1,
        *,
        seat: int = 0,
        max_plies: int = DEFAULT_MAX_PLIES,
        illegal_reward: float = -1.0,
        progress_reward: float = 0.0,
        adjudicate: bool = False,
        opponent_nodes: Optional[int] = None,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
        threads: Optional[int] = None,
    ) -> None:
        self.render_mode, self.max_plies = check_env_arguments(
            rules, max_plies, render_mode, self.metadata["render_modes"]
        )
        _, self.progress_reward, self.adjudicate = check_reward_options("terminate", progress_reward, adjudicate)
        self.num_envs = _checks.in_range(num_envs, "num_envs", 1, 1 << 20)
        choice = _check_opponent(opponent, callable_allowed=False)
        assert not callable(choice)  # refused above
        nodes = None if opponent_nodes is None else _checks.in_range(opponent_nodes, "opponent_nodes", 1, (1 << 64) - 1)
        workers = _default_threads() if threads is None else _checks.in_range(threads, "threads", 1, 256)
        if position is not None:
            _checks.text(position, "position")
        first = Game(rules, position)
        self.rules = first.rules_text
        first.close()
        self.seat = _check_seat(self.rules, seat)
        self.illegal_reward = float(illegal_reward)
        self.position = position
        self._games = _halma.VectorGames(
            self.rules,
            self.num_envs,
            self.seat,
            choice,
            nodes,
            position,
            self.max_plies,
            self.illegal_reward,
            self.progress_reward,
            self.adjudicate,
            workers,
        )
        self.codec = ActionCodec(self.rules)
        self.single_observation_space = _observation_space(self.rules)
        self.single_action_space = spaces.Discrete(self.codec.size)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._shape = (self.num_envs,) + self.single_observation_space.shape
        self._masks: "np.ndarray[Any, np.dtype[np.int8]]" = np.zeros((self.num_envs, self.codec.size), dtype=np.int8)

    def _arrays(
        self, buffers: Tuple[bytearray, ...]
    ) -> Tuple[Any, "np.ndarray[Any, Any]", "np.ndarray[Any, Any]", "np.ndarray[Any, Any]", Dict[str, Any]]:
        observations, masks, rewards, terminated, truncated, illegal, adjudicated = buffers
        self._masks = np.frombuffer(masks, dtype=np.int8).reshape(self.num_envs, self.codec.size)
        every = np.ones(self.num_envs, dtype=bool)
        infos: Dict[str, Any] = {
            "action_mask": self._masks,
            "_action_mask": every,
            "illegal_move": np.frombuffer(illegal, dtype=np.bool_),
            "_illegal_move": every,
            "adjudicated": np.frombuffer(adjudicated, dtype=np.bool_),
            "_adjudicated": every,
        }
        return (
            np.frombuffer(observations, dtype=np.float32).reshape(self._shape),
            np.frombuffer(rewards, dtype=np.float32),
            np.frombuffer(terminated, dtype=np.bool_),
            np.frombuffer(truncated, dtype=np.bool_),
            infos,
        )

    def reset(
        self, *, seed: Optional[Union[int, List[int]]] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Any, Dict[str, Any]]:
        """Restarts every game; with an int seed, game i's opponent draws
        from seed + i (and `sample_actions` from seed)."""
        if isinstance(seed, list):
            raise TypeError("seed must be an int or None (game i is seeded with seed + i)")
        super().reset(seed=seed)
        number = None if seed is None else _checks.in_range(seed, "seed", 0, (1 << 64) - 1)
        observations, _, _, _, infos = self._arrays(self._games.reset(number))
        return observations, infos

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """Plays one action per game (an array of num_envs ints)."""
        values = np.asarray(actions)
        if values.shape != (self.num_envs,) or not np.issubdtype(values.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers, not an array of shape {values.shape} and dtype {values.dtype}")
        return self._arrays(self._games.step(values.astype(np.int64, copy=False).tobytes()))

    def action_masks(self) -> "np.ndarray[Any, np.dtype[np.int8]]":
        """The masks of the last reset or step: (num_envs, actions) int8."""
        return self._masks

    def sample_actions(self) -> "np.ndarray[Any, np.dtype[np.int64]]":
        """One uniformly random legal action per game (native, seeded by reset)."""
        return np.frombuffer(self._games.sample_actions(), dtype=np.int64)

    def positions(self) -> List[str]:
        """The position string of every game."""
        return [self._games.position(index) for index in range(self.num_envs)]

    def render(self) -> Optional[Tuple[str, ...]]:
        """Every game's board as text ("ansi"); None without a render mode."""
        if self.render_mode is None:
            return None
        return tuple(str(Game(self.rules, position)) for position in self.positions())


def _register() -> None:
    """Registers ENV_ID with both entry points (once)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="halma.gymnasium:HalmaEnv",
            vector_entry_point="halma.gymnasium:HalmaVectorEnv",
        )


_register()
