"""What the reinforcement-learning environments share: the action codec
(public, like OpenSpiel's action <-> move functions), the options that make
episodes end, and the checks of their arguments.

An action is an int: `origin_cell * cells + destination_cell`, where a cell
is `row * width + column` in the acting seat's view (the frame of
`Game.planes(seat)`: the board turned so that seat's home corner is top-left),
and `cells = width * height`; the last action, `cells * cells`, is the pass
(legal only when a seat is blocked). A move has exactly one action: two legal
moves never share an origin and a destination. Because the frame turns with
the seat, a policy learnt for one seat serves every seat.

>>> import halma
>>> from halma.rl import ActionCodec
>>> game = halma.Game("halma8")
>>> codec = ActionCodec(game.rules)
>>> action = codec.encode(game.parse_move("a5-a4"), game.side_to_move)
>>> codec.decode(action, game)
<Move a5-a4 (64->48 STEP)>

The codec needs only the standard library; `mask` and `legal` return numpy
arrays (`pip install halma[numpy]`).
"""

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

from . import _checks
from . import _library as ffi
from ._game import _MOVES, Game, Move, Rules
from .errors import IllegalMoveError

if TYPE_CHECKING:  # pragma: no cover
    import numpy

# After _library, which loads the module (from HALMA_LIBRARY too).
from . import _halma as native  # noqa: E402

__all__ = ["ActionCodec", "DEFAULT_MAX_PLIES", "ILLEGAL_ACTIONS"]

DEFAULT_MAX_PLIES = 1000
"""The default cap of the environments: this many moves in all (every
seat's moves counted)."""

ILLEGAL_ACTIONS = ("terminate", "random")
"""What an illegal action does (`illegal_action=`): "terminate" ends the
episode with `illegal_reward` for the player (PettingZoo's classic
convention, the default); "random" gives the player `illegal_reward` and
plays a uniformly random legal move in its place, so that the game goes on
(unmasked random policies, PettingZoo's max_cycles_test)."""


