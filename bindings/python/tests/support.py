"""Shared helpers of the tests: optional packages, long games.

numpy, pettingzoo, gymnasium, mypy and the SVG renderer are optional: a test
that needs a missing one is skipped with the reason printed (run with -v to
see it). `.ci/run` installs them and sets HALMA_REQUIRE_CLIENT_TOOLS=1, which
turns a missing one into a failure."""

import importlib
import os
import unittest
from types import ModuleType
from typing import List

import halma

INSTALL = {
    "numpy": "pip install numpy",
    "pettingzoo": "pip install pettingzoo",
    "gymnasium": "pip install gymnasium",
    "mypy": "pip install mypy",
    "cairosvg": "pip install cairosvg",
}


def required() -> bool:
    """Whether missing optional packages are failures (.ci/run)."""
    return bool(os.environ.get("HALMA_REQUIRE_CLIENT_TOOLS"))


def optional_module(name: str) -> ModuleType:
    """Imports `name`, or skips the calling test (class) when it is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        reason = f"{name} is not installed ({INSTALL.get(name, 'pip install ' + name)}; .ci/run installs it): {error}"
        if required():
            raise AssertionError(f"HALMA_REQUIRE_CLIENT_TOOLS is set but {reason}") from error
        raise unittest.SkipTest(reason) from None


def shuffle_cycle(game: halma.Game) -> List[halma.Move]:
    """Four steps that bring `game` (two seats) back to its position: the
    side to move steps a piece out, the other seat too, then each steps back.
    Repeating them makes games as long as wanted without ending them."""
    steps = [move for move in game.legal_moves() if move.kind == halma.MoveKind.STEP]
    with game.copy() as probe:
        for first in steps:
            probe.play(first)
            for second in [move for move in probe.legal_moves() if move.kind == halma.MoveKind.STEP]:
                probe.play(second)
                back_first = halma.Move(first.destination, first.origin, halma.MoveKind.STEP)
                back_second = halma.Move(second.destination, second.origin, halma.MoveKind.STEP)
                if back_first in probe.legal_moves():
                    probe.play(back_first)
                    if back_second in probe.legal_moves():
                        return [first, second, back_first, back_second]
                    probe.undo()
                probe.undo()
            probe.undo()
    raise AssertionError(f"no four-step cycle from {game}")
