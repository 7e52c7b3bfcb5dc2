"""The checkpoint file of a distributed perft: one JSON object a line.

The first line is the header, the arguments the counts belong to::

    {"format": "halma-distributed-perft", "version": 1, "rules": "halma",
     "position": "<position string>", "moves": "e12-f11 l3-j5", "depth": 7,
     "split": 2, "subtrees": 1600}

then one line per finished subtree, in the order they finish::

    {"index": 17, "path": "b4-c5 o13-n12", "count": 11508711}

`index` numbers the subtrees in the order of `halma.distributed.perft.subtrees`
(depth-first, moves in `Game.legal_moves()` order), `path` is the moves from
the root to the subtree (readable, and checked on resume), `count` its perft
at `depth - split` (or less for a game that ended on the way). Each line is
written whole, flushed and synced before the next subtree is recorded, so a
killed run leaves at worst one torn last line, which is dropped on resume."""

import json
import os
from dataclasses import dataclass
from typing import IO, Any, Dict, Optional

FORMAT = "halma-distributed-perft"
VERSION = 1


class CheckpointError(Exception):
    """The checkpoint file cannot be used: it was made for other arguments,
    or it is not a checkpoint file, or its lines disagree with each other."""


@dataclass(frozen=True)
class Header:
    """The arguments a checkpoint's counts belong to."""

    rules: str
    position: str
    moves: str
    depth: int
    split: int
    subtrees: int

    def to_json(self) -> Dict[str, Any]:
        """The header line's object."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules,
            "position": self.position,
            "moves": self.moves,
            "depth": self.depth,
            "split": self.split,
            "subtrees": self.subtrees,
        }

    def differences(self, other: "Header") -> str:
        """What differs between two headers, `name: file value != run value` joined by `; `."""
        mine = self.to_json()
        theirs = other.to_json()
        return "; ".join(f"{key}: {mine[key]!r} in the file, {theirs[key]!r} now" for key in mine if mine[key] != theirs[key])


def _header_of(record: Any, where: str) -> Header:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise CheckpointError(f"{where}: the first line is not a {FORMAT} header")
    if record.get("version") != VERSION:
        raise CheckpointError(f"{where}: checkpoint version {record.get('version')!r}, this program reads {VERSION}")
    try:
        header = Header(
            rules=str(record["rules"]),
            position=str(record["position"]),
            moves=str(record["moves"]),
            depth=int(record["depth"]),
            split=int(record["split"]),
            subtrees=int(record["subtrees"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise CheckpointError(f"{where}: the header lacks or garbles {error}") from None
    return header


class Checkpoint:
    """An open checkpoint: the header, the counts read back, and the file to
    append finished subtrees to."""

    def __init__(self, path: str, header: Header, done: Dict[int, int], paths: Dict[int, str], handle: IO[str]) -> None:
        self.path = path
        self.header = header
        #: Subtree index -> count, for the subtrees already in the file.
        self.done = done
        self._paths = paths
        self._handle = handle

    @classmethod
    def open(cls, path: str, wanted: Header) -> "Checkpoint":
        """Opens (or creates) the checkpoint at `path` for the run `wanted`.

        An existing file must have been made for the same rules, position,
        moves, depth, split and number of subtrees; otherwise CheckpointError
        says what differs."""
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            handle = open(path, "a", encoding="utf-8")
            _append(handle, wanted.to_json())
            return cls(path, wanted, {}, {}, handle)
        with open(path, "r+", encoding="utf-8") as existing:
            text = existing.read()
            if not text.endswith("\n"):
                # A run killed while writing leaves one torn last line: drop it
                # so that the next line starts on a line of its own.
                cut = text.rfind("\n") + 1
                existing.seek(0)
                existing.truncate(len(text[:cut].encode("utf-8")))
                text = text[:cut]
        lines = text.splitlines()
        if not lines:
            raise CheckpointError(f"{path}: no header line (a torn first line?); remove the file to start again")
        try:
            first = json.loads(lines[0])
        except ValueError:
            raise CheckpointError(f"{path}: line 1 is not JSON: not a checkpoint file") from None
        header = _header_of(first, f"{path}:1")
        if header != wanted:
            raise CheckpointError(
                f"{path} was made for other arguments ({header.differences(wanted)}): "
                "use another file, or the same arguments to resume"
            )
        done: Dict[int, int] = {}
        paths: Dict[int, str] = {}
        for number, line in enumerate(lines[1:], start=2):
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
                index, count, moves = int(record["index"]), int(record["count"]), str(record["path"])
            except (ValueError, KeyError, TypeError):
                raise CheckpointError(f"{where}: not a subtree line: {line[:80]!r}") from None
            if not 0 <= index < header.subtrees or count < 0:
                raise CheckpointError(f"{where}: subtree {index} with count {count} is out of range")
            if index in done and (done[index], paths[index]) != (count, moves):
                raise CheckpointError(f"{where}: subtree {index} is recorded twice with different counts")
            done[index] = count
            paths[index] = moves
        handle = open(path, "a", encoding="utf-8")
        return cls(path, header, done, paths, handle)

    def check(self, paths: Dict[int, str]) -> None:
        """Checks that the file's subtrees are the ones this run numbers alike
        (`paths`: index -> moves of every subtree of this run)."""
        for index, moves in self._paths.items():
            if paths[index] != moves:
                raise CheckpointError(
                    f"{self.path}: subtree {index} is {moves!r} in the file but {paths[index]!r} now"
                )

    def record(self, index: int, path: str, count: int) -> None:
        """Appends a finished subtree, durably (flushed and synced)."""
        if index in self.done:
            return
        _append(self._handle, {"index": index, "path": path, "count": count})
        self.done[index] = count
        self._paths[index] = path

    def close(self) -> None:
        """Closes the file."""
        self._handle.close()


def _append(handle: IO[str], record: Dict[str, Any]) -> None:
    handle.write(json.dumps(record, separators=(", ", ": ")) + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def read_header(path: str) -> Optional[Header]:
    """The header of the checkpoint at `path`, or None when there is no file."""
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        line = handle.readline()
    try:
        return _header_of(json.loads(line), f"{path}:1")
    except ValueError:
        raise CheckpointError(f"{path}: line 1 is not JSON: not a checkpoint file") from None
