"""Distributed perft: the tree is cut at a split depth into subtrees, each
counted by one Ray task with the native library's perft.

Every subtree has an index (its place in a depth-first walk with moves in
`Game.legal_moves()` order) and the count of each index is added once, when
its first result arrives: a task that Ray runs again (its worker or node
died) cannot count twice, and a checkpoint holds each index once."""

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import halma

from .checkpoint import Checkpoint, CheckpointError, Header, read_header
from .cluster import ArgumentError, DistributedError, cluster_cpus, connect, say
from .progress import Progress

#: Subtrees per CPU when --split is not given: enough that a slow subtree
#: (they differ a lot in size) does not leave the other CPUs idle at the end.
SUBTREES_PER_CPU = 8
#: The most subtrees a run may have: they are all held in the driver's memory.
MAX_SUBTREES = 5_000_000
#: How many times Ray runs a task again after its worker process or node died.
DEFAULT_RETRIES = 5


@dataclass(frozen=True)
class Subtree:
    """A node at the split depth (or a finished game above it) and the depth
    still to count below it."""

    index: int
    path: Tuple[str, ...]
    depth: int

    @property
    def text(self) -> str:
        """The moves from the root, space-separated (empty for the root)."""
        return " ".join(self.path)


def root_game(rules: str, position: Optional[str], moves: Sequence[str]) -> halma.Game:
    """The game at the perft's root: the rules' start or `position`, then `moves`."""
    game = halma.Game(rules, position)
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except halma.HalmaError as error:
            game.close()
            raise ArgumentError(f"--moves: move {number} ({move!r}) cannot be played: {error}") from None
    return game


def subtrees(game: halma.Game, depth: int, split: int, limit: int = MAX_SUBTREES) -> List[Subtree]:
    """The subtrees of a perft of `depth` cut at `split` plies, in index order.

    A game that ends (no legal move) above the split is a subtree of its
    own, with the depth left at that node: perft counts it there alike."""
    if not 0 <= split <= depth:
        raise ArgumentError(f"--split {split} must be from 0 to the depth ({depth})")
    found: List[Subtree] = []
    path: List[str] = []

    def walk(node: halma.Game, ply: int) -> None:
        moves = node.legal_moves() if ply < split else []
        if not moves:
            if len(found) >= limit:
                raise ArgumentError(f"--split {split} makes more than {limit} subtrees: choose a smaller split")
            found.append(Subtree(len(found), tuple(path), depth - ply))
            return
        for move in moves:
            path.append(node.notation(move))
            node.play(move)
            walk(node, ply + 1)  # bounded: ply grows to split (at most depth <= MAX_PERFT_DEPTH)
            node.undo()
            path.pop()

    with game.copy() as node:
        walk(node, 0)
    return found


def automatic_split(game: halma.Game, depth: int, cpus: int) -> int:
    """The smallest split with at least SUBTREES_PER_CPU subtrees per CPU (or the depth)."""
    target = SUBTREES_PER_CPU * cpus
    for split in range(0, depth + 1):
        if len(subtrees(game, depth, split)) >= target:
            return split
    return depth


def count_subtree(
    rules: str,
    position: str,
    moves: Sequence[str],
    path: Sequence[str],
    depth: int,
    hash_megabytes: Optional[int] = None,
) -> int:
    """The perft of one subtree (what a Ray task runs, on any node), with a
    transposition table of its own when `hash_megabytes` is given."""
    with halma.Game(rules, position) as game:
        for move in list(moves) + list(path):
            game.play(move)
        return game.perft(depth, hash_megabytes=hash_megabytes)


@dataclass
class PerftRun:
    """The arguments of a distributed perft."""

    rules: str
    depth: int
    position: Optional[str] = None
    moves: Sequence[str] = ()
    split: Optional[int] = None
    address: Optional[str] = None
    checkpoint: Optional[str] = None
    retries: int = DEFAULT_RETRIES
    progress: bool = True
    #: A transposition table of this many MiB per task (the count is the same).
    hash_megabytes: Optional[int] = None


def _header(run: PerftRun, game_rules: str, position: str, split: int, count: int) -> Header:
    return Header(game_rules, position, " ".join(run.moves), run.depth, split, count)


