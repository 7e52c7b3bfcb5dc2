#!/usr/bin/env bash
# The Python package installed as users install it:
#
# 1. the manylinux2014 wheel of scripts/python-wheel.sh: `auditwheel show`
#    must accept it as manylinux_2_17 (glibc 2.17) and its library must be
#    stripped;
# 2. that one wheel in a fresh virtualenv of each CPython 3.9 to 3.13
#    (pyenv's, or $HALMA_PYTHONS: interpreters separated by spaces),
#    imported from a folder outside the repository with no environment
#    variable: the library is the package's own, and a smoke test plays;
# 3. on the newest of them, the whole unittest suite against the installed
#    wheel, with numpy, pettingzoo, gymnasium and cairosvg installed (none of
#    its tests may skip);
# 4. the sdist of scripts/python-wheel.sh --sdist: `pip install` builds it
#    with cargo in a fresh virtualenv (it carries the crates it needs), and
#    it imports;
# 5. `pip install -e ./bindings/python` from the checkout.
#
#   scripts/python-install-test.sh     # needs python3 with venv, cargo, PyPI
#
# A missing CPython version is skipped with a printed line, or is a failure
# under HALMA_REQUIRE_CLIENT_TOOLS (.ci/run). The sdist and editable builds
# use cargo's dev profile (the engine crates are optimised in it too) to
# save minutes, with their own target folders under target/ kept between
# runs. Every step has a time limit (HALMA_INSTALL_TIMEOUT seconds for each
# pip command, default 1800): nothing here can hang.

set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
python=${PYTHON:-python3}
limit=${HALMA_INSTALL_TIMEOUT:-1800}
target=${CARGO_TARGET_DIR:-$repository/target}

work=$(mktemp -d)
# The editable install writes the module into bindings/python/halma: remove
# it afterwards unless one was there before.
package=bindings/python
had_module=$(ls "$package"/halma/_halma*.so 2>/dev/null || true)
cleanup() {
    rm -rf "$work"
    if [[ -z $had_module ]]; then
        rm -f "$package"/halma/_halma*.so
    fi
}
trap cleanup EXIT
# The library must come from the package, never from a variable.
unset HALMA_LIBRARY PYTHONPATH

venv() { # venv DIR INTERPRETER: a fresh virtualenv
    timeout 300 "$2" -m venv "$1"
}
pip() { # pip DIR ARGS...: pip of a virtualenv, quiet
    local dir=$1
    shift
    timeout "$limit" "$dir/bin/python" -m pip --disable-pip-version-check --quiet "$@"
}

smoke_test='
import sys
from pathlib import Path

import halma
from halma import _library
from halma.rl import ActionCodec

repository = Path(sys.argv[1]).resolve()
package = Path(halma.__file__).resolve().parent
assert repository not in package.parents, f"halma was imported from the checkout: {package}"
assert (package / "py.typed").is_file(), "py.typed is not installed"
loaded = Path(_library.candidates()[0]).resolve()
assert loaded.parent == package and loaded.name.startswith("_halma."), f"the library is not the package own: {loaded}"
game = halma.Game("halma")
moves = game.legal_moves()
assert len(moves) == game.legal_move_count() == game.perft(1) > 0
children = 0
for move in moves:
    game.play(move)
    children += game.perft(1)
    game.undo()
assert game.perft(2) == children, (game.perft(2), children)
codec = ActionCodec(game.rules)
assert all(codec.decode(codec.encode(m, 0), game) == m for m in moves)
assert halma.__version__ == halma.version()
print(f"   Python {sys.version.split()[0]}: halma {halma.__version__} from {loaded.name}, {len(moves)} moves at the start")
'

echo "== the wheel (scripts/python-wheel.sh)"
wheel=$(scripts/python-wheel.sh | tail -n 1)
name=$(basename "$wheel")
echo "   $name"
case "$name" in
    halma-*-cp39-abi3-*manylinux*2014_x86_64*.whl | halma-*-cp39-abi3-*manylinux_2_17_x86_64*.whl) ;;
    *) echo "the wheel is not an abi3 manylinux2014 wheel: $name"; exit 1 ;;
esac

