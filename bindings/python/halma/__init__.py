"""Halma through the halma C ABI (ctypes): rules, games, moves, records, perft,
and the engine (a computer player).

>>> import halma
>>> with halma.Game("halma") as game:
...     game.perft(2)
1600
"""

from ._engine import Engine, SearchResult
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
    "Engine",
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
    "SearchResult",
    "Seat",
    "parse_square",
    "square_name",
    "version",
]
