"""Environment steps per second and per-call timings of the Python package,
optionally against another copy of the package (the baseline) measured in
the same run.

    python benchmarks/throughput.py [--seconds 2] [--baseline DIR [--baseline-library FILE]]

Prints, for the package this script belongs to (or the installed one):

- microseconds per call (of the thread's CPU time) of `legal_moves()`,
  `board_array()` and `planes()` at the `halma` start, and of
  `legal_moves()` after 12 moves;
- steps per second of random masked play on halma8 and halma: the native
  vector environment (`HalmaVectorEnv`, opponent "random"; actions drawn
  natively by `sample_actions()`, and drawn with numpy from the masks),
  Gymnasium's single `HalmaEnv`, and PettingZoo's AEC environment.

With `--baseline DIR` (a folder holding another `halma` package, such as an
export of an older commit's bindings/python, with its library given by
`--baseline-library` or found by that package itself), the measurements that
both versions support run again in a subprocess on the baseline, and each
line shows the ratio. Each figure is the best of five runs of about
`--seconds / 5`; on a shared machine the ratios mean more than the figures.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Optional

HERE = Path(__file__).resolve().parent
#: Moves played from the halma start for the second legal_moves() figure.
OPENING_PLIES = 12


def best_of_five(run: Callable[[int], None], seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds per unit of `run(n)` (which does n units), best of five runs
    of about `seconds / 5` each, after a calibration, on `clock`."""
    units = 1
    while True:
        started = clock()
        run(units)
        spent = clock() - started
        if spent > seconds / 50:
            break
        units *= 2
    units = max(1, int(units * (seconds / 5) / max(spent, 1e-9)))
    best = float("inf")
    for _ in range(5):
        started = clock()
        run(units)
        best = min(best, (clock() - started) / units)
    return best


def per_call_us(function: Callable[[], object], seconds: float) -> float:
    """Microseconds per call on this thread's CPU clock: what the call
    costs, without the time a busy machine keeps the thread waiting for a
    core (wall-clock figures follow the machine's load)."""

    def run(units: int) -> None:
        for _ in range(units):
            function()

    return best_of_five(run, seconds, time.thread_time) * 1e6