class ActionCodec:
    """Moves <-> actions for one rule set (see the module's documentation)."""

    def __init__(self, rules: Union[str, Rules]) -> None:
        value = Rules(rules) if isinstance(rules, str) else rules
        if not isinstance(value, Rules):
            raise TypeError(f"rules must be a str or a halma.Rules, not {type(rules).__name__}")
        #: The canonical rules string.
        self.rules = str(value)
        self.width, self.height = value.width, value.height
        #: The number of cells of a view.
        self.cells = self.width * self.height
        #: The number of actions (the size of the Discrete space and of the mask).
        self.size = self.cells * self.cells + 1
        #: The pass action.
        self.pass_action = self.cells * self.cells
        self._square_of: Dict[int, List[int]] = {}
        self._cell_of: Dict[int, List[int]] = {}
        for seat in value.seats:
            squares = native.frame(self.width, self.height, int(seat))
            cells = [-1] * 256
            for cell, square in enumerate(squares):
                cells[square] = cell
            self._square_of[int(seat)] = squares
            self._cell_of[int(seat)] = cells

    def _seat(self, seat: object) -> int:
        number = _checks.integer(seat, "seat")
        if number not in self._cell_of:
            raise ValueError(f"seat {number} is not in play under {self.rules} (seats {sorted(self._cell_of)})")
        return number

    def encode(self, move: Move, seat: int) -> int:
        """The action of `move` played by `seat`. ValueError for a square off the board."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a halma.Move, not {type(move).__name__}")
        if move.origin is None or move.destination is None:
            return self.pass_action
        cells = self._cell_of[self._seat(seat)]
        origin, destination = cells[move.origin], cells[move.destination]
        if origin < 0 or destination < 0:
            raise ValueError(f"{move} leaves the {self.width}x{self.height} board of {self.rules}")
        return origin * self.cells + destination

    def squares(self, action: int, seat: int) -> Optional[Tuple[int, int]]:
        """The origin and destination squares of `action` played by `seat`
        (None for the pass), whether or not a move joins them."""
        number = _checks.in_range(action, "action", 0, self.size - 1)
        if number == self.pass_action:
            return None
        squares = self._square_of[self._seat(seat)]
        return squares[number // self.cells], squares[number % self.cells]

    def decode(self, action: int, game: Game) -> Move:
        """The legal move of `game`'s side to move that `action` names:
        ValueError for an action out of range, IllegalMoveError when no
        legal move has those squares."""
        seat = int(game.side_to_move)
        squares = self.squares(action, seat)
        for move in game.legal_moves():
            if (None if move.origin is None else (move.origin, move.destination)) == squares:
                return move
        raise IllegalMoveError(ffi.ILLEGAL_MOVE, f"action {action} is not a legal move of {game.side_to_move} now")

    def legal_actions(self, game: Game) -> Tuple[List[Move], List[int]]:
        """The legal moves of the side to move (as `Game.legal_moves`) and
        their actions, in one native call."""
        if game.rules_text != self.rules:
            raise ValueError(f"the game's rules {game.rules_text} are not the codec's {self.rules}")
        return native.legal_actions(game._address or game._closed(), _MOVES)

    def legal(self, game: Game) -> Tuple[List[Move], "numpy.ndarray[Any, numpy.dtype[numpy.int64]]"]:
        """The legal moves and their actions as an int64 numpy array."""
        import numpy as np

        moves, actions = self.legal_actions(game)
        return moves, np.array(actions, dtype=np.int64)

    def mask(self, actions: Any) -> "numpy.ndarray[Any, numpy.dtype[numpy.int8]]":
        """The int8 action mask (1 for the given actions)."""
        import numpy as np

        mask = np.zeros(self.size, dtype=np.int8)
        mask[np.asarray(actions, dtype=np.int64)] = 1
        return mask


def render_text(game: Game, render_mode: Optional[str]) -> Optional[str]:
    """Renders the board as text for the environments: returned for
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
    """The checks the environments make on their arguments: `rules` a str
    (TypeError), `max_plies` in 1..=Game.MAX_GAME_MOVES and `render_mode`
    one of `modes` or None (ValueError). Gives (render_mode, max_plies)."""
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a str, not {type(rules).__name__}")
    plies = _checks.in_range(max_plies, "max_plies", 1, Game.MAX_GAME_MOVES)
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode {render_mode!r} is not one of {modes}")
    return render_mode, plies


def check_reward_options(illegal_action: object, progress_reward: object, adjudicate: object) -> Tuple[str, float, bool]:
    """The options of episode ends and rewards: `illegal_action` one of
    ILLEGAL_ACTIONS, `progress_reward` a finite number, `adjudicate` a bool."""
    if illegal_action not in ILLEGAL_ACTIONS:
        raise ValueError(f"illegal_action {illegal_action!r} is not one of {list(ILLEGAL_ACTIONS)}")
    if isinstance(progress_reward, bool) or not isinstance(progress_reward, (int, float)):
        raise TypeError(f"progress_reward must be a number, not {type(progress_reward).__name__}")
    if progress_reward != progress_reward or abs(progress_reward) == float("inf"):
        raise ValueError(f"progress_reward must be finite, not {progress_reward}")
    if not isinstance(adjudicate, bool):
        raise TypeError(f"adjudicate must be a bool, not {type(adjudicate).__name__}")
    return str(illegal_action), float(progress_reward), adjudicate


def distance(game: Game, seat: int) -> int:
    """The summed distance of `seat`'s pieces to its target camp: for each
    piece, the steps (any of eight directions) to the camp's nearest square;
    0 when every piece is home."""
    return native.race(game._address or game._closed(), int(seat))[1]


def adjudicated_winner(game: Game) -> Optional[int]:
    """The seat an unfinished game is adjudicated to at the ply cap: the
    most pieces in its target camp, then the least summed distance; None
    when the best seats tie on both (a draw)."""
    return native.adjudicate(game._address or game._closed())
