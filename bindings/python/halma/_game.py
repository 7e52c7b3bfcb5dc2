"""Rules, Game and Record: owner objects around the C handles."""

import ctypes
import enum
import operator
from dataclasses import dataclass

from . import _library as ffi
from .errors import error_for

lib = ffi.lib


class Seat(enum.IntEnum):
    """A seat (player), by colour, in turn order."""

    RED = 0
    GREEN = 1
    BLUE = 2
    YELLOW = 3

    def __str__(self):
        return lib.halma_seat_name(self.value).decode()


class MoveKind(enum.IntEnum):
    """How a move moves its piece."""

    STEP = 0
    JUMP = 1
    SWAP = 2
    PASS = 3


@dataclass(frozen=True)
class Move:
    """A move: origin and destination squares (`rank * 16 + file`) and kind.
    A pass has origin and destination None."""

    origin: object
    destination: object
    kind: MoveKind

    @classmethod
    def pass_(cls):
        """The pass move."""
        return cls(None, None, MoveKind.PASS)

    @property
    def is_pass(self):
        return self.kind == MoveKind.PASS

    def _to_c(self):
        if self.is_pass:
            return ffi.halma_move(ffi.NO_SQUARE, ffi.NO_SQUARE, MoveKind.PASS)
        return ffi.halma_move(
            _unsigned(self.origin, "origin", 16),
            _unsigned(self.destination, "destination", 16),
            int(self.kind),
        )

    @classmethod
    def _from_c(cls, record):
        kind = MoveKind(record.kind)
        if kind == MoveKind.PASS:
            return cls.pass_()
        return cls(record.origin, record.destination, kind)

    def __str__(self):
        if self.is_pass:
            return "pass"
        sep = "x" if self.kind == MoveKind.SWAP else "-"
        return f"{square_name(self.origin)}{sep}{square_name(self.destination)}"


