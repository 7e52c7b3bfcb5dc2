"""Pictures of positions as SVG (no dependency: plain text).

>>> import halma, halma.svg
>>> game = halma.Game("halma8")
>>> move = game.play("a5-a4")
>>> picture = halma.svg.board(game, lastmove=move, arrows=[("h4", "g4")])
>>> picture.startswith("<svg")
True

In a Jupyter notebook a Game shows itself this way (`Game._repr_svg_`).
The colours are the module's constants, so that tests and users can rely on
them: squares LIGHT and DARK, home camps tinted CAMP_COLOURS[seat], the last
move's squares LASTMOVE, pieces SEAT_COLOURS[seat], arrows ARROW.
"""

from typing import TYPE_CHECKING, Iterable, List, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape

from . import _checks

if TYPE_CHECKING:  # pragma: no cover
    from ._game import Game, Move

#: Piece colours by seat number: Red, Green, Blue, Yellow.
SEAT_COLOURS: Tuple[str, str, str, str] = ("#d62728", "#2ca02c", "#1f77b4", "#f2c80f")
#: The squares of each seat's home camp, by seat number (the seat colour, pale).
CAMP_COLOURS: Tuple[str, str, str, str] = ("#f4c7c7", "#cbe8cb", "#c7dcee", "#fbefc1")
#: Plain squares.
LIGHT = "#f0d9b5"
DARK = "#d9b48c"
#: The origin and destination squares of the last move.
LASTMOVE = "#9bc85a"
#: Arrows and the path of the last move.
ARROW = "#1a1a1a"
#: Lines between squares, piece outlines and coordinates.
INK = "#333333"

SquareLike = Union[int, str]
ArrowLike = Union["Move", Tuple[SquareLike, SquareLike]]


def _square(value: SquareLike) -> int:
    from ._game import parse_square

    if isinstance(value, str):
        return parse_square(value)
    return _checks.square(value)


def _arrow(value: ArrowLike) -> Tuple[int, int]:
    from ._game import Move

    if isinstance(value, Move):
        if value.origin is None or value.destination is None:
            raise ValueError("a pass has no squares to draw an arrow between")
        return value.origin, value.destination
    if isinstance(value, tuple) and len(value) == 2:
        return _square(value[0]), _square(value[1])
    raise TypeError(f"an arrow is a Move or a (origin, destination) pair, not {type(value).__name__}")


def _lastmove_path(game: "Game", lastmove: "Move") -> List[int]:
    """The squares the last move went through: its jump path when it is the
    game's last move, else just its two squares."""
    if lastmove.origin is None or lastmove.destination is None:
        return []
    history = game.history
    if history and history[-1] == lastmove:
        with game.copy() as before:
            before.undo()
            return before.path(lastmove)
    return [lastmove.origin, lastmove.destination]