echo "== auditwheel show: manylinux_2_17, the library stripped"
venv "$work/tools" "$python"
pip "$work/tools" install auditwheel
report=$(timeout 300 "$work/tools/bin/auditwheel" show "$wheel")
grep -q 'consistent with the following platform tag:' <<<"$report" || { echo "$report"; exit 1; }
grep -q '"manylinux_2_17_x86_64"' <<<"$report" || { echo "auditwheel does not accept manylinux_2_17:"; echo "$report"; exit 1; }
mkdir "$work/unpacked"
timeout 120 "$work/tools/bin/python" -m zipfile -e "$wheel" "$work/unpacked"
library=$(ls "$work"/unpacked/halma/_halma*.so)
if readelf -S "$library" | grep -q '\.debug_\|\.symtab'; then
    echo "the library in the wheel is not stripped: $(readelf -S "$library" | grep -o '\.debug_[a-z]*\|\.symtab' | sort -u | tr '\n' ' ')"
    exit 1
fi
echo "   accepted as manylinux_2_17_x86_64; $(basename "$library") stripped, $(($(stat -c %s "$library") / 1024)) KiB"

echo "== the wheel on every CPython from 3.9 to 3.13"
mkdir "$work/elsewhere"
if [[ -n ${HALMA_PYTHONS:-} ]]; then
    read -r -a pythons <<<"$HALMA_PYTHONS"
else
    pythons=()
    for minor in 9 10 11 12 13; do
        found=$(ls -d "$HOME"/.pyenv/versions/3."$minor".* 2>/dev/null | sort -V | tail -n 1 || true)
        if [[ -n $found && -x $found/bin/python3 ]]; then
            pythons+=("$found/bin/python3")
        elif [[ -n ${HALMA_REQUIRE_CLIENT_TOOLS:-} ]]; then
            echo "CPython 3.$minor is not in ~/.pyenv/versions (HALMA_REQUIRE_CLIENT_TOOLS is set)"
            exit 1
        else
            echo "   skipped CPython 3.$minor: not in ~/.pyenv/versions"
        fi
    done
fi
[[ ${#pythons[@]} -gt 0 ]] || { echo "no CPython to test the wheel with"; exit 1; }
newest=""
for interpreter in "${pythons[@]}"; do
    dir="$work/venv-$(basename "$(dirname "$(dirname "$interpreter")")")"
    venv "$dir" "$interpreter"
    pip "$dir" install "$wheel"
    (cd "$work/elsewhere" && timeout 120 "$dir/bin/python" -c "$smoke_test" "$repository")
    newest=$dir
done

echo "== the whole test suite against the installed wheel ($("$newest/bin/python" --version))"
pip "$newest" install numpy pettingzoo gymnasium cairosvg
# From the tests folder, so that `import halma` finds the installed package,
# not the checkout's sources.
if ! (cd "$package/tests" && HALMA_REQUIRE_CLIENT_TOOLS=1 PYTHONDONTWRITEBYTECODE=1 timeout 900 \
    "$newest/bin/python" -m unittest discover -s . -t . >"$work/suite.log" 2>&1); then
    cat "$work/suite.log"
    exit 1
fi
grep -E '^(Ran|OK)' "$work/suite.log" | sed 's/^/   /'

echo "== the sdist in a fresh virtualenv (pip builds it with cargo)"
sdist=$(scripts/python-wheel.sh --sdist | tail -n 1)
echo "   $(basename "$sdist")"
venv "$work/sdist" "$python"
started=$(date +%s)
# No cache: pip would reuse the wheel it built from an sdist of this name.
MATURIN_PEP517_ARGS="--profile dev" CARGO_TARGET_DIR="$target/python-sdist" pip "$work/sdist" install --no-cache-dir "$sdist"
echo "   built and installed in $(($(date +%s) - started)) s"
(cd "$work/elsewhere" && timeout 120 "$work/sdist/bin/python" -c "$smoke_test" "$repository")

echo "== pip install -e ./bindings/python"
venv "$work/editable" "$python"
MATURIN_PEP517_ARGS="--profile dev" pip "$work/editable" install --no-cache-dir -e ./bindings/python
(
    cd "$work/elsewhere"
    timeout 120 "$work/editable/bin/python" -c '
import halma
from pathlib import Path
assert Path(halma.__file__).resolve().parent.parent.name == "python", halma.__file__
assert len(halma.Game("halma8").legal_moves()) == halma.Game("halma8").perft(1)
print("   editable install imports from", Path(halma.__file__).parent)
'
)
echo "python install test passed"
