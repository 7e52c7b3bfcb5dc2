"""Exceptions raised for the result codes of the C ABI."""

from . import _library as ffi


class HalmaError(Exception):
    """A failed call: `code` is the HALMA_RESULT_* code, `detail` the
    library's explanation (which segment of a move is illegal, which character
    of a position string is wrong...)."""

    def __init__(self, code, detail):
        self.code = code
        self.detail = detail
        message = message_of(code)
        super().__init__(f"{message}: {detail}" if detail else message)


class InvalidRulesError(HalmaError, ValueError):
    """The rules string is not valid."""


class InvalidPositionError(HalmaError, ValueError):
    """The position string is malformed or not a position under the rules."""


class IllegalMoveError(HalmaError, ValueError):
    """The move is not legal in the position."""


class GameOverError(HalmaError):
    """The game is over: no move can be played."""


class NothingToUndoError(HalmaError, IndexError):
    """No move was played."""


class InvalidRecordError(HalmaError, ValueError):
    """The game record cannot be read."""


_CLASSES = {
    ffi.INVALID_RULES: InvalidRulesError,
    ffi.INVALID_POSITION: InvalidPositionError,
    ffi.ILLEGAL_MOVE: IllegalMoveError,
    ffi.GAME_OVER: GameOverError,
    ffi.NOTHING_TO_UNDO: NothingToUndoError,
    ffi.INVALID_RECORD: InvalidRecordError,
}


def message_of(code):
    """The library's static message for a code."""
    return ffi.lib.halma_result_message(code).decode()


def error_for(code, detail):
    """The exception for a failed call."""
    return _CLASSES.get(code, HalmaError)(code, detail)
