#!/usr/bin/env bash
# Instructions per perft leaf under callgrind: repeatable, unlike wall time on
# a shared machine, so a regression in move generation shows up as a number.
#
#   scripts/instructions-per-leaf.sh                 # the standard set below
#   scripts/instructions-per-leaf.sh RULES POSITION DEPTH
#
# Needs valgrind (apt-get install valgrind). Builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 2; }
cargo build --release -q -p halma-cli
bin="${CARGO_TARGET_DIR:-target}/release/halma"

measure() {
    local rules=$1 position=$2 depth=$3 out leaves instructions
    out=$(mktemp)
    local args=(perft --rules "$rules" --depth "$depth" --threads 1)
    [ "$position" != startpos ] && args+=(--position "$position")
    leaves=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "${args[@]}" 2>/dev/null | tail -n 1 | awk '{print $2}')
    instructions=$(awk '/^summary:/ {print $2}' "$out")
    rm -f "$out"
    awk -v r="$rules" -v d="$depth" -v l="$leaves" -v i="$instructions" \
        'BEGIN { printf "%-28s depth %d  %12d leaves  %14d instructions  %7.1f per leaf\n", r, d, l, i, i / l }'
}

if [ $# -eq 3 ]; then
    measure "$1" "$2" "$3"
    exit 0
fi
measure halma startpos 4
measure halma10 'rrrrrrrrrr/r7r1/1b1b1b4/10/1b1b1b1b2/4r5/1b1b1b1b2/10/1b1b1b1b2/r7r1 r' 3
measure halma8 'rbb5/2r2b2/br1r4/3br2b/3r1bb1/2r1b1r1/4br2/7r r' 3
measure super-halma 'rrrrr4b/rrrrr4b/rrr7/r9/b4b4/2b7/1b3b3b/r2b3b1b/r5b1bb/rrr1b1bbbb r' 3
