"""The reinforcement-learning environments: PettingZoo (AEC) and Gymnasium."""

import contextlib
import io
import unittest
import warnings
from typing import Any

import halma
from support import optional_module, shuffle_cycle

# Blue to move: a4-a5 fills Blue's target camp and wins.
BLUE_WINS_IN_ONE = "bbbb4/bbb5/bb6/7r/b7/6rr/5rrr/4rrrr b"


def setUpModule() -> None:
    for name in ("numpy", "gymnasium", "pettingzoo"):
        optional_module(name)


class ActionCodecTest(unittest.TestCase):
    def test_each_legal_move_has_its_own_action(self) -> None:
        from halma.rl import ActionCodec

        for rules in ("halma8", "halma4", "halma"):
            codec = ActionCodec(rules)
            game = halma.Game(rules)
            for _ in range(6):
                moves, actions = codec.legal(game)
                self.assertEqual(len(set(actions.tolist())), len(moves), rules)
                self.assertTrue(((0 <= actions) & (actions < codec.pass_action)).all())
                self.assertEqual(int(codec.mask(actions).sum()), len(moves))
                game.play(moves[len(moves) // 2])

    def test_actions_follow_the_turned_view(self) -> None:
        from halma.rl import ActionCodec

        # The start is symmetric: Red to move and Blue to move see the same
        # actions from their own seats, though their moves differ.
        codec = ActionCodec("halma8")
        red = halma.Game("halma8")
        blue = halma.Game("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb b")
        red_moves, red_actions = codec.legal(red)
        blue_moves, blue_actions = codec.legal(blue)
        self.assertEqual(sorted(red_actions.tolist()), sorted(blue_actions.tolist()))
        self.assertNotEqual(set(red_moves), set(blue_moves))
        a5_a4 = codec.encode(red.parse_move("a5-a4"), int(halma.Seat.RED))
        h4_h5 = codec.encode(blue.parse_move("h4-h5"), int(halma.Seat.BLUE))
        self.assertEqual(a5_a4, h4_h5)
        self.assertEqual(codec.encode(halma.Move.pass_(), 0), codec.size - 1)


class PettingZooTest(unittest.TestCase):
    def test_api_test_passes_for_two_and_four_seats(self) -> None:
        from pettingzoo.test import api_test

        import halma.pettingzoo

        for rules in ("halma8", "halma4"):
            # api_test prints progress and warns that a dict observation is unusual (as for
            # PettingZoo's own classic environments): keep the test output clean.
            with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                api_test(halma.pettingzoo.env(rules=rules, max_plies=200), num_cycles=150, verbose_progress=False)

    def test_a_win_rewards_plus_and_minus_one(self) -> None:
        import halma.pettingzoo

        env = halma.pettingzoo.env(rules="halma8", position=BLUE_WINS_IN_ONE)
        env.reset()
        self.assertEqual(env.agent_selection, "player_1")
        observation, _, _, _, _ = env.last()
        codec = env.unwrapped.codec
        move = env.unwrapped.game.parse_move("a4-a5")
        action = codec.encode(move, int(halma.Seat.BLUE))
        self.assertEqual(observation["action_mask"][action], 1)
        env.step(action)
        self.assertEqual(env.rewards, {"player_0": -1, "player_1": 1})
        self.assertTrue(all(env.terminations.values()))
        self.assertEqual(env.infos["player_1"]["move"], "a4-a5")

    def test_truncation_at_the_ply_limit(self) -> None:
        import numpy as np

        import halma.pettingzoo

        env = halma.pettingzoo.env(rules="halma8", max_plies=7)
        env.reset()
        rng = np.random.default_rng(3)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                self.assertEqual(reward, 0)
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        self.assertEqual(steps, 7)

    def test_max_plies_is_at_most_the_game_cap(self) -> None:
        import halma.pettingzoo

        for plies in (0, halma.Game.MAX_GAME_MOVES + 1, 10**9):
            with self.assertRaisesRegex(ValueError, rf"max_plies {plies} is out of range: it must be from 1 to 100000"):
                halma.pettingzoo.env(rules="halma8", max_plies=plies)

    def test_truncation_at_the_game_cap(self) -> None:
        # max_plies above the cap used to be accepted, and the step that
        # played the 100001st move raised HalmaError instead of truncating.
        import halma.pettingzoo

        cap = halma.Game.MAX_GAME_MOVES
        env = halma.pettingzoo.env(rules="halma8", max_plies=cap)
        env.reset()
        raw = env.unwrapped
        cycle = shuffle_cycle(raw.game)
        # The cycle restores the position, so the environment's legal actions stay right.
        for ply in range(cap - 4):
            raw.game.play(cycle[ply % 4])
        for ply in range(cap - 4, cap):
            agent = env.agent_selection
            self.assertFalse(env.truncations[agent])
            env.step(raw.codec.encode(cycle[ply % 4], raw._seat_of[agent]))
        self.assertEqual(len(raw.game), cap)
        self.assertTrue(all(env.truncations.values()))
        self.assertFalse(any(env.terminations.values()))
        self.assertEqual(env.rewards, {"player_0": 0, "player_1": 0})


class GymnasiumTest(unittest.TestCase):
    def test_check_env_against_the_engine_and_random(self) -> None:
        from gymnasium.utils.env_checker import check_env

        from halma.gymnasium import HalmaEnv

        check_env(HalmaEnv(rules="halma8", opponent=1, opponent_nodes=200), skip_render_check=True)
        check_env(HalmaEnv(rules="halma4", opponent="random", seat=2, max_plies=40), skip_render_check=True)

    def test_masked_actions_win_and_illegal_ones_end_the_episode(self) -> None:
        from halma.gymnasium import HalmaEnv

        env = HalmaEnv(rules="halma8", opponent="random", seat=2, position=BLUE_WINS_IN_ONE)
        _, info = env.reset(seed=1)
        action = env.codec.encode(env.game.parse_move("a4-a5"), 2)
        self.assertEqual(info["action_mask"][action], 1)
        _, reward, terminated, truncated, _ = env.step(action)
        self.assertEqual((reward, terminated, truncated), (1.0, True, False))
        env.reset(seed=1)
        illegal = int(info["action_mask"].argmin())
        _, reward, terminated, _, info = env.step(illegal)
        self.assertEqual((reward, terminated, info["illegal_move"]), (-1.0, True, True))
        with self.assertRaises(ValueError):
            env.step(env.codec.size)
        with self.assertRaisesRegex(ValueError, "opponent level 11 is out of range"):
            HalmaEnv(opponent=11)
        with self.assertRaisesRegex(ValueError, "seat 1 is not in play"):
            HalmaEnv(rules="halma8", seat=1)

    def test_max_plies_is_at_most_the_game_cap(self) -> None:
        from halma.gymnasium import HalmaEnv

        for plies in (0, halma.Game.MAX_GAME_MOVES + 1, 10**9):
            with self.assertRaisesRegex(ValueError, rf"max_plies {plies} is out of range: it must be from 1 to 100000"):
                HalmaEnv(rules="halma8", max_plies=plies)

    def test_truncation_at_the_game_cap(self) -> None:
        from halma.gymnasium import HalmaEnv

        cap = halma.Game.MAX_GAME_MOVES
        with halma.Game("halma8") as start:
            cycle = shuffle_cycle(start)
        env = HalmaEnv(rules="halma8", opponent=lambda game: cycle[len(game) % 4], max_plies=cap)
        env.reset(seed=1)
        # The cycle restores the position, so the environment's legal actions stay right.
        for ply in range(cap - 4):
            env.game.play(cycle[ply % 4])
        _, reward, terminated, truncated, _ = env.step(env.codec.encode(cycle[0], 0))
        self.assertEqual((reward, terminated, truncated), (0.0, False, False))
        _, reward, terminated, truncated, info = env.step(env.codec.encode(cycle[2], 0))
        self.assertEqual((reward, terminated, truncated), (0.0, False, True))
        self.assertEqual(info["plies"], cap)

    def test_a_callable_opponent_plays_the_other_seat(self) -> None:
        from halma.gymnasium import HalmaEnv

        seen: Any = []

        def first_move(game: halma.Game) -> halma.Move:
            seen.append(game.side_to_move)
            return game.legal_moves()[0]

        env = HalmaEnv(rules="halma8", opponent=first_move, seat=2)
        _, info = env.reset()
        self.assertEqual(seen, [halma.Seat.RED])
        self.assertEqual(len(info["opponent_moves"]), 1)
        env.step(int(info["action_mask"].argmax()))
        self.assertEqual(seen, [halma.Seat.RED, halma.Seat.RED])


if __name__ == "__main__":
    unittest.main()
