"""Halma through the halma C ABI (ctypes): rules, games, moves, records, perft,
and the engine (a computer player).

>>> import halma
>>> game = halma.Game("halma")
>>> game.perft(2)
1600

Optional parts: `Game.board_array()` and `Game.planes()` (numpy), `halma.svg`
(pictures), `halma.rl` (the action codec), `halma.pettingzoo` and
`halma.gymnasium` (reinforcement-learning environments; `pip install
halma[rl]`).
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
from ._game import Game, Move, MoveKind, PositionKey, Record, Rules, Seat, parse_square, square_name, version
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

#: The version of the package, which is the version of its native library.
__version__ = version()

__all__ = [
    "__version__",
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
    "PositionKey",
    "Record",
    "Rules",
    "SearchResult",
    "Seat",
    "parse_square",
    "square_name",
    "version",
]
