#!/usr/bin/env bash
# Tests the release artifacts of scripts/release.sh as a user receives them,
# with no cargo or rustc on PATH and nothing of this checkout but the example
# sources (docs/release.md):
#
# - SHA256SUMS matches the files;
# - the SDK unpacked into a scratch folder: the layout and SONAME links; the
#   shared library at most 2.5 MB, the static one with only halma_* global;
#   through its relocatable halma.pc, C programs with `#include <halma/halma.h>`
#   (examples/c/play.c) and `#include "halma.h"` (hello.c), dynamic and static,
#   the C++17 wrapper (examples/cpp/play.cpp), and the C and C++ programs of
#   docs/getting-started.md; through CMake, examples/cmake;
# - the .deb unpacked into a scratch root (dpkg -x): its files, its
#   `halma perft --rules halma --depth 4`, and its halma.pc under
#   PKG_CONFIG_SYSROOT_DIR;
# - the CLI tarball's `halma`.
#
# Needs cc, c++, cmake, pkg-config, readelf, nm, dpkg-deb (.ci/run installs them).
# Usage: scripts/release-test.sh [DIST] (default dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dist=$(cd "${1:-dist}" && pwd)

fail() { echo "release-test: FAILED: $*" >&2; exit 1; }
step() { echo "== release-test: $*"; }

for tool in cc c++ cmake pkg-config readelf nm dpkg-deb sha256sum tar timeout; do
    command -v "$tool" >/dev/null || fail "$tool is missing"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/halma-release-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The user has no Rust: PATH keeps every folder without cargo or rustc; of a
# folder with them (rustup's, or /usr/bin with Debian's rustc), every other
# program is linked into a folder of the test's own.
mkdir "$work/bin"
user_path=$work/bin
IFS=: read -ra folders <<<"$PATH"
for folder in "${folders[@]}"; do
    [ -d "$folder" ] || continue
    if [ -e "$folder/cargo" ] || [ -e "$folder/rustc" ]; then
        for program in "$folder"/*; do
            name=${program##*/}
            case $name in cargo | cargo-* | rustc | rustdoc | rustup | rust-* | rustfmt | clippy-driver) continue ;; esac
            [ -x "$program" ] && [ ! -e "$work/bin/$name" ] && ln -s "$program" "$work/bin/$name"
        done
    else
        user_path=$user_path:$folder
    fi
done
export PATH=$user_path
hash -r
if command -v cargo >/dev/null || command -v rustc >/dev/null; then fail "cargo or rustc is still on PATH"; fi
unset CARGO_TARGET_DIR RUSTFLAGS

step "SHA256SUMS"
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match"

