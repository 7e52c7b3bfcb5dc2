"""Halma as a PettingZoo AEC environment, in the style of PettingZoo's classic
environments (connect_four, chess). Needs `pip install halma[rl]`.

>>> from halma.pettingzoo import env
>>> e = env(rules="halma8")
>>> e.reset(seed=1)
>>> observation, reward, termination, truncation, info = e.last()
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> e.step(action)

- Agents: `player_0` ... `player_{n-1}` for the n seats of the rules (2 for
  "halma" and "halma8", 4 for "halma4"), in turn order (player_0 is Red and
  moves first).
- Observation: a dict with `observation`, the float32 planes of
  `Game.planes(seat)` seen from the observing agent (shape (2n, height,
  width): its pieces, the others' in turn order, then each one's target camp;
  the board turned so the agent's home corner is top-left), and
  `action_mask`, int8, 1 for the legal actions of the agent to move (all 0
  for the others).
- Actions: `Discrete(cells * cells + 1)`, origin cell x destination cell in
  the acting agent's view (`cells = width * height`), and the last one the
  pass (see halma._rl). An illegal action ends the game with -1 for its player
  (PettingZoo's TerminateIllegalWrapper, as in the classic environments).
- Rewards: +1 for the winner and -1 for every other agent when a seat wins;
  0 otherwise.
- Truncation: after `max_plies` moves in all (default 1000; 1 to
  `Game.MAX_GAME_MOVES`, 100000, the most moves a game holds: ValueError
  otherwise), every agent is truncated with reward 0.
- `position`: the position string every game starts from (default: the
  rules' start), e.g. for a curriculum of end games.
- `render_mode="ansi"` returns `str(game)`; `"human"` prints it.
- `info["move"]` (in the infos of the agent that just moved) is the
  notation of its move.
"""

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from . import _arrays, _checks
from ._game import Game, Move
from ._rl import DEFAULT_MAX_PLIES, ActionCodec, check_env_arguments, render_text

__all__ = ["env", "raw_env", "DEFAULT_MAX_PLIES"]


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's classic wrappers (illegal moves end
    the game with -1, out-of-bounds actions are errors, order is enforced)."""
    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The unwrapped environment (see the module's documentation)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "halma_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        rules: str = "halma8",
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.render_mode, self.max_plies = check_env_arguments(
            rules, max_plies, render_mode, self.metadata["render_modes"]
        )
        self.position = position
        self.game = Game(rules, position)
        self.rules = self.game.rules_text
        self.codec = ActionCodec(self.rules)
        seats, height, width, _ = _arrays._layout(self.rules)
        self.seats: List[int] = list(seats)
        self.possible_agents = [f"player_{i}" for i in range(len(seats))]
        self.agents = self.possible_agents[:]
        self._seat_of = {agent: seat for agent, seat in zip(self.possible_agents, seats)}
        self._agent_of = {seat: agent for agent, seat in self._seat_of.items()}
        shape = (2 * len(seats), height, width)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents}
        self._legal: Dict[int, Move] = {}

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The observation space of `agent`."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The action space of `agent`."""
        return self.action_spaces[agent]

    def _refresh_legal(self) -> None:
        moves, actions = self.codec.legal(self.game)
        self._legal = dict(zip(actions.tolist(), moves))

    def observe(self, agent: str) -> Dict[str, Any]:
        """The planes seen from `agent` and its action mask."""
        seat = self._seat_of[agent]
        if agent == self.agent_selection and not self.game.is_over:
            mask = self.codec.mask(np.fromiter(self._legal, dtype=np.int64, count=len(self._legal)))
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": _arrays.planes(self.game, seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the start position (halma is deterministic: `seed` is unused)."""
        self.game.close()
        self.game = Game(self.rules, self.position)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_of[int(self.game.side_to_move)]
        self._refresh_legal()

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = _checks.integer(action, "action")
        move = self._legal.get(number)
        if move is None:
            raise ValueError(f"action {number} is not a legal move of {agent}")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        notation = self.game.notation(move)
        self.game.play(move)
        self.infos[agent] = {"move": notation}
        winner = self.game.winner
        if winner is not None:
            for other in self.agents:
                self.rewards[other] = 1 if self._seat_of[other] == winner else -1
            self.terminations = {other: True for other in self.agents}
        elif len(self.game) >= self.max_plies:
            self.truncations = {other: True for other in self.agents}
        self.agent_selection = self._agent_of[int(self.game.side_to_move)]
        if winner is None:
            self._refresh_legal()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as text ("ansi": returned; "human": printed)."""
        return render_text(self.game, self.render_mode)

    def close(self) -> None:
        """Frees the game."""
        self.game.close()
