"""PettingZoo's and Gymnasium's own test functions on the environments, and
the registered Gymnasium id: api_test, parallel_api_test, seed_test (AEC and
parallel), max_cycles_test, render_test and check_env."""

import contextlib
import io
import unittest
import warnings
from types import SimpleNamespace
from typing import Any, Iterator

import halma
from support import optional_module


def setUpModule() -> None:
    for name in ("numpy", "gymnasium", "pettingzoo"):
        optional_module(name)


@contextlib.contextmanager
def quietly() -> Iterator[None]:
    """The test functions print progress and warn that dict observations
    are unusual (as for PettingZoo's own classic environments)."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


class PettingZooTestsTest(unittest.TestCase):
    def test_api_test(self) -> None:
        from pettingzoo.test import api_test

        import halma.pettingzoo

        for rules in ("halma8", "halma4"):
            with quietly():
                api_test(halma.pettingzoo.env(rules=rules, max_plies=200), num_cycles=150, verbose_progress=False)

    def test_parallel_api_test(self) -> None:
        from pettingzoo.test import parallel_api_test

        import halma.pettingzoo

        for rules in ("halma8", "halma4"):
            with quietly():
                parallel_api_test(halma.pettingzoo.parallel_env(rules=rules, max_cycles=300), num_cycles=400)

    def test_seed_tests(self) -> None:
        from pettingzoo.test import parallel_seed_test, seed_test

        import halma.pettingzoo

        with quietly():
            seed_test(lambda: halma.pettingzoo.env(rules="halma8", max_plies=300), num_cycles=200)
            seed_test(lambda: halma.pettingzoo.env(rules="halma8", illegal_action="random", max_plies=300), num_cycles=200)
            parallel_seed_test(lambda: halma.pettingzoo.parallel_env(rules="halma8", max_cycles=300), num_cycles=200)

    def test_max_cycles_test(self) -> None:
        from pettingzoo.test import max_cycles_test

        import halma.pettingzoo

        # max_cycles_test samples actions without their masks: with illegal
        # actions replaced by random moves the games go on to the cap.
        for rules in ("halma8", "halma4"):
            module = SimpleNamespace(
                env=lambda **kwargs: halma.pettingzoo.env(rules=rules, illegal_action="random", **kwargs),
                parallel_env=lambda **kwargs: halma.pettingzoo.parallel_env(rules=rules, illegal_action="random", **kwargs),
            )
            with quietly():
                max_cycles_test(module)

    def test_render_test(self) -> None:
        from pettingzoo.test import render_test

        import halma.pettingzoo

        with quietly():
            render_test(lambda render_mode=None: halma.pettingzoo.env(rules="halma8", render_mode=render_mode))

    def test_the_parallel_environment_applies_the_mover_s_action(self) -> None:
        import halma.pettingzoo

        env = halma.pettingzoo.parallel_env(rules="halma8")
        observations, infos = env.reset()
        self.assertEqual(infos["player_1"]["active_agent"], "player_0")
        self.assertEqual(observations["player_1"]["action_mask"].sum(), 0)
        move = env.game.parse_move("a5-a4")
        action = env.codec.encode(move, int(halma.Seat.RED))
        # player_1's action is not its turn's: ignored, whatever it is.
        observations, rewards, terminations, truncations, infos = env.step({"player_0": action, "player_1": 12345})
        self.assertEqual(env.game.history, [move])
        self.assertEqual(infos["player_0"]["active_agent"], "player_1")
        self.assertGreater(observations["player_1"]["action_mask"].sum(), 0)
        with self.assertRaisesRegex(KeyError, "player_1"):
            env.step({"player_0": action})
        self.assertTrue(env.metadata["is_parallelizable"])

    def test_an_illegal_action_replaced_by_a_random_move_costs_the_penalty(self) -> None:
        import halma.pettingzoo

        env = halma.pettingzoo.env(rules="halma8", illegal_action="random", illegal_reward=-0.5)
        env.reset(seed=3)
        observation, _, _, _, _ = env.last()
        illegal = int(observation["action_mask"].argmin())
        env.step(illegal)
        self.assertEqual(len(env.unwrapped.game), 1)
        self.assertEqual(env.rewards["player_0"], -0.5)
        self.assertTrue(env.infos["player_0"]["illegal_move"])
        self.assertFalse(any(env.terminations.values()))


class GymnasiumRegistrationTest(unittest.TestCase):
    def test_make_and_make_vec_with_the_registered_id(self) -> None:
        import gymnasium
        import numpy as np

        import halma.gymnasium

        env = gymnasium.make("halma/Halma-v0", rules="halma8", opponent="random")
        observation, info = env.reset(seed=0)
        self.assertEqual(observation.shape, (4, 8, 8))
        self.assertIsInstance(env.unwrapped, halma.gymnasium.HalmaEnv)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
        envs = gymnasium.make_vec(
            "halma/Halma-v0", num_envs=8, vectorization_mode="vector_entry_point", rules="halma8", opponent="random"
        )
        self.assertIsInstance(envs, halma.gymnasium.HalmaVectorEnv)
        observations, infos = envs.reset(seed=0)
        self.assertEqual(observations.shape, (8, 4, 8, 8))
        self.assertEqual(infos["action_mask"].shape, (8, 64 * 64 + 1))
        observations, rewards, terminated, truncated, infos = envs.step(envs.sample_actions())
        self.assertEqual((rewards.shape, terminated.dtype, truncated.dtype), ((8,), np.bool_, np.bool_))

    def test_check_env_on_the_registered_environment(self) -> None:
        import gymnasium
        from gymnasium.utils.env_checker import check_env

        import halma.gymnasium  # noqa: F401 (registers the id)

        for kwargs in ({"opponent": "random"}, {"opponent": 2, "opponent_nodes": 300}, {"opponent": "random", "progress_reward": 0.05, "adjudicate": True, "max_plies": 30}):
            env: Any = gymnasium.make("halma/Halma-v0", rules="halma8", **kwargs)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                check_env(env.unwrapped, skip_render_check=True)


if __name__ == "__main__":
    unittest.main()
