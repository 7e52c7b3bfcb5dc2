#!/usr/bin/env bash
# The npm package `halma` (bindings/js) built, packed and tested as a user
# installs it: crates/wasm compiled to wasm32-unknown-unknown (panic=abort),
# wasm-bindgen's glue, wasm-opt, `npm pack`, the tarball installed into an
# empty project, its tests run there with `node --test` against the native
# `halma` CLI, and its types checked by TypeScript. The last line printed is
# the tarball's path.
#
#   scripts/js-package.sh            # needs root for apt-get the first time, crates.io and npm
#   scripts/js-package.sh --bench    # and then bindings/js/bench/perft.mjs: the package
#                                    # against the native CLI (perft 5, engine nodes/s)
#   scripts/js-package.sh --check-tools   # only says what is missing (exit 1) or not (exit 0):
#                                         # `cargo test` runs this script only when nothing is
#                                         # missing (crates/wasm/tests/js_package.rs)
#   scripts/js-package.sh --pack     # only builds and packs (no CLI, no tests): what
#                                    # scripts/web-build.sh installs into the web app
#
# What it installs when missing (and keeps: later runs reuse it):
# - Debian's rustc-web, cargo-web, rust-web-src and lld-22 (Rust 1.96 with
#   the standard library's source, which -Zbuild-std compiles for wasm32);
#   Debian's cargo and rustc go first on PATH for the wasm build only;
# - wasm-bindgen-cli at the version crates/wasm/Cargo.toml pins, with
#   `cargo install` (without --locked: its lock file names a crate version
#   the registry no longer has) into $HALMA_TOOLS_DIR (default
#   ~/.cache/halma-tools);
# - binaryen's wasm-opt from npm (Debian's, version 108, breaks the module's
#   externref table) into the same directory;
# - TypeScript from npm, in the scratch project (npm's cache keeps it).
#
# Environment: HALMA_TOOLS_DIR as above; HALMA_JS_OUT, where the tarball
# goes (default target/js); HALMA_PERFT_LEAF_BUDGET, the largest reference
# perft count the tests run (default 10 000 000: every line). Every step
# runs under a time limit.

set -euo pipefail
cd "$(dirname "$0")/.."
bench=false
check_only=false
pack_only=false
case "${1:-}" in
    "") ;;
    --bench) bench=true ;;
    --check-tools) check_only=true ;;
    --pack) pack_only=true ;;
    *) echo "usage: $0 [--bench | --check-tools | --pack]" >&2; exit 2 ;;
esac
repository=$PWD
tools=${HALMA_TOOLS_DIR:-$HOME/.cache/halma-tools}
out=${HALMA_JS_OUT:-$repository/target/js}
package=$repository/bindings/js
wasm_target=$repository/target/wasm
wasm_bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/wasm/Cargo.toml)
binaryen_version=132.0.0
typescript_version=5.9.3
node_types_version=20.19.43
# The largest .wasm after wasm-opt (the issue's limit: 1.5 MB).
max_wasm_bytes=1500000
[[ -n $wasm_bindgen_version ]] || { echo "no exact wasm-bindgen version in crates/wasm/Cargo.toml" >&2; exit 1; }

