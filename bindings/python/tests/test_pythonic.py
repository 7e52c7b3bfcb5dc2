"""Types, values, equality, pickling and text of the Python API."""

import copy
import pickle
import unittest

import halma

HALMA8_START = "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb r"


class WrongTypesTest(unittest.TestCase):
    """ctypes used to turn these into zero bytes or wrapped integers."""

    def test_play_takes_a_move_or_notation(self) -> None:
        with halma.Game("halma8") as game:
            for bad in (42, 4.2, None, b"a5-a4", ["a5-a4"]):
                with self.assertRaisesRegex(TypeError, "move must be a halma.Move or a str"):
                    game.play(bad)  # type: ignore[arg-type]
            self.assertEqual(len(game), 0)
            with self.assertRaises(TypeError):
                game.notation("a5-a4")  # type: ignore[arg-type]

    def test_game_rules_and_position_types(self) -> None:
        for bad in (123, None, 1.5, ["halma"]):
            with self.assertRaisesRegex(TypeError, "rules must be a str or a halma.Rules"):
                halma.Game(bad)  # type: ignore[arg-type]
        with self.assertRaisesRegex(TypeError, "position must be a str"):
            halma.Game("halma8", 7)  # type: ignore[arg-type]
        with self.assertRaisesRegex(TypeError, "rules must be a str"):
            halma.Rules(8)  # type: ignore[arg-type]
        with self.assertRaisesRegex(TypeError, "square name must be a str"):
            halma.parse_square(3)  # type: ignore[arg-type]

    def test_move_fields_are_checked(self) -> None:
        step = halma.MoveKind.STEP
        with self.assertRaisesRegex(ValueError, "origin -1 is out of range: it must be from 0 to 255"):
            halma.Move(-1, 5, step)
        with self.assertRaisesRegex(ValueError, "destination 256 is out of range"):
            halma.Move(5, 256, step)
        with self.assertRaisesRegex(TypeError, "origin must be an int, not str"):
            halma.Move("a5", 5, step)  # type: ignore[arg-type]
        with self.assertRaisesRegex(TypeError, "origin must be an int, not NoneType"):
            halma.Move(None, 5, step)
        with self.assertRaisesRegex(ValueError, "kind 7 is out of range"):
            halma.Move(1, 5, 7)  # type: ignore[arg-type]
        with self.assertRaisesRegex(ValueError, "a pass has no squares"):
            halma.Move(1, 5, halma.MoveKind.PASS)
        self.assertIs(halma.Move(1, 5, 0).kind, step)  # type: ignore[arg-type]

    def test_engine_arguments_are_checked_before_c(self) -> None:
        for kwargs, pattern in (
            ({"level": 2**32 + 5}, "level 4294967301 is out of range: it must be from 1 to 10"),
            ({"threads": 0}, "threads 0 is out of range: it must be from 1 to 64"),
            ({"threads": 65}, "threads 65 is out of range"),
            ({"hash_mib": -1}, "hash_mib -1 is out of range: it must be from 0 to 4096"),
            ({"hash_mib": 2**32}, "hash_mib 4294967296 is out of range"),
        ):
            with self.assertRaisesRegex(ValueError, pattern):
                halma.Engine(**kwargs)
        with self.assertRaisesRegex(TypeError, "level must be an int, not float"):
            halma.Engine(level=2.5)  # type: ignore[arg-type]
        with halma.Engine(level=1) as engine, halma.Game("halma8") as game:
            for kwargs, error, pattern in (
                ({"depth": 2**32}, ValueError, "depth 4294967296 is out of range: it must be from 1 to 64"),
                ({"depth": -1}, ValueError, "depth -1 is out of range"),
                ({"nodes": 2**64}, ValueError, "nodes 18446744073709551616 is out of range"),
                ({"nodes": 0}, ValueError, "nodes 0 is out of range"),
                ({"movetime": float("nan")}, ValueError, "movetime must be a positive number"),
                ({"movetime": -1}, ValueError, "movetime must be a positive number"),
                ({"movetime": 1e30}, ValueError, "movetime 1e\\+30 s is out of range"),
                ({"depth": 2.0}, TypeError, "depth must be an int, not float"),
                ({"movetime": "1"}, TypeError, "movetime must be a number of seconds, not str"),
            ):
                with self.assertRaisesRegex(error, pattern):
                    engine.search(game, **kwargs)  # type: ignore[arg-type]
            with self.assertRaisesRegex(TypeError, "game must be a halma.Game"):
                engine.search("halma8", depth=1)  # type: ignore[arg-type]

    def test_library_refusals_are_value_errors(self) -> None:
        with halma.Game("halma8") as game:
            with self.assertRaises(halma.InvalidArgumentError) as caught:
                game.record({"bad name": "x"})
            self.assertIsInstance(caught.exception, ValueError)
            with self.assertRaises(ValueError):
                game.piece_at(200)  # a square index beyond the 8 x 8 board


