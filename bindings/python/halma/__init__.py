"""Halma through the halma C ABI (ctypes): rules, games, moves, records, perft.

>>> import halma
>>> with halma.Game("halma") as game:
...     game.perft(2)
1600
"""

from ._game import Game, Move, MoveKind, Record, Rules, Seat, parse_square, square_name, version
from .errors import (
    GameOverError,
    HalmaError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidRulesError,
    NothingToUndoError,
)

__all__ = [
    "Game",
    "GameOverError",
    "HalmaError",
    "IllegalMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidRulesError",
    "Move",
    "MoveKind",
    "NothingToUndoError",
    "Record",
    "Rules",
    "Seat",
    "parse_square",
    "square_name",
    "version",
]
