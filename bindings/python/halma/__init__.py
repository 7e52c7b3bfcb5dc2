"""Halma through the halma C ABI (ctypes): rules, games, moves, records, perft,
and the engine (a computer player).

>>> import halma
>>> with halma.Game("halma") as game:
...     game.perft(2)
1600

Optional parts: `Game.board_array()` and `Game.planes()` (numpy), `halma.svg`
(pictures), `halma.pettingzoo` and `halma.gymnasium` (reinforcement-learning
environments; `pip install halma[rl]`).
"""

from ._engine import (
    MAX_CONTEMPT,
    MAX_HASH_MIB,
    MAX_LEVEL,
    MAX_SEARCH_DEPTH,
    MAX_THREADS,
    MIN_LEVEL,
    Engine,
    SearchResult,
)
from ._game import Game, Move, MoveKind, Record, Rules, Seat, parse_square, square_name, version
from .errors import (
    GameOverError,
    GameTooLongError,
    HalmaError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidRulesError,
    NothingToUndoError,
)

__all__ = [
    "Engine",
    "Game",
    "GameOverError",
    "GameTooLongError",
    "HalmaError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MAX_CONTEMPT",
    "MAX_HASH_MIB",
    "MAX_LEVEL",
    "MAX_SEARCH_DEPTH",
    "MAX_THREADS",
    "MIN_LEVEL",
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