debian_packages=(rustc-web cargo-web rust-web-src lld-22)
wasm_bindgen=$tools/bin/wasm-bindgen
binaryen=$tools/binaryen-$binaryen_version
wasm_opt=$binaryen/node_modules/.bin/wasm-opt
installed() {
    [[ $(dpkg-query -W -f='${Status}\n' "$@" 2>/dev/null | grep -c "install ok installed") -eq $# ]]
}
has_wasm_bindgen() {
    [[ "$("$wasm_bindgen" --version 2>/dev/null)" == "wasm-bindgen $wasm_bindgen_version" ]]
}

if $check_only; then
    missing=()
    installed "${debian_packages[@]}" || missing+=("Debian's ${debian_packages[*]}")
    has_wasm_bindgen || missing+=("wasm-bindgen-cli $wasm_bindgen_version in $tools/bin")
    [[ -x $wasm_opt ]] || missing+=("binaryen $binaryen_version (npm) in $binaryen")
    for tool in node npm; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    if ((${#missing[@]} > 0)); then
        echo "missing: ${missing[*]}"
        exit 1
    fi
    echo "every tool of scripts/js-package.sh is installed"
    exit 0
fi

echo "== Debian's Rust for wasm32 (${debian_packages[*]})"
if ! installed "${debian_packages[@]}"; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "missing ${debian_packages[*]}: run as root, or apt-get install them" >&2
        exit 1
    fi
    timeout 900 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 1800 apt-get install -y -qq --no-install-recommends "${debian_packages[@]}" >/dev/null
fi
# Debian's cargo and rustc (1.96, built with the std source) before rustup's.
debian_path=/usr/bin:$PATH
echo "   $(PATH=$debian_path cargo --version), $(PATH=$debian_path rustc --version)"

echo "== wasm-bindgen-cli $wasm_bindgen_version"
if ! has_wasm_bindgen; then
    echo "   installing it into $tools (cargo install, about 10 minutes)"
    timeout 3600 cargo install --quiet --root "$tools" --force wasm-bindgen-cli --version "$wasm_bindgen_version"
fi

echo "== binaryen $binaryen_version (wasm-opt, from npm)"
if [[ ! -x $wasm_opt ]]; then
    mkdir -p "$binaryen"
    timeout 900 npm install --prefix "$binaryen" --no-audit --no-fund --silent "binaryen@$binaryen_version"
fi

if ! $pack_only; then
    echo "== the native halma CLI (the tests compare with it)"
    timeout 3600 cargo build --quiet --release -p halma-cli
    target_dir=${CARGO_TARGET_DIR:-target}
    [[ $target_dir == /* ]] || target_dir=$repository/$target_dir
    cli=$target_dir/release/halma
fi

echo "== crates/wasm for wasm32-unknown-unknown (-Zbuild-std, panic=abort)"
started=$(date +%s)
# A target directory of its own: std built for wasm32, and profile settings
# (panic=abort, no debug info) that differ from the workspace's.
PATH=$debian_path RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
    CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_DEBUG=false \
    timeout 3600 cargo build --quiet --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort -p halma-wasm --target-dir "$wasm_target"
module=$wasm_target/wasm32-unknown-unknown/release/halma_wasm.wasm
echo "   $(stat -c %s "$module") bytes in $(($(date +%s) - started)) s"

echo "== wasm-bindgen --target web, wasm-opt -O3"
glue=$wasm_target/glue
rm -rf "$glue"
timeout 600 "$wasm_bindgen" --target web --no-typescript --out-dir "$glue" --out-name halma_wasm "$module"
# wasm-opt takes a minute: its output is kept by the hash of its input.
digest=$(sha256sum "$glue/halma_wasm_bg.wasm" | cut -c1-32)
optimized=$wasm_target/opt/$digest.wasm
if [[ ! -f $optimized ]]; then
    mkdir -p "$wasm_target/opt"
    # The features rustc enables for wasm32 by default, no others.
    timeout 1200 "$wasm_opt" -O3 --enable-bulk-memory --enable-multivalue --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-reference-types --enable-sign-ext \
        "$glue/halma_wasm_bg.wasm" -o "$optimized.partial"
    mv "$optimized.partial" "$optimized"
fi
mkdir -p "$package/wasm"
cp "$glue/halma_wasm.js" "$package/wasm/halma_wasm.js"
cp "$optimized" "$package/wasm/halma_wasm_bg.wasm"
size=$(stat -c %s "$package/wasm/halma_wasm_bg.wasm")
echo "   halma_wasm_bg.wasm: $(stat -c %s "$glue/halma_wasm_bg.wasm") bytes, $size after wasm-opt (limit $max_wasm_bytes)"
if ((size > max_wasm_bytes)); then
    echo "the .wasm is larger than $max_wasm_bytes bytes" >&2
    exit 1
fi

echo "== npm pack"
mkdir -p "$out"
tarball=$out/$(cd "$package" && timeout 300 npm pack --silent --pack-destination "$out")
echo "   $tarball"
if $pack_only; then
    echo "$tarball"
    exit 0
fi

echo "== the tarball installed into an empty project, with TypeScript $typescript_version"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/package.json" <<'EOF'
{ "name": "halma-package-test", "private": true, "type": "module" }
EOF
(cd "$scratch" && timeout 900 npm install --no-audit --no-fund --silent "$tarball" \
    "typescript@$typescript_version" "@types/node@$node_types_version")
cp -r "$package/test" "$scratch/test"

echo "== import { Game, Engine } from \"halma\" in Node, from the scratch project"
(cd "$scratch" && timeout 60 node --input-type=module -e '
import { Game, Engine } from "halma";
const game = new Game();
const engine = new Engine({ level: 1 });
const moves = game.legalMoves();
if (moves.length !== 40 || !moves.includes(engine.search(game, { depth: 1 }).bestMove)) process.exit(1);
console.log(`   ${moves.length} legal moves at the halma start`);
')

echo "== TypeScript sees the types (tsc --strict: a Node project, then a browser one)"
# `types` in a tsconfig: the command line cannot say "no @types packages".
typecheck() {
    cat >"$scratch/tsconfig.$1.json" <<JSON
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "es2022",
    "module": "nodenext", "moduleResolution": "nodenext", "lib": $2, "types": $3
  },
  "files": ["test/types.ts"]
}
JSON
    (cd "$scratch" && timeout 300 npx tsc -p "tsconfig.$1.json")
}
typecheck node '["es2022"]' '["node"]'
typecheck browser '["es2022", "dom"]' '[]'

echo "== node --test, against the installed package"
(cd "$scratch" && HALMA_CLI=$cli HALMA_REPOSITORY=$repository \
    timeout 1800 node --test --test-reporter=spec test/)

if $bench; then
    echo "== benchmark: the package against the native CLI, in one run (bench/perft.mjs)"
    cp -r "$package/bench" "$scratch/bench"
    (cd "$scratch" && HALMA_CLI=$cli timeout 1800 node bench/perft.mjs)
fi

echo "$tarball"
