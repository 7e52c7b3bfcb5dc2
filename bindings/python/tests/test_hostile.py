"""Hostile input through the Python package (issue 44): tampered pickles,
out-of-range seats, error messages that repeat control characters or huge
input, records too large to read back."""

import pickle
import unittest

import halma
from halma import _game

HALMA8_START = "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb r"


class Tampered:
    """Pickles as a Game whose restoring arguments are `args`."""

    def __init__(self, *args: object) -> None:
        self.args = args

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_game._restore_game, self.args)


def assert_printable(test: unittest.TestCase, message: str) -> None:
    """One line of at most 1000 bytes with no control character."""
    test.assertLessEqual(len(message.encode()), 1000, message[:200])
    test.assertFalse(any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in message), repr(message))


class TamperedPickleTest(unittest.TestCase):
    def test_wrapping_integers_are_refused_not_misread(self) -> None:
        # Issue 44, item 3: these unpickled as the legal move a5-a4, the
        # integers wrapping in ctypes.
        tampered = [
            [(64 + 65536, 48 + 3 * 65536, 2**32)],
            [(64, 48, 2**32)],
            [(-65472, 48, 0)],
            [(64, -1, 0)],
            [(64, 48, -4294967296)],
            [(64, 48)],
            [("a5", "a4", 0)],
            [(64.0, 48, 0)],
            [None],
        ]
        for moves in tampered:
            data = pickle.dumps(Tampered("halma8", HALMA8_START, moves))
            with self.assertRaises(ValueError, msg=repr(moves)):
                pickle.loads(data)
        # The same move, honest, unpickles.
        game = pickle.loads(pickle.dumps(Tampered("halma8", HALMA8_START, [(64, 48, 0)])))
        self.assertEqual([str(m) for m in game.history], ["a5-a4"])

    def test_an_honest_pickle_still_round_trips(self) -> None:
        with halma.Game("halma8") as game:
            game.play("a5-a4")
            back = pickle.loads(pickle.dumps(game))
            self.assertEqual(back.history, game.history)


class SeatTest(unittest.TestCase):
    def test_a_seat_out_of_range_names_the_seats(self) -> None:
        # It said "from 0 to 4294967295", the range of the C type.
        rules = halma.Rules("halma")
        for bad in (-1, 4, 2**32):
            with self.assertRaisesRegex(ValueError, r"must be a Seat \(0 to 3\)"):
                rules.home_camp(bad)
            with self.assertRaisesRegex(ValueError, r"must be a Seat \(0 to 3\)"):
                rules.target_camp(bad)
        self.assertEqual(len(rules.home_camp(halma.Seat.RED)), 19)


class MessagesTest(unittest.TestCase):
    def test_control_characters_are_escaped_in_messages(self) -> None:
        # Issue 44 (minor): a NUL showed as a space; ESC and newlines passed.
        with self.assertRaises(ValueError) as caught:
            halma.Rules("halma\0")
        self.assertIn("`halma\\x00`", str(caught.exception))
        for text in ("halma\x1b[2J", "halma\nerror: fake", "halma\0x", "\u202e" * 3):
            with self.assertRaises(ValueError) as caught:
                halma.Rules(text)
            assert_printable(self, str(caught.exception))
            with self.assertRaises(ValueError) as caught:
                halma.Game("halma8", text)
            assert_printable(self, str(caught.exception))
            with halma.Game("halma8") as game:
                with self.assertRaises(ValueError) as caught:
                    game.play(text)
                assert_printable(self, str(caught.exception))

    def test_huge_input_is_quoted_in_short(self) -> None:
        # A 600 KB move gave a 600,090-byte message.
        record = '[Rules "halma8"]\n\n1. ' + "a" * 600_000 + "\n"
        with self.assertRaises(ValueError) as caught:
            halma.Record(record)
        assert_printable(self, str(caught.exception))
        self.assertIn("move 1 `" + "a" * 40 + "...`", str(caught.exception))


class RecordSizeTest(unittest.TestCase):
    def test_the_writer_refuses_what_the_reader_refuses(self) -> None:
        # Issue 44, item 2: a 17 MiB tag was written and could not be read.
        with halma.Game("halma8") as game:
            game.play("a5-a4")
            with self.assertRaisesRegex(ValueError, "16777216"):
                game.record({"Event": "x" * (17 << 20)})
            text = game.record({"Event": "x" * 1000})
            with halma.Record(text) as record:
                self.assertEqual(record.tags[-1], ("Event", "x" * 1000))


if __name__ == "__main__":
    unittest.main()
