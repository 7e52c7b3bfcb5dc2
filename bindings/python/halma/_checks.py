"""Argument checks made before anything reaches C, where ctypes would convert
a wrong type silently (a str to bytes, an int to that many zero bytes) or wrap
an out-of-range integer (-1 to the largest value, 2**32 to 0)."""

import math
import operator
from typing import Optional, Union

#: Square indices are `rank * 16 + file` on boards of at most 16 x 16.
MAX_SQUARE = 255


def integer(value: object, name: str) -> int:
    """`value` as an int: a TypeError for anything that is not an integer
    (a float, a string, a bool)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def in_range(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int from `low` to `high` inclusive: TypeError for a
    non-integer, ValueError outside the range."""
    number = integer(value, name)
    if not low <= number <= high:
        raise ValueError(f"{name} {number} is out of range: it must be from {low} to {high}")
    return number


def unsigned(value: object, name: str, bits: int) -> int:
    """`value` as a C unsigned integer of `bits` bits."""
    return in_range(value, name, 0, (1 << bits) - 1)


def seat(value: object, name: str = "seat") -> int:
    """A seat: a Seat, or its number 0 (red) to 3 (yellow)."""
    number = integer(value, name)
    if not 0 <= number <= 3:
        raise ValueError(f"{name} {number} is out of range: it must be a Seat (0 to 3)")
    return number


def square(value: object, name: str = "square") -> int:
    """A square index, 0 to MAX_SQUARE."""
    return in_range(value, name, 0, MAX_SQUARE)


def text(value: object, name: str) -> bytes:
    """A str argument as UTF-8 bytes (bytes are accepted as they are):
    TypeError for anything else, which ctypes would otherwise turn into
    zero bytes or garbage."""
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"{name} must be a str, not {type(value).__name__}")


def optional_positive(value: object, name: str, high: int) -> int:
    """A search limit: None (no limit, 0 in C) or an int from 1 to `high`."""
    if value is None:
        return 0
    number = integer(value, name)
    if not 1 <= number <= high:
        raise ValueError(
            f"{name} {number} is out of range: it must be from 1 to {high} (or None for no limit)"
        )
    return number


def seconds_to_ms(value: Optional[Union[int, float]], name: str, high_ms: int) -> int:
    """A time limit in seconds (int or float, finite, > 0; None: no limit) as
    whole milliseconds, at least 1."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, not {type(value).__name__}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number of seconds (or None), not {value}")
    ms = max(1, int(round(value * 1000)))
    if ms > high_ms:
        raise ValueError(f"{name} {value} s is out of range: at most {high_ms / 1000} s")
    return ms
