#!/usr/bin/env bash
# Builds the release artifacts into dist/ (docs/release.md):
#
#   halma-<version>-x86_64-linux-gnu.tar.gz      the C SDK: lib/libhalma.so.<version>
#       with its SONAME links, lib/libhalma.a (only halma_* global), both stripped;
#       include/halma/halma.h and halma.hpp; a relocatable lib/pkgconfig/halma.pc;
#       the CMake package in share/halma/cmake; README, licences, changelog
#   halma-cli-<version>-x86_64-linux-gnu.tar.gz  the stripped `halma` binary
#   halma_<version>-1_amd64.deb                  /usr/bin/halma, the libraries under
#       /usr/lib/x86_64-linux-gnu, the headers, halma.pc and the CMake package
#   SHA256SUMS
#
# Every binary is linked against glibc 2.17 (the manylinux2014 level, so it runs
# on every current Linux distribution) with cargo-zigbuild and zig, both from
# PyPI, installed on first use into a virtualenv under $HALMA_TOOLS_CACHE
# (default ~/.cache/halma-tools). The script prints the highest GLIBC_ symbol
# version each binary needs. scripts/release-test.sh tests the artifacts as a
# user receives them. Usage: scripts/release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

fail() { echo "release: FAILED: $*" >&2; exit 1; }
step() { echo "== release: $*"; }

for tool in python3 ld objcopy ar readelf objdump dpkg-deb sha256sum tar; do
    command -v "$tool" >/dev/null || fail "$tool is missing"
done

# The version, from the checked-in header (equal to Cargo.toml: crates/ffi/tests/header.rs).
header=crates/ffi/include/halma/halma.h
define() { sed -n "s/^#define HALMA_VERSION_$1 \([0-9]*\)$/\1/p" "$header"; }
major=$(define MAJOR) minor=$(define MINOR) patch=$(define PATCH)
version=$major.$minor.$patch
# The SONAME is cargo-c's for the version (docs/ffi.md, "ABI policy").
if [ "$major" = 0 ]; then abi=0.$minor; else abi=$major; fi
triple=x86_64-linux-gnu
glibc=2.17
target=x86_64-unknown-linux-gnu

step "cargo-zigbuild and zig (PyPI)"
cache=${HALMA_TOOLS_CACHE:-$HOME/.cache/halma-tools}
venv=$cache/zig-venv
if ! "$venv/bin/cargo-zigbuild" --version >/dev/null 2>&1 || ! "$venv/bin/python" -m ziglang version >/dev/null 2>&1; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "ziglang>=0.13,<0.18" "cargo-zigbuild>=0.19,<0.25" \
        || fail "pip install ziglang cargo-zigbuild"
fi
# cargo-zigbuild runs zig as `python3 -m ziglang` from the venv when no zig is on PATH.
export PATH=$venv/bin:$PATH
echo "cargo-zigbuild $("$venv/bin/cargo-zigbuild" --version | awk '{print $2}'), zig $("$venv/bin/python" -m ziglang version)"

# Release builds without debug info, symbols stripped (the profile keeps line
# tables for profiling). Each build has a target directory of its own: the
# library's link flags would otherwise rebuild the CLI's dependencies.
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=symbols
zig_target=$target.$glibc

step "the CLI for glibc $glibc"
CARGO_TARGET_DIR=target/release-cli cargo zigbuild --release --locked --target "$zig_target" -p halma-cli \
    || fail "cargo zigbuild -p halma-cli"
cli=target/release-cli/$target/release/halma

step "the C library for glibc $glibc"
# The SONAME cargo-c would give; --print names the system libraries the
# static library needs (Libs.private of halma.pc).
CARGO_TARGET_DIR=target/release-lib RUSTFLAGS="-C link-arg=-Wl,-soname,libhalma.so.$abi --print=native-static-libs" \
    cargo zigbuild --release --locked --target "$zig_target" -p halma-ffi 2>&1 | tee target/release-lib.log \
    || fail "cargo zigbuild -p halma-ffi"
grep -q "Finished" target/release-lib.log || fail "cargo zigbuild -p halma-ffi"
built=target/release-lib/$target/release
private=$(sed -n 's/^note: native-static-libs: //p' target/release-lib.log | tail -1)
[ -n "$private" ] || fail "rustc printed no native-static-libs"

work=$(mktemp -d "${TMPDIR:-/tmp}/halma-release.XXXXXX")
trap 'rm -rf "$work"' EXIT

step "libhalma.a: one object, only halma_* global"
# A Rust static library carries the standard library's symbols (__rust_alloc,
# rust_eh_personality, ...) as globals, which clash with another Rust static
# library in the same program. One relocatable link of the whole archive, then
# every symbol but the C API's exports made local: the API is the shared
# library's dynamic symbol table, which cbindgen's header declares.
nm -D --defined-only "$built/libhalma_ffi.so" | awk '{print $3}' | sort -u >"$work/exports.txt"
if grep -qv '^halma_' "$work/exports.txt"; then
    fail "libhalma.so exports more than halma_*: $(grep -v '^halma_' "$work/exports.txt" | tr '\n' ' ')"
fi
ld -r --whole-archive "$built/libhalma_ffi.a" -o "$work/halma.o"
# The objects also embed LLVM bitcode (.llvmbc) for cross-language LTO, which
# the C toolchain neither needs nor can always read (binutils' LTO plugin is
# older than rustc's LLVM): removed with the debug info.
objcopy --keep-global-symbols="$work/exports.txt" --strip-debug \
    --remove-section=.llvmbc --remove-section=.llvmcmd "$work/halma.o" "$work/halma-local.o"
