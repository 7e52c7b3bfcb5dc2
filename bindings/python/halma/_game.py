"""Rules (a value), Game and Record (owners of C handles), and Move."""

import ctypes
import enum
import re
import threading
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Dict,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
)

from . import _checks
from . import _library as ffi
from .errors import DetailSource, error_for

if TYPE_CHECKING:  # pragma: no cover
    import numpy

lib = ffi.lib
# After _library, which loads the module (from HALMA_LIBRARY too).
from . import _halma as native  # noqa: E402

#: The letters of the seats in position strings, by seat number.
SEAT_LETTERS = "rgby"


class Seat(enum.IntEnum):
    """A seat (player), by colour, in turn order."""

    RED = 0
    GREEN = 1
    BLUE = 2
    YELLOW = 3

    def __str__(self) -> str:
        name: bytes = lib.halma_seat_name(self.value)
        return name.decode()

    @property
    def letter(self) -> str:
        """The seat's letter in position strings: r, g, b or y."""
        return SEAT_LETTERS[self.value]


class MoveKind(enum.IntEnum):
    """How a move moves its piece."""

    STEP = 0
    JUMP = 1
    SWAP = 2
    PASS = 3


@dataclass(frozen=True)
class Move:
    """A move: origin and destination squares (`rank * 16 + file`, 0 to 255)
    and kind. A pass has origin and destination None.

    TypeError for a square that is not an int or a kind that is not a
    MoveKind value; ValueError for a square out of 0..255 or a pass with squares."""

    origin: Optional[int]
    destination: Optional[int]
    kind: MoveKind

    def __post_init__(self) -> None:
        kind = _checks.integer(self.kind, "kind")
        if not 0 <= kind <= MoveKind.PASS:
            raise ValueError(f"kind {kind} is out of range: it must be a MoveKind (0 to 3)")
        object.__setattr__(self, "kind", MoveKind(kind))
        if kind == MoveKind.PASS:
            if self.origin is not None or self.destination is not None:
                raise ValueError("a pass has no squares: origin and destination must be None")
            return
        object.__setattr__(self, "origin", _checks.square(self.origin, "origin"))
        object.__setattr__(self, "destination", _checks.square(self.destination, "destination"))

    @classmethod
    def pass_(cls) -> "Move":
        """The pass move."""
        return cls(None, None, MoveKind.PASS)

    @property
    def is_pass(self) -> bool:
        """Whether this is the pass move."""
        return self.kind == MoveKind.PASS

    def _to_c(self) -> ffi.halma_move:
        if self.origin is None or self.destination is None:
            return ffi.halma_move(ffi.NO_SQUARE, ffi.NO_SQUARE, MoveKind.PASS)
        return ffi.halma_move(self.origin, self.destination, int(self.kind))

    @classmethod
    def _from_c(cls, record: ffi.halma_move) -> "Move":
        kind = MoveKind(record.kind)
        if kind == MoveKind.PASS:
            return cls.pass_()
        return cls(record.origin, record.destination, kind)

    def __str__(self) -> str:
        """The move's own text, without a position, in the rule book's
        notation: `origin-destination` for a step, a jump or a swap (the
        whole path is `Game.notation`), or `pass`. `Game.parse_move` and
        `Game.play` read it back for a legal move; `Move.from_str` reads it
        too, but without a position it cannot tell a swap from a step or a
        jump."""
        if self.origin is None or self.destination is None:
            return "pass"
        return f"{square_name(self.origin)}-{square_name(self.destination)}"

    @classmethod
    def from_str(cls, text: str) -> "Move":
        """The Move `text` names without a position: "a5-a4" (a step: the
        squares are neighbours), "c3-g5" (a jump: a jump moves its piece an
        even number of files and ranks) or "pass"; and "c3xd4", a swap as
        version 0.1.0 wrote it (`str` now writes "c3-d4", which only
        `Game.parse_move` can read as the swap it is). ValueError for any
        other text."""
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        if text == "pass":
            return cls.pass_()
        match = _MOVE_TEXT.fullmatch(text)
        if match is None:
            raise ValueError(f"{text!r} is not a move's text: origin-destination (e4-e5) or pass")
        origin, separator, destination = match.groups()
        start, end = parse_square(origin), parse_square(destination)
        if separator == "x":
            return cls(start, end, MoveKind.SWAP)
        files, ranks = end % 16 - start % 16, end // 16 - start // 16
        kind = MoveKind.JUMP if files % 2 == 0 and ranks % 2 == 0 else MoveKind.STEP
        return cls(start, end, kind)

    def __repr__(self) -> str:
        if self.is_pass:
            return "<Move pass>"
        return f"<Move {self} ({self.origin}->{self.destination} {self.kind.name})>"


