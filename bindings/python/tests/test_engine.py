"""Tests of halma.Engine: the search through the C ABI."""

import gc
import re
import threading
import time
from pathlib import Path

import unittest

import halma
from halma import _library as ffi

REPOSITORY = Path(__file__).resolve().parents[3]


class EngineTest(unittest.TestCase):
    def test_a_search_returns_a_legal_move_with_its_line(self) -> None:
        with halma.Game("halma") as game, halma.Engine(level=10) as engine:
            result = engine.search(game, nodes=2_000)
            assert result.best_move in game.legal_moves()
            assert result.notation == game.notation(result.best_move)
            assert result.pv[0] == result.best_move
            assert result.pv_notation[0] == result.notation
            assert len(result.pv) == len(result.pv_notation) >= 1
            assert 0 < result.nodes <= 3_000
            assert result.depth >= 1
            assert isinstance(result.score, int) and result.win_in == 0
            game.play(result.best_move)
            assert len(game) == 1


    def test_every_limit_and_level_gives_a_legal_move(self) -> None:
        with halma.Game("halma8") as game, halma.Engine(level=1) as engine:
            for level in (1, 4, 5, 10):
                engine.set_level(level)
                for limits in ({}, {"depth": 2}, {"nodes": 500}, {"movetime": 0.05}):
                    if level == 10 and not limits:
                        continue  # 300000 nodes: correct but slow in a debug build
                    result = engine.search(game, **limits)
                    assert result.best_move in game.legal_moves(), (level, limits)
            game.play(engine.search(game, depth=1).best_move)


    def test_node_limited_search_is_deterministic(self) -> None:
        with halma.Game("halma") as game:
            first = halma.Engine(level=10)
            second = halma.Engine(level=10)
            a = first.search(game, nodes=3_000)
            b = second.search(game, nodes=3_000)
            first.new_game()
            c = first.search(game, nodes=3_000)
            for other in (b, c):
                assert (other.best_move, other.score, other.depth, other.nodes, other.pv) == (
                    a.best_move,
                    a.score,
                    a.depth,
                    a.nodes,
                    a.pv,
                )
            first.close()
            second.close()


    def test_stop_from_a_thread_ends_a_long_search(self) -> None:
        with halma.Game("halma") as game, halma.Engine(level=10) as engine:
            stopper = threading.Timer(0.3, engine.stop)
            started = time.monotonic()
            stopper.start()
            result = engine.search(game, movetime=60)
            spent = time.monotonic() - started
            stopper.join()
            assert spent < 20, spent
            assert result.best_move in game.legal_moves()
            # The stop was used up by that search: the next one runs normally.
            assert engine.search(game, depth=2).depth == 2
            # A stop when nothing searches waits for the next search, which
            # returns at once (a stop sent just before a search is not lost).
            engine.stop()
            started = time.monotonic()
            stopped = engine.search(game, movetime=30)
            assert time.monotonic() - started < 10
            assert stopped.best_move in game.legal_moves()


    def test_searching_a_finished_game_raises_game_over(self) -> None:
        finished = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b"
        with halma.Game("halma8", finished) as game, halma.Engine() as engine:
            with self.assertRaises(halma.GameOverError) as caught:
                engine.search(game, nodes=100)
            assert caught.exception.code == ffi.GAME_OVER
            assert "game is over" in caught.exception.detail


    def test_search_depth_bound_matches_the_header(self) -> None:
        header = (REPOSITORY / "include" / "halma.h").read_text()
        bound = int(re.search(r"#define HALMA_MAX_SEARCH_DEPTH (\d+)", header).group(1))
        assert halma.MAX_SEARCH_DEPTH == ffi.MAX_SEARCH_DEPTH == bound

    def test_contempt_bounds_match_the_header(self) -> None:
        header = (REPOSITORY / "include" / "halma.h").read_text()
        for name, value in (("MAX", halma.MAX_CONTEMPT), ("DEFAULT", ffi.DEFAULT_CONTEMPT)):
            found = re.search(rf"#define HALMA_{name}_CONTEMPT (\d+)", header)
            assert found is not None and int(found.group(1)) == value, name

    def test_contempt_is_set_checked_and_kept(self) -> None:
        with halma.Engine(level=10) as engine:
            assert engine.contempt == ffi.DEFAULT_CONTEMPT
            for bad in (-1, halma.MAX_CONTEMPT + 1, 2**32):
                with self.assertRaisesRegex(ValueError, rf"contempt {bad} is out of range: it must be from 0 to 10000"):
                    engine.set_contempt(bad)
                assert engine.contempt == ffi.DEFAULT_CONTEMPT
            for good in (0, halma.MAX_CONTEMPT):
                engine.set_contempt(good)
                assert engine.contempt == good
            with halma.Game("halma8") as game:
                assert engine.search(game, nodes=500).best_move in game.legal_moves()

    def test_search_depth_beyond_the_bound_is_a_value_error(self) -> None:
        # Depths 65 to 2**32-1 passed the package's check and came back from
        # the library as InvalidArgumentError.
        with halma.Game("halma8") as game, halma.Engine(level=10) as engine:
            for depth in (0, -1, halma.MAX_SEARCH_DEPTH + 1, 2**32 - 1, 2**32):
                with self.assertRaisesRegex(ValueError, rf"depth {depth} is out of range: it must be from 1 to 64") as caught:
                    engine.search(game, depth=depth)
                assert not isinstance(caught.exception, halma.HalmaError)
            result = engine.search(game, depth=halma.MAX_SEARCH_DEPTH, nodes=500)
            assert result.best_move in game.legal_moves()

    def test_bad_arguments_and_closed_engines(self) -> None:
        for level in (0, 11, 2**32 + 5, -1):
            with self.assertRaisesRegex(ValueError, f"level {level} is out of range: it must be from 1 to 10"):
                halma.Engine(level=level)
        with self.assertRaisesRegex(ValueError, "threads 1000 is out of range"):
            halma.Engine(threads=1000)
        engine = halma.Engine(level=3)
        with self.assertRaisesRegex(ValueError, "level 42"):
            engine.set_level(42)
        assert engine.level == 3
        with halma.Game("halma8") as game:
            for bad in ({"depth": 0}, {"nodes": -5}, {"movetime": 0}):
                with self.assertRaises(ValueError):
                    engine.search(game, **bad)
            engine.close()
            engine.close()
            engine.stop()  # a no-op once closed
            with self.assertRaises(ValueError):
                engine.search(game, depth=1)
        # Garbage collection frees an engine that was never closed.
        halma.Engine()
        gc.collect()


if __name__ == "__main__":
    unittest.main()