rm -f "$work/libhalma.a"
ar rcs "$work/libhalma.a" "$work/halma-local.o"
others=$(nm -g --defined-only "$work/libhalma.a" | awk 'NF == 3 && $3 !~ /^halma_/' | wc -l)
[ "$others" = 0 ] || fail "libhalma.a defines $others global symbols besides halma_*"

sdk_name=halma-$version-$triple
cli_name=halma-cli-$version-$triple
deb_name=halma_$version-1_amd64
rm -rf dist
mkdir -p dist

# The pkg-config file; prefix and libdir as given. Cflags with both include
# directories, so that `#include <halma/halma.h>` and `#include "halma.h"` work.
write_pc() { # prefix libdir
    cat <<PC
prefix=$1
exec_prefix=\${prefix}
libdir=$2
includedir=\${prefix}/include

Name: halma
Description: Halma engine: rules, move generation, notation, records, perft and a computer player (C ABI)
Version: $version
Libs: -L\${libdir} -lhalma
Libs.private: $private
Cflags: -I\${includedir} -I\${includedir}/halma
PC
}

# lib/ (or the multiarch libdir) of a prefix: the shared library and its links, the static library.
install_libraries() { # libdir
    install -d "$1"
    install -m 0644 "$built/libhalma_ffi.so" "$1/libhalma.so.$version"
    ln -s "libhalma.so.$version" "$1/libhalma.so.$abi"
    ln -s "libhalma.so.$abi" "$1/libhalma.so"
    install -m 0644 "$work/libhalma.a" "$1/libhalma.a"
}

install_headers_and_cmake() { # prefix
    install -d "$1/include/halma" "$1/share/halma/cmake"
    install -m 0644 crates/ffi/include/halma/halma.h crates/ffi/include/halma/halma.hpp "$1/include/halma/"
    install -m 0644 crates/ffi/cmake/halma-config.cmake crates/ffi/cmake/halma-config-version.cmake \
        "$1/share/halma/cmake/"
}

step "the SDK $sdk_name.tar.gz"
sdk=$work/$sdk_name
install_libraries "$sdk/lib"
install_headers_and_cmake "$sdk"
install -d "$sdk/lib/pkgconfig"
# Relocatable: pkg-config sets ${pcfiledir} to the folder of the .pc file.
write_pc '${pcfiledir}/../..' '${exec_prefix}/lib' >"$sdk/lib/pkgconfig/halma.pc"
install -m 0644 LICENSE-MIT LICENSE-APACHE CHANGELOG.md "$sdk/"
install -m 0644 scripts/release/SDK-README.md "$sdk/README.md"
install -d "$sdk/examples"
install -m 0644 scripts/release/hello.c examples/c/play.c examples/cpp/play.cpp "$sdk/examples/"
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "dist/$sdk_name.tar.gz" "$sdk_name"

step "the CLI $cli_name.tar.gz"
clidir=$work/$cli_name
install -d "$clidir"
install -m 0755 "$cli" "$clidir/halma"
install -m 0644 LICENSE-MIT LICENSE-APACHE CHANGELOG.md "$clidir/"
install -m 0644 crates/cli/README.md "$clidir/README.md"
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "dist/$cli_name.tar.gz" "$cli_name"

step "the Debian package $deb_name.deb"
root=$work/deb
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/doc/halma"
install -m 0755 "$cli" "$root/usr/bin/halma"
install_libraries "$root/usr/lib/$triple"
install_headers_and_cmake "$root/usr"
install -d "$root/usr/lib/$triple/pkgconfig"
write_pc /usr '${exec_prefix}/lib/'"$triple" >"$root/usr/lib/$triple/pkgconfig/halma.pc"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: halma"
    echo
    echo "Files: *"
    echo "Copyright: 2026 The halma developers"
    echo "License: MIT or Apache-2.0"
    echo " On Debian systems the Apache License 2.0 is in /usr/share/common-licenses/Apache-2.0."
    echo " The MIT licence follows."
    echo " ."
    sed 's/^$/./; s/^/ /' LICENSE-MIT
} >"$root/usr/share/doc/halma/copyright"
gzip -9n <CHANGELOG.md >"$root/usr/share/doc/halma/changelog.gz"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: halma
Version: $version-1
Architecture: amd64
Maintainer: The halma developers <halma@users.noreply.invalid>
Installed-Size: $installed_size
Depends: libc6 (>= $glibc)
Section: games
Priority: optional
Description: Halma engine: command-line tool and C library
 The halma command-line tool (perft, legal moves, play against the engine,
 matches, solvers, the engine protocol) and libhalma, the C ABI of the engine,
 with its headers, a C++17 wrapper, halma.pc and a CMake package.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$root" "dist/$deb_name.deb" >/dev/null || fail "dpkg-deb --build"

step "SHA256SUMS"
(cd dist && sha256sum -- *.tar.gz *.deb >SHA256SUMS)

step "glibc each binary needs"
highest_glibc() { objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -uV | tail -1; }
for binary in "$cli" "$built/libhalma_ffi.so"; do
    needed=$(highest_glibc "$binary")
    echo "$(basename "$binary"): highest symbol version $needed"
    [ "$(printf '%s\n%s\n' "$needed" "GLIBC_$glibc" | sort -V | tail -1)" = "GLIBC_$glibc" ] \
        || fail "$(basename "$binary") needs $needed, above glibc $glibc"
done
echo "libhalma.so.$version: $(stat -c %s "$built/libhalma_ffi.so") bytes, SONAME $(readelf -d "$built/libhalma_ffi.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
echo "libhalma.a: $(stat -c %s "$work/libhalma.a") bytes, global symbols: $(nm -g --defined-only "$work/libhalma.a" | awk 'NF == 3' | wc -l), all halma_*"

step "dist/"
(cd dist && ls -l)
echo "$repo/dist"
