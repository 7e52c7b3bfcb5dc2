"""halma.distributed on a real Ray cluster on loopback: a head and a second
node (one CPU each), started with `ray start` in sessions of their own so that
tearDown ends exactly their processes (by process group, never by name).

Needs ray (`pip install 'halma[distributed]'`). Without it the cluster tests
are skipped with the reason; HALMA_REQUIRE_CLIENT_TOOLS=1 makes that a
failure. A plain `python -m unittest` (the Rust client test runs one) with no
ray installed collects only the checkpoint-file tests and says so, unless
HALMA_DISTRIBUTED_TESTS=1 (scripts/distributed-test.sh sets it) asks for the
cluster tests: the Rust suite's Python has no ray, and the cluster tests
belong to scripts/distributed-test.sh."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import halma
from halma.distributed import CheckpointError, Header, PerftRun, run_perft
from halma.distributed.checkpoint import Checkpoint
from halma.distributed.elo import Score, Sprt
from support import optional_module

try:
    import ray as _ray
except ImportError:
    _ray = None

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
REPOSITORY = PACKAGE_ROOT.parent.parent
#: The longest a `ray start` or a perft run of these tests may take.
COMMAND_LIMIT = 300.0


def load_tests(loader: unittest.TestLoader, standard: unittest.TestSuite, pattern: Optional[str]) -> unittest.TestSuite:
    if _ray is None and not os.environ.get("HALMA_DISTRIBUTED_TESTS"):
        print(
            "test_distributed: ray is not installed; the cluster tests are left to "
            "scripts/distributed-test.sh (HALMA_DISTRIBUTED_TESTS=1 runs them here)",
            file=sys.stderr,
        )
        suite = unittest.TestSuite()
        suite.addTests(loader.loadTestsFromTestCase(CheckpointFileTest))
        suite.addTests(loader.loadTestsFromTestCase(EloTest))
        return suite
    return standard


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _lines(path: Path) -> List[str]:
    try:
        return path.read_text().splitlines()
    except FileNotFoundError:
        return []


def _halma_binary() -> Optional[str]:
    """The `halma` program for the match test: $HALMA_BINARY, else a release build."""
    if os.environ.get("HALMA_BINARY"):
        return os.environ["HALMA_BINARY"]
    for target in (os.environ.get("CARGO_TARGET_DIR"), str(REPOSITORY / "target")):
        if target:
            for profile in ("release", "debug"):
                candidate = Path(target) / profile / "halma"
                if candidate.is_file():
                    return str(candidate)
    return shutil.which("halma")


class CheckpointFileTest(unittest.TestCase):
    """The checkpoint file alone (no ray needed)."""

    HEADER = Header("halma", "start", "", 3, 1, 40)

    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="halma-checkpoint-"))
        self.path = str(self.folder / "perft.ckpt")

    def tearDown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_a_torn_last_line_is_dropped_and_the_next_line_starts_clean(self) -> None:
        first = Checkpoint.open(self.path, self.HEADER)
        first.record(3, "a1-b2", 1234)
        first.close()
        with open(self.path, "a") as handle:
            handle.write('{"index": 4, "pa')  # a run killed while writing
        again = Checkpoint.open(self.path, self.HEADER)
        self.assertEqual(again.done, {3: 1234})
        again.record(5, "c3-d4", 99)
        again.close()
        third = Checkpoint.open(self.path, self.HEADER)
        self.assertEqual(third.done, {3: 1234, 5: 99})
        third.close()
        self.assertEqual(len(_lines(Path(self.path))), 3)

    def test_other_arguments_are_refused_with_what_differs(self) -> None:
        Checkpoint.open(self.path, self.HEADER).close()
        other = Header("halma", "start", "", 4, 1, 40)
        with self.assertRaisesRegex(CheckpointError, "other arguments.*depth: 3 in the file, 4 now"):
            Checkpoint.open(self.path, other)

    def test_a_subtree_recorded_twice_with_different_counts_is_refused(self) -> None:
        checkpoint = Checkpoint.open(self.path, self.HEADER)
        checkpoint.record(1, "a1-b2", 10)
        checkpoint.close()
        with open(self.path, "a") as handle:
            handle.write(json.dumps({"index": 1, "path": "a1-b2", "count": 11}) + "\n")
        with self.assertRaisesRegex(CheckpointError, "subtree 1 is recorded twice"):
            Checkpoint.open(self.path, self.HEADER)

    def test_a_file_that_is_not_a_checkpoint_is_refused(self) -> None:
        Path(self.path).write_text("total 12\n")
        with self.assertRaisesRegex(CheckpointError, "not JSON"):
            Checkpoint.open(self.path, self.HEADER)


class EloTest(unittest.TestCase):
    """The match summary and the SPRT (no ray needed)."""

    def test_the_summary_reads_like_halma_match(self) -> None:
        self.assertEqual(str(Score(2, 0, 0)), "+2 =0 -0 (100.0%), Elo +inf (95% interval: above -113)")
        self.assertRegex(str(Score(6, 2, 4)), r"^\+6 =2 -4 \(58\.3%\), Elo \+58 \+/- \d+$")

    def test_the_sprt_decides_each_way_and_not_too_early(self) -> None:
        sprt = Sprt(0.0, 50.0)
        self.assertIsNone(sprt.decision([1.0, 0.0, 0.5, 1.0]))
        self.assertEqual(sprt.decision([1.0, 1.0, 1.0, 0.0] * 100), "H1")
        self.assertEqual(sprt.decision([0.0, 0.0, 1.0, 0.5] * 100), "H0")
        with self.assertRaises(ValueError):
            Sprt(10.0, 0.0)


class LoopbackClusterTest(unittest.TestCase):
    """A head and a second node on 127.0.0.1, one CPU each, for the whole class.

    The test that kills the second node runs last (the names are sorted)."""

    folder: Path
    port: int
    env: Dict[str, str]
    groups: List[int]
    second: int
    ray: Any

    @classmethod
    def setUpClass(cls) -> None:
        cls.ray = optional_module("ray")
        cls.command = str(Path(sys.executable).with_name("ray"))
        if not os.path.exists(cls.command):
            cls.command = shutil.which("ray") or "ray"
        cls.folder = Path(tempfile.mkdtemp(prefix="halma-ray-"))
        cls.port = _free_port()
        cls.groups = []
        env = dict(os.environ)
        # The workers import halma as this process does (in place from the checkout, or installed).
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), env.get("PYTHONPATH")]))
        # Ray 2.5x asks for a token shared by the nodes; loopback needs none.
        env["RAY_AUTH_MODE"] = "disabled"
        env["RAY_USAGE_STATS_ENABLED"] = "0"
        cls.env = env
        os.environ["RAY_AUTH_MODE"] = "disabled"
        try:
            cls._start_node(
                [
                    "--head",
                    f"--port={cls.port}",
                    f"--ray-client-server-port={_free_port()}",
                    "--include-dashboard=false",
                    # Its own folder: nothing left in /tmp/ray for a later ray.init() to join.
                    f"--temp-dir={cls.folder / 'ray'}",
                ]
            )
            cls.second = cls._start_node([f"--address=127.0.0.1:{cls.port}"])
            cls.ray.init(address=f"127.0.0.1:{cls.port}", logging_level="ERROR", log_to_driver=False)
            deadline = time.monotonic() + 120
            while sum(1 for node in cls.ray.nodes() if node["Alive"]) < 2:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the second node did not join: {cls.ray.nodes()}")
                time.sleep(0.5)
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def _start_node(cls, arguments: List[str]) -> int:
        """Starts a node in a session of its own; returns its process group."""
        log = open(cls.folder / f"node-{len(cls.groups)}.log", "wb")
        process = subprocess.Popen(
            [cls.command, "start", "--node-ip-address=127.0.0.1", "--num-cpus=1", "--disable-usage-stats", *arguments],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=cls.env,
            start_new_session=True,
        )
        cls.groups.append(process.pid)
        try:
            status = process.wait(timeout=COMMAND_LIMIT)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"ray start {' '.join(arguments)} took more than {COMMAND_LIMIT} s") from None
        finally:
            log.close()
        if status != 0:
            raise AssertionError(f"ray start {' '.join(arguments)} failed ({status}):\n" + (cls.folder / f"node-{len(cls.groups) - 1}.log").read_text()[-3000:])
        return process.pid

    @classmethod
    def tearDownClass(cls) -> None:
        if cls.ray is not None and cls.ray.is_initialized():
            cls.ray.shutdown()
        # Every process a node started is in its `ray start`'s process group.
        for group in reversed(cls.groups):
            try:
                os.killpg(group, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.environ.pop("RAY_AUTH_MODE", None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def _cli(self, *arguments: str) -> "subprocess.Popen[bytes]":
        return subprocess.Popen(
            [sys.executable, "-m", "halma.distributed", "perft", *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self.env,
        )

    def _finish(self, process: "subprocess.Popen[bytes]") -> Tuple[int, str, str]:
        try:
            out, err = process.communicate(timeout=COMMAND_LIMIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate(timeout=30)
            raise AssertionError(f"the perft took more than {COMMAND_LIMIT} s") from None
        return process.returncode, out.decode(), err.decode()

    def _total(self, out: str) -> int:
        last = out.strip().splitlines()[-1]
        found = re.fullmatch(r"total (\d+)", last)
        self.assertIsNotNone(found, f"the last line is not `total N`: {out!r}")
        assert found is not None
        return int(found.group(1))

    def _wait_for_lines(self, path: Path, count: int, process: "subprocess.Popen[bytes]") -> None:
        deadline = time.monotonic() + COMMAND_LIMIT
        while len(_lines(path)) < count:
            if process.poll() is not None:
                raise AssertionError(f"the perft ended before {count} lines were in {path}: {self._finish(process)}")
            if time.monotonic() > deadline:
                raise AssertionError(f"fewer than {count} lines in {path} after {COMMAND_LIMIT} s")
            time.sleep(0.02)

    def test_counts_equal_the_single_machine_perft(self) -> None:
        with halma.Game("halma") as game:
            opening = game.notation(game.legal_moves()[7])
        cases = [
            ("halma", "", 4, 1),
            ("halma", opening, 3, 2),
            ("halma8", "", 4, 2),
            ("super-halma", "", 3, 1),
            ("halma4", "", 3, 1),
            ("halma,forced-exit,spoil=swap", "", 3, 1),
        ]
        for rules, moves, depth, split in cases:
            with self.subTest(rules=rules, moves=moves, depth=depth, split=split):
                with halma.Game(rules) as game:
                    for move in moves.split():
                        game.play(move)
                    expected = game.perft(depth)
                run = PerftRun(rules=rules, depth=depth, moves=moves.split(), split=split, progress=False)
                self.assertEqual(run_perft(run, ray=self.ray, report=lambda _: None), expected)

    def test_the_command_line_prints_the_total_last(self) -> None:
        with halma.Game("halma") as game:
            expected = game.perft(4)
        status, out, err = self._finish(self._cli("--rules", "halma", "--depth", "4", "--address", f"127.0.0.1:{self.port}"))
        self.assertEqual(status, 0, err)
        self.assertEqual(self._total(out), expected)
        self.assertIn("subtrees", err)
        # A table per task gives the same total.
        status, out, err = self._finish(
            self._cli("--rules", "halma", "--depth", "4", "--hash", "2", "--address", f"127.0.0.1:{self.port}")
        )
        self.assertEqual(status, 0, err)
        self.assertEqual(self._total(out), expected)

    def test_a_checkpoint_for_other_arguments_is_refused(self) -> None:
        path = self.folder / "other.ckpt"
        run = PerftRun(rules="halma8", depth=2, split=1, checkpoint=str(path), progress=False)
        run_perft(run, ray=self.ray, report=lambda _: None)
        for arguments in (["--rules", "halma8", "--depth", "3", "--split", "1"], ["--rules", "halma", "--depth", "2", "--split", "1"]):
            with self.subTest(arguments=arguments):
                before = path.read_bytes()
                status, out, err = self._finish(self._cli(*arguments, "--checkpoint", str(path), "--address", f"127.0.0.1:{self.port}"))
                self.assertEqual(status, 2, err)
                self.assertIn("was made for other arguments", err)
                self.assertNotIn("total", out)
                self.assertEqual(path.read_bytes(), before)

    def test_a_killed_driver_resumes_from_its_checkpoint(self) -> None:
        path = self.folder / "resume.ckpt"
        arguments = ["--rules", "super-halma", "--depth", "5", "--split", "2", "--checkpoint", str(path)]
        arguments += ["--address", f"127.0.0.1:{self.port}"]
        first = self._cli(*arguments)
        self._wait_for_lines(path, 100, first)
        first.kill()
        first.communicate(timeout=60)
        counted = len(_lines(path)) - 1
        status, out, err = self._finish(self._cli(*arguments))
        self.assertEqual(status, 0, err)
        with halma.Game("super-halma") as game:
            self.assertEqual(self._total(out), game.perft(5))
        resumed = re.search(r"(\d+) already counted", err)
        self.assertIsNotNone(resumed, err)
        assert resumed is not None
        self.assertGreaterEqual(int(resumed.group(1)), min(counted, 99))
        records = [json.loads(line) for line in _lines(path)[1:]]
        indices = [record["index"] for record in records]
        self.assertEqual(sorted(indices), list(range(1600)), "each subtree is in the file once")

    def test_a_match_plays_its_games_on_the_cluster(self) -> None:
        binary = _halma_binary()
        if binary is None:
            message = "no halma program (cargo build --release -p halma-cli, or HALMA_BINARY)"
            if os.environ.get("HALMA_REQUIRE_CLIENT_TOOLS"):
                self.fail(message)
            self.skipTest(message)
        process = subprocess.run(
            [sys.executable, "-m", "halma.distributed", "match", "--a", "nodes=200", "--b", "random", "--games", "4"]
            + ["--halma", str(binary), "--address", f"127.0.0.1:{self.port}", "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self.env,
            timeout=COMMAND_LIMIT,
        )
        out = process.stdout.decode()
        self.assertEqual(process.returncode, 0, process.stderr.decode())
        self.assertTrue(out.startswith("4 games of halma: A = nodes=200 vs B = random"), out)
        summary = re.search(r"^A vs B: \+(\d+) =(\d+) -(\d+) \(", out.splitlines()[-1])
        self.assertIsNotNone(summary, out)
        assert summary is not None
        self.assertEqual(sum(int(part) for part in summary.groups()), 4)

    def test_z_a_killed_node_loses_nothing(self) -> None:
        path = self.folder / "node.ckpt"
        process = self._cli(
            "--rules", "halma", "--depth", "5", "--split", "2", "--checkpoint", str(path), "--address", f"127.0.0.1:{self.port}"
        )
        self._wait_for_lines(path, 100, process)
        os.killpg(self.second, signal.SIGKILL)
        status, out, err = self._finish(process)
        self.assertEqual(status, 0, err)
        with halma.Game("halma") as game:
            self.assertEqual(self._total(out), game.perft(5))
        self.assertEqual(len(_lines(path)), 1601)
        deadline = time.monotonic() + 120
        while sum(1 for node in self.ray.nodes() if node["Alive"]) != 1:
            self.assertLess(time.monotonic(), deadline, "the second node is still alive: it was not killed")
            time.sleep(0.5)


if __name__ == "__main__":
    unittest.main()
