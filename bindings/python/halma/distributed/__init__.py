"""halma on a Ray cluster: distributed perft and engine matches.

`python -m halma.distributed perft ...` and `python -m halma.distributed
match ...` (docs/distributed.md). Needs ray: `pip install 'halma[distributed]'`.
Importing this package does not import ray; connecting does."""

from .checkpoint import Checkpoint, CheckpointError, Header
from .cluster import DistributedError
from .perft import PerftRun, Subtree, run_perft, subtrees

__all__ = [
    "Checkpoint",
    "CheckpointError",
    "DistributedError",
    "Header",
    "PerftRun",
    "Subtree",
    "run_perft",
    "subtrees",
]