#: A move's own text (Move.__str__), squares as names.
_MOVE_TEXT = re.compile(r"([a-p](?:1[0-6]|[1-9]))([-x])([a-p](?:1[0-6]|[1-9]))")


def _make_move(origin: Optional[int], destination: Optional[int], kind: int) -> Move:
    return Move(origin, destination, MoveKind(kind))


#: The interned Moves the native module hands out: legal_moves() and
#: history are lists of them, built in one native call (through ctypes,
#: making a Python object per move took most of legal_moves()'s time).
_MOVES = native.MoveTable(_make_move)


def _thread_detail() -> str:
    return _read_text(lib.halma_last_error, quiet=True)


def _check(code: int, detail: DetailSource = _thread_detail) -> None:
    if code != ffi.OK:
        raise error_for(code, detail())


def _read_text(function: Any, *args: Any, quiet: bool = False, detail: DetailSource = _thread_detail) -> str:
    """Calls `function(*args, buf, len, &out_len)` with the output-string
    convention: a first try with a small buffer, a second with the size asked."""
    size = 128
    out_len = ctypes.c_size_t(0)
    code = ffi.OK
    for _ in range(2):
        buf = ctypes.create_string_buffer(size)
        code = function(*args, buf, size, ctypes.byref(out_len))
        if code == ffi.BUFFER_TOO_SMALL:
            size = out_len.value + 1
            continue
        if code != ffi.OK:
            if quiet:
                return ""
            raise error_for(code, detail())
        return buf.raw[: out_len.value].decode()
    raise error_for(code, detail())


def _read_array(function: Any, ctype: Any, *args: Any, detail: DetailSource = _thread_detail) -> List[Any]:
    """Calls `function(*args, buf, len, &out_len)` with the buffer-too-small convention."""
    size = 64
    out_len = ctypes.c_size_t(0)
    code = ffi.OK
    for _ in range(2):
        buf = (ctype * size)()
        code = function(*args, buf, size, ctypes.byref(out_len))
        if code == ffi.BUFFER_TOO_SMALL:
            size = out_len.value
            continue
        _check(code, detail)
        items: List[Any] = buf[: out_len.value]
        return items
    raise error_for(code, detail())


def square_name(square: int) -> str:
    """The name of a square index ("e12")."""
    return _read_text(lib.halma_square_name, _checks.square(square))


def parse_square(name: str) -> int:
    """The index `rank * 16 + file` of a square name."""
    data = _checks.text(name, "square name")
    out = ctypes.c_uint16()
    _check(lib.halma_square_parse(data, len(data), ctypes.byref(out)))
    return out.value


def version() -> str:
    """The version of the loaded library."""
    text: bytes = lib.halma_version()
    return text.decode()


_O = TypeVar("_O", bound="_Owner")


