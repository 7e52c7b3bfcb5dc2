"""Engine: the computer player behind a halma_engine handle."""

import ctypes
from dataclasses import dataclass, field
from typing import List

from . import _library as ffi
from ._game import Move, _check, _Owner

lib = ffi.lib


@dataclass(frozen=True)
class SearchResult:
    """The answer of Engine.search.

    `best_move` is the move to play and `notation` its notation; `score` is
    for the side to move in evaluation units (10 units = one square of race
    distance); `win_in` is N > 0 when the side to move wins N plies from now,
    -N when it loses, 0 without a forced result; `pv` is the principal
    variation (Moves, starting with `best_move`), `pv_notation` the same in
    notation."""

    best_move: Move
    notation: str
    score: int
    win_in: int
    depth: int
    seldepth: int
    nodes: int
    elapsed_ms: int
    pv: List[Move] = field(default_factory=list)
    pv_notation: List[str] = field(default_factory=list)


def _limit(value, name):
    if value is None:
        return 0
    value = int(value)
    if value <= 0:
        raise ValueError(f"{name} must be positive (or None for no limit), not {value}")
    return value


class Engine(_Owner):
    """A computer player: level 1 (a beginner) to 10 (full strength).

    `threads` serves time-limited searches only (node- and depth-limited
    searches are single-threaded and deterministic); `hash_mib` is the
    transposition table size (0: the default, 16 MiB).

    Threads: `stop()` may be called from any thread while `search()` runs
    (ctypes releases the GIL during the search). Everything else, including
    `close()`, must not run while a search is running on this engine."""

    _free = staticmethod(lib.halma_engine_free)

    def __init__(self, level=10, *, threads=1, hash_mib=0):
        pointer = ffi.ENGINE_P()
        _check(lib.halma_engine_new(int(level), int(threads), int(hash_mib), ctypes.byref(pointer)))
        super().__init__(pointer)

    def __repr__(self):
        return "Engine(closed)" if self.closed else "Engine()"

    def set_level(self, level):
        """Sets the level (1 to 10) of the searches that follow."""
        _check(lib.halma_engine_set_level(self._handle, int(level)))

    def new_game(self):
        """Forgets what the engine learnt; node-limited searches repeat exactly."""
        _check(lib.halma_engine_new_game(self._handle))

    def search(self, game, depth=None, nodes=None, movetime=None):
        """The best move for the side to move in `game` (which is not changed).

        Limits: `depth` in plies, `nodes` positions visited, `movetime` in
        seconds (a float); None means no such limit, and the first limit
        reached ends the search. With no limit at all the level's default
        applies (its own cap at levels 1-9, 300000 nodes at level 10). For a
        search that runs until `stop()`, give a long `movetime`.
        Raises GameOverError when the game is over."""
        depth = _limit(depth, "depth")
        nodes = _limit(nodes, "nodes")
        if movetime is None:
            movetime_ms = 0
        else:
            if movetime <= 0:
                raise ValueError(f"movetime must be positive (or None), not {movetime}")
            movetime_ms = max(1, int(round(movetime * 1000)))
        out = ffi.halma_search_result()
        _check(
            lib.halma_engine_search(
                self._handle, game._handle, depth, nodes, movetime_ms, ctypes.byref(out)
            )
        )
        size = out.pv_len
        records = (ffi.halma_move * max(size, 1))()
        got = ctypes.c_size_t(0)
        _check(lib.halma_engine_pv(self._handle, records, size, ctypes.byref(got)))
        pv = [Move._from_c(records[i]) for i in range(got.value)]
        best = Move._from_c(out.best_move)
        notation = []
        with game.copy() as line:
            for move in pv:
                notation.append(line.notation(move))
                line.play(move)
        return SearchResult(
            best_move=best,
            notation=notation[0] if notation else game.notation(best),
            score=out.score,
            win_in=out.win_in,
            depth=out.depth,
            seldepth=out.seldepth,
            nodes=out.nodes,
            elapsed_ms=out.elapsed_ms,
            pv=pv,
            pv_notation=notation,
        )

    def stop(self):
        """Asks a search running on this engine (from another thread) to
        return soon with the best move found so far. Does nothing when no
        search runs (a search started later is not stopped)."""
        pointer = self._ptr
        if pointer is not None:
            lib.halma_engine_stop(pointer)


__all__ = ["Engine", "SearchResult"]
