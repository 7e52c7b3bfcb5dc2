"""Tests of halma.Engine: the search through the C ABI."""

import gc
import threading
import time

import pytest

import halma
from halma import _library as ffi


def test_a_search_returns_a_legal_move_with_its_line():
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


def test_every_limit_and_level_gives_a_legal_move():
    with halma.Game("halma8") as game, halma.Engine(level=1) as engine:
        for level in (1, 4, 5, 10):
            engine.set_level(level)
            for limits in ({}, {"depth": 2}, {"nodes": 500}, {"movetime": 0.05}):
                if level == 10 and not limits:
                    continue  # 300000 nodes: correct but slow in a debug build
                result = engine.search(game, **limits)
                assert result.best_move in game.legal_moves(), (level, limits)
        game.play(engine.search(game, depth=1).best_move)


def test_node_limited_search_is_deterministic():
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


def test_stop_from_a_thread_ends_a_long_search():
    with halma.Game("halma") as game, halma.Engine(level=10) as engine:
        stopper = threading.Timer(0.3, engine.stop)
        started = time.monotonic()
        stopper.start()
        result = engine.search(game, movetime=60)
        spent = time.monotonic() - started
        stopper.join()
        assert spent < 20, spent
        assert result.best_move in game.legal_moves()
        # A stop when nothing searches does not stop the next search.
        engine.stop()
        assert engine.search(game, depth=2).depth == 2


def test_searching_a_finished_game_raises_game_over():
    finished = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b"
    with halma.Game("halma8", finished) as game, halma.Engine() as engine:
        with pytest.raises(halma.GameOverError) as caught:
            engine.search(game, nodes=100)
        assert caught.value.code == ffi.GAME_OVER
        assert "game is over" in caught.value.detail


def test_bad_arguments_and_closed_engines():
    for level in (0, 11):
        with pytest.raises(halma.HalmaError) as caught:
            halma.Engine(level=level)
        assert caught.value.code == ffi.INVALID_ARGUMENT
    with pytest.raises(halma.HalmaError):
        halma.Engine(threads=1000)
    engine = halma.Engine(level=3)
    with pytest.raises(halma.HalmaError):
        engine.set_level(42)
    with halma.Game("halma8") as game:
        for bad in ({"depth": 0}, {"nodes": -5}, {"movetime": 0}):
            with pytest.raises(ValueError):
                engine.search(game, **bad)
        engine.close()
        engine.close()
        engine.stop()  # a no-op once closed
        with pytest.raises(ValueError):
            engine.search(game, depth=1)
    # Garbage collection frees an engine that was never closed.
    halma.Engine()
    gc.collect()
