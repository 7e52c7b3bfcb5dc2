"""numpy views of a game: the board array and the observation planes.

numpy is imported here only, so that the rest of the package needs nothing
beyond the standard library (`pip install halma[numpy]` adds it)."""

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from . import _checks

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "this part of halma needs numpy: pip install 'halma[numpy]' (or pip install numpy)"
    ) from error

if TYPE_CHECKING:  # pragma: no cover
    from ._game import Game

# Position-string characters to board values: seat letters to seat numbers,
# everything else (the '.' that empty runs are expanded to) to -1.
_VALUES = np.full(256, -1, dtype=np.int8)
for _seat, _letter in enumerate("rgby"):
    _VALUES[ord(_letter)] = _seat
_RUN = re.compile(r"\d+")


def board_array(game: "Game") -> "np.ndarray[Any, np.dtype[np.int8]]":
    """The board as int8 (height, width): row 0 the northmost rank, column 0
    file a; -1 for empty, else the seat number."""
    placement = game.position.split(" ", 1)[0]
    expanded = _RUN.sub(lambda run: "." * int(run.group()), placement)
    rows = expanded.split("/")
    cells = np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8)
    board: "np.ndarray[Any, np.dtype[np.int8]]" = _VALUES[cells].reshape(len(rows), -1)
    return board


def rotation(seat: int) -> int:
    """How many quarter turns (counter-clockwise, as numpy.rot90) bring a
    seat's home corner to the top-left: Red sits north-west (0), Green
    north-east (1), Blue south-east (2), Yellow south-west (3)."""
    return seat


@lru_cache(maxsize=None)
def _layout(rules: str) -> Tuple[Tuple[int, ...], int, int, "np.ndarray[Any, np.dtype[np.float32]]"]:
    """Per rules string: the seats in turn order, height, width, and each
    seat's target camp as a (4, height, width) 0/1 array (not rotated)."""
    from ._game import Rules

    with Rules(rules) as r:
        seats = tuple(int(s) for s in r.seats)
        height, width = r.height, r.width
        camps = np.zeros((4, height, width), dtype=np.float32)
        for seat in seats:
            for square in r.target_camp(seat):
                camps[seat, height - 1 - square // 16, square % 16] = 1.0
    return seats, height, width, camps


def frame_squares(rules: str, seat: int) -> "np.ndarray[Any, np.dtype[np.int64]]":
    """The square index (`rank * 16 + file`) at each cell (row, column) of
    `seat`'s view, the frame of `planes` when `seat` is to move: an int64
    (height, width) array."""
    _, height, width, _ = _layout(rules)
    rows = np.arange(height - 1, -1, -1, dtype=np.int64)[:, None] * 16
    grid = rows + np.arange(width, dtype=np.int64)[None, :]
    return np.ascontiguousarray(np.rot90(grid, rotation(seat)))


def planes(game: "Game", seat: Optional[int] = None) -> "np.ndarray[Any, np.dtype[np.float32]]":
    """Observation planes, float32 (2 * seats, height, width), seen from
    `seat` (default: the side to move): the board is turned (a multiple of 90
    degrees; boards are square) so that that seat's home corner is the
    top-left one. With the seats in turn order starting from that seat
    (index 0 is the viewer, 1 the seat that moves after it...):

    - channel i (0 <= i < seats): 1 where seat i has a piece;
    - channel seats + i: 1 on seat i's target camp.
    """
    seats, height, width, camps = _layout(game.rules_text)
    board = board_array(game)
    mover = int(game.side_to_move) if seat is None else _checks.integer(seat, "seat")
    if mover not in seats:
        raise ValueError(f"seat {mover} is not in play under {game.rules_text} (seats {list(seats)})")
    start = seats.index(mover)
    order: List[int] = list(seats[start:] + seats[:start])
    count = len(order)
    out = np.empty((2 * count, height, width), dtype=np.float32)
    for index, seat in enumerate(order):
        out[index] = board == seat
        out[count + index] = camps[seat]
    turned: "np.ndarray[Any, np.dtype[np.float32]]" = np.ascontiguousarray(np.rot90(out, rotation(mover), axes=(1, 2)))
    return turned
