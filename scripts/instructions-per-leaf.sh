#!/usr/bin/env bash
# Instructions per perft leaf under callgrind, for halma and for the plain
# baseline generator halma_reference::baseline: repeatable, unlike wall time on a
# shared machine, so a regression in move generation shows up as a number.
#
#   scripts/instructions-per-leaf.sh                 # the standard set below
#   scripts/instructions-per-leaf.sh RULES POSITION DEPTH
#   HALMA_ONLY=1 scripts/...                         # skip the baseline column
#   HALMA_ARGS=--reuse-replies scripts/...           # extra arguments of `halma perft`
#
# Needs valgrind (apt-get install valgrind). Builds the release binaries first;
# honours CARGO_TARGET_DIR and RUSTFLAGS (e.g. -C target-cpu=native).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 2; }
cargo build --release -q -p halma-cli
cargo build --release -q --example perft_vs_baseline
target="${CARGO_TARGET_DIR:-target}/release"

# Runs a command under callgrind; prints "<last word of its last line> <instructions>".
count() {
    local out leaves
    out=$(mktemp)
    leaves=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>/dev/null | tail -n 1 | awk '{print $NF}')
    echo "$leaves $(awk '/^summary:/ {print $2}' "$out")"
    rm -f "$out"
}

measure() {
    local rules=$1 position=$2 depth=$3 halma baseline
    local args=(--rules "$rules" --depth "$depth")
    [ "$position" != startpos ] && args+=(--position "$position")
    # shellcheck disable=SC2086 # HALMA_ARGS is a list of words.
    halma=$(count "$target/halma" perft "${args[@]}" --threads 1 ${HALMA_ARGS:-})
    if [ -n "${HALMA_ONLY:-}" ]; then
        baseline="0 0"
    else
        baseline=$(count "$target/examples/perft_vs_baseline" --only baseline "${args[@]}")
    fi
    awk -v r="$rules" -v d="$depth" -v h="$halma" -v b="$baseline" 'BEGIN {
        split(h, hv, " "); split(b, bv, " ")
        if (bv[1] != 0 && bv[1] != hv[1]) { print "leaf counts differ: halma " hv[1] ", baseline " bv[1] > "/dev/stderr"; exit 1 }
        line = sprintf("%-28s depth %d  %12d leaves  %14.0f instructions  %7.1f per leaf", r, d, hv[1], hv[2], hv[2] / hv[1])
        if (bv[1] != 0) line = line sprintf("  | baseline %7.1f per leaf  (%.2fx halma)", bv[2] / bv[1], (bv[2] / bv[1]) / (hv[2] / hv[1]))
        print line
    }'
}

if [ $# -eq 3 ]; then
    measure "$1" "$2" "$3"
    exit 0
fi
measure halma startpos 4
measure halma10 'rrrrrrrrrr/r7r1/1b1b1b4/10/1b1b1b1b2/4r5/1b1b1b1b2/10/1b1b1b1b2/r7r1 r' 3
measure halma8 'rbb5/2r2b2/br1r4/3br2b/3r1bb1/2r1b1r1/4br2/7r r' 3
measure super-halma 'rrrrr4b/rrrrr4b/rrr7/r9/b4b4/2b7/1b3b3b/r2b3b1b/r5b1bb/rrr1b1bbbb r' 3