sdk_tar=$(cd "$dist" && ls halma-[0-9]*-x86_64-linux-gnu.tar.gz)
version=${sdk_tar#halma-}
version=${version%-x86_64-linux-gnu.tar.gz}
major=${version%%.*} rest=${version#*.} minor=${rest%%.*}
if [ "$major" = 0 ]; then abi=0.$minor; else abi=$major; fi

step "the SDK $sdk_tar, unpacked into a scratch folder"
tar -C "$work" -xzf "$dist/$sdk_tar"
sdk=$work/halma-$version-x86_64-linux-gnu
lib=$sdk/lib
for file in "lib/libhalma.so.$version" "lib/libhalma.so.$abi" lib/libhalma.so lib/libhalma.a \
    lib/pkgconfig/halma.pc include/halma/halma.h include/halma/halma.hpp \
    share/halma/cmake/halma-config.cmake share/halma/cmake/halma-config-version.cmake \
    LICENSE-MIT LICENSE-APACHE README.md examples/hello.c; do
    [ -e "$sdk/$file" ] || fail "the SDK lacks $file"
done
[ "$(readlink "$lib/libhalma.so")" = "libhalma.so.$abi" ] || fail "libhalma.so does not link to libhalma.so.$abi"
[ "$(readlink "$lib/libhalma.so.$abi")" = "libhalma.so.$version" ] || fail "libhalma.so.$abi does not link to libhalma.so.$version"
soname=$(readelf -d "$lib/libhalma.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libhalma.so.$abi" ] || fail "SONAME is '$soname', not libhalma.so.$abi"
size=$(stat -c %s "$lib/libhalma.so.$version")
[ "$size" -le 2621440 ] || fail "libhalma.so is $size bytes, above 2.5 MB"
readelf -S "$lib/libhalma.so.$version" | grep -q '\.debug_' && fail "libhalma.so has debug sections"
globals=$(nm -g --defined-only "$lib/libhalma.a" | awk 'NF == 3 {print $3}')
[ -n "$globals" ] || fail "libhalma.a defines no global symbol"
others=$(grep -cv '^halma_' <<<"$globals" || true)
[ "$others" = 0 ] || fail "libhalma.a defines global symbols besides halma_*: $(grep -v '^halma_' <<<"$globals" | head -5 | tr '\n' ' ')"
echo "libhalma.so.$version: $size bytes, SONAME $soname; libhalma.a: $(wc -l <<<"$globals") global symbols, all halma_*"

strict=(-Wall -Wextra -Werror)
play() { # exe game...: each game prints "all checks passed"
    local exe=$1 game
    shift
    for game in "$@"; do
        # shellcheck disable=SC2086
        timeout 300 "$exe" $game >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; fail "$exe $game exited with an error"; }
        grep -q "all checks passed" "$work/out.txt" || { cat "$work/out.txt"; fail "$exe $game: no success line"; }
    done
}
needs_libhalma() { readelf -d "$1" | grep -q "(NEEDED).*\[libhalma.so.$abi\]"; }
# Expected counts: the rule book's reference lines, and the figure the README promises.
reference() { # rules depth: the count of the start position's reference line
    awk -F'\t' -v r="$1" -v d="$2" '$1 == r && $2 == "startpos" && $3 == d {print $4}' tests/data/perft/reference.tsv
}
halma3=$(reference halma 3) halma8_3=$(reference halma8 3)
halma4=$(sed -n 's/.*perft --rules halma --depth 4 .*# last line: total \([0-9]*\)$/\1/p' README.md | head -1)
[ -n "$halma3" ] && [ -n "$halma8_3" ] && [ -n "$halma4" ] || fail "no expected counts (reference.tsv, README.md)"
hello() { # exe: perft 3 from the halma start
    local out
    out=$(timeout 60 "$1") || fail "$1 exited with an error"
    [ "$out" = "perft 3 from the halma start: $halma3" ] || fail "$1 printed '$out'"
}

export PKG_CONFIG_PATH=$lib/pkgconfig
step "pkg-config: $(pkg-config --cflags --libs halma)"
[ "$(pkg-config --modversion halma)" = "$version" ] || fail "halma.pc has version $(pkg-config --modversion halma)"
[ "$(pkg-config --variable=libdir halma)" -ef "$lib" ] || fail "halma.pc's libdir is not the SDK's lib/"
# shellcheck disable=SC2046
cflags=$(pkg-config --cflags halma) libs=$(pkg-config --libs halma)
private=$(pkg-config --libs --static halma | tr ' ' '\n' | grep -v -e '^-lhalma$' -e '^-L' | tr '\n' ' ')

step "C, #include <halma/halma.h>, dynamic"
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$sdk/examples/play.c" $libs -Wl,-rpath,"$lib" -o "$work/play_dynamic"
needs_libhalma "$work/play_dynamic" || fail "play_dynamic does not need libhalma.so.$abi"
play "$work/play_dynamic" "halma8 1 400" "halma10,spoil=fill 3 600"

step "C, #include <halma/halma.h>, static"
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$sdk/examples/play.c" "$lib/libhalma.a" $private -o "$work/play_static"
if needs_libhalma "$work/play_static"; then fail "play_static needs libhalma.so"; fi
play "$work/play_static" "halma8 1 400"

step "C, #include \"halma.h\", dynamic and static"
grep -q '^#include "halma.h"' "$sdk/examples/hello.c" || fail "hello.c does not include \"halma.h\""
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$sdk/examples/hello.c" $libs -Wl,-rpath,"$lib" -o "$work/hello_dynamic"
hello "$work/hello_dynamic"
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$sdk/examples/hello.c" "$lib/libhalma.a" $private -o "$work/hello_static"
hello "$work/hello_static"

step "C++17 wrapper"
# shellcheck disable=SC2086
c++ -std=c++17 "${strict[@]}" $cflags "$sdk/examples/play.cpp" $libs -Wl,-rpath,"$lib" -o "$work/play_cpp"
play "$work/play_cpp" "halma4 7 3000" "halma8 3 400"

step "the C and C++ programs of docs/getting-started.md"
block() { # language: the first fenced block of that language in docs/getting-started.md
    awk -v fence='```'"$1" '$0 == fence {inside = 1; next} inside && $0 == "```" {exit} inside {print}' docs/getting-started.md
}
block c >"$work/started.c"
block cpp >"$work/started.cpp"
[ -s "$work/started.c" ] && [ -s "$work/started.cpp" ] || fail "docs/getting-started.md has no c or cpp block"
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$work/started.c" $libs -Wl,-rpath,"$lib" -o "$work/started_c"
timeout 120 "$work/started_c" >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; fail "the C program of getting-started.md"; }
# shellcheck disable=SC2086
c++ -std=c++17 "${strict[@]}" $cflags "$work/started.cpp" $libs -Wl,-rpath,"$lib" -o "$work/started_cpp"
timeout 120 "$work/started_cpp" >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; fail "the C++ program of getting-started.md"; }

