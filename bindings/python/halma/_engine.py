"""Engine: the computer player behind a halma_engine handle."""

import ctypes
import threading
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Union

from . import _checks
from . import _library as ffi
from ._game import Game, Move, _check, _Owner

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


#: The levels: 1 (a beginner) to 10 (full strength).
MIN_LEVEL = 1
MAX_LEVEL = 10
#: The most search threads an engine takes (MAX_THREADS of halma-engine).
MAX_THREADS = 64
#: The largest transposition table, in MiB (MAX_HASH_MIB of halma-engine).
MAX_HASH_MIB = 4096
#: The deepest depth limit `Engine.search` accepts (HALMA_MAX_SEARCH_DEPTH).
MAX_SEARCH_DEPTH = ffi.MAX_SEARCH_DEPTH
#: The most contempt `Engine.set_contempt` accepts (HALMA_MAX_CONTEMPT).
MAX_CONTEMPT = ffi.MAX_CONTEMPT
_U64_MAX = (1 << 64) - 1
#: How often a thread waiting for a native call checks for Ctrl-C.
_POLL_SECONDS = 0.02


def _interruptible(call: Callable[[], None], stop: Callable[[], None]) -> None:
    """Runs `call` on a worker thread while this one waits, so that Python's
    signal handlers run meanwhile: on KeyboardInterrupt (or any exception
    they raise), `stop()` asks the native call to return, the worker is
    joined, and the exception propagates. An exception of `call` is raised
    here."""
    failure: List[BaseException] = []

    def work() -> None:
        try:
            call()
        except BaseException as error:  # re-raised on the calling thread
            failure.append(error)

    worker = threading.Thread(target=work, name="halma-search", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(_POLL_SECONDS)
    except BaseException:
        stop()
        worker.join()
        raise
    if failure:
        raise failure[0]


class Engine(_Owner):
    """A computer player: level 1 (a beginner) to 10 (full strength).

    `threads` serves time-limited searches only (node- and depth-limited
    searches are single-threaded and deterministic); `hash_mib` is the
    transposition table size (0: the default, 16 MiB).

    Threads: `stop()` may be called from any thread while `search()` runs
    (ctypes releases the GIL during the search). Everything else, including
    `close()`, must not run while a search is running on this engine."""

    _free = staticmethod(lib.halma_engine_free)

    def __init__(self, level: int = 10, *, threads: int = 1, hash_mib: int = 0) -> None:
        level = _checks.in_range(level, "level", MIN_LEVEL, MAX_LEVEL)
        threads = _checks.in_range(threads, "threads", 1, MAX_THREADS)
        hash_mib = _checks.in_range(hash_mib, "hash_mib", 0, MAX_HASH_MIB)
        pointer = ffi.ENGINE_P()
        _check(lib.halma_engine_new(level, threads, hash_mib, ctypes.byref(pointer)))
        super().__init__(pointer)
        self._level = level
        self._threads = threads
        self._hash_mib = hash_mib
        self._contempt = ffi.DEFAULT_CONTEMPT

    def __repr__(self) -> str:
        if self.closed:
            return "Engine(<closed>)"
        return f"Engine(level={self._level}, threads={self._threads}, hash_mib={self._hash_mib})"

    @property
    def level(self) -> int:
        """The level of the searches that follow (1 to 10)."""
        return self._level

    def set_level(self, level: int) -> None:
        """Sets the level (1 to 10) of the searches that follow."""
        level = _checks.in_range(level, "level", MIN_LEVEL, MAX_LEVEL)
        _check(lib.halma_engine_set_level(self._handle, level))
        self._level = level

    @property
    def contempt(self) -> int:
        """What a draw by repetition is worth less than an even position, in
        evaluation units (10 per square of race; 300 for a new engine)."""
        return self._contempt

    def set_contempt(self, contempt: int) -> None:
        """Sets the contempt (0 to `MAX_CONTEMPT`) of the searches that follow:
        with it the engine races on from behind instead of steering for a
        repetition; 0 scores a draw as even."""
        contempt = _checks.in_range(contempt, "contempt", 0, MAX_CONTEMPT)
        _check(lib.halma_engine_set_contempt(self._handle, contempt))
        self._contempt = contempt

    def new_game(self) -> None:
        """Forgets what the engine learnt; node-limited searches repeat exactly."""
        _check(lib.halma_engine_new_game(self._handle))

    def search(
        self,
        game: Game,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[Union[int, float]] = None,
    ) -> SearchResult:
        """The best move for the side to move in `game` (which is not changed).

        Limits: `depth` in plies, `nodes` positions visited, `movetime` in
        seconds (a float); None means no such limit, and the first limit
        reached ends the search. With no limit at all the level's default
        applies (its own cap at levels 1-9, 300000 nodes at level 10). For a
        search that runs until `stop()`, give a long `movetime`.
        Ctrl-C (SIGINT) stops the search at once with KeyboardInterrupt.
        Raises GameOverError when the game is over; TypeError for a limit
        that is not a number (an int for depth and nodes), ValueError for one
        out of range (depth 1 to MAX_SEARCH_DEPTH, 64; nodes 1 to 2**64-1;
        movetime > 0 and at most 2**64-1 milliseconds)."""
        if not isinstance(game, Game):
            raise TypeError(f"game must be a halma.Game, not {type(game).__name__}")
        depth_limit = _checks.optional_positive(depth, "depth", MAX_SEARCH_DEPTH)
        node_limit = _checks.optional_positive(nodes, "nodes", _U64_MAX)
        movetime_ms = _checks.seconds_to_ms(movetime, "movetime", _U64_MAX)
        out = ffi.halma_search_result()
        engine, position = self._handle, game._handle

        def run() -> None:
            # On the worker thread, which holds the call's error detail.
            _check(lib.halma_engine_search(engine, position, depth_limit, node_limit, movetime_ms, ctypes.byref(out)))

        _interruptible(run, lambda: lib.halma_engine_stop(engine))
        size = out.pv_len
        records = (ffi.halma_move * max(size, 1))()
        got = ctypes.c_size_t(0)
        _check(lib.halma_engine_pv(self._handle, records, size, ctypes.byref(got)))
        pv = [Move._from_c(records[i]) for i in range(got.value)]
        best = Move._from_c(out.best_move)
        notation: List[str] = []
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

    def stop(self) -> None:
        """Asks a search running on this engine (from another thread) to
        return soon with the best move found so far. When no search runs,
        the request waits for the next search, which then returns at once
        (so a stop sent just before a search begins is not lost); a next
        search that fails (GameOverError...) uses the request up too."""
        pointer = self._ptr
        if pointer is not None:
            lib.halma_engine_stop(pointer)


__all__ = [
    "Engine",
    "SearchResult",
    "MIN_LEVEL",
    "MAX_LEVEL",
    "MAX_THREADS",
    "MAX_HASH_MIB",
    "MAX_SEARCH_DEPTH",
]