class MessagesTest(unittest.TestCase):
    def test_no_doubled_message(self) -> None:
        with halma.Game("halma8") as game:
            with self.assertRaises(halma.NothingToUndoError) as caught:
                game.undo()
        text = str(caught.exception)
        self.assertTrue(text.startswith("no move to undo"), text)
        self.assertEqual(text.count("no move to undo"), 1, text)

    def test_messages_keep_the_code_message_when_the_detail_lacks_it(self) -> None:
        with self.assertRaises(halma.InvalidRulesError) as caught:
            halma.Rules("halma,fast")
        message = halma.errors.message_of(caught.exception.code)
        self.assertTrue(str(caught.exception).startswith(message + ": "), str(caught.exception))
        self.assertIn("fast", str(caught.exception))


class EqualityAndCopiesTest(unittest.TestCase):
    def test_equal_states_whatever_the_path(self) -> None:
        a = halma.Game("halma8")
        b = halma.Game("halma8")
        self.assertEqual(a, b)
        self.assertEqual(a.key(), b.key())
        self.assertEqual(a.zobrist_hash(), b.zobrist_hash())
        a.play("a5-a4")
        self.assertNotEqual(a, b)
        b.play("a5-a4")
        self.assertEqual(a, b)
        # Same position reached by a different route: play and undo.
        b.play("h4-h5")
        b.undo()
        self.assertEqual(a, b)
        self.assertEqual(len({a.key(), b.key(), a.copy().key()}), 1)
        self.assertEqual(a.zobrist_hash(), b.zobrist_hash())
        self.assertNotEqual(halma.Game("halma8"), halma.Game("halma8,spoil=fill"))
        self.assertEqual(a, a.copy())
        self.assertNotEqual(a, "halma8")

    def test_pickle_round_trip_keeps_history(self) -> None:
        game = halma.Game("halma8")
        for text in ("a5-a4", "h4-h5"):
            game.play(text)
        before = game.copy()
        game.play("b6-b5")
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(game, protocol))
            self.assertEqual(back, game)
            self.assertEqual(back.history, game.history)
            self.assertEqual(str(back.undo()), "b6-b5")
            self.assertEqual(back, before)

    def test_pickle_of_a_custom_start_position(self) -> None:
        position = "rrrr4/rrr5/rr6/8/r6b/6bb/5bbb/4bbbb b"
        game = halma.Game("halma8", position)
        game.play(game.legal_moves()[0])
        back = pickle.loads(pickle.dumps(game))
        self.assertEqual(back, game)
        back.undo()
        self.assertEqual(back.position, position)

    def test_deepcopy_and_copy_are_independent(self) -> None:
        game = halma.Game("halma8")
        game.play("a5-a4")
        deep = copy.deepcopy(game)
        shallow = copy.copy(game)
        self.assertEqual(deep, game)
        self.assertEqual(deep.history, game.history)
        game.play("h4-h5")
        self.assertNotEqual(deep, game)
        self.assertEqual(deep, shallow)

    def test_rules_equality_and_pickle(self) -> None:
        rules = halma.Rules("halma8")
        self.assertEqual(rules, halma.Rules("halma8"))
        self.assertNotEqual(rules, halma.Rules("halma"))
        self.assertEqual(pickle.loads(pickle.dumps(rules)), rules)
        self.assertEqual(copy.deepcopy(rules), rules)
        self.assertEqual(hash(rules), hash(halma.Rules("halma8")))

    def test_moves_pickle_and_hash(self) -> None:
        moves = halma.Game("halma").legal_moves()
        self.assertEqual(pickle.loads(pickle.dumps(moves)), moves)
        self.assertEqual(len(set(moves)), 40)


class TextTest(unittest.TestCase):
    def test_str_draws_the_board(self) -> None:
        game = halma.Game("halma8")
        game.play("a5-a4")
        lines = str(game).splitlines()
        self.assertEqual(lines[0], " 8 r r r r . . . .")
        self.assertEqual(lines[3], " 5 . . . . . . . .")
        self.assertEqual(lines[4], " 4 r . . . . . . b")
        self.assertEqual(lines[7], " 1 . . . . b b b b")
        self.assertEqual(lines[8], "   a b c d e f g h")
        self.assertEqual(lines[9], "Blue to move (move 2)")
        # The drawing agrees with piece_at on every square.
        for row, line in enumerate(lines[:8]):
            for file, char in enumerate(line[3::2]):
                seat = game.piece_at(f"{'abcdefgh'[file]}{8 - row}")
                self.assertEqual(char, "." if seat is None else seat.letter)

    def test_str_of_a_finished_game_names_the_winner(self) -> None:
        finished = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b"
        self.assertIn("won", str(halma.Game("halma8", finished)).splitlines()[-1])

    def test_reprs_show_what_matters(self) -> None:
        game = halma.Game("halma8")
        self.assertEqual(repr(game), f"Game('halma8', {HALMA8_START!r})")
        self.assertEqual(eval(repr(game), {"Game": halma.Game}), game)
        self.assertEqual(repr(halma.Rules("halma8")), "Rules('halma8')")
        self.assertEqual(repr(halma.Engine(level=4, threads=2)), "Engine(level=4, threads=2, hash_mib=0)")
        self.assertEqual(repr(game.parse_move("a5-a4")), "<Move a5-a4 (64->48 STEP)>")
        self.assertEqual(repr(halma.Move.pass_()), "<Move pass>")
        game.close()
        self.assertEqual(repr(game), "Game(<closed>)")


if __name__ == "__main__":
    unittest.main()
