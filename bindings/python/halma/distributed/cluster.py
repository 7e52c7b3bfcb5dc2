"""Connecting to Ray: a cluster by address, or a local instance."""

import os
import sys
from types import ModuleType
from typing import Optional

INSTALL = "pip install 'halma[distributed]' (or pip install ray)"


class DistributedError(Exception):
    """A run that cannot start or finish: Ray missing or unreachable, a task that failed for good."""


class ArgumentError(DistributedError):
    """An argument out of its range, or rules, a position or moves that do not parse."""


def ray_module() -> ModuleType:
    """Imports ray, or raises DistributedError saying how to install it."""
    try:
        import ray
    except ImportError as error:
        raise DistributedError(f"halma.distributed needs ray: {INSTALL} ({error})") from None
    module: ModuleType = ray
    return module


def connect(address: Optional[str]) -> ModuleType:
    """Connects to the Ray cluster at `address` (HOST:PORT of the head's GCS,
    or `auto`), or starts a local Ray instance when `address` is None.

    The workers inherit HALMA_LIBRARY and PYTHONPATH through the job's
    runtime environment when they are set here, so that a package used in
    place from a checkout works on a local cluster too."""
    ray = ray_module()
    variables = {name: os.environ[name] for name in ("HALMA_LIBRARY", "PYTHONPATH") if name in os.environ}
    runtime_env = {"env_vars": variables} if variables else None
    try:
        if address is None:
            # "local": a new instance, even when this machine runs (or ran) a cluster that
            # ray.init() would otherwise join through RAY_ADDRESS or /tmp/ray/ray_current_cluster.
            ray.init(address="local", runtime_env=runtime_env, logging_level="WARNING", log_to_driver=True)
        else:
            ray.init(address=address, runtime_env=runtime_env, logging_level="WARNING", log_to_driver=True)
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise DistributedError(f"cannot connect to the Ray cluster at {address}: {error}") from None
    return ray


def cluster_cpus(ray: ModuleType) -> int:
    """The CPUs of the cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def say(text: str) -> None:
    """A line on standard error."""
    print(text, file=sys.stderr, flush=True)