def _integer(value, name):
    """`value` as an int: a TypeError for anything that is not an integer
    (a float, a string, a bool), before ctypes could convert it."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _unsigned(value, name, bits):
    """`value` as a C unsigned integer of `bits` bits. ctypes would silently
    wrap a negative or too large value (-1 to the largest, 2**32 to 0), so it
    is a ValueError here."""
    value = _integer(value, name)
    largest = (1 << bits) - 1
    if not 0 <= value <= largest:
        raise ValueError(f"{name} {value} is out of range: it must be from 0 to {largest}")
    return value


def _encode(text):
    data = text.encode() if isinstance(text, str) else bytes(text)
    return data, len(data)


def _thread_detail():
    return _read_text(lib.halma_last_error, quiet=True)


def _check(code, detail=_thread_detail):
    if code != ffi.OK:
        raise error_for(code, detail())


def _read_text(function, *args, quiet=False, detail=_thread_detail):
    """Calls `function(*args, buf, len, &out_len)` with the output-string
    convention: a first try with a small buffer, a second with the size asked."""
    size = 128
    out_len = ctypes.c_size_t(0)
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


def _read_array(function, ctype, *args, detail=_thread_detail):
    """Calls `function(*args, buf, len, &out_len)` with the buffer-too-small convention."""
    size = 64
    out_len = ctypes.c_size_t(0)
    for _ in range(2):
        buf = (ctype * size)()
        code = function(*args, buf, size, ctypes.byref(out_len))
        if code == ffi.BUFFER_TOO_SMALL:
            size = out_len.value
            continue
        _check(code, detail)
        return buf[: out_len.value]
    raise error_for(code, detail())


def square_name(square):
    """The name of a square index ("e12")."""
    return _read_text(lib.halma_square_name, _unsigned(square, "square", 16))


def parse_square(name):
    """The index `rank * 16 + file` of a square name."""
    data, size = _encode(name)
    out = ctypes.c_uint16()
    _check(lib.halma_square_parse(data, size, ctypes.byref(out)))
    return out.value


def version():
    """The version of the loaded library."""
    return lib.halma_version().decode()


class _Owner:
    """Owns one C handle: close() frees it (idempotent), as do `with` and
    garbage collection."""

    _free = None
    _ptr = None  # also when __init__ failed before taking a handle

    def __init__(self, pointer):
        self._ptr = pointer

    @property
    def _handle(self):
        if self._ptr is None:
            raise ValueError(f"{type(self).__name__} is closed")
        return self._ptr

    @property
    def closed(self):
        return self._ptr is None

    def close(self):
        """Frees the handle; the object is unusable afterwards. Idempotent."""
        pointer, self._ptr = self._ptr, None
        if pointer is not None:
            type(self)._free(pointer)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


class Rules(_Owner):
    """A rule set from a rules string: "halma", "halma8", "halma,spoil=swap"..."""

    _free = staticmethod(lib.halma_rules_free)

    def __init__(self, text="halma", *, _pointer=None):
        if _pointer is None:
            data, size = _encode(text)
            _pointer = ffi.RULES_P()
            _check(lib.halma_rules_new(data, size, ctypes.byref(_pointer)))
        super().__init__(_pointer)

    def copy(self):
        """An independent copy."""
        pointer = ffi.RULES_P()
        _check(lib.halma_rules_clone(self._handle, ctypes.byref(pointer)))
        return Rules(_pointer=pointer)

    __copy__ = copy

    def __str__(self):
        return _read_text(lib.halma_rules_string, self._handle)

    def __repr__(self):
        return f"Rules({str(self)!r})" if not self.closed else "Rules(<closed>)"

    def _number(self, function):
        out = ctypes.c_uint32()
        _check(function(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def width(self):
        return self._number(lib.halma_rules_board_width)

    @property
    def height(self):
        return self._number(lib.halma_rules_board_height)

    @property
    def camp_size(self):
        return self._number(lib.halma_rules_camp_size)

    @property
    def seats(self):
        """The seats in play, in turn order."""
        mask = self._number(lib.halma_rules_seats)
        return [seat for seat in Seat if mask >> seat & 1]

    def home_camp(self, seat):
        seat = _unsigned(seat, "seat", 32)
        return list(_read_array(lib.halma_rules_home_camp, ctypes.c_uint16, self._handle, seat))

    def target_camp(self, seat):
        seat = _unsigned(seat, "seat", 32)
        return list(_read_array(lib.halma_rules_target_camp, ctypes.c_uint16, self._handle, seat))


class Game(_Owner):
    """A game: rules, the moves played (with undo), the position, the result.

    `Game("halma8")`, `Game(rules)`, or `Game(rules, "position string")`.
    """

    _free = staticmethod(lib.halma_game_free)

    #: The deepest perft: `perft` accepts depths 0 to this (HALMA_MAX_PERFT_DEPTH).
    MAX_PERFT_DEPTH = ffi.MAX_PERFT_DEPTH

    def __init__(self, rules="halma", position=None, *, _pointer=None):
        if _pointer is None:
            owned = None
            if not isinstance(rules, Rules):
                rules = owned = Rules(rules)
            try:
                data, size = _encode(position) if position is not None else (None, 0)
                _pointer = ffi.GAME_P()
                _check(lib.halma_game_new(rules._handle, data, size, ctypes.byref(_pointer)))
            finally:
                if owned is not None:
                    owned.close()
        super().__init__(_pointer)

    @classmethod
    def from_record(cls, text):
        """The game of a game record, replayed to its last move."""
        with Record(text) as record:
            return record.game()

    def _detail(self):
        if self._ptr is None:
            return _thread_detail()
        return _read_text(lib.halma_game_last_error, self._ptr, quiet=True)

    def _check(self, code):
        _check(code, self._detail)

    def copy(self):
        """An independent copy of the game."""
        pointer = ffi.GAME_P()
        self._check(lib.halma_game_clone(self._handle, ctypes.byref(pointer)))
        return Game(_pointer=pointer)

    __copy__ = copy

    def __repr__(self):
        return f"Game({self.position!r})" if not self.closed else "Game(<closed>)"

    @property
    def rules(self):
        pointer = ffi.RULES_P()
        self._check(lib.halma_game_rules(self._handle, ctypes.byref(pointer)))
        return Rules(_pointer=pointer)

    def _u32(self, function, *args):
        out = ctypes.c_uint32()
        self._check(function(self._handle, *args, ctypes.byref(out)))
        return out.value

    @property
    def side_to_move(self):
        return Seat(self._u32(lib.halma_game_side_to_move))

    def piece_at(self, square):
        """The seat on a square (index or name), or None."""
        if isinstance(square, str):
            square = parse_square(square)
        seat = self._u32(lib.halma_game_piece_at, _unsigned(square, "square", 16))
        return None if seat == ffi.SEAT_NONE else Seat(seat)

    @property
    def position(self):
        """The position string."""
        return _read_text(lib.halma_game_position, self._handle, detail=self._detail)

    @property
    def winner(self):
        """The winning seat, or None while the game is ongoing."""
        seat = self._u32(lib.halma_game_result)
        return None if seat == ffi.SEAT_NONE else Seat(seat)

    @property
    def is_over(self):
        return self.winner is not None

    def __len__(self):
        """The number of moves played."""
        out = ctypes.c_size_t()
        self._check(lib.halma_game_ply_count(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def history(self):
        """The moves played, oldest first."""
        records = _read_array(lib.halma_game_history, ffi.halma_move, self._handle, detail=self._detail)
        return [Move._from_c(record) for record in records]

    def legal_move_count(self):
        out = ctypes.c_size_t()
        self._check(lib.halma_game_legal_move_count(self._handle, ctypes.byref(out)))
        return out.value

    def legal_moves(self):
        """The legal moves, by origin, kind and destination (none once over, [pass] when blocked)."""
        records = _read_array(lib.halma_game_legal_moves, ffi.halma_move, self._handle, detail=self._detail)
        return [Move._from_c(record) for record in records]

    def path(self, move):
        """The squares of a legal move's path, origin first (empty for a pass)."""
        record = move._to_c()
        return list(
            _read_array(
                lib.halma_game_move_path,
                ctypes.c_uint16,
                self._handle,
                ctypes.byref(record),
                detail=self._detail,
            )
        )

    def notation(self, move):
        """The notation of a legal move: "e4-e5", "c3-e5-g5" or "pass"."""
        record = move._to_c()
        return _read_text(
            lib.halma_game_move_notation, self._handle, ctypes.byref(record), detail=self._detail
        )

    def parse_move(self, text):
        """Reads a move in notation without playing it."""
        data, size = _encode(text)
        out = ffi.halma_move()
        self._check(lib.halma_game_parse_move(self._handle, data, size, ctypes.byref(out)))
        return Move._from_c(out)

    def play(self, move):
        """Plays a Move or a move in notation; returns the Move played."""
        if isinstance(move, Move):
            record = move._to_c()
            self._check(lib.halma_game_play(self._handle, ctypes.byref(record)))
            return move
        data, size = _encode(move)
        out = ffi.halma_move()
        self._check(lib.halma_game_play_notation(self._handle, data, size, ctypes.byref(out)))
        return Move._from_c(out)

    def undo(self):
        """Takes back the last move and returns it."""
        out = ffi.halma_move()
        self._check(lib.halma_game_undo(self._handle, ctypes.byref(out)))
        return Move._from_c(out)

    def perft(self, depth):
        """The number of move sequences of `depth` moves from the current position.

        `depth` is an int from 0 to `MAX_PERFT_DEPTH` (64): ValueError beyond
        it, TypeError for anything that is not an integer. The time grows
        exponentially with `depth`."""
        depth = _integer(depth, "perft depth")
        if not 0 <= depth <= self.MAX_PERFT_DEPTH:
            raise ValueError(
                f"perft depth {depth} is out of range: the depth must be from 0 to {self.MAX_PERFT_DEPTH}"
            )
        out = ctypes.c_uint64()
        code = lib.halma_game_perft(self._handle, depth, ctypes.byref(out))
        if code == ffi.INVALID_ARGUMENT:
            # Only a library with a smaller bound than this package's gets here.
            raise ValueError(self._detail())
        self._check(code)
        return out.value

    def record(self, tags=None):
        """The game record, with extra tags (a dict or (name, value) pairs)."""
        pairs = list((tags or {}).items()) if isinstance(tags, dict) else list(tags or [])
        encoded = [(_encode(name), _encode(value)) for name, value in pairs]
        array = (ffi.halma_tag * max(len(encoded), 1))()
        for slot, ((name, name_len), (value, value_len)) in zip(array, encoded):
            slot.name, slot.name_len, slot.value, slot.value_len = name, name_len, value, value_len
        return _read_text(
            lib.halma_game_write_record,
            self._handle,
            array,
            len(encoded),
            detail=self._detail,
        )


class Record(_Owner):
    """A game record read back: `game()` and `tags`."""

    _free = staticmethod(lib.halma_record_free)

    def __init__(self, text):
        data, size = _encode(text)
        pointer = ffi.RECORD_P()
        _check(lib.halma_record_read(data, size, ctypes.byref(pointer)))
        super().__init__(pointer)

    def game(self):
        """A new Game replayed to the record's last move."""
        pointer = ffi.GAME_P()
        _check(lib.halma_record_game(self._handle, ctypes.byref(pointer)))
        return Game(_pointer=pointer)

    @property
    def tags(self):
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
