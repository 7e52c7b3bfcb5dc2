"""The native vector environment (halma.gymnasium.HalmaVectorEnv) against
plain references: its observations are the planes of each game's position
computed here from the position string with numpy, its masks the codec's
masks of the legal moves, its rewards, ends and restarts those the rules
give; seeds repeat games."""

import unittest
from typing import Any, List

import halma
from support import optional_module

np: Any = None


def setUpModule() -> None:
    global np
    np = optional_module("numpy")
    optional_module("gymnasium")


def reference_planes(rules: str, position: str, viewer: int) -> Any:
    """The planes of Game.planes, computed from the position string: pieces
    of each seat in turn order from the viewer, then their target camps,
    the board turned by `viewer` quarter turns (numpy.rot90)."""
    value = halma.Rules(rules)
    seats = [int(seat) for seat in value.seats]
    height, width = value.height, value.width
    board = np.full((height, width), -1)
    for row, text in enumerate(position.split(" ")[0].split("/")):
        column, run = 0, ""
        for char in text + " ":
            if char.isdigit():
                run += char
                continue
            column += int(run or 0)
            run = ""
            if char != " ":
                board[row, column] = "rgby".index(char)
                column += 1
    order = seats[seats.index(viewer):] + seats[: seats.index(viewer)]
    out = np.zeros((2 * len(order), height, width), dtype=np.float32)
    for index, seat in enumerate(order):
        out[index] = board == seat
        for square in value.target_camp(seat):
            out[len(order) + index, height - 1 - square // 16, square % 16] = 1.0
    return np.rot90(out, viewer, axes=(1, 2))


class VectorEnvTest(unittest.TestCase):
    def make(self, **kwargs: Any) -> Any:
        from halma.gymnasium import HalmaVectorEnv

        options = {"rules": "halma8", "opponent": "random"}
        options.update(kwargs)
        return HalmaVectorEnv(**options)

    def check_against_references(self, envs: Any, observations: Any, masks: Any, done: Any = None) -> None:
        codec = envs.codec
        for index, position in enumerate(envs.positions()):
            game = halma.Game(envs.rules, position)
            expected = reference_planes(envs.rules, position, envs.seat)
            np.testing.assert_array_equal(observations[index], expected, err_msg=f"game {index}: {position}")
            # A game that ended at this step has no legal action until it restarts.
            if game.is_over or int(game.side_to_move) != envs.seat or (done is not None and done[index]):
                self.assertEqual(int(masks[index].sum()), 0)
                continue
            legal = [codec.encode(move, envs.seat) for move in game.legal_moves()]
            np.testing.assert_array_equal(masks[index], codec.mask(legal), err_msg=f"game {index}: {position}")

    def test_observations_masks_and_ends_match_the_rules(self) -> None:
        for rules, seat in (("halma8", 0), ("halma8", 2), ("halma4", 1), ("halma8,spoil=swap", 0)):
            envs = self.make(rules=rules, seat=seat, num_envs=6, max_plies=40, threads=2)
            observations, infos = envs.reset(seed=11)
            self.check_against_references(envs, observations, infos["action_mask"])
            finished = 0
            for _ in range(60):
                before = envs.positions()
                actions = envs.sample_actions()
                for index, action in enumerate(actions):
                    if infos["action_mask"][index].any():
                        self.assertEqual(infos["action_mask"][index][action], 1)
                observations, rewards, terminated, truncated, infos = envs.step(actions)
                self.check_against_references(envs, observations, infos["action_mask"], terminated | truncated)
                for index in range(envs.num_envs):
                    game = halma.Game(envs.rules, envs.positions()[index])
                    if terminated[index]:
                        self.assertIsNotNone(game.winner, envs.positions()[index])
                        self.assertEqual(rewards[index], 1.0 if int(game.winner) == seat else -1.0)
                        finished += 1
                    elif truncated[index]:
                        self.assertIsNone(game.winner)
                        self.assertEqual(envs._games.plies()[index], 40)
                        self.assertEqual(rewards[index], 0.0)
                        finished += 1
                    else:
                        self.assertEqual(rewards[index], 0.0)
                self.assertEqual(len(before), envs.num_envs)
            self.assertGreater(finished, 0, rules)

    def test_a_finished_game_restarts_at_the_next_step(self) -> None:
        envs = self.make(num_envs=3, max_plies=2)
        _, infos = envs.reset(seed=2)
        start = envs.positions()
        _, _, _, truncated, infos = envs.step(envs.sample_actions())
        self.assertTrue(truncated.all())
        self.assertEqual(int(infos["action_mask"].sum()), 0)
        # The next step ignores its actions (any value) and restarts.
        observations, rewards, terminated, truncated, infos = envs.step(np.array([10**6, -5, 0]))
        self.assertEqual(envs.positions(), start)
        self.assertFalse(terminated.any() or truncated.any())
        self.assertEqual(rewards.tolist(), [0.0, 0.0, 0.0])
        self.assertEqual(envs._games.plies(), [0, 0, 0])
        self.check_against_references(envs, observations, infos["action_mask"])

    def test_illegal_and_out_of_range_actions(self) -> None:
        envs = self.make(num_envs=2, illegal_reward=-3.0)
        _, infos = envs.reset(seed=5)
        illegal = int(infos["action_mask"][0].argmin())
        legal = int(np.flatnonzero(infos["action_mask"][1])[0])
        _, rewards, terminated, _, infos = envs.step(np.array([illegal, legal]))
        self.assertEqual((float(rewards[0]), bool(terminated[0]), bool(infos["illegal_move"][0])), (-3.0, True, True))
        self.assertFalse(infos["illegal_move"][1])
        envs.reset(seed=5)
        before = envs.positions()
        with self.assertRaisesRegex(ValueError, "action 4097 of game 1 is out of range: it must be from 0 to 4096"):
            envs.step(np.array([legal, 4097]))
        self.assertEqual(envs.positions(), before)
        with self.assertRaisesRegex(ValueError, "actions must be 2 integers"):
            envs.step(np.array([0.5, 1.0]))
        with self.assertRaisesRegex(ValueError, "actions must be 2 integers"):
            envs.step(np.array([1, 2, 3]))

    def test_seeds_repeat_games_and_threads_change_nothing(self) -> None:
        def play(threads: int, seed: int) -> List[Any]:
            envs = self.make(num_envs=40, threads=threads, max_plies=30)
            trace = [envs.reset(seed=seed)[0]]
            for _ in range(35):
                observations, rewards, terminated, truncated, _ = envs.step(envs.sample_actions())
                trace += [observations, rewards, terminated, truncated]
            return trace

        one, two, other = play(1, 7), play(2, 7), play(2, 8)
        for a, b in zip(one, two):
            np.testing.assert_array_equal(a, b)
        self.assertFalse(all(np.array_equal(a, b) for a, b in zip(one, other)))

    def test_adjudication_and_progress_reward(self) -> None:
        envs = self.make(num_envs=8, max_plies=20, adjudicate=True, progress_reward=0.5)
        envs.reset(seed=3)
        distances = [halma.rl.distance(halma.Game(envs.rules, p), 0) for p in envs.positions()]
        for step in range(10):
            observations, rewards, terminated, truncated, infos = envs.step(envs.sample_actions())
            positions = envs.positions()
            for index, position in enumerate(positions):
                game = halma.Game(envs.rules, position)
                now = halma.rl.distance(game, 0)
                progress = 0.5 * (distances[index] - now)
                if terminated[index] and infos["adjudicated"][index]:
                    winner = halma.rl.adjudicated_winner(game)
                    outcome = 0.0 if winner is None else (1.0 if winner == 0 else -1.0)
                    self.assertAlmostEqual(float(rewards[index]), progress + outcome, places=5)
                else:
                    self.assertAlmostEqual(float(rewards[index]), progress, places=5)
                distances[index] = now
            self.assertFalse(truncated.any())
        # Every game reached the cap of 20 plies at step 10 and was adjudicated.
        self.assertTrue(terminated.all() and infos["adjudicated"].all())

    def test_an_engine_opponent_plays_natively(self) -> None:
        envs = self.make(num_envs=2, opponent=1, opponent_nodes=200, seat=2, max_plies=12)
        observations, infos = envs.reset(seed=1)
        # The engine played Red's first move in each game.
        self.assertEqual(envs._games.plies(), [1, 1])
        self.check_against_references(envs, observations, infos["action_mask"])
        with self.assertRaisesRegex(TypeError, "natively"):
            self.make(opponent=lambda game: game.legal_moves()[0])


class AdjudicationTest(unittest.TestCase):
    def test_pieces_home_then_distance_then_a_draw(self) -> None:
        import halma.rl

        start = halma.Game("halma8")
        self.assertIsNone(halma.rl.adjudicated_winner(start))  # symmetric: a draw
        self.assertEqual(halma.rl.distance(start, 0), halma.rl.distance(start, 2))
        # No piece home on either side: Red's step forward decides.
        step = halma.Game("halma8")
        step.play("b6-c5")
        self.assertEqual(halma.rl.distance(step, 0), halma.rl.distance(start, 0) - 1)
        self.assertEqual(halma.rl.adjudicated_winner(step), 0)
        # Red has two pieces in its target camp (g1, h1), Blue one (a8):
        # Red, though Blue's summed distance is far smaller.
        red_home = halma.Game("halma8", "brrr4/rrr5/rr6/1bbbbb2/bbbb4/8/8/6rr b")
        self.assertEqual(halma.rl.distance(red_home, 2), 15)
        self.assertGreater(halma.rl.distance(red_home, 0), 30)
        self.assertEqual(halma.rl.adjudicated_winner(red_home), 0)


if __name__ == "__main__":
    unittest.main()
