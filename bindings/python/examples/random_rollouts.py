"""Random masked rollouts in the reinforcement-learning environments; prints
steps per second (the figure quoted in README.md).

    python examples/random_rollouts.py [--rules halma8] [--seconds 5] [--seed 0]

Each step samples a legal action uniformly from the action mask, as an
untrained masked policy would. PettingZoo: every seat plays at random
(one step = one move). Gymnasium: the agent plays at random against the
"random" opponent (one step = the agent's move and the opponent's answer).
The vector environment: 64 such games at once, stepped natively, with the
episodes adjudicated at the ply cap, so that every episode ends with a
terminal reward (random play almost never finishes a game by itself).
Needs `pip install halma[rl]`."""

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Tuple

import numpy as np

try:
    import halma
except ImportError:  # run from a checkout without installing: use the package beside
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import halma

import halma.gymnasium
import halma.pettingzoo


def pettingzoo_rollouts(rules: str, seconds: float, rng: np.random.Generator) -> Tuple[int, int, float]:
    """(steps, games, elapsed seconds) of random AEC play for about `seconds`."""
    env = halma.pettingzoo.env(rules=rules)
    steps = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=int(rng.integers(1 << 31)))
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask: Any = observation["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        games += 1
    env.close()
    return steps, games, time.perf_counter() - started


def gymnasium_rollouts(rules: str, seconds: float, rng: np.random.Generator) -> Tuple[int, int, float]:
    """(steps, episodes, elapsed seconds) of random play against a random opponent."""
    env = halma.gymnasium.HalmaEnv(rules=rules, opponent="random")
    steps = episodes = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        _observation, info = env.reset(seed=int(rng.integers(1 << 31)))
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _observation, _reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        episodes += 1
    env.close()
    return steps, episodes, time.perf_counter() - started


def vector_rollouts(rules: str, seconds: float, seed: int) -> Tuple[int, int, int, float]:
    """(steps, episodes, episodes won or lost, elapsed seconds) of 64 random
    games at once, adjudicated at the ply cap."""
    envs = halma.gymnasium.HalmaVectorEnv(num_envs=64, rules=rules, opponent="random", adjudicate=True)
    envs.reset(seed=seed)
    steps = episodes = decided = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        _observations, rewards, terminated, truncated, _infos = envs.step(envs.sample_actions())
        steps += envs.num_envs
        ended = terminated | truncated
        episodes += int(ended.sum())
        decided += int((terminated & (np.abs(rewards) >= 1.0)).sum())
    return steps, episodes, decided, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="halma8")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per environment")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"halma {halma.version()}, rules {args.rules}, random masked actions")
    steps, games, spent = pettingzoo_rollouts(args.rules, args.seconds, rng)
    print(f"pettingzoo AEC:  {steps / spent:8.0f} steps/s ({steps} steps, {games} games in {spent:.1f} s)")
    steps, games, spent = gymnasium_rollouts(args.rules, args.seconds, rng)
    print(f"gymnasium:       {steps / spent:8.0f} steps/s ({steps} steps, {games} episodes in {spent:.1f} s)")
    steps, games, decided, spent = vector_rollouts(args.rules, args.seconds, args.seed)
    print(f"vector (64):     {steps / spent:8.0f} steps/s ({games} episodes, {decided} won or lost, in {spent:.1f} s)")


if __name__ == "__main__":
    main()
