"""Tests of the Python bindings against the built library (HALMA_LIBRARY)."""

import ctypes
import gc
import random
import re
from pathlib import Path

import unittest

import halma
from halma import _library as ffi
from support import shuffle_cycle

REPOSITORY = Path(__file__).resolve().parents[3]
HALMA_START = "rrrrr11/rrrrr11/rrrr12/rrr13/rr14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb r"


class HalmaTest(unittest.TestCase):
    def test_version_matches_the_package_and_header(self) -> None:
        cargo = (REPOSITORY / "Cargo.toml").read_text()
        version = re.search(r'\[workspace\.package\][^\[]*?version = "([^"]+)"', cargo).group(1)
        assert halma.version() == version
        header = (REPOSITORY / "include" / "halma.h").read_text()
        parts = [re.search(rf"#define HALMA_VERSION_{p} (\d+)", header).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
        assert ".".join(parts) == version


    def test_every_header_function_has_a_prototype(self) -> None:
        header = (REPOSITORY / "include" / "halma.h").read_text()
        declared = set(re.findall(r"^[\w ]+?\*?(halma_\w+)\(", header, re.M))
        assert len(declared) > 40
        assert declared == set(ffi.PROTOTYPES)
        for name in declared:
            function = getattr(ffi.lib, name)
            assert function.argtypes is not None, name


    def test_rules_describe_the_presets(self) -> None:
        rules = halma.Rules("halma4,camp-lock")
        assert str(rules) == "halma4,camp-lock"
        assert (rules.width, rules.height, rules.camp_size) == (16, 16, 13)
        assert rules.seats == [halma.Seat.RED, halma.Seat.GREEN, halma.Seat.BLUE, halma.Seat.YELLOW]
        rules = halma.Rules("halma")
        assert rules.seats == [halma.Seat.RED, halma.Seat.BLUE]
        camp = rules.home_camp(halma.Seat.RED)
        assert len(camp) == 19 and halma.square_name(camp[-1]) == "e16"
        assert rules.target_camp(halma.Seat.RED) == rules.home_camp(halma.Seat.BLUE)
        assert rules.copy() is rules


    def test_bad_rules_say_what_is_wrong(self) -> None:
        with self.assertRaises(halma.InvalidRulesError) as caught:
            halma.Rules("halma,fast")
        assert "fast" in caught.exception.detail
        assert caught.exception.code == ffi.INVALID_RULES
        assert isinstance(caught.exception, ValueError)


    def test_a_bad_position_names_the_character(self) -> None:
        with self.assertRaises(halma.InvalidPositionError) as caught:
            halma.Game("halma8", "8/7z r")
        assert "character 3" in caught.exception.detail
        with self.assertRaises(halma.InvalidPositionError):
            halma.Game("halma8", HALMA_START)


    def test_start_position_perft_and_moves(self) -> None:
        with halma.Game("halma") as game:
            assert game.position == HALMA_START
            assert game.side_to_move == halma.Seat.RED
            assert game.winner is None and not game.is_over
            moves = game.legal_moves()
            assert len(moves) == game.legal_move_count() == game.perft(1)
            assert game.perft(2) == 1600
            keys = [(m.origin, m.kind, m.destination) for m in moves]
            assert keys == sorted(keys)
            assert game.piece_at("a16") == halma.Seat.RED
            assert game.piece_at("h8") is None


    def test_play_undo_notation_and_paths(self) -> None:
        game = halma.Game("halma8")
        start = game.position
        for move in game.legal_moves():
            text = game.notation(move)
            assert game.parse_move(text) == move
            path = game.path(move)
            assert path[0] == move.origin and path[-1] == move.destination
            assert text == "-".join(halma.square_name(s) for s in path)
        played = game.play("a5-a4")
        assert played.kind == halma.MoveKind.STEP and str(played) == "a5-a4"
        assert len(game) == 1 and game.history == [played]
        assert game.side_to_move == halma.Seat.BLUE
        assert game.undo() == played
        assert game.position == start and len(game) == 0
        with self.assertRaises(halma.NothingToUndoError):
            game.undo()


    def test_illegal_moves_say_which_segment(self) -> None:
        game = halma.Game("halma8")
        before = game.position
        with self.assertRaises(halma.IllegalMoveError) as caught:
            game.play("c7-c5")
        assert "segment 1" in caught.exception.detail and "c6" in caught.exception.detail
        with self.assertRaises(halma.IllegalMoveError) as caught:
            game.play(halma.Move(halma.parse_square("a5"), halma.parse_square("a4"), halma.MoveKind.JUMP))
        assert "step" in caught.exception.detail
        with self.assertRaises(halma.IllegalMoveError):
            game.play("pass")
        assert game.position == before and len(game) == 0


    def test_a_whole_random_game_ends_or_hits_the_cap(self) -> None:
        rng = random.Random(5)
        with halma.Game("halma8,spoil=fill") as game:
            for _ in range(3000):
                if game.is_over:
                    break
                moves = game.legal_moves()
                assert moves
                # Forward-biased: Red heads south-east, Blue north-west.
                def gain(m):
                    if m.is_pass:
                        return 0
                    sign = 1 if game.side_to_move == halma.Seat.RED else -1
                    return sign * ((m.destination % 16 - m.origin % 16) - (m.destination // 16 - m.origin // 16))
                best = max(gain(m) for m in moves)
                game.play(rng.choice([m for m in moves if gain(m) == best]))
            assert game.is_over
            assert game.legal_moves() == [] and game.legal_move_count() == 0
            with self.assertRaises(halma.GameOverError):
                game.play("pass")
            with self.assertRaises(halma.GameOverError):
                game.play(halma.Move.pass_())
            winner = game.winner
            record = game.record({"Event": "pytest", "Note": 'say "hi"'})
            assert f'[Result "{winner}"]' in record
            with halma.Record(record) as read:
                assert read.tags[-2:] == [("Event", "pytest"), ("Note", "say 'hi'")]
                replayed = read.game()
            assert replayed.position == game.position and replayed.history == game.history
            assert halma.Game.from_record(record).winner == winner


    def test_bad_records_and_tags(self) -> None:
        with self.assertRaises(halma.InvalidRecordError) as caught:
            halma.Record('[Rules "halma8"]\n\n1. a5-a4 h4-h5 a4-a2\n')
        assert "move 3" in caught.exception.detail
        game = halma.Game("halma8")
        with self.assertRaises(halma.HalmaError) as caught:
            game.record({"Rules": "halma"})
        assert caught.exception.code == ffi.INVALID_ARGUMENT
        with self.assertRaises(halma.HalmaError):
            game.record({"bad name": "x"})


    def test_copies_are_independent(self) -> None:
        game = halma.Game("halma8")
        copy = game.copy()
        game.play("a5-a4")
        assert len(copy) == 0 and len(game) == 1
        game.close()
        copy.play("a5-a4")
        assert len(copy) == 1


    def test_closed_objects_refuse_use_and_close_twice(self) -> None:
        game = halma.Game("halma8")
        with game:
            pass
        assert game.closed
        game.close()
        for use in (lambda: game.position, game.legal_moves, lambda: game.history, lambda: game.perft(3), game.zobrist_hash):
            with self.assertRaisesRegex(ValueError, "Game is closed"):
                use()


    def test_garbage_collection_frees_handles(self) -> None:
        for _ in range(200):
            halma.Game("halma").legal_moves()
        gc.collect()


    def test_raw_calls_reject_bad_arguments(self) -> None:
        lib = ffi.lib
        rules = ffi.RULES_P()
        assert lib.halma_rules_new(b"hal\xffma", 6, ctypes.byref(rules)) == ffi.INVALID_UTF8
        assert not rules  # untouched on error
        assert lib.halma_rules_new(b"halma", 5, None) == ffi.NULL_POINTER
        assert lib.halma_rules_new(None, 5, ctypes.byref(rules)) == ffi.NULL_POINTER
        assert lib.halma_game_free(None) is None
        out_len = ctypes.c_size_t(0)
        assert lib.halma_last_error(None, 0, ctypes.byref(out_len)) == ffi.BUFFER_TOO_SMALL
        assert out_len.value > 0
        assert lib.halma_result_message(999) == b"unknown result code"


# halma,camp-lock with each target camp full but for one square held by the
# other seat: both sides can only pass and nobody wins, so perft is 1 at every
# depth and recurses all the way down.
ENDLESS_PASSES = "rbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14rr/13rrr/12rrrr/11rrrrr/11rrrrb r"


class GameLengthTest(unittest.TestCase):
    def test_the_move_cap_matches_the_library(self) -> None:
        header = (REPOSITORY / "include" / "halma.h").read_text()
        cap = int(re.search(r"HALMA_RESULT_GAME_TOO_LONG` when the game holds (\d+) moves", header).group(1))
        assert halma.Game.MAX_GAME_MOVES == ffi.MAX_GAME_MOVES == cap

    def test_a_move_beyond_the_cap_raises_game_too_long(self) -> None:
        # The C code had no class: a bare HalmaError that callers could only
        # tell apart by its number.
        with halma.Game("halma8") as game:
            cycle = shuffle_cycle(game)
            for ply in range(halma.Game.MAX_GAME_MOVES):
                game.play(cycle[ply % 4])
            assert len(game) == halma.Game.MAX_GAME_MOVES
            move = cycle[halma.Game.MAX_GAME_MOVES % 4]
            with self.assertRaisesRegex(halma.GameTooLongError, "^the game already has 100000 moves, the most a game keeps$") as caught:
                game.play(move)
            # Said once: the code's message ("the game already holds the most
            # moves a game keeps") used to come before the same in other words.
            assert "holds" not in str(caught.exception), str(caught.exception)
            assert isinstance(caught.exception, halma.HalmaError)
            assert caught.exception.code == ffi.GAME_TOO_LONG
            with self.assertRaises(halma.GameTooLongError):
                game.play(game.notation(move))
            assert len(game) == halma.Game.MAX_GAME_MOVES
            game.undo()
            game.play(cycle[(halma.Game.MAX_GAME_MOVES - 1) % 4])


class PerftBoundTest(unittest.TestCase):
    def test_perft_bound_matches_the_header(self) -> None:
        header = (REPOSITORY / "include" / "halma.h").read_text()
        bound = int(re.search(r"#define HALMA_MAX_PERFT_DEPTH (\d+)", header).group(1))
        assert halma.Game.MAX_PERFT_DEPTH == ffi.MAX_PERFT_DEPTH == bound


    def test_perft_out_of_range_is_a_value_error(self) -> None:
        # perft(-1) used to reach the library as 4294967295 and overflow the
        # stack (the interpreter died); perft(2**40) was silently read as perft(0).
        with halma.Game("halma8") as game:
            for depth in (-1, -(2**70), halma.Game.MAX_PERFT_DEPTH + 1, 2**32 - 1, 2**32, 2**40):
                with self.assertRaisesRegex(ValueError, rf"perft depth {depth} is out of range: the depth must be from 0 to 64"):
                    game.perft(depth)
            assert game.perft(1) == game.legal_move_count()


    def test_perft_depth_must_be_an_integer(self) -> None:
        with halma.Game("halma8") as game:
            for depth in (2.0, 1.5, "2", None, True, [2]):
                with self.assertRaisesRegex(TypeError, "perft depth must be an int"):
                    game.perft(depth)


    def test_perft_at_the_bound_runs_to_the_bottom(self) -> None:
        with halma.Game("halma,camp-lock", ENDLESS_PASSES) as game:
            assert game.legal_moves() == [halma.Move.pass_()]
            assert game.perft(halma.Game.MAX_PERFT_DEPTH) == 1


    def test_the_library_refuses_perft_beyond_the_bound(self) -> None:
        with halma.Game("halma,camp-lock", ENDLESS_PASSES) as game:
            out = ctypes.c_uint64(12345)
            for depth in (ffi.MAX_PERFT_DEPTH + 1, 2**32 - 1):
                code = ffi.lib.halma_game_perft(game._handle, depth, ctypes.byref(out))
                assert code == ffi.INVALID_ARGUMENT
                assert out.value == 12345  # untouched
            # Should the package's bound ever exceed the library's, the library's
            # refusal is still a ValueError, with its detail.
            game.MAX_PERFT_DEPTH = 1000
            with self.assertRaisesRegex(ValueError, "perft depth 65 is out of range: the depth must be from 0 to 64"):
                game.perft(65)


    def test_hashed_perft_counts_as_perft(self) -> None:
        with halma.Game("halma8") as game:
            plain = game.perft(3)
            assert game.perft(3, hash_megabytes=1) == plain
            assert game.perft(3, hash_megabytes=2, threads=2) == plain
            for megabytes in (0, 65537):
                with self.assertRaisesRegex(ValueError, rf"hash_megabytes {megabytes} is out of range"):
                    game.perft(2, hash_megabytes=megabytes)
            for threads in (0, 257):
                with self.assertRaisesRegex(ValueError, rf"threads {threads} is out of range"):
                    game.perft(2, hash_megabytes=1, threads=threads)
            with self.assertRaisesRegex(ValueError, "threads other than 1 need hash_megabytes or reuse_replies"):
                game.perft(2, threads=2)
            with self.assertRaises(TypeError):
                game.perft(2, hash_megabytes=1.5)

    def test_perft_reusing_replies_counts_as_perft(self) -> None:
        for rules, depth in (("halma8", 4), ("halma,long-jumps", 3), ("halma4", 4), ("halma8,camp-lock", 3)):
            with halma.Game(rules) as game:
                plain = game.perft(depth)
                assert game.perft(depth, reuse_replies=True) == plain, rules
                assert game.perft(depth, reuse_replies=True, threads=2) == plain, rules
                assert game.perft(depth, reuse_replies=True, hash_megabytes=1, threads=2) == plain, rules
        with halma.Game("halma8") as game:
            for megabytes in (0, 65537):
                with self.assertRaisesRegex(ValueError, rf"hash_megabytes {megabytes} is out of range"):
                    game.perft(2, reuse_replies=True, hash_megabytes=megabytes)
            for threads in (0, 257):
                with self.assertRaisesRegex(ValueError, rf"threads {threads} is out of range"):
                    game.perft(2, reuse_replies=True, threads=threads)
            for value in (1, "yes", None):
                with self.assertRaises(TypeError):
                    game.perft(2, reuse_replies=value)  # type: ignore[arg-type]


    def test_square_and_seat_arguments_are_never_wrapped(self) -> None:
        # ctypes would silently read 2**16 + 8 as square 8 and 2**32 as seat 0.
        with halma.Game("halma8") as game:
            for square in (-1, 2**16, 2**16 + 8):
                with self.assertRaisesRegex(ValueError, rf"square {square} is out of range"):
                    game.piece_at(square)
                with self.assertRaisesRegex(ValueError, rf"square {square} is out of range"):
                    halma.square_name(square)
            with self.assertRaises(TypeError):
                game.piece_at(1.0)
            rules = game.rules
            for seat in (-1, 2**32):
                with self.assertRaisesRegex(ValueError, rf"seat {seat} is out of range"):
                    rules.home_camp(seat)
                with self.assertRaisesRegex(ValueError, rf"seat {seat} is out of range"):
                    rules.target_camp(seat)
            origin = halma.parse_square("a5")
            with self.assertRaisesRegex(ValueError, "origin 65600 is out of range"):
                halma.Move(origin + 2**16, halma.parse_square("a4"), halma.MoveKind.STEP)
            assert len(game) == 0


if __name__ == "__main__":
    unittest.main()