def board(
    game: "Game",
    *,
    lastmove: Optional["Move"] = None,
    arrows: Iterable[ArrowLike] = (),
    size: int = 400,
    coordinates: bool = True,
) -> str:
    """The position of `game` as an SVG document of `size` x `size` pixels.

    North is at the top (rank `height`), file a on the left. Home camps are
    tinted with their seat's colour, pieces are discs of their seat's colour,
    the squares of `lastmove` are LASTMOVE (with a line along its path when it
    is the game's last move), each arrow (a Move or an (origin, destination)
    pair of square indices or names) goes from its origin to its destination,
    and `coordinates` adds file letters below and rank numbers on the left.
    `size` is an int from 50 to 10000."""
    from ._game import Game, Move

    if not isinstance(game, Game):
        raise TypeError(f"game must be a halma.Game, not {type(game).__name__}")
    size = _checks.in_range(size, "size", 50, 10000)
    if lastmove is not None and not isinstance(lastmove, Move):
        raise TypeError(f"lastmove must be a halma.Move or None, not {type(lastmove).__name__}")
    pairs = [_arrow(arrow) for arrow in arrows]
    rows = game._rows()
    height, width = len(rows), len(rows[0])
    cells = max(width, height) + (1 if coordinates else 0)
    square = size / cells
    left = square if coordinates else 0.0
    top = 0.0

    def corner(index: int) -> Tuple[float, float]:
        row = height - 1 - index // 16
        return left + (index % 16) * square, top + row * square

    def centre(index: int) -> Tuple[float, float]:
        x, y = corner(index)
        return x + square / 2, y + square / 2

    camps = {}
    rules = game.rules
    for seat in rules.seats:
        for index in rules.home_camp(seat):
            camps[index] = CAMP_COLOURS[seat]
    marked = set()
    path: Sequence[int] = []
    if lastmove is not None:
        path = _lastmove_path(game, lastmove)
        if lastmove.origin is not None and lastmove.destination is not None:
            marked = {lastmove.origin, lastmove.destination}

    out: List[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">',
        f"<desc>{escape(game.rules_text)}: {escape(game.position)}</desc>",
        '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" '
        f'markerHeight="3" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{ARROW}"/></marker></defs>',
        f'<rect x="0" y="0" width="{size}" height="{size}" fill="#ffffff"/>',
    ]
    for row in range(height):
        for file in range(width):
            index = (height - 1 - row) * 16 + file
            if index in marked:
                fill = LASTMOVE
            elif index in camps:
                fill = camps[index]
            else:
                fill = LIGHT if (row + file) % 2 == 0 else DARK
            x, y = corner(index)
            out.append(
                f'<rect x="{x:.2f}" y="{y:.2f}" width="{square:.2f}" height="{square:.2f}" '
                f'fill="{fill}" stroke="{INK}" stroke-width="{max(square / 60, 0.5):.2f}"/>'
            )
    if len(path) > 1:
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in map(centre, path))
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{LASTMOVE}" stroke-opacity="0.9" '
            f'stroke-width="{square / 8:.2f}" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    for row_index, row_cells in enumerate(rows):
        for file, owner in enumerate(row_cells):
            if owner < 0:
                continue
            x, y = centre((height - 1 - row_index) * 16 + file)
            out.append(
                f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{square * 0.36:.2f}" fill="{SEAT_COLOURS[owner]}" '
                f'stroke="{INK}" stroke-width="{max(square / 30, 0.5):.2f}"/>'
            )
    for origin, destination in pairs:
        (x1, y1), (x2, y2) = centre(origin), centre(destination)
        out.append(
            f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="{ARROW}" '
            f'stroke-opacity="0.8" stroke-width="{square / 7:.2f}" stroke-linecap="round" '
            'marker-end="url(#arrowhead)"/>'
        )
    if coordinates:
        font = square * 0.45
        for file in range(width):
            x = left + (file + 0.5) * square
            y = top + height * square + square * 0.65
            out.append(
                f'<text x="{x:.2f}" y="{y:.2f}" font-family="sans-serif" font-size="{font:.2f}" '
                f'text-anchor="middle" fill="{INK}">{chr(ord("a") + file)}</text>'
            )
        for row in range(height):
            y = top + (row + 0.5) * square + font * 0.35
            out.append(
                f'<text x="{left / 2:.2f}" y="{y:.2f}" font-family="sans-serif" font-size="{font:.2f}" '
                f'text-anchor="middle" fill="{INK}">{height - row}</text>'
            )
    out.append("</svg>")
    return "\n".join(out)


def pixel_centre(game: "Game", square: SquareLike, *, size: int = 400, coordinates: bool = True) -> Tuple[int, int]:
    """The pixel (x, y) at the centre of `square` in `board(game, size=size,
    coordinates=coordinates)`: for tests and for overlaying a picture."""
    index = _square(square)
    height, width = game.shape
    cells = max(width, height) + (1 if coordinates else 0)
    step = size / cells
    left = step if coordinates else 0.0
    row = height - 1 - index // 16
    return int(left + (index % 16 + 0.5) * step), int((row + 0.5) * step)
