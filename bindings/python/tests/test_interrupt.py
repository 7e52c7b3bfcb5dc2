"""Ctrl-C during a long native call: SIGINT raises KeyboardInterrupt within
a second, the call stops (its thread no longer counts), and the game is
unchanged; the same game and engine work afterwards."""

import os
import signal
import threading
import time
import unittest
from typing import Callable, Optional

import halma


def interrupted_after(delay: float, call: Callable[[], object]) -> Optional[float]:
    """Sends SIGINT to this process `delay` seconds into `call`: the
    seconds from the signal to KeyboardInterrupt, or None when `call`
    returned without one."""
    sent = []

    def send() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, send)
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()
    return None


def busy_while_idle() -> bool:
    """Whether this process burns CPU while its main thread sleeps 0.3 s: a
    native call that went on after KeyboardInterrupt would use about that
    much per thread."""
    started = time.process_time()
    time.sleep(0.3)
    return time.process_time() - started > 0.1


@unittest.skipUnless(hasattr(signal, "SIGINT") and threading.current_thread() is threading.main_thread(), "needs SIGINT")
class InterruptTest(unittest.TestCase):
    def setUp(self) -> None:
        # Python's own handler: SIGINT raises KeyboardInterrupt.
        self.previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def tearDown(self) -> None:
        signal.signal(signal.SIGINT, self.previous)

    def test_sigint_stops_a_long_perft(self) -> None:
        game = halma.Game("halma")
        game.play("a12-a11")
        before = (game.position, game.history)
        for kwargs in ({}, {"hash_megabytes": 16, "threads": 2}, {"reuse_replies": True}):
            with self.subTest(**kwargs):
                # perft(12) from here would run for years.
                latency = interrupted_after(0.3, lambda: game.perft(12, **kwargs))
                self.assertIsNotNone(latency, "perft(12) returned")
                assert latency is not None
                self.assertLess(latency, 1.0)
                self.assertEqual((game.position, game.history), before)
                self.assertFalse(busy_while_idle(), "a counting thread still runs")
        self.assertEqual(game.perft(2), halma.Game("halma", game.position).perft(2))

    def test_sigint_stops_a_search(self) -> None:
        game = halma.Game("halma")
        engine = halma.Engine(level=10)
        latency = interrupted_after(0.3, lambda: engine.search(game, movetime=600))
        self.assertIsNotNone(latency, "a ten-minute search returned")
        assert latency is not None
        self.assertLess(latency, 1.0)
        self.assertEqual(len(game), 0)
        self.assertFalse(busy_while_idle(), "the search still runs")
        # The engine searches again, and its stop request was used up (a
        # pending one would end the search at its first node).
        result = engine.search(game, nodes=2000)
        self.assertIn(result.best_move, game.legal_moves())
        self.assertGreater(result.nodes, 500)


if __name__ == "__main__":
    unittest.main()
