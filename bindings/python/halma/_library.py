"""Loading the native module, halma._halma: the C ABI (called with ctypes,
with the prototype of every export declared here) and the fast paths
written with PyO3 (bindings/python/native), in one file."""

import ctypes
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Tuple

# Result codes (HALMA_RESULT_* in halma.h).
OK = 0
NULL_POINTER = 1
INVALID_UTF8 = 2
INVALID_ARGUMENT = 3
BUFFER_TOO_SMALL = 4
INVALID_RULES = 5
INVALID_POSITION = 6
ILLEGAL_MOVE = 7
GAME_OVER = 8
NOTHING_TO_UNDO = 9
GAME_TOO_LONG = 10
INVALID_RECORD = 11
PANIC = 12

SEAT_NONE = 255
NO_SQUARE = 0xFFFF
# HALMA_MAX_PERFT_DEPTH in halma.h: the deepest perft the library accepts.
MAX_PERFT_DEPTH = 64
# HALMA_MAX_SEARCH_DEPTH in halma.h: the deepest depth limit a search accepts.
MAX_SEARCH_DEPTH = 64
# HALMA_MAX_CONTEMPT and HALMA_DEFAULT_CONTEMPT in halma.h, in evaluation units.
MAX_CONTEMPT = 10000
DEFAULT_CONTEMPT = 300
# The most moves a game holds (MAX_GAME_MOVES of halma-rules): playing one
# more returns HALMA_RESULT_GAME_TOO_LONG.
MAX_GAME_MOVES = 100000


class halma_move(ctypes.Structure):
    """struct halma_move."""

    _fields_ = [
        ("origin", ctypes.c_uint16),
        ("destination", ctypes.c_uint16),
        ("kind", ctypes.c_uint32),
    ]