step "CMake: find_package(halma CONFIG) in examples/cmake"
unset PKG_CONFIG_PATH
timeout 600 cmake -S examples/cmake -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$sdk" \
    -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake configure"; }
timeout 600 cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake build"; }
needs_libhalma "$work/cmake-build/play_c" || fail "play_c does not need libhalma.so.$abi"
if needs_libhalma "$work/cmake-build/play_c_static"; then fail "play_c_static needs libhalma.so"; fi
play "$work/cmake-build/play_c" "halma8 1 400"
play "$work/cmake-build/play_c_static" "halma8 1 400"
play "$work/cmake-build/play_cpp" "halma8 3 400"

deb=$(cd "$dist" && ls halma_"$version"-*_amd64.deb)
step "the Debian package $deb, unpacked with dpkg -x"
root=$work/root
dpkg-deb -x "$dist/$deb" "$root"
multiarch=usr/lib/x86_64-linux-gnu
for file in usr/bin/halma "$multiarch/libhalma.so.$version" "$multiarch/libhalma.so.$abi" "$multiarch/libhalma.so" \
    "$multiarch/libhalma.a" "$multiarch/pkgconfig/halma.pc" usr/include/halma/halma.h usr/include/halma/halma.hpp \
    usr/share/halma/cmake/halma-config.cmake usr/share/doc/halma/copyright; do
    [ -e "$root/$file" ] || fail "the .deb lacks /$file"
done
[ "$(dpkg-deb -f "$dist/$deb" Package)" = halma ] || fail "the .deb's package is not halma"
total=$(timeout 120 "$root/usr/bin/halma" perft --rules halma --depth 4 | tail -1)
echo "$total"
[ "$total" = "total $halma4" ] || fail "the .deb's halma perft printed '$total'"
# The installed halma.pc, read as it would be under /usr.
cflags=$(PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$root/$multiarch/pkgconfig pkg-config --cflags halma)
libs=$(PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$root/$multiarch/pkgconfig pkg-config --libs halma)
# shellcheck disable=SC2086
cc -std=c99 -pedantic "${strict[@]}" $cflags "$sdk/examples/hello.c" $libs -Wl,-rpath,"$root/$multiarch" -o "$work/hello_deb"
hello "$work/hello_deb"

cli_tar=$(cd "$dist" && ls halma-cli-"$version"-x86_64-linux-gnu.tar.gz)
step "the CLI $cli_tar"
tar -C "$work" -xzf "$dist/$cli_tar"
cli=$work/halma-cli-$version-x86_64-linux-gnu/halma
readelf -S "$cli" | grep -q '\.debug_' && fail "halma has debug sections"
[ "$(timeout 60 "$cli" perft --rules halma8 --depth 3 | tail -1)" = "total $halma8_3" ] || fail "the CLI's perft 3 on halma8"

echo "release-test: all checks passed (halma $version, SONAME libhalma.so.$abi)"
