#!/usr/bin/env bash
# halma.distributed on a real Ray cluster on loopback (docs/distributed.md):
# builds the package's native module and the `halma` program with cargo
# (release), installs ray and tqdm (the
# `distributed` extra) into a virtualenv of its own if they are missing there,
# and runs bindings/python/tests/test_distributed.py with
# HALMA_REQUIRE_CLIENT_TOOLS=1, so that a missing ray is a failure, not a skip.
# The tests start a head and a second node (`ray start`, one CPU each) and end
# them by process group; about a minute and a half on 2 cores.
#
#   scripts/distributed-test.sh            # needs python3 (with venv), cargo and PyPI access
#
# Environment: PYTHON (default python3), the Python the virtualenv is made
# from; HALMA_RAY_VENV, the virtualenv (default $CARGO_TARGET_DIR/ray-venv,
# kept between runs so that ray is downloaded once); CARGO_TARGET_DIR as
# usual (default target). Every step has a time limit: nothing here can hang.

set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
target=${CARGO_TARGET_DIR:-$PWD/target}
venv=${HALMA_RAY_VENV:-$target/ray-venv}

echo "== cargo build --release -p halma-python -p halma-cli"
timeout 1800 cargo build --quiet --release -p halma-python -p halma-cli
library=$target/release/lib_halma.so
[[ $(uname) == Darwin ]] && library=$target/release/lib_halma.dylib
[[ -f $library ]] || { echo "no native library at $library"; exit 1; }

if ! timeout 120 "$venv/bin/python" -c 'import ray, tqdm' 2>/dev/null; then
    echo "== installing ray and tqdm into $venv"
    rm -rf "$venv"
    timeout 300 "$python" -m venv "$venv"
    timeout 1800 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'ray[default]>=2.9' 'tqdm>=4.60'
fi
echo "   ray $(timeout 120 "$venv/bin/python" -c 'import ray; print(ray.__version__)')"

echo "== unittest test_distributed (a loopback Ray cluster)"
cd bindings/python
# The tests start their own nodes; a limit well above their minute and a half.
HALMA_REQUIRE_CLIENT_TOOLS=1 HALMA_DISTRIBUTED_TESTS=1 HALMA_LIBRARY=$library \
    HALMA_BINARY=$target/release/halma PYTHONDONTWRITEBYTECODE=1 \
    timeout 1200 "$venv/bin/python" -m unittest discover -v -s tests -p test_distributed.py
echo "distributed test passed"
