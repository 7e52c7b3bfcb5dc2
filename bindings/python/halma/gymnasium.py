"""Halma as a single-agent Gymnasium environment: the agent plays one seat,
an opponent (the built-in engine at a level, or any function) plays the
others. Needs `pip install halma[rl]`.

>>> from halma.gymnasium import HalmaEnv
>>> env = HalmaEnv(rules="halma8", opponent=1)
>>> observation, info = env.reset(seed=0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)

- Observation: the float32 planes of `Game.planes(seat)` seen from the
  agent's seat (shape (2n, height, width), see halma.pettingzoo).
- Actions: `Discrete(cells * cells + 1)`, the encoding of halma.pettingzoo
  (origin cell x destination cell in the agent's view; the last one passes).
  `info["action_mask"]` (int8) marks the legal ones after every reset and
  step; `action_masks()` returns the same (for MaskablePPO and the like).
- An illegal action ends the episode (terminated) with reward
  `illegal_reward` (default -1) and `info["illegal_move"] = True`, so that
  an unmasked policy still gets a well-formed episode.
- Rewards: +1 when the agent's seat wins, -1 when another seat wins, else 0.
- Truncation: after `max_plies` moves in all (default 1000; 1 to
  `Game.MAX_GAME_MOVES`, 100000, the most moves a game holds: ValueError
  otherwise).
- `position`: the position string every episode starts from (default: the
  rules' start).
- `opponent`: an int level (1 to 10: `halma.Engine(level)` searching with the
  level's default limits; `opponent_nodes` caps its nodes per move),
  `"random"` (a uniform choice among the legal moves, drawn from the
  environment's `np_random`: `reset(seed=...)` makes episodes repeat), or a
  function `(game) -> Move or notation` called for every other seat's move.
"""

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _arrays, _checks
from ._engine import MAX_LEVEL, MIN_LEVEL, Engine
from ._game import Game, Move
from ._rl import DEFAULT_MAX_PLIES, ActionCodec, check_env_arguments, render_text

__all__ = ["HalmaEnv", "DEFAULT_MAX_PLIES"]

Opponent = Union[int, str, Callable[[Game], Union[Move, str]]]


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
        opponent_nodes: Optional[int] = None,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.render_mode, self.max_plies = check_env_arguments(
            rules, max_plies, render_mode, self.metadata["render_modes"]
        )
        self.illegal_reward = float(illegal_reward)
        self.position = position
        self.game = Game(rules, position)
        self.rules = self.game.rules_text
        seats, height, width, _ = _arrays._layout(self.rules)
        self.seat = _checks.integer(seat, "seat")
        if self.seat not in seats:
            raise ValueError(f"seat {self.seat} is not in play under {self.rules} (seats {list(seats)})")
        self._engine: Optional[Engine] = None
        self._opponent: Callable[[Game], Union[Move, str]]
        if callable(opponent):
            self._opponent = opponent
        elif isinstance(opponent, str):
            if opponent != "random":
                raise ValueError(f"opponent {opponent!r} is not known: give a level (1 to 10), \"random\" or a function")

            def uniform(game: Game) -> Move:
                moves = game.legal_moves()
                return moves[int(self.np_random.integers(len(moves)))]

            self._opponent = uniform
        else:
            level = _checks.in_range(opponent, "opponent level", MIN_LEVEL, MAX_LEVEL)
            engine = self._engine = Engine(level=level)
            nodes = opponent_nodes

            def search(game: Game) -> Move:
                return engine.search(game, nodes=nodes).best_move

            self._opponent = search
        self.codec = ActionCodec(self.rules)
        self.observation_space = spaces.Box(
            low=0.0, high=1.0, shape=(2 * len(seats), height, width), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.codec.size)
        self._legal: Dict[int, Move] = {}

    def _observe(self) -> "np.ndarray[Any, np.dtype[np.float32]]":
        return _arrays.planes(self.game, self.seat)

    def action_masks(self) -> "np.ndarray[Any, np.dtype[np.int8]]":
        """1 for each legal action of the agent now."""
        return self.codec.mask(np.fromiter(self._legal, dtype=np.int64, count=len(self._legal)))

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

    def _outcome(self) -> Tuple[float, bool, bool]:
        winner = self.game.winner
        if winner is not None:
            return (1.0 if int(winner) == self.seat else -1.0), True, False
        return 0.0, False, len(self.game) >= self.max_plies

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
        moves, actions = self.codec.legal(self.game)
        self._legal = dict(zip(actions.tolist(), moves)) if int(self.game.side_to_move) == self.seat else {}
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
        self.game.play(move)
        opponents = self._opponents_play()
        reward, terminated, truncated = self._outcome()
        if terminated or truncated:
            self._legal = {}
        else:
            moves, actions = self.codec.legal(self.game)
            self._legal = dict(zip(actions.tolist(), moves))
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info(opponent_moves=opponents)

    def render(self) -> Optional[str]:
        """The board as text ("ansi": returned; "human": printed)."""
        return render_text(self.game, self.render_mode)

    def close(self) -> None:
        """Frees the game and the engine."""
        self.game.close()
        if self._engine is not None:
            self._engine.close()
