"""Times Game.legal_moves() (and the raw C call under it) at a position.

    python benchmarks/legal_moves.py [--rules halma] [--moves "a5-a4 ..."] [--seconds 2]

Prints microseconds per call: the figure quoted in README.md. Uses the same
library the package loads (HALMA_LIBRARY or the one installed inside it)."""

import argparse
import ctypes
import sys
import time
from pathlib import Path
from typing import Callable

try:
    import halma
except ImportError:  # run from a checkout without installing: use the package beside
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import halma
from halma import _library as ffi


def per_call_us(function: Callable[[], object], seconds: float) -> float:
    """Microseconds per call, best of five runs of about `seconds` / 5 each."""
    calls = 1
    while True:
        started = time.perf_counter()
        for _ in range(calls):
            function()
        spent = time.perf_counter() - started
        if spent > seconds / 50:
            break
        calls *= 2
    runs = max(1, int(seconds / 5 / max(spent, 1e-9)))
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(calls * runs):
            function()
        best = min(best, (time.perf_counter() - started) / (calls * runs))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="halma")
    parser.add_argument("--moves", default="", help="moves in notation played first")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    game = halma.Game(args.rules)
    for text in args.moves.split():
        game.play(text)
    count = game.legal_move_count()
    buffer = (ffi.halma_move * max(count, 1))()
    out_len = ctypes.c_size_t()

    def raw() -> None:
        ffi.lib.halma_game_legal_moves(game._handle, buffer, count, ctypes.byref(out_len))

    print(f"halma {halma.version()}, rules {args.rules}, {count} legal moves, library {ffi.candidates()[0]}")
    print(f"legal_moves():              {per_call_us(game.legal_moves, args.seconds):8.2f} us")
    print(f"raw halma_game_legal_moves: {per_call_us(raw, args.seconds):8.2f} us")


if __name__ == "__main__":
    main()
