"""What the reinforcement-learning environments share: the action encoding.

An action is an int: `origin_cell * cells + destination_cell`, where a cell
is `row * width + column` in the acting seat's view (the frame of
`Game.planes(seat)`: the board turned so that seat's home corner is top-left),
and `cells = width * height`; the last action, `cells * cells`, is the pass
(legal only when a seat is blocked). Moves of different kinds never share an
origin and a destination, so a move has exactly one action. Because the
frame turns with the seat, a policy learnt for one seat serves every seat.
"""

from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from . import _arrays, _checks
from ._game import Game, Move, MoveKind

# struct halma_move, as numpy reads the game's legal-move buffer.
_RECORD = np.dtype([("origin", "=u2"), ("destination", "=u2"), ("kind", "=u4")])

DEFAULT_MAX_PLIES = 1000
"""The default truncation of the environments: this many moves in all
(every seat's moves counted)."""


@lru_cache(maxsize=None)
def _frames(rules: str) -> Tuple[int, Dict[int, "np.ndarray[Any, np.dtype[np.int64]]"], Dict[int, "np.ndarray[Any, np.dtype[np.int64]]"]]:
    """cells, and per seat: square -> cell (length 256, -1 off the board) and cell -> square."""
    seats, height, width, _ = _arrays._layout(rules)
    cells = width * height
    cell_of: Dict[int, "np.ndarray[Any, np.dtype[np.int64]]"] = {}
    square_of: Dict[int, "np.ndarray[Any, np.dtype[np.int64]]"] = {}
    for seat in seats:
        squares = _arrays.frame_squares(rules, seat).ravel()
        # Indexed by any u16 square, HALMA_NO_SQUARE (a pass) included.
        inverse = np.full(1 << 16, -1, dtype=np.int64)
        inverse[squares] = np.arange(cells, dtype=np.int64)
        cell_of[seat] = inverse
        square_of[seat] = squares
    return cells, cell_of, square_of


class ActionCodec:
    """Moves <-> actions for one rule set."""

    def __init__(self, rules: str) -> None:
        self.rules = rules
        self.cells, self._cell_of, self._square_of = _frames(rules)
        #: The number of actions (the size of the Discrete space and of the mask).
        self.size = self.cells * self.cells + 1
        #: The pass action.
        self.pass_action = self.cells * self.cells

    def encode(self, move: Move, seat: int) -> int:
        """The action of a move played by `seat`."""
        if move.origin is None or move.destination is None:
            return self.pass_action
        cell_of = self._cell_of[seat]
        return int(cell_of[move.origin]) * self.cells + int(cell_of[move.destination])

    def legal(self, game: Game) -> Tuple[List[Move], "np.ndarray[Any, np.dtype[np.int64]]"]:
        """The legal moves of the side to move and their actions."""
        seat = int(game.side_to_move)
        moves = game.legal_moves()
        # legal_moves() left the C records in the game's buffer: encode them
        # all at once rather than move by move.
        records = np.frombuffer(memoryview(game._moves_buffer), dtype=_RECORD, count=len(moves))
        cell_of = self._cell_of[seat]
        origins = cell_of[records["origin"]]
        destinations = cell_of[records["destination"]]
        actions = np.where(
            records["kind"] == MoveKind.PASS, self.pass_action, origins * self.cells + destinations
        )
        return moves, actions

    def mask(self, actions: "np.ndarray[Any, np.dtype[np.int64]]") -> "np.ndarray[Any, np.dtype[np.int8]]":
        """The int8 action mask (1 for the given actions)."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[actions] = 1
        return mask


def render_text(game: Game, render_mode: Optional[str]) -> Optional[str]:
    """Renders the board as text for both environments: returned for
    "ansi", printed for "human", nothing without a render mode."""
    if render_mode is None:
        return None
    text = str(game)
    if render_mode == "ansi":
        return text
    print(text)
    return None


def check_env_arguments(
    rules: object, max_plies: object, render_mode: Optional[str], modes: List[str]
) -> Tuple[Optional[str], int]:
    """The checks both environments make on their arguments: `rules` a str
    (TypeError), `max_plies` in 1..=Game.MAX_GAME_MOVES and `render_mode`
    one of `modes` or None (ValueError). Gives (render_mode, max_plies)."""
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a str, not {type(rules).__name__}")
    plies = _checks.in_range(max_plies, "max_plies", 1, Game.MAX_GAME_MOVES)
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode {render_mode!r} is not one of {modes}")
    return render_mode, plies
