"""Halma as PettingZoo environments, in the style of PettingZoo's classic
environments (connect_four, chess): `env()` (AEC) and `parallel_env()`.
Needs `pip install halma[rl]`.

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
  pass (see halma.rl).
- Illegal actions (`illegal_action`): "terminate" (the default) ends the game
  with `illegal_reward` (-1) for its player and 0 for the others, through
  PettingZoo's TerminateIllegalWrapper as in the classic environments;
  "random" gives the player `illegal_reward` and plays a random legal move
  for it, so that the game goes on.
- Rewards: +1 for the winner and -1 for every other agent when a seat wins;
  0 otherwise; plus, with `progress_reward=r`, r per square the mover's
  summed distance to its target camp shrinks (`halma.rl.distance`).
- The cap: after `max_plies` moves in all (default 1000; 1 to
  `Game.MAX_GAME_MOVES`, 100000: ValueError otherwise), or `max_cycles`
  turns of every agent (PettingZoo's name: `max_cycles * n` moves), every
  agent is truncated with reward 0; with `adjudicate=True` the game is
  terminated instead and scored as won by the seat with the most pieces in
  its target camp, then the least summed distance (a tie scores 0).
- `position`: the position string every game starts from (default: the
  rules' start), e.g. for a curriculum of end games.
- `render_mode="ansi"` returns `str(game)`; `"human"` prints it.
- `info["move"]` (in the infos of the agent that just moved) is the
  notation of its move.

The parallel environment is turn-based, like PettingZoo's
`turn_based_aec_to_parallel`: each step applies the action of the agent to
move (`infos[agent]["active_agent"]` names it; the other agents' actions are
ignored and may be left out), and its `max_cycles` counts steps, that is
moves. Its metadata has `is_parallelizable`; the AEC environment's does not,
because it changes after every agent's move rather than once per cycle,
which is what `aec_to_parallel` needs (`turn_based_aec_to_parallel(env())`
gives the same parallel API as `parallel_env()`).
"""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import AgentSelector, wrappers

from . import _arrays, _checks
from ._game import Game, Move, Rules
from .rl import (
    DEFAULT_MAX_PLIES,
    ActionCodec,
    adjudicated_winner,
    check_env_arguments,
    check_reward_options,
    distance,
    render_text,
)

