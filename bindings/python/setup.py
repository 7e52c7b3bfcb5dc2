"""Builds the native library (crates/ffi) with cargo and ships it inside the package.

`pip install ./bindings/python`, `pip wheel ./bindings/python` and
`pip install -e ./bindings/python` all run `cargo rustc -p halma-ffi
--crate-type cdylib` in the repository this directory belongs to and copy the
shared library it reports (read from cargo's JSON messages, not guessed from a
file name) into the `halma` package, where `halma._library` loads it first.

Environment (all optional):
- `HALMA_BUILD_PROFILE`: the cargo profile, `release` by default (thin LTO,
  one codegen unit: a cold build took 83 s on a busy 2-core machine, against
  72 s without LTO and with 16 units, too small a gain to ship slower code;
  `dev` builds faster for quick local tries).
- `HALMA_PREBUILT_LIBRARY`: the path of an already built library to ship
  instead of building one.
- `CARGO`: the cargo executable; `CARGO_TARGET_DIR` as usual.
- `HALMA_CARGO_TIMEOUT`: the most seconds the cargo build may take before it
  is killed and the build fails (default 1800, about twenty times a cold release
  build on a busy 2-core machine; a positive number).

The package holds no C code of its own, so the wheel is tagged `py3-none-<platform>`:
any Python 3 on that platform can load it.
"""

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
SUFFIXES = (".so", ".dylib", ".dll")


def _cargo_timeout() -> float:
    """The cargo build's limit in seconds: HALMA_CARGO_TIMEOUT or 1800."""
    text = os.environ.get("HALMA_CARGO_TIMEOUT", "1800")
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not math.isfinite(seconds) or seconds <= 0:
        raise SystemExit(f"HALMA_CARGO_TIMEOUT={text!r} is not a positive number of seconds")
    return seconds


def _library_name() -> str:
    """The name the package loads (halma._library looks for this file)."""
    if sys.platform == "win32":
        return "halma.dll"
    if sys.platform == "darwin":
        return "libhalma.dylib"
    return "libhalma.so"


def _build_library() -> Path:
    """Runs cargo and returns the path of the shared library it built."""
    prebuilt = os.environ.get("HALMA_PREBUILT_LIBRARY")
    if prebuilt:
        path = Path(prebuilt)
        if not path.is_file():
            raise SystemExit(f"HALMA_PREBUILT_LIBRARY={prebuilt}: no such file")
        return path
    manifest = REPOSITORY / "crates" / "ffi" / "Cargo.toml"
    if not manifest.is_file():
        raise SystemExit(
            f"cannot build the native library: {manifest} is missing. The halma "
            "package builds from a checkout of the halma repository "
            "(pip install ./bindings/python), not from a copy of this folder alone."
        )
    cargo = os.environ.get("CARGO", "cargo")
    profile = os.environ.get("HALMA_BUILD_PROFILE", "release")
    command = [
        cargo,
        "rustc",
        "--manifest-path",
        str(manifest),
        "-p",
        "halma-ffi",
        "--lib",
        "--profile",
        profile,
        "--crate-type",
        "cdylib",
        "--message-format=json-render-diagnostics",
    ]
    limit = _cargo_timeout()
    print("building the native library:", " ".join(command), file=sys.stderr, flush=True)
    try:
        process = subprocess.run(command, cwd=REPOSITORY, stdout=subprocess.PIPE, check=False, timeout=limit)
    except subprocess.TimeoutExpired:
        raise SystemExit(
            f"cargo did not finish building the native library within {limit:g} s: killed "
            "(set HALMA_CARGO_TIMEOUT to allow more)"
        ) from None
    except FileNotFoundError:
        raise SystemExit(
            f"cannot run {cargo!r}: the halma package needs a Rust toolchain to build "
            "its native library (https://rustup.rs), or HALMA_PREBUILT_LIBRARY"
        ) from None
    if process.returncode != 0:
        raise SystemExit(f"cargo failed ({process.returncode}) building the native library")
    found = []
    for line in process.stdout.decode().splitlines():
        try:
            message = json.loads(line)
        except ValueError:
            continue
        target = message.get("target", {})
        if message.get("reason") == "compiler-artifact" and "cdylib" in target.get("kind", []):
            found += [Path(name) for name in message.get("filenames", []) if name.endswith(SUFFIXES)]
    if len(found) != 1:
        raise SystemExit(f"cargo reported {len(found)} shared libraries for halma-ffi, not one: {found}")
    return found[0]


class BuildPy(build_py):
    """build_py that also builds the native library into the package."""

    def run(self) -> None:
        super().run()
        library = _build_library()
        if getattr(self, "editable_mode", False):
            # `pip install -e`: the package is loaded from the source folder.
            destination = HERE / "halma" / _library_name()
        else:
            destination = Path(self.build_lib) / "halma" / _library_name()
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(library, destination)
        print(f"copied {library} to {destination}", file=sys.stderr)


class BinaryDistribution(Distribution):
    """A distribution with a platform-specific file (the native library)."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheel(bdist_wheel):
    """Platform wheel, any Python 3: the library is loaded with ctypes, not as an extension."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):  # type: ignore[no-untyped-def]
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel})