class halma_tag(ctypes.Structure):
    """struct halma_tag."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("name_len", ctypes.c_size_t),
        ("value", ctypes.c_char_p),
        ("value_len", ctypes.c_size_t),
    ]


class halma_search_result(ctypes.Structure):
    """struct halma_search_result."""

    _fields_ = [
        ("best_move", halma_move),
        ("score", ctypes.c_int32),
        ("win_in", ctypes.c_int32),
        ("depth", ctypes.c_uint32),
        ("seldepth", ctypes.c_uint32),
        ("nodes", ctypes.c_uint64),
        ("elapsed_ms", ctypes.c_uint64),
        ("pv_len", ctypes.c_size_t),
    ]


class halma_rules(ctypes.Structure):
    """Opaque struct halma_rules."""


class halma_game(ctypes.Structure):
    """Opaque struct halma_game."""


class halma_record(ctypes.Structure):
    """Opaque struct halma_record."""


class halma_engine(ctypes.Structure):
    """Opaque struct halma_engine."""


RULES_P = ctypes.POINTER(halma_rules)
GAME_P = ctypes.POINTER(halma_game)
RECORD_P = ctypes.POINTER(halma_record)
ENGINE_P = ctypes.POINTER(halma_engine)
SEARCH_RESULT_P = ctypes.POINTER(halma_search_result)
MOVE_P = ctypes.POINTER(halma_move)
TAG_P = ctypes.POINTER(halma_tag)
SIZE_P = ctypes.POINTER(ctypes.c_size_t)
U16_P = ctypes.POINTER(ctypes.c_uint16)
U32_P = ctypes.POINTER(ctypes.c_uint32)
U64_P = ctypes.POINTER(ctypes.c_uint64)
CHAR_P = ctypes.c_char_p
BUF_P = ctypes.c_char_p  # output byte buffers (ctypes.create_string_buffer)
SIZE = ctypes.c_size_t
U16 = ctypes.c_uint16
U32 = ctypes.c_uint32
U64 = ctypes.c_uint64
RESULT = ctypes.c_uint32

# name: (restype, argtypes), for every function of halma.h.
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "halma_version": (CHAR_P, []),
    "halma_result_message": (CHAR_P, [U32]),
    "halma_last_error": (RESULT, [BUF_P, SIZE, SIZE_P]),
    "halma_seat_name": (CHAR_P, [U32]),
    "halma_square_name": (RESULT, [U16, BUF_P, SIZE, SIZE_P]),
    "halma_square_parse": (RESULT, [CHAR_P, SIZE, U16_P]),
    "halma_rules_new": (RESULT, [CHAR_P, SIZE, ctypes.POINTER(RULES_P)]),
    "halma_rules_clone": (RESULT, [RULES_P, ctypes.POINTER(RULES_P)]),
    "halma_rules_free": (None, [RULES_P]),
    "halma_rules_string": (RESULT, [RULES_P, BUF_P, SIZE, SIZE_P]),
    "halma_rules_board_width": (RESULT, [RULES_P, U32_P]),
    "halma_rules_board_height": (RESULT, [RULES_P, U32_P]),
    "halma_rules_seats": (RESULT, [RULES_P, U32_P]),
    "halma_rules_camp_size": (RESULT, [RULES_P, U32_P]),
    "halma_rules_home_camp": (RESULT, [RULES_P, U32, U16_P, SIZE, SIZE_P]),
    "halma_rules_target_camp": (RESULT, [RULES_P, U32, U16_P, SIZE, SIZE_P]),
    "halma_game_new": (RESULT, [RULES_P, CHAR_P, SIZE, ctypes.POINTER(GAME_P)]),
    "halma_game_clone": (RESULT, [GAME_P, ctypes.POINTER(GAME_P)]),
    "halma_game_free": (None, [GAME_P]),
    "halma_game_rules": (RESULT, [GAME_P, ctypes.POINTER(RULES_P)]),
    "halma_game_side_to_move": (RESULT, [GAME_P, U32_P]),
    "halma_game_piece_at": (RESULT, [GAME_P, U16, U32_P]),
    "halma_game_position": (RESULT, [GAME_P, BUF_P, SIZE, SIZE_P]),
    "halma_game_result": (RESULT, [GAME_P, U32_P]),
    "halma_game_ply_count": (RESULT, [GAME_P, SIZE_P]),
    "halma_game_history": (RESULT, [GAME_P, MOVE_P, SIZE, SIZE_P]),
    "halma_game_perft": (RESULT, [GAME_P, U32, U64_P]),
    "halma_game_perft_hashed": (RESULT, [GAME_P, U32, U32, U32, U64_P]),
    "halma_game_perft_reusing": (RESULT, [GAME_P, U32, U32, U32, U64_P]),
    "halma_game_last_error": (RESULT, [GAME_P, BUF_P, SIZE, SIZE_P]),
    "halma_game_legal_move_count": (RESULT, [GAME_P, SIZE_P]),
    "halma_game_legal_moves": (RESULT, [GAME_P, MOVE_P, SIZE, SIZE_P]),
    "halma_game_move_path": (RESULT, [GAME_P, MOVE_P, U16_P, SIZE, SIZE_P]),
    "halma_game_move_notation": (RESULT, [GAME_P, MOVE_P, BUF_P, SIZE, SIZE_P]),
    "halma_game_parse_move": (RESULT, [GAME_P, CHAR_P, SIZE, MOVE_P]),
    "halma_game_play": (RESULT, [GAME_P, MOVE_P]),
    "halma_game_play_notation": (RESULT, [GAME_P, CHAR_P, SIZE, MOVE_P]),
    "halma_game_undo": (RESULT, [GAME_P, MOVE_P]),
    "halma_game_write_record": (RESULT, [GAME_P, TAG_P, SIZE, BUF_P, SIZE, SIZE_P]),
    "halma_record_read": (RESULT, [CHAR_P, SIZE, ctypes.POINTER(RECORD_P)]),
    "halma_record_free": (None, [RECORD_P]),
    "halma_record_game": (RESULT, [RECORD_P, ctypes.POINTER(GAME_P)]),
    "halma_record_tag_count": (RESULT, [RECORD_P, SIZE_P]),
    "halma_record_tag_name": (RESULT, [RECORD_P, SIZE, BUF_P, SIZE, SIZE_P]),
    "halma_record_tag_value": (RESULT, [RECORD_P, SIZE, BUF_P, SIZE, SIZE_P]),
    "halma_engine_new": (RESULT, [U32, U32, U32, ctypes.POINTER(ENGINE_P)]),
    "halma_engine_free": (None, [ENGINE_P]),
    "halma_engine_set_level": (RESULT, [ENGINE_P, U32]),
    "halma_engine_set_contempt": (RESULT, [ENGINE_P, U32]),
    "halma_engine_new_game": (RESULT, [ENGINE_P]),
    "halma_engine_fill_hash": (RESULT, [ENGINE_P]),
    "halma_engine_search": (RESULT, [ENGINE_P, GAME_P, U32, U64, U64, SEARCH_RESULT_P]),
    "halma_engine_pv": (RESULT, [ENGINE_P, MOVE_P, SIZE, SIZE_P]),
    "halma_engine_stop": (None, [ENGINE_P]),
    "halma_engine_pv_string": (RESULT, [ENGINE_P, GAME_P, BUF_P, SIZE, SIZE_P]),
}


#: The native module's name: the C ABI and the fast paths (halma._halma).
NATIVE = "halma._halma"


def _cargo_file_names() -> List[str]:
    """The names cargo gives the native module in target/ (the crate
    bindings/python/native, library `_halma`)."""
    if sys.platform == "win32":
        return ["_halma.dll"]
    return ["lib_halma.dylib" if sys.platform == "darwin" else "lib_halma.so"]


def candidates() -> List[str]:
    """The files the native module may be loaded from, in order:
    $HALMA_LIBRARY alone when set; else the module installed inside the
    package (what `pip install` puts there: `_halma.abi3.so`), then the
    repository's target/release and target/debug (or $CARGO_TARGET_DIR's:
    for use in place from a checkout after `cargo build -p halma-python`)."""
    env = os.environ.get("HALMA_LIBRARY")
    if env:
        return [env]
    package = Path(__file__).resolve().parent
    found = sorted(
        str(path)
        for path in package.glob("_halma*")
        if path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    )
    repository = package.parent.parent.parent
    target_dirs: List[Path] = []
    if os.environ.get("CARGO_TARGET_DIR"):
        target_dirs.append(Path(os.environ["CARGO_TARGET_DIR"]))
    target_dirs.append(repository / "target")
    for target in target_dirs:
        for profile in ("release", "debug"):
            found += [str(target / profile / name) for name in _cargo_file_names() if (target / profile / name).exists()]
    return found


def _import(path: str) -> ModuleType:
    """Imports the native module from `path` as halma._halma."""
    spec = importlib.util.spec_from_file_location(NATIVE, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[NATIVE] = module
    return module


def load() -> Tuple[ModuleType, ctypes.CDLL]:
    """Imports the native module and loads the same file with ctypes (the
    C ABI is linked into it), declaring every prototype."""
    errors: List[str] = []
    for path in candidates():
        try:
            module = _import(path)
            lib = ctypes.CDLL(path)
        except (ImportError, OSError) as error:
            errors.append(f"{path}: {error}")
            continue
        declare(lib)
        return module, lib
    hint = "; ".join(errors) if errors else "no candidate file exists"
    raise ImportError(
        "cannot load halma's native module: install the package with `pip install "
        "./bindings/python` (or a wheel from scripts/python-wheel.sh), or set HALMA_LIBRARY "
        f"to the library built by `cargo build -p halma-python --release` ({hint})"
    )


def declare(lib: ctypes.CDLL) -> None:
    """Sets argtypes and restype of every export on `lib`. A function the
    library lacks (a library older than this package) is skipped: calling it
    raises AttributeError, and the rest works."""
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(lib, name, None)
        if function is None:
            continue
        function.restype = restype
        function.argtypes = argtypes


native, lib = load()
