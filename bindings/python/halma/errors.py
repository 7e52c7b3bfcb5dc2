"""Exceptions raised for the result codes of the C ABI."""

from typing import Callable, Dict, Type

from . import _library as ffi


class HalmaError(Exception):
    """A failed call: `code` is the HALMA_RESULT_* code, `detail` the
    library's explanation (which segment of a move is illegal, which character
    of a position string is wrong...)."""

    def __init__(self, code: int, detail: str) -> None:
        self.code = code
        self.detail = detail
        message = message_of(code)
        # The library's details often start with the code's message already
        # ("no move to undo: the game is at its start position"), or say all
        # of it in other words (the move cap): say it once.
        if not detail:
            text = message
        elif detail.startswith(message) or code in _SELF_CONTAINED:
            text = detail
        else:
            text = f"{message}: {detail}"
        super().__init__(text)


#: Codes whose details are whole sentences of their own: "the game already
#: has 100000 moves, the most a game keeps" needs no "the game already holds
#: the most moves a game keeps: " before it.
_SELF_CONTAINED = frozenset({ffi.GAME_TOO_LONG})


class InvalidArgumentError(HalmaError, ValueError):
    """An argument out of the range the library accepts (a level, a thread
    count, a tag name...). The package checks the ranges it knows before
    calling the library; this is the library's own refusal."""


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


class GameTooLongError(HalmaError):
    """The game already holds the most moves a game keeps
    (`Game.MAX_GAME_MOVES`, 100000): no move can be added."""


_CLASSES: Dict[int, Type[HalmaError]] = {
    ffi.INVALID_ARGUMENT: InvalidArgumentError,
    ffi.INVALID_RULES: InvalidRulesError,
    ffi.INVALID_POSITION: InvalidPositionError,
    ffi.ILLEGAL_MOVE: IllegalMoveError,
    ffi.GAME_OVER: GameOverError,
    ffi.NOTHING_TO_UNDO: NothingToUndoError,
    ffi.GAME_TOO_LONG: GameTooLongError,
    ffi.INVALID_RECORD: InvalidRecordError,
}


def message_of(code: int) -> str:
    """The library's static message for a code."""
    message: bytes = ffi.lib.halma_result_message(code)
    return message.decode()


def error_for(code: int, detail: str) -> HalmaError:
    """The exception for a failed call."""
    return _CLASSES.get(code, HalmaError)(code, detail)


#: A function giving the detail of the last failure (the thread's or a game's).
DetailSource = Callable[[], str]
