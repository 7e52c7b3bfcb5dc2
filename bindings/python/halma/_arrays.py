"""numpy views of a game: the board array and the observation planes.

numpy is imported here only, so that the rest of the package needs nothing
beyond the standard library (`pip install halma[numpy]` adds it). The
native module fills the buffers (bindings/python/native/src/views.rs);
numpy reads them without a copy, and the arrays belong to the caller."""

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional, Tuple

from . import _checks
from . import _library  # noqa: F401 (loads halma._halma, imported below)

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "this part of halma needs numpy: pip install 'halma[numpy]' (or pip install numpy)"
    ) from error

if TYPE_CHECKING:  # pragma: no cover
    from ._game import Game

# After _library, which loads the module (from HALMA_LIBRARY too).
from . import _halma as native  # noqa: E402


def board_array(game: "Game") -> "np.ndarray[Any, np.dtype[np.int8]]":
    """The board as int8 (height, width): row 0 the northmost rank, column 0
    file a; -1 for empty, else the seat number."""
    cells = native.board(game._address or game._closed())
    return np.frombuffer(cells, dtype=np.int8).reshape(game.shape)


def rotation(seat: int) -> int:
    """How many quarter turns (counter-clockwise, as numpy.rot90) bring a
    seat's home corner to the top-left: Red sits north-west (0), Green
    north-east (1), Blue south-east (2), Yellow south-west (3)."""
    return seat


@lru_cache(maxsize=None)
def _layout(rules: str) -> Tuple[Tuple[int, ...], int, int]:
    """Per rules string: the seats in turn order, height and width."""
    from ._game import Rules

    value = Rules(rules)
    return tuple(int(s) for s in value.seats), value.height, value.width


def frame_squares(rules: str, seat: int) -> "np.ndarray[Any, np.dtype[np.int64]]":
    """The square index (`rank * 16 + file`) at each cell (row, column) of
    `seat`'s view, the frame of `planes` when `seat` is to move: an int64
    (height, width) array."""
    _, height, width = _layout(rules)
    squares = native.frame(width, height, _checks.integer(seat, "seat"))
    return np.array(squares, dtype=np.int64).reshape(height, width)


def planes(game: "Game", seat: Optional[int] = None) -> "np.ndarray[Any, np.dtype[np.float32]]":
    """Observation planes, float32 (2 * seats, height, width), seen from
    `seat` (default: the side to move): the board is turned (a multiple of 90
    degrees; boards are square) so that that seat's home corner is the
    top-left one. With the seats in turn order starting from that seat
    (index 0 is the viewer, 1 the seat that moves after it...):

    - channel i (0 <= i < seats): 1 where seat i has a piece;
    - channel seats + i: 1 on seat i's target camp.
    """
    viewer = None if seat is None else _checks.unsigned(seat, "seat", 32)
    values = native.planes(game._address or game._closed(), viewer)
    height, width = game.shape
    return np.frombuffer(values, dtype=np.float32).reshape(len(values) // (4 * height * width), height, width)
