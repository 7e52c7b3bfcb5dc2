#!/usr/bin/env bash
# Installs the C library with cargo-c into a temporary prefix and builds the
# examples against the installed files only (never include/ or target/ of
# this checkout), as a C or C++ developer would (README, "Use it from C or
# C++"; docs/ffi.md, "Installing"):
#
# - the layout: libhalma.so and its versioned links, libhalma.a, halma.pc,
#   include/halma/halma.h and halma.hpp, share/halma/cmake/halma-config.cmake;
# - the SONAME, libhalma.so.0.MINOR before 1.0 (the ABI policy of docs/ffi.md);
# - the installed header is byte for byte include/halma.h;
# - examples/c through pkg-config, dynamically and statically; examples/cpp
#   through pkg-config; examples/cmake (find_package(halma CONFIG)): each
#   runs and passes its checks;
# - the README's uninstall lines leave the prefix empty.
#
# Needs cargo-c (`cargo install cargo-c --locked`), cmake, pkg-config, cc,
# c++ and readelf; .ci/run installs them. Usage: scripts/c-install-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

for tool in cmake pkg-config cc c++ readelf timeout; do
    command -v "$tool" >/dev/null || { echo "c-install-test: $tool is missing" >&2; exit 1; }
done
cargo cinstall --version >/dev/null 2>&1 || {
    echo "c-install-test: cargo-c is missing (cargo install cargo-c --locked)" >&2
    exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/halma-c-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "c-install-test: FAILED: $*" >&2; exit 1; }
step() { echo "== c-install-test: $*"; }

# The version, from the checked-in header (equal to Cargo.toml: tests/header.rs).
define() { sed -n "s/^#define HALMA_VERSION_$1 \([0-9]*\)$/\1/p" include/halma.h; }
major=$(define MAJOR) minor=$(define MINOR) patch=$(define PATCH)
version=$major.$minor.$patch
if [ "$major" = 0 ]; then abi=0.$minor; else abi=$major; fi

step "cargo cinstall into $prefix"
timeout 1800 cargo cinstall -p halma-ffi --release --prefix "$prefix" --libdir "$prefix/lib" \
    >"$work/cinstall.log" 2>&1 || { cat "$work/cinstall.log"; fail "cargo cinstall"; }

step "layout"
lib=$prefix/lib
for file in "lib/libhalma.so" "lib/libhalma.so.$abi" "lib/libhalma.so.$version" "lib/libhalma.a" \
    lib/pkgconfig/halma.pc include/halma/halma.h include/halma/halma.hpp \
    share/halma/cmake/halma-config.cmake share/halma/cmake/halma-config-version.cmake; do
    [ -e "$prefix/$file" ] || fail "$file is not installed (files: $(cd "$prefix" && find . -type f -o -type l | sort | tr '\n' ' '))"
done
for link in libhalma.so "libhalma.so.$abi"; do
    [ "$(readlink "$lib/$link")" = "libhalma.so.$version" ] || fail "$link does not link to libhalma.so.$version"
done

step "SONAME libhalma.so.$abi"
soname=$(readelf -d "$lib/libhalma.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libhalma.so.$abi" ] || fail "SONAME is '$soname', not libhalma.so.$abi"

step "installed headers equal include/"
cmp "$prefix/include/halma/halma.h" include/halma.h || fail "the installed halma.h differs from include/halma.h"
cmp "$prefix/include/halma/halma.hpp" include/halma.hpp || fail "the installed halma.hpp differs from include/halma.hpp"

export PKG_CONFIG_PATH=$lib/pkgconfig
step "pkg-config: $(pkg-config --modversion halma); $(grep '^Libs' "$lib/pkgconfig/halma.pc" | tr '\n' ' ')"
[ "$(pkg-config --modversion halma)" = "$version" ] || fail "halma.pc has version $(pkg-config --modversion halma), not $version"
grep -q '^Libs.private: .*-lpthread' "$lib/pkgconfig/halma.pc" || fail "halma.pc lacks the system libraries in Libs.private"

strict=(-Wall -Wextra -Werror)
games=("halma8 1 400" "halma10,spoil=fill 3 600")
play() { # exe: runs the example's games, which print "all checks passed"
    local exe=$1 game
    for game in "${games[@]}"; do
        # shellcheck disable=SC2086
        timeout 300 "$exe" $game >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; fail "$exe $game exited with an error"; }
        grep -q "all checks passed" "$work/out.txt" || { cat "$work/out.txt"; fail "$exe $game: no success line"; }
    done
}
needs_libhalma() { readelf -d "$1" | grep -q "(NEEDED).*\[libhalma.so.$abi\]"; }

step "C, dynamic, through pkg-config"
# shellcheck disable=SC2046
cc -std=c99 -pedantic "${strict[@]}" $(pkg-config --cflags halma) examples/c/play.c \
    $(pkg-config --libs halma) -Wl,-rpath,"$lib" -o "$work/play_dynamic"
needs_libhalma "$work/play_dynamic" || fail "play_dynamic does not need libhalma.so.$abi"
play "$work/play_dynamic"

step "C, static, through pkg-config (the archive by path, then Libs.private)"
private=$(pkg-config --libs --static halma | tr ' ' '\n' | grep -v -e '^-lhalma$' -e '^-L' | tr '\n' ' ')
# shellcheck disable=SC2046,SC2086
cc -std=c99 -pedantic "${strict[@]}" $(pkg-config --cflags halma) examples/c/play.c \
    "$(pkg-config --variable=libdir halma)/libhalma.a" $private -o "$work/play_static"
if needs_libhalma "$work/play_static"; then fail "play_static needs libhalma.so"; fi
play "$work/play_static"

step "C++17 wrapper through pkg-config"
# shellcheck disable=SC2046
c++ -std=c++17 "${strict[@]}" $(pkg-config --cflags halma) examples/cpp/play.cpp \
    $(pkg-config --libs halma) -Wl,-rpath,"$lib" -o "$work/play_cpp"
games=("halma4 7 3000" "halma8 3 400")
play "$work/play_cpp"

step "CMake: find_package(halma CONFIG) in examples/cmake"
unset PKG_CONFIG_PATH
timeout 600 cmake -S examples/cmake -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake configure"; }
timeout 600 cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake build"; }
needs_libhalma "$work/cmake-build/play_c" || fail "play_c does not need libhalma.so.$abi"
if needs_libhalma "$work/cmake-build/play_c_static"; then fail "play_c_static needs libhalma.so"; fi
games=("halma8 1 400" "halma10,spoil=fill 3 600")
play "$work/cmake-build/play_c"
play "$work/cmake-build/play_c_static"
games=("halma8 3 400")
play "$work/cmake-build/play_cpp"

step "CMake refuses an incompatible version"
mkdir -p "$work/cmake-old"
cat >"$work/cmake-old/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(old LANGUAGES C)
find_package(halma $((major + 1)).0 CONFIG REQUIRED)
CMAKE
if timeout 300 cmake -S "$work/cmake-old" -B "$work/cmake-old/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null 2>&1; then
    fail "find_package(halma $((major + 1)).0) accepted version $version"
fi

step "uninstall (the README's lines)"
# The very lines of README.md (`rm -f`/`rm -rf $P/...`), so that a file the
# README forgets to remove is found left over below.
uninstall=$(grep -E '^rm -r?f +\$P/' README.md || true)
[ -n "$uninstall" ] || fail "README.md has no uninstall lines (rm -f \$P/...)"
P="$prefix" bash -euc "$uninstall"
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "files left after uninstalling: $left"

echo "c-install-test: all checks passed (SONAME libhalma.so.$abi, halma $version)"
