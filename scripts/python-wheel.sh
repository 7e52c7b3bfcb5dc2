#!/usr/bin/env bash
# Builds the Python package's wheel for every Linux: manylinux2014 (glibc
# 2.17) x86_64, one abi3 wheel for CPython 3.9 and later, the native module
# stripped. maturin builds it with cargo and links it with zig (`--zig`,
# ziglang from PyPI) against glibc 2.17's symbols, so the wheel needs no
# auditwheel repair.
#
#   scripts/python-wheel.sh            # prints the wheel's path as its last line
#   scripts/python-wheel.sh --sdist    # the source distribution instead (its path last)
#
# maturin and ziglang are installed once into a virtualenv of their own,
# $HALMA_WHEEL_TOOLS (default ~/.cache/halma/wheel-tools), and reused; the
# wheel goes to target/wheels/ (CARGO_TARGET_DIR's wheels/ when set). Needs
# python3 with venv, a Rust toolchain, and PyPI for the first run. Every
# step has a time limit (HALMA_WHEEL_TIMEOUT seconds for the build, default
# 1800): nothing here can hang.

set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
python=${PYTHON:-python3}
tools=${HALMA_WHEEL_TOOLS:-$HOME/.cache/halma/wheel-tools}
limit=${HALMA_WHEEL_TIMEOUT:-1800}
target=${CARGO_TARGET_DIR:-$repository/target}
out=$target/wheels
# The versions known to work (a bump is a change here).
maturin_version=1.16.0
ziglang_version=0.15.1

mode=wheel
case "${1:-}" in
    "") ;;
    --sdist) mode=sdist ;;
    *) echo "usage: $0 [--sdist]" >&2; exit 2 ;;
esac

if ! "$tools/bin/python" -c "import ziglang" 2>/dev/null \
    || [[ "$("$tools/bin/maturin" --version 2>/dev/null)" != "maturin $maturin_version" ]]; then
    echo "== installing maturin $maturin_version and ziglang $ziglang_version into $tools" >&2
    rm -rf "$tools"
    timeout 300 "$python" -m venv "$tools"
    timeout 600 "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
        "maturin==$maturin_version" "ziglang==$ziglang_version" >&2
fi

mkdir -p "$out"
before=$(mktemp)
trap 'rm -f "$before"' EXIT
ls "$out" >"$before"
cd bindings/python
if [[ $mode == sdist ]]; then
    echo "== maturin sdist" >&2
    timeout "$limit" "$tools/bin/maturin" sdist --out "$out" >&2
    pattern='halma-*.tar.gz'
else
    echo "== maturin build: manylinux2014 x86_64, abi3, stripped, linked by zig" >&2
    PATH="$tools/bin:$PATH" timeout "$limit" "$tools/bin/maturin" build --release --strip --zig \
        --compatibility manylinux2014 --target x86_64-unknown-linux-gnu --out "$out" >&2
    pattern='halma-*-manylinux*_x86_64.whl'
fi
# The file this run wrote (maturin overwrites a wheel of the same name).
built=$(cd "$out" && ls -t $pattern | head -n 1)
[[ -n $built ]] || { echo "maturin wrote no $pattern into $out" >&2; exit 1; }
echo "$out/$built"
