"""Engine matches on a Ray cluster: each Ray task plays one "pair", one
random opening from every side (2 games in two-seat rules, one per seat
with three or four, where A plays one seat and B the others), with
`halma match --games <seats>` on the node it runs on, so the players are
exactly those of `halma match` (docs/match.md). Pair i uses opening seed `seed + i`; the driver adds the
pairs' scores, prints the same summary as `halma match`, and stops early
when an SPRT decides."""

import re
import subprocess
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import halma

from .cluster import ArgumentError, DistributedError, cluster_cpus, connect, say
from .elo import Score, Sprt
from .progress import Progress

_SUMMARY = re.compile(r"^A vs B: \+(\d+) =(\d+) -(\d+) ")
_FORFEITS = re.compile(r"^Forfeits: A (\d+), B (\d+)")


@dataclass
class MatchRun:
    """The arguments of a distributed match."""

    a: str = "nodes=20000"
    b: str = "greedy"
    rules: str = "halma"
    games: int = 20
    go: Optional[str] = None
    openings: int = 4
    max_plies: Optional[int] = None
    seed: int = 1
    sprt: Optional[Tuple[float, float]] = None
    alpha: float = 0.05
    beta: float = 0.05
    halma: str = "halma"
    pair_timeout: float = 3600.0
    address: Optional[str] = None
    retries: int = 3
    progress: bool = True


@dataclass(frozen=True)
class PairResult:
    """What one `halma match --games 2` reported."""

    wins: int
    draws: int
    losses: int
    forfeits_a: int
    forfeits_b: int


def seats_of(rules: str) -> int:
    """The number of seats of a rules string: the games of one pair."""
    return len(halma.Rules(rules).seats)


def pair_command(run: MatchRun, pair: int) -> List[str]:
    """The `halma match` command of pair `pair` (from 0)."""
    games = str(seats_of(run.rules))
    command = [run.halma, "match", "--a", run.a, "--b", run.b, "--rules", run.rules, "--games", games]
    command += ["--openings", str(run.openings), "--seed", str(run.seed + pair)]
    if run.go is not None:
        command += ["--go", run.go]
    if run.max_plies is not None:
        command += ["--max-plies", str(run.max_plies)]
    return command


def play_pair(command: List[str], timeout: float) -> Tuple[int, str, str]:
    """Runs one pair (what a Ray task runs): exit status, standard output and
    the end of standard error; a pair over its time limit is killed (status -9)."""
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return (-9, "", f"the pair took more than {timeout:g} s and was killed")
    except OSError as error:
        return (-1, "", f"cannot run {command[0]!r} on this node: {error}")
    return (done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")[-2000:])


def parse_pair(stdout: str) -> PairResult:
    """The score and forfeits in `halma match` output."""
    score: Optional[Tuple[int, int, int]] = None
    forfeits = (0, 0)
    for line in stdout.splitlines():
        found = _SUMMARY.match(line)
        if found:
            score = (int(found.group(1)), int(found.group(2)), int(found.group(3)))
        counted = _FORFEITS.match(line)
        if counted:
            forfeits = (int(counted.group(1)), int(counted.group(2)))
    if score is None:
        raise DistributedError(f"no `A vs B:` line in halma match's output: {stdout[-500:]!r}")
    return PairResult(score[0], score[1], score[2], forfeits[0], forfeits[1])


def run_match(run: MatchRun, ray: Any = None) -> int:
    """Plays the match on the cluster; prints the summary; returns the exit status."""
    if run.pair_timeout <= 0:
        raise ArgumentError(f"--pair-timeout {run.pair_timeout} must be a positive number of seconds")
    try:
        sprt = Sprt(run.sprt[0], run.sprt[1], run.alpha, run.beta) if run.sprt is not None else None
    except ValueError as error:
        raise ArgumentError(str(error)) from None
    seats = seats_of(run.rules)
    pairs = (run.games + seats - 1) // seats
    # The program must at least run here; bad player specs are refused by the first pair (exit 2).
    status, _, problem = play_pair(pair_command(run, 0)[:2] + ["--help"], 60.0)
    if status != 0:
        raise ArgumentError(f"{run.halma} match does not run here: {problem.strip()}")
    if ray is None:
        ray = connect(run.address)
    task = ray.remote(num_cpus=1, max_retries=run.retries, retry_exceptions=False)(play_pair)
    print(f"{seats * pairs} games of {run.rules}: A = {run.a} vs B = {run.b}", flush=True)
    window = max(8, 2 * cluster_cpus(ray))
    pending: Dict[Any, int] = {}
    results: Dict[int, PairResult] = {}
    scores: List[float] = []
    total = Score()
    forfeits = [0, 0]
    next_pair = 0
    decision: Optional[str] = None
    progress = Progress(pairs, 0, "pairs", enabled=run.progress)
    try:
        while decision is None:
            while next_pair < pairs and len(pending) < window:
                pending[task.remote(pair_command(run, next_pair), run.pair_timeout)] = next_pair
                next_pair += 1
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=60.0)
            for reference in ready:
                pair = pending.pop(reference)
                status, stdout, stderr = ray.get(reference, timeout=600.0)
                if status == 2:
                    # halma match's status for bad input (a player spec, the rules, --go).
                    raise ArgumentError(f"halma match refused the arguments: {stderr.strip()}")
                if status != 0:
                    raise DistributedError(f"pair {pair} ({' '.join(pair_command(run, pair))}) failed ({status}): {stderr.strip()}")
                if pair in results:
                    continue
                result = parse_pair(stdout)
                results[pair] = result
                total.wins += result.wins
                total.draws += result.draws
                total.losses += result.losses
                forfeits[0] += result.forfeits_a
                forfeits[1] += result.forfeits_b
                scores += [1.0] * result.wins + [0.5] * result.draws + [0.0] * result.losses
                progress.advance(str(total))
                if sprt is not None:
                    decision = sprt.decision(scores)
                    if decision is not None:
                        break
    finally:
        progress.close()
        for reference in pending:
            ray.cancel(reference, force=True)
    if forfeits != [0, 0]:
        print(f"Forfeits: A {forfeits[0]}, B {forfeits[1]}")
    if sprt is not None:
        low, high = sprt.bounds()
        verdict = {"H0": f"H0 accepted (Elo {sprt.elo0:g})", "H1": f"H1 accepted (Elo {sprt.elo1:g})"}.get(
            decision or "", "no decision"
        )
        print(f"SPRT [{sprt.elo0:g}, {sprt.elo1:g}]: LLR {sprt.llr(scores):.2f} ({low:.2f}, {high:.2f}): {verdict}")
    print(f"A vs B: {total}", flush=True)
    say(f"{total.games} games in {len(results)} pairs")
    return 0


__all__ = ["MatchRun", "PairResult", "pair_command", "parse_pair", "play_pair", "run_match"]