__all__ = ["env", "raw_env", "parallel_env", "ParallelHalmaEnv", "DEFAULT_MAX_PLIES"]


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's classic wrappers (with
    illegal_action="terminate", the default, illegal moves end the game with
    -1; out-of-bounds actions are errors, order is enforced)."""
    environment: AECEnv = raw_env(**kwargs)
    if environment.illegal_action == "terminate":
        environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=environment.illegal_reward)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


def parallel_env(**kwargs: Any) -> "ParallelHalmaEnv":
    """The parallel environment (turn-based: see the module's documentation)."""
    return ParallelHalmaEnv(**kwargs)


def _cap(max_plies: Optional[int], max_cycles: Optional[int], seats: int) -> int:
    """The ply cap from `max_plies` or `max_cycles` (not both)."""
    if max_cycles is None:
        return DEFAULT_MAX_PLIES if max_plies is None else max_plies
    if max_plies is not None:
        raise ValueError("give max_plies or max_cycles, not both")
    cycles = _checks.in_range(max_cycles, "max_cycles", 1, Game.MAX_GAME_MOVES // seats)
    return cycles * seats


class raw_env(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The unwrapped AEC environment (see the module's documentation)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "halma_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        rules: str = "halma8",
        max_plies: Optional[int] = None,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
        *,
        max_cycles: Optional[int] = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        progress_reward: float = 0.0,
        adjudicate: bool = False,
    ) -> None:
        super().__init__()
        if not isinstance(rules, str):
            raise TypeError(f"rules must be a str, not {type(rules).__name__}")
        seats, height, width = _arrays._layout(str(Rules(rules)))
        self.render_mode, self.max_plies = check_env_arguments(
            rules, _cap(max_plies, max_cycles, len(seats)), render_mode, self.metadata["render_modes"]
        )
        self.illegal_action, self.progress_reward, self.adjudicate = check_reward_options(
            illegal_action, progress_reward, adjudicate
        )
        self.illegal_reward = float(illegal_reward)
        self.position = position
        self.game = Game(rules, position)
        self.rules = self.game.rules_text
        self.codec = ActionCodec(self.game.rules)
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
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The observation space of `agent`."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The action space of `agent`."""
        return self.action_spaces[agent]

    def _refresh_legal(self) -> None:
        moves, actions = self.codec.legal_actions(self.game)
        self._legal = dict(zip(actions, moves))

    def observe(self, agent: str) -> Dict[str, Any]:
        """The planes seen from `agent` and its action mask."""
        seat = self._seat_of[agent]
        if agent == self.agent_selection and not self.game.is_over:
            mask = self.codec.mask(list(self._legal))
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": _arrays.planes(self.game, seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the start position; `seed` seeds the random moves
        that replace illegal actions under illegal_action="random" (the game
        itself is deterministic)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game.close()
        self.game = Game(self.rules, self.position)
        self.agents = self.possible_agents[:]
        self.rewards: Dict[str, float] = {agent: 0 for agent in self.agents}
        self._cumulative_rewards: Dict[str, float] = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_of[int(self.game.side_to_move)]
        self._refresh_legal()

    def _end(self, winner: Optional[int]) -> None:
        """Ends the game for every agent: +1 / -1 for a winner, 0 for none."""
        for other in self.agents:
            self.rewards[other] = 0.0 if winner is None else (1.0 if self._seat_of[other] == winner else -1.0)
        self.terminations = {other: True for other in self.agents}

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = _checks.integer(action, "action")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        move = self._legal.get(number)
        illegal = move is None
        if move is None:
            if self.illegal_action == "terminate":
                for other in self.agents:
                    self.rewards[other] = self.illegal_reward if other == agent else 0
                self.terminations = {other: True for other in self.agents}
                self.infos[agent] = {"illegal_move": True}
                self._accumulate_rewards()
                return
            moves = list(self._legal.values())
            move = moves[int(self._rng.integers(len(moves)))]
        seat = self._seat_of[agent]
        before = distance(self.game, seat) if self.progress_reward else 0
        notation = self.game.notation(move)
        self.game.play(move)
        self.infos[agent] = {"move": notation, "illegal_move": True} if illegal else {"move": notation}
        winner = self.game.winner
        if winner is not None:
            self._end(int(winner))
        elif len(self.game) >= self.max_plies:
            if self.adjudicate:
                self._end(adjudicated_winner(self.game))
                self.infos[agent]["adjudicated"] = True
            else:
                self.truncations = {other: True for other in self.agents}
        if illegal:
            self.rewards[agent] += self.illegal_reward
        if self.progress_reward:
            self.rewards[agent] += self.progress_reward * (before - distance(self.game, seat))
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


class ParallelHalmaEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The parallel environment: each step applies the action of the agent
    to move (see the module's documentation). Takes raw_env's arguments;
    `max_cycles` counts steps (moves)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "halma_v0",
        "is_parallelizable": True,
        "render_fps": 2,
    }

    def __init__(self, *, max_cycles: Optional[int] = None, max_plies: Optional[int] = None, **kwargs: Any) -> None:
        if max_cycles is not None and max_plies is not None:
            raise ValueError("give max_plies or max_cycles, not both")
        plies = max_cycles if max_cycles is not None else max_plies
        if max_cycles is not None:
            plies = _checks.in_range(max_cycles, "max_cycles", 1, Game.MAX_GAME_MOVES)
        self._aec = raw_env(max_plies=plies, **kwargs)
        self.possible_agents = self._aec.possible_agents
        self.agents: List[str] = []
        self.render_mode = self._aec.render_mode

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._aec.game

    @property
    def codec(self) -> ActionCodec:
        """The action codec."""
        return self._aec.codec

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The observation space of `agent`."""
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        """The action space of `agent`."""
        return self._aec.action_space(agent)

    def _observations(self) -> Dict[str, Any]:
        return {agent: self._aec.observe(agent) for agent in self._aec.agents}

    def _infos(self) -> Dict[str, Dict[str, Any]]:
        active = self._aec.agent_selection
        return {agent: {**self._aec.infos[agent], "active_agent": active} for agent in self._aec.agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, Any], Dict[str, Dict[str, Any]]]:
        """A new game: every agent's observation, and infos naming the agent to move."""
        self._aec.reset(seed=seed, options=options)
        self.agents = self._aec.agents[:]
        return self._observations(), self._infos()

    def step(
        self, actions: Dict[str, Any]
    ) -> Tuple[Dict[str, Any], Dict[str, float], Dict[str, bool], Dict[str, bool], Dict[str, Dict[str, Any]]]:
        """Plays the action of the agent to move (KeyError if `actions` lacks it)."""
        if not self.agents:
            return {}, {}, {}, {}, {}
        active = self._aec.agent_selection
        if active not in actions:
            raise KeyError(f"no action for {active}, the agent to move")
        self._aec.step(actions[active])
        observations = self._observations()
        rewards = dict(self._aec.rewards)
        terminations = dict(self._aec.terminations)
        truncations = dict(self._aec.truncations)
        infos = self._infos()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Optional[str]:
        """The board as text ("ansi": returned; "human": printed)."""
        return self._aec.render()

    def close(self) -> None:
        """Frees the game."""
        self._aec.close()