class _Owner:
    """Owns one C handle: close() frees it (idempotent), as do `with` and
    garbage collection."""

    _free: ClassVar[Callable[[Any], None]]
    _ptr: Any = None  # also when __init__ failed before taking a handle
    #: The handle's address, for the native module; 0 once closed.
    _address: int = 0

    def __init__(self, pointer: Any) -> None:
        self._ptr = pointer
        self._address = ctypes.cast(pointer, ctypes.c_void_p).value or 0

    def _closed(self) -> int:
        """Raises the error of a closed object (for `self._address or self._closed()`)."""
        raise ValueError(f"{type(self).__name__} is closed")

    @property
    def _handle(self) -> Any:
        if self._ptr is None:
            raise ValueError(f"{type(self).__name__} is closed")
        return self._ptr

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._ptr is None

    def close(self) -> None:
        """Frees the handle; the object is unusable afterwards. Idempotent."""
        pointer, self._ptr = self._ptr, None
        self._address = 0
        if pointer is not None:
            type(self)._free(pointer)

    def __enter__(self: _O) -> _O:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


class Rules:
    """A rule set from a rules string: "halma", "halma8", "halma,spoil=swap"...

    An immutable value: equal (and hashing alike) when the canonical rules
    strings are, pickled as that string, nothing to close. `str(rules)` is
    the canonical string."""

    __slots__ = ("_ptr", "_text", "_width", "_height", "_camp_size", "_seats", "__weakref__")

    _ptr: Any
    _text: str
    _width: int
    _height: int
    _camp_size: int
    _seats: Tuple["Seat", ...]

    def __init__(self, text: str = "halma") -> None:
        data = _checks.text(text, "rules")
        pointer = ffi.RULES_P()
        _check(lib.halma_rules_new(data, len(data), ctypes.byref(pointer)))
        self._adopt(pointer)

    @classmethod
    def _from_pointer(cls, pointer: Any) -> "Rules":
        """The value of a rules handle the caller gives up."""
        rules = cls.__new__(cls)
        rules._adopt(pointer)
        return rules

    def _adopt(self, pointer: Any) -> None:
        setter = object.__setattr__
        setter(self, "_ptr", pointer)
        setter(self, "_text", _read_text(lib.halma_rules_string, pointer))

        def number(function: Any) -> int:
            out = ctypes.c_uint32()
            _check(function(pointer, ctypes.byref(out)))
            return out.value

        setter(self, "_width", number(lib.halma_rules_board_width))
        setter(self, "_height", number(lib.halma_rules_board_height))
        setter(self, "_camp_size", number(lib.halma_rules_camp_size))
        mask = number(lib.halma_rules_seats)
        setter(self, "_seats", tuple(seat for seat in Seat if mask >> seat & 1))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules are immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules are immutable: cannot delete {name}")

    def __del__(self) -> None:
        pointer = getattr(self, "_ptr", None)
        if pointer is not None:
            try:
                lib.halma_rules_free(pointer)
            except Exception:  # pragma: no cover - interpreter shutdown
                pass

    def copy(self) -> "Rules":
        """The rules themselves: a value needs no copy."""
        return self

    def __copy__(self) -> "Rules":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Rules":
        return self

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        return (Rules, (self._text,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Rules({self._text!r})"

    @property
    def width(self) -> int:
        """The number of files (columns)."""
        return self._width

    @property
    def height(self) -> int:
        """The number of ranks (rows)."""
        return self._height

    @property
    def camp_size(self) -> int:
        """The number of squares (and pieces) of a camp."""
        return self._camp_size

    @property
    def seats(self) -> List["Seat"]:
        """The seats in play, in turn order."""
        return list(self._seats)

    def home_camp(self, seat: int) -> List[int]:
        """The squares of a seat's home camp (where its pieces start)."""
        number = _checks.seat(seat)
        return list(_read_array(lib.halma_rules_home_camp, ctypes.c_uint16, self._ptr, number))

    def target_camp(self, seat: int) -> List[int]:
        """The squares of a seat's target camp (which it must fill to win)."""
        number = _checks.seat(seat)
        return list(_read_array(lib.halma_rules_target_camp, ctypes.c_uint16, self._ptr, number))


@dataclass(frozen=True)
class PositionKey:
    """An immutable, hashable key of a game's state, for dictionaries and
    transposition tables: the canonical rules string and the position string
    (pieces and side to move; the moves that led there do not count).
    `Game(key.rules, key.position)` is a game in that state."""

    rules: str
    position: str


MoveLike = Union[Move, str]


class Game(_Owner):
    """A game: rules, the moves played (with undo), the position, the result.

    `Game("halma8")`, `Game(rules)`, or `Game(rules, "position string")`.

    Two games are equal when they have the same rules, position and side to
    move, whatever moves led there. A game changes, so it is not hashable:
    `game.key()` is an immutable key of its state for sets and dicts, and
    `game.zobrist_hash()` a 64-bit hash for transposition tables. Games
    pickle and deep-copy with their history (undo works on the copy).
    `str(game)` draws the board."""

    _free = staticmethod(lib.halma_game_free)

    #: The deepest perft: `perft` accepts depths 0 to this (HALMA_MAX_PERFT_DEPTH).
    MAX_PERFT_DEPTH: int = ffi.MAX_PERFT_DEPTH
    #: The most moves a game holds: `play` raises GameTooLongError beyond.
    MAX_GAME_MOVES: int = ffi.MAX_GAME_MOVES

    _rules: Optional[Rules] = None
    _shape: Optional[Tuple[int, int]] = None

    def __init__(
        self, rules: Union[str, Rules] = "halma", position: Optional[str] = None, *, _pointer: Any = None
    ) -> None:
        if _pointer is None:
            if not isinstance(rules, (str, Rules)):
                raise TypeError(f"rules must be a str or a halma.Rules, not {type(rules).__name__}")
            data = _checks.text(position, "position") if position is not None else None
            value = Rules(rules) if isinstance(rules, str) else rules
            _pointer = ffi.GAME_P()
            _check(lib.halma_game_new(value._ptr, data, len(data or b""), ctypes.byref(_pointer)))
            self._rules = value
        super().__init__(_pointer)

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """The game of a game record, replayed to its last move."""
        with Record(text) as record:
            return record.game()

    def _detail(self) -> str:
        if self._ptr is None:
            return _thread_detail()
        return _read_text(lib.halma_game_last_error, self._ptr, quiet=True)

    def _check(self, code: int) -> None:
        _check(code, self._detail)

    def copy(self) -> "Game":
        """An independent copy of the game, history included."""
        pointer = ffi.GAME_P()
        self._check(lib.halma_game_clone(self._handle, ctypes.byref(pointer)))
        twin = Game(_pointer=pointer)
        twin._rules = self._rules
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, List[Tuple[int, int, int]]]]:
        # Rules, start position and moves: the copy can undo like the original.
        with self.copy() as start:
            moves = self.history
            for _ in moves:
                start.undo()
            origin = start.position
        encoded = [
            (ffi.NO_SQUARE, ffi.NO_SQUARE, int(m.kind))
            if m.origin is None or m.destination is None
            else (m.origin, m.destination, int(m.kind))
            for m in moves
        ]
        return (_restore_game, (self.rules_text, origin, encoded))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.rules_text, self.position) == (other.rules_text, other.position)

    # Mutable: not hashable (key() is the hashable value of its state).
    __hash__ = None  # type: ignore[assignment]

    def key(self) -> PositionKey:
        """The game's state as an immutable, hashable key: rules and
        position (pieces and side to move). Games in the same state have
        equal keys, whatever moves led there."""
        return PositionKey(self.rules_text, self.position)

    def zobrist_hash(self) -> int:
        """A 64-bit Zobrist hash of the position (pieces and side to move),
        updated move by move in the library: for transposition tables,
        where a rare collision is acceptable (`key()` has none)."""
        return native.zobrist(self._address or self._closed())

    def __repr__(self) -> str:
        if self.closed:
            return "Game(<closed>)"
        return f"Game({self.rules_text!r}, {self.position!r})"

    def __str__(self) -> str:
        """The board as text: north at the top, `.` for an empty square, the
        seats' letters for pieces, rank numbers and file letters around it, and
        who is to move (or who won)."""
        rows = self._rows()
        height = len(rows)
        width = len(rows[0]) if rows else 0
        lines = []
        for index, row in enumerate(rows):
            cells = " ".join("." if seat < 0 else SEAT_LETTERS[seat] for seat in row)
            lines.append(f"{height - index:>2} {cells}")
        lines.append("   " + " ".join(chr(ord("a") + file) for file in range(width)))
        winner = self.winner
        if winner is not None:
            lines.append(f"{winner} won after {len(self)} moves")
        else:
            lines.append(f"{self.side_to_move} to move (move {len(self) + 1})")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter notebooks (halma.svg.board)."""
        from . import svg

        history = self.history
        return svg.board(self, lastmove=history[-1] if history else None)

    @property
    def rules_text(self) -> str:
        """The canonical rules string of the game's rules."""
        return self.rules._text

    @property
    def rules(self) -> Rules:
        """The game's rules: an immutable value, the same object every time."""
        rules = self._rules
        if rules is None:
            pointer = ffi.RULES_P()
            self._check(lib.halma_game_rules(self._handle, ctypes.byref(pointer)))
            rules = self._rules = Rules._from_pointer(pointer)
        return rules

    @property
    def shape(self) -> Tuple[int, int]:
        """(height, width) of the board."""
        shape = self._shape
        if shape is None:
            rules = self.rules
            shape = self._shape = (rules._height, rules._width)
        return shape

    def _u32(self, function: Any, *args: Any) -> int:
        out = ctypes.c_uint32()
        self._check(function(self._handle, *args, ctypes.byref(out)))
        return out.value

    @property
    def side_to_move(self) -> Seat:
        """The seat to move."""
        return Seat(self._u32(lib.halma_game_side_to_move))

    def piece_at(self, square: Union[int, str]) -> Optional[Seat]:
        """The seat on a square (index or name), or None."""
        index = parse_square(square) if isinstance(square, str) else _checks.square(square)
        seat = self._u32(lib.halma_game_piece_at, index)
        return None if seat == ffi.SEAT_NONE else Seat(seat)

    @property
    def position(self) -> str:
        """The position string."""
        return _read_text(lib.halma_game_position, self._handle, detail=self._detail)

    def _rows(self) -> List[List[int]]:
        """The board, north row first, west square first: -1 for empty, else
        the seat number (one native call)."""
        cells = native.board(self._address or self._closed())
        height, width = self.shape
        values = [value - 256 if value > 127 else value for value in cells]
        return [values[row * width : (row + 1) * width] for row in range(height)]

    def board_array(self) -> "numpy.ndarray[Any, numpy.dtype[numpy.int8]]":
        """The board as a numpy int8 array of shape (height, width): row 0 is
        the northmost rank (rank `height`), column 0 file a; -1 for an empty
        square, else the seat number (Seat.RED = 0 ... Seat.YELLOW = 3).
        Needs numpy (`pip install halma[numpy]`)."""
        from . import _arrays

        return _arrays.board_array(self)

    def planes(self, seat: Optional[int] = None) -> "numpy.ndarray[Any, numpy.dtype[numpy.float32]]":
        """Observation planes, float32 (2 * seats, height, width), seen from
        `seat` (default: the side to move), the board turned so that seat's
        home corner is top-left. Channel i (i < seats) holds the pieces of
        the i-th seat in turn order from the viewer (0: the viewer), channel
        seats + i that seat's target camp (1.0 on a square, else 0.0).
        Needs numpy (`pip install halma[numpy]`)."""
        from . import _arrays

        return _arrays.planes(self, seat)

    @property
    def winner(self) -> Optional[Seat]:
        """The winning seat, or None while the game is ongoing."""
        seat = self._u32(lib.halma_game_result)
        return None if seat == ffi.SEAT_NONE else Seat(seat)

    @property
    def is_over(self) -> bool:
        """Whether a seat has won."""
        return self.winner is not None

    def __len__(self) -> int:
        """The number of moves played."""
        out = ctypes.c_size_t()
        self._check(lib.halma_game_ply_count(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def history(self) -> List[Move]:
        """The moves played, oldest first."""
        return native.history(self._address or self._closed(), _MOVES)

    def legal_move_count(self) -> int:
        """The number of legal moves (0 once the game is over)."""
        out = ctypes.c_size_t()
        self._check(lib.halma_game_legal_move_count(self._handle, ctypes.byref(out)))
        return out.value

    def legal_moves(self) -> List[Move]:
        """The legal moves, by origin, kind and destination (none once over, [pass] when blocked)."""
        return native.legal_moves(self._address or self._closed(), _MOVES)

    def _move(self, move: object) -> ffi.halma_move:
        if not isinstance(move, Move):
            raise TypeError(f"move must be a halma.Move or a str in notation, not {type(move).__name__}")
        return move._to_c()

    def path(self, move: Move) -> List[int]:
        """The squares of a legal move's path, origin first (empty for a pass)."""
        record = self._move(move)
        return list(
            _read_array(
                lib.halma_game_move_path,
                ctypes.c_uint16,
                self._handle,
                ctypes.byref(record),
                detail=self._detail,
            )
        )

    def notation(self, move: Move) -> str:
        """The notation of a legal move: "e4-e5", "c3-e5-g5" or "pass"."""
        record = self._move(move)
        return _read_text(lib.halma_game_move_notation, self._handle, ctypes.byref(record), detail=self._detail)

    def parse_move(self, text: str) -> Move:
        """Reads a legal move without playing it: in notation (its path,
        "c3-e5-g5", or its origin and destination as `str(move)` writes
        them, "c3-g5"), or the swap text "c3xd4" of earlier versions."""
        data = _checks.text(text, "move")
        out = ffi.halma_move()
        code = lib.halma_game_parse_move(self._handle, data, len(data), ctypes.byref(out))
        if code == ffi.ILLEGAL_MOVE:
            own = self._own_text_move(data)
            if own is not None:
                return own
        self._check(code)
        return Move._from_c(out)

    def _own_text_move(self, data: bytes) -> Optional[Move]:
        """The legal move whose `str` is `data`, if any."""
        try:
            move = Move.from_str(data.decode())
        except (ValueError, UnicodeDecodeError):
            return None
        return move if move in self.legal_moves() else None

    def play(self, move: MoveLike) -> Move:
        """Plays a Move or a move in notation (or a Move's own text,
        `str(move)`); returns the Move played."""
        if isinstance(move, Move):
            record = move._to_c()
            self._check(lib.halma_game_play(self._handle, ctypes.byref(record)))
            return move
        if not isinstance(move, str):
            raise TypeError(f"move must be a halma.Move or a str in notation, not {type(move).__name__}")
        data = move.encode()
        out = ffi.halma_move()
        code = lib.halma_game_play_notation(self._handle, data, len(data), ctypes.byref(out))
        if code == ffi.ILLEGAL_MOVE:
            own = self._own_text_move(data)
            if own is not None:
                return self.play(own)
        self._check(code)
        return Move._from_c(out)

    def undo(self) -> Move:
        """Takes back the last move and returns it."""
        out = ffi.halma_move()
        self._check(lib.halma_game_undo(self._handle, ctypes.byref(out)))
        return Move._from_c(out)

    def perft(
        self,
        depth: int,
        *,
        hash_megabytes: Optional[int] = None,
        threads: int = 1,
        reuse_replies: bool = False,
    ) -> int:
        """The number of move sequences of `depth` moves from the current position.

        `depth` is an int from 0 to `MAX_PERFT_DEPTH` (64): ValueError beyond
        it, TypeError for anything that is not an integer. The time grows
        exponentially with `depth`. With `hash_megabytes` (1 to 65536), a
        transposition table of that size shared by `threads` threads (1 to
        256) counts each transposed subtree once: the same count, much sooner
        at depths 6 and more. With `reuse_replies`, two plies above the leaves
        the next seat's count is taken once and reused for every reply that
        leaves the squares it reads alone: the same count, about 4x sooner
        from the `halma` start (nothing gained in crowded midgames, nor under
        camp-lock, spoil=swap or the path rules); it combines with
        `hash_megabytes`. `threads` needs `hash_megabytes` or `reuse_replies`.

        Ctrl-C (SIGINT) stops a long count within milliseconds with
        KeyboardInterrupt; the game is unchanged."""
        number = _checks.integer(depth, "perft depth")
        if not 0 <= number <= self.MAX_PERFT_DEPTH:
            raise ValueError(
                f"perft depth {number} is out of range: the depth must be from 0 to {self.MAX_PERFT_DEPTH}"
            )
        if not isinstance(reuse_replies, bool):
            raise TypeError(f"reuse_replies must be a bool, not {type(reuse_replies).__name__}")
        if reuse_replies or hash_megabytes is not None:
            megabytes = 0 if hash_megabytes is None else _checks.in_range(hash_megabytes, "hash_megabytes", 1, 65536)
            workers = _checks.in_range(threads, "threads", 1, 256)
        else:
            if _checks.integer(threads, "threads") != 1:
                raise ValueError("threads other than 1 need hash_megabytes or reuse_replies")
            megabytes, workers = 0, 1
        return native.perft(self._address or self._closed(), number, megabytes, workers, reuse_replies)

    def record(self, tags: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> str:
        """The game record, with extra tags (a dict or (name, value) pairs)."""
        pairs: Sequence[Tuple[str, str]]
        if tags is None:
            pairs = []
        elif isinstance(tags, Mapping):
            pairs = list(tags.items())
        else:
            pairs = list(tags)
        encoded = [(_checks.text(name, "tag name"), _checks.text(value, "tag value")) for name, value in pairs]
        array = (ffi.halma_tag * max(len(encoded), 1))()
        for slot, (name, value) in zip(array, encoded):
            slot.name, slot.name_len, slot.value, slot.value_len = name, len(name), value, len(value)
        return _read_text(
            lib.halma_game_write_record,
            self._handle,
            array,
            len(encoded),
            detail=self._detail,
        )


def _restore_game(rules: str, position: str, moves: List[Tuple[int, int, int]]) -> Game:
    """Unpickles a Game: the start position, then the moves. Each move is
    checked as `Move` checks it, so that a tampered pickle raises ValueError
    rather than letting ctypes wrap its integers into another move."""
    game = Game(rules, position)
    for index, item in enumerate(moves):
        try:
            origin, destination, kind = item
            squares: Tuple[Optional[int], Optional[int]] = (origin, destination)
            if origin == ffi.NO_SQUARE and destination == ffi.NO_SQUARE:
                squares = (None, None)
            # Move checks the kind's type and range itself.
            record = Move(squares[0], squares[1], kind)._to_c()  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            raise ValueError(f"pickled move {index + 1} is not a move: {error}") from None
        game._check(lib.halma_game_play(game._handle, ctypes.byref(record)))
    return game


class Record(_Owner):
    """A game record read back: `game()` and `tags`."""

    _free = staticmethod(lib.halma_record_free)

    def __init__(self, text: str) -> None:
        data = _checks.text(text, "record")
        pointer = ffi.RECORD_P()
        _check(lib.halma_record_read(data, len(data), ctypes.byref(pointer)))
        super().__init__(pointer)

    def game(self) -> Game:
        """A new Game replayed to the record's last move."""
        pointer = ffi.GAME_P()
        _check(lib.halma_record_game(self._handle, ctypes.byref(pointer)))
        return Game(_pointer=pointer)

    @property
    def tags(self) -> List[Tuple[str, str]]:
        """Every tag as (name, value), in the order read."""
        count = ctypes.c_size_t()
        _check(lib.halma_record_tag_count(self._handle, ctypes.byref(count)))
        return [
            (
                _read_text(lib.halma_record_tag_name, self._handle, i),
                _read_text(lib.halma_record_tag_value, self._handle, i),
            )
            for i in range(count.value)
        ]