def calls(seconds: float) -> Dict[str, float]:
    """Microseconds per call of the array and move functions."""
    import halma

    start = halma.Game("halma")
    later = halma.Game("halma")
    for _ in range(OPENING_PLIES):
        # The same line in every version: the middle move of the sorted list.
        moves = later.legal_moves()
        later.play(moves[len(moves) // 2])
    figures = {
        "legal_moves() at the halma start": per_call_us(start.legal_moves, seconds),
        f"legal_moves() after {OPENING_PLIES} moves ({later.legal_move_count()} moves)": per_call_us(later.legal_moves, seconds),
    }
    try:
        import numpy  # noqa: F401
    except ImportError:
        return figures
    figures["board_array() at the halma start"] = per_call_us(start.board_array, seconds)
    figures["planes() at the halma start"] = per_call_us(start.planes, seconds)
    return figures


def masked_choice(rng: Any, mask: Any) -> int:
    import numpy as np

    return int(rng.choice(np.flatnonzero(mask)))


def gymnasium_steps(rules: str, seconds: float) -> float:
    """Steps per second of HalmaEnv against "random", random masked actions."""
    import numpy as np
    from halma.gymnasium import HalmaEnv

    env = HalmaEnv(rules=rules, opponent="random")
    rng = np.random.default_rng(0)
    state = {"info": env.reset(seed=0)[1]}

    def run(steps: int) -> None:
        for _ in range(steps):
            _, _, terminated, truncated, info = env.step(masked_choice(rng, state["info"]["action_mask"]))
            state["info"] = env.reset()[1] if terminated or truncated else info

    return 1.0 / best_of_five(run, seconds)


def pettingzoo_steps(rules: str, seconds: float) -> float:
    """Steps per second of the AEC environment, random masked actions."""
    import numpy as np
    import halma.pettingzoo

    env = halma.pettingzoo.env(rules=rules)
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def run(steps: int) -> None:
        for _ in range(steps):
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.reset()
                continue
            env.step(masked_choice(rng, observation["action_mask"]))

    return 1.0 / best_of_five(run, seconds)


def vector_steps(rules: str, seconds: float, num_envs: int, numpy_sampling: bool) -> float:
    """Environment steps per second of HalmaVectorEnv (num_envs games a step)."""
    import numpy as np
    from halma.gymnasium import HalmaVectorEnv

    envs = HalmaVectorEnv(num_envs=num_envs, rules=rules, opponent="random")
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"masks": infos["action_mask"]}

    def run(batches: int) -> None:
        for _ in range(batches):
            if numpy_sampling:
                # A random legal action per game: the argmax of uniform noise
                # over the legal actions (a game without any gets 0, ignored).
                actions = (rng.random(state["masks"].shape, dtype=np.float32) * state["masks"]).argmax(axis=1)
            else:
                actions = envs.sample_actions()
            state["masks"] = envs.step(actions)[4]["action_mask"]

    return num_envs / best_of_five(run, seconds)


def measure(seconds: float, vector: bool) -> Dict[str, float]:
    """Every figure this version of the package supports, by name."""
    figures = {f"{name} (us)": value for name, value in calls(seconds).items()}
    for rules in ("halma8", "halma"):
        if vector:
            figures[f"{rules}: vector env, 256 games, native sampling (steps/s)"] = vector_steps(rules, seconds, 256, False)
            figures[f"{rules}: vector env, 64 games, numpy sampling from the masks (steps/s)"] = vector_steps(rules, seconds, 64, True)
        figures[f"{rules}: Gymnasium HalmaEnv (steps/s)"] = gymnasium_steps(rules, seconds)
        figures[f"{rules}: PettingZoo AEC env (steps/s)"] = pettingzoo_steps(rules, seconds)
    return figures


def run_baseline(directory: Path, library: Optional[Path], seconds: float) -> Dict[str, float]:
    """The figures of the package in `directory`, in a subprocess."""
    environment = dict(os.environ, PYTHONPATH=str(directory), PYTHONDONTWRITEBYTECODE="1")
    if library is not None:
        environment["HALMA_LIBRARY"] = str(library)
    else:
        environment.pop("HALMA_LIBRARY", None)
    command = [sys.executable, str(Path(__file__).resolve()), "--seconds", str(seconds), "--json", "--no-vector"]
    done = subprocess.run(command, env=environment, stdout=subprocess.PIPE, check=True, timeout=3600)
    figures: Dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure (default 2)")
    parser.add_argument("--baseline", type=Path, help="a folder holding another halma package")
    parser.add_argument("--baseline-library", type=Path, help="the baseline's native library (HALMA_LIBRARY)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-vector", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.seconds, vector=not args.no_vector)))
        return
    import halma

    print(f"halma {halma.version()} from {Path(halma.__file__).parent}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    figures = measure(args.seconds, vector=True)
    baseline = run_baseline(args.baseline, args.baseline_library, args.seconds) if args.baseline else {}
    for name, value in figures.items():
        line = f"{name:<75} {value:>12,.2f}"
        old = baseline.get(name)
        if old:
            better = old / value if name.endswith("(us)") else value / old
            line += f"   baseline {old:>12,.2f}   {better:6.1f}x"
        print(line)
    for name in ("halma8", "halma"):
        old = baseline.get(f"{name}: Gymnasium HalmaEnv (steps/s)")
        new = figures[f"{name}: vector env, 256 games, native sampling (steps/s)"]
        if old:
            print(f"{name}: the vector env against the baseline's Gymnasium HalmaEnv: {new / old:,.0f}x")


def use_the_package_beside() -> None:
    """Run from a checkout without an installed package: use bindings/python's."""
    try:
        import halma  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(HERE.parent))


if __name__ == "__main__":
    use_the_package_beside()
    main()
