"""Plain Python values: Rules immutable and hashable with nothing to close,
Game.rules the same object, a Game unhashable with an immutable key, every
str(Move) read back, __version__, requires-python."""

import copy
import pickle
import random
import re
import unittest
from pathlib import Path

import halma

PACKAGE = Path(__file__).resolve().parents[1]


class RulesValueTest(unittest.TestCase):
    def test_rules_are_immutable_hashable_values(self) -> None:
        rules = halma.Rules("halma8,spoil=swap")
        self.assertEqual(str(rules), "halma8,spoil=swap")
        self.assertEqual({rules: 1}[halma.Rules("halma8,spoil=swap")], 1)
        with self.assertRaises(AttributeError):
            rules.width = 9  # type: ignore[misc]
        with self.assertRaises(AttributeError):
            rules._text = "halma"  # type: ignore[misc]
        self.assertFalse(hasattr(rules, "close"))
        self.assertIs(copy.copy(rules), rules)
        self.assertEqual(pickle.loads(pickle.dumps(rules)), rules)
        self.assertEqual(rules.seats, [halma.Seat.RED, halma.Seat.BLUE])

    def test_game_rules_is_the_same_object(self) -> None:
        game = halma.Game("halma8")
        self.assertIs(game.rules, game.rules)
        rules = halma.Rules("halma4")
        self.assertIs(halma.Game(rules).rules, rules)
        self.assertIs(game.copy().rules, game.rules)
        self.assertEqual(halma.Game.from_record(game.record()).rules, game.rules)


class GameValueTest(unittest.TestCase):
    def test_a_game_is_unhashable_and_its_key_is_a_value(self) -> None:
        game = halma.Game("halma8")
        with self.assertRaises(TypeError):
            hash(game)
        with self.assertRaises(TypeError):
            {game}  # noqa: B018
        key = game.key()
        self.assertEqual(key, halma.PositionKey("halma8", game.position))
        seen = {key: "start"}
        game.play("a5-a4")
        self.assertNotIn(game.key(), seen)
        game.play("h4-h5")
        other = halma.Game("halma8")
        other.play("a5-a4")
        other.play("h4-h5")
        self.assertEqual(other.key(), game.key())
        game.undo()
        game.undo()
        self.assertEqual(seen[game.key()], "start")
        with self.assertRaises(Exception):
            key.position = "x"  # type: ignore[misc]
        self.assertEqual(halma.Game(key.rules, key.position), game)

    def test_zobrist_hashes_follow_positions(self) -> None:
        rng = random.Random(4)
        game = halma.Game("halma")
        hashes = {}
        for _ in range(60):
            hashes.setdefault(game.key(), set()).add(game.zobrist_hash())
            game.play(rng.choice(game.legal_moves()))
        self.assertTrue(all(len(values) == 1 for values in hashes.values()))
        self.assertEqual(len(set().union(*hashes.values())), len(hashes))
        self.assertEqual(halma.Game(game.rules, game.position).zobrist_hash(), game.zobrist_hash())


class MoveTextTest(unittest.TestCase):
    def test_every_str_of_a_move_reads_back(self) -> None:
        # Steps, multi-segment jumps, long jumps, swaps and passes.
        rng = random.Random(9)
        kinds = set()
        for rules in ("halma8,spoil=swap", "super-halma", "halma4", "halma8,spoil=swap,jump-continue"):
            game = halma.Game(rules)
            for _ in range(150):
                if game.is_over:
                    break
                moves = game.legal_moves()
                for move in moves:
                    text = str(move)
                    # The rule book's notation: squares joined by "-", or pass.
                    self.assertRegex(text, r"^(pass|[a-p][0-9]+-[a-p][0-9]+)$")
                    if move.kind != halma.MoveKind.SWAP:
                        self.assertEqual(halma.Move.from_str(text), move, text)
                    self.assertEqual(game.parse_move(text), move, (rules, game.position, text))
                    kinds.add(move.kind)
                # Forward-biased, so that camps fill and swaps come up.
                game.play(max(rng.sample(moves, min(3, len(moves))), key=lambda m: 0 if m.is_pass else abs(m.destination - m.origin)))
        self.assertIn(halma.MoveKind.JUMP, kinds)
        self.assertEqual(str(halma.Move.pass_()), "pass")
        self.assertEqual(halma.Move.from_str("pass"), halma.Move.pass_())

    def test_a_swap_is_played_from_its_str(self) -> None:
        # Red to move, its target camp full, Blue's piece on h2: f4 jumps
        # over g3 onto h2 and Blue's piece goes to f4.
        game = halma.Game("halma8,spoil=swap", "bbbb4/bbb5/bb6/8/5r1r/6rr/5rrb/4rrrr r")
        swaps = [move for move in game.legal_moves() if move.kind == halma.MoveKind.SWAP]
        self.assertTrue(swaps, game.legal_moves())
        for swap in swaps:
            text = str(swap)
            self.assertEqual(text, f"{halma.square_name(swap.origin)}-{halma.square_name(swap.destination)}")
            # The rules' own parser reads it (the position says it is a swap);
            # without a position it names the jump or step of the same squares.
            self.assertEqual(game.parse_move(text), swap)
            self.assertNotEqual(halma.Move.from_str(text), swap)
            self.assertEqual(game.notation(swap).split("-")[0], text.split("-")[0])
            self.assertEqual(game.parse_move(game.notation(swap)), swap)
            probe = game.copy()
            self.assertEqual(probe.play(text), swap)
            # The swap text of version 0.1.0 still reads.
            legacy = text.replace("-", "x")
            self.assertEqual(halma.Move.from_str(legacy), swap)
            self.assertEqual(game.copy().play(legacy), swap)

    def test_bad_texts(self) -> None:
        for text in ("", "a5", "a5-", "a5--a4", "a5-a4-a3", "q1-a1", "a17-a1", "a5 a4", "PASS"):
            with self.assertRaises(ValueError, msg=text):
                halma.Move.from_str(text)
        with self.assertRaises(TypeError):
            halma.Move.from_str(5)  # type: ignore[arg-type]
        game = halma.Game("halma8")
        with self.assertRaises(halma.IllegalMoveError):
            game.parse_move("a5-a3")  # a Move's text, but not a legal move
        # A square off the board is named against this board's columns and rows.
        with self.assertRaisesRegex(halma.IllegalMoveError, "`a9` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"):
            game.parse_move("a5-a9")


class PackageTest(unittest.TestCase):
    def test_version_and_python_requirement(self) -> None:
        self.assertEqual(halma.__version__, halma.version())
        self.assertRegex(halma.__version__, r"^\d+\.\d+\.\d+")
        pyproject = (PACKAGE / "pyproject.toml").read_text()
        self.assertIn('requires-python = ">=3.9"', pyproject)

    def test_the_move_cap_error_says_it_once(self) -> None:
        error = halma.errors.error_for(halma.errors.ffi.GAME_TOO_LONG, "the game already has 100000 moves, the most a game keeps")
        self.assertEqual(str(error), "the game already has 100000 moves, the most a game keeps")
        self.assertEqual(len(re.findall("most", str(error))), 1)


if __name__ == "__main__":
    unittest.main()