def run_perft(run: PerftRun, ray: Any = None, report: Callable[[str], None] = say) -> int:
    """Runs a distributed perft and returns the total.

    Connects to `run.address` (or starts a local Ray when it is None and
    `ray` is not given), resumes from `run.checkpoint` when it holds counts,
    and counts each remaining subtree in a Ray task that Ray retries up to
    `run.retries` times when its worker or node dies."""
    if not 0 <= run.depth <= halma.Game.MAX_PERFT_DEPTH:
        raise ArgumentError(f"--depth {run.depth} must be from 0 to {halma.Game.MAX_PERFT_DEPTH}")
    if run.retries < 0:
        raise ArgumentError(f"--retries {run.retries} must be 0 or more")
    try:
        rules = str(halma.Rules(run.rules))
        game = root_game(rules, run.position, run.moves)
    except halma.HalmaError as error:
        raise ArgumentError(f"bad rules or position: {error}") from None
    with game:
        with halma.Game(rules, run.position) as start:
            position = start.position
        split = run.split
        if split is None and run.checkpoint is not None:
            # The file's split was chosen for the first run's cluster: keep it.
            existing = read_header(run.checkpoint)
            if existing is not None and existing.split <= run.depth:
                split = existing.split
        if split is None:
            if ray is None:
                ray = connect(run.address)
            split = automatic_split(game, run.depth, cluster_cpus(ray))
        work = subtrees(game, run.depth, split)
    checkpoint: Optional[Checkpoint] = None
    if run.checkpoint is not None:
        # Checked before connecting: a file made for other arguments is refused at once.
        checkpoint = Checkpoint.open(run.checkpoint, _header(run, rules, position, split, len(work)))
        try:
            checkpoint.check({subtree.index: subtree.text for subtree in work})
        except CheckpointError:
            checkpoint.close()
            raise
    if ray is None:
        try:
            ray = connect(run.address)
        except DistributedError:
            if checkpoint is not None:
                checkpoint.close()
            raise
    try:
        return _count(ray, run, rules, position, split, work, checkpoint, report)
    finally:
        if checkpoint is not None:
            checkpoint.close()


def _count(
    ray: Any,
    run: PerftRun,
    rules: str,
    position: str,
    split: int,
    work: List[Subtree],
    checkpoint: Optional[Checkpoint],
    report: Callable[[str], None],
) -> int:
    counts: Dict[int, int] = dict(checkpoint.done) if checkpoint is not None else {}
    todo = [subtree for subtree in work if subtree.index not in counts]
    report(
        f"perft {run.depth} of {rules}: {len(work)} subtrees at split {split}, "
        f"{len(counts)} already counted, {len(todo)} to count on {cluster_cpus(ray)} CPUs"
    )
    task = ray.remote(num_cpus=1, max_retries=run.retries, retry_exceptions=False)(count_subtree)
    # A window of tasks in flight keeps the driver's memory bounded on deep splits.
    window = max(32, 4 * cluster_cpus(ray))
    pending: Dict[Any, Subtree] = {}
    progress = Progress(len(work), len(counts), "subtrees", enabled=run.progress)
    started = time.monotonic()
    leaves = 0
    queue = iter(todo)
    try:
        while True:
            while len(pending) < window:
                subtree = next(queue, None)
                if subtree is None:
                    break
                pending[task.remote(rules, position, list(run.moves), list(subtree.path), subtree.depth, run.hash_megabytes)] = subtree
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=60.0)
            for reference in ready:
                subtree = pending.pop(reference)
                try:
                    count = int(ray.get(reference, timeout=600.0))
                except Exception as error:  # a task that failed for good: Ray's own error types
                    raise DistributedError(
                        f"subtree {subtree.index} ({subtree.text or 'the root'}) failed after {run.retries} retries: {error}"
                    ) from None
                if subtree.index in counts:
                    continue
                counts[subtree.index] = count
                leaves += count
                if checkpoint is not None:
                    checkpoint.record(subtree.index, subtree.text, count)
                rate = leaves / max(time.monotonic() - started, 1e-9)
                progress.advance(f"{rate:,.0f} leaves/s")
    finally:
        progress.close()
        for reference in pending:
            ray.cancel(reference, force=True)
    if len(counts) != len(work):
        raise DistributedError(f"{len(work) - len(counts)} subtrees were not counted")
    elapsed = time.monotonic() - started
    report(f"{len(work)} subtrees, {leaves} leaves counted in this run in {elapsed:.1f} s")
    return sum(counts.values())


__all__ = [
    "CheckpointError",
    "PerftRun",
    "Subtree",
    "automatic_split",
    "count_subtree",
    "root_game",
    "run_perft",
    "subtrees",
]
