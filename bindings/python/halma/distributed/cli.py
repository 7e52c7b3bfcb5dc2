"""The command line of `python -m halma.distributed`.

Exit status: 0 done, 1 a run that failed (a task that failed for good, a
lost cluster), 2 bad arguments or a checkpoint made for other arguments."""

import argparse
import sys
from typing import List, Optional

import halma

from .checkpoint import CheckpointError
from .cluster import ArgumentError, DistributedError


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def _megabytes(text: str) -> int:
    value = _non_negative(text)
    if not 1 <= value <= 65536:
        raise argparse.ArgumentTypeError(f"{value} MiB is out of range: from 1 to 65536")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("0 is not allowed here")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m halma.distributed", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    perft = commands.add_parser("perft", help="perft split into Ray tasks; `total N` is the last line of standard output")
    perft.add_argument("--rules", default="halma", help="rules string (default halma)")
    perft.add_argument("--position", help="position string (default: the start position)")
    perft.add_argument("--moves", default="", help='moves played first, space-separated, e.g. "e12-f11 l3-j5"')
    perft.add_argument("--depth", type=_non_negative, required=True, help="depth in plies")
    perft.add_argument(
        "--split", type=_non_negative, help="depth at which the tree is cut into tasks (default: 8 subtrees per CPU or more)"
    )
    perft.add_argument("--address", help="HOST:PORT of the Ray head (default: start a local Ray)")
    perft.add_argument("--checkpoint", metavar="FILE", help="append each finished subtree to FILE; resume from it")
    perft.add_argument("--retries", type=_non_negative, default=5, help="times a task is run again after its worker died (default 5)")
    perft.add_argument("--quiet", action="store_true", help="no progress on standard error")
    perft.add_argument(
        "--hash",
        type=_megabytes,
        metavar="MB",
        help="a transposition table of MB MiB (1 to 65536) in every task: the same count, sooner at depths 6 and more",
    )

    match = commands.add_parser("match", help="engine games spread over the cluster, with SPRT stopping")
    match.add_argument("--a", default="nodes=20000", help="player A, as `halma match --a` (default nodes=20000)")
    match.add_argument("--b", default="greedy", help="player B, as `halma match --b` (default greedy)")
    match.add_argument("--rules", default="halma", help="rules string (default halma)")
    match.add_argument("--games", type=_positive, default=20, help="games, rounded up to whole pairs (an opening from every seat; default 20)")
    match.add_argument("--go", help="`halma match --go` for protocol engines")
    match.add_argument("--openings", type=_non_negative, default=4, help="random opening plies (default 4)")
    match.add_argument("--max-plies", type=_positive, help="`halma match --max-plies`")
    match.add_argument("--seed", type=_non_negative, default=1, help="seed of the first pair's opening (default 1)")
    match.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), help="stop when the SPRT accepts H0 (elo0) or H1 (elo1)")
    match.add_argument("--alpha", type=float, default=0.05, help="SPRT false positive rate (default 0.05)")
    match.add_argument("--beta", type=float, default=0.05, help="SPRT false negative rate (default 0.05)")
    match.add_argument("--halma", default="halma", help="the halma program on every node (default: halma on PATH)")
    match.add_argument("--pair-timeout", type=float, default=3600.0, help="seconds a pair of games may take (default 3600)")
    match.add_argument("--address", help="HOST:PORT of the Ray head (default: start a local Ray)")
    match.add_argument("--retries", type=_non_negative, default=3, help="times a pair is run again after its worker died (default 3)")
    match.add_argument("--quiet", action="store_true", help="no progress on standard error")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line; returns the exit status."""
    arguments = _parser().parse_args(argv)
    try:
        if arguments.command == "perft":
            from .perft import PerftRun, run_perft

            run = PerftRun(
                rules=arguments.rules,
                depth=arguments.depth,
                position=arguments.position,
                moves=arguments.moves.split(),
                split=arguments.split,
                address=arguments.address,
                checkpoint=arguments.checkpoint,
                retries=arguments.retries,
                progress=not arguments.quiet,
                hash_megabytes=arguments.hash,
            )
            total = run_perft(run)
            print(f"total {total}", flush=True)
            return 0
        from .match import MatchRun, run_match

        match = MatchRun(
            a=arguments.a,
            b=arguments.b,
            rules=arguments.rules,
            games=arguments.games,
            go=arguments.go,
            openings=arguments.openings,
            max_plies=arguments.max_plies,
            seed=arguments.seed,
            sprt=tuple(arguments.sprt) if arguments.sprt else None,
            alpha=arguments.alpha,
            beta=arguments.beta,
            halma=arguments.halma,
            pair_timeout=arguments.pair_timeout,
            address=arguments.address,
            retries=arguments.retries,
            progress=not arguments.quiet,
        )
        return run_match(match)
    except (CheckpointError, ArgumentError, halma.HalmaError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except DistributedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
