#!/usr/bin/env bash
# Strength measurements of the halma engine (docs/strength.md). Release mode,
# two games at a time. Takes about an hour in all on two cores; pass one of
# nps | greedy | random | ladder | solo to run a single part.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -p halma-tools --example strength
bin=${CARGO_TARGET_DIR:-target}/release/examples/strength
part=${1:-all}

run() { echo "\$ strength $*"; "$bin" "$@" 2> >(grep -v '^  [0-9]* games' >&2); }

if [[ $part == all || $part == nps ]]; then
    run nps --nodes 1000000
fi
if [[ $part == all || $part == greedy ]]; then
    run greedy --games 100 --nodes 10000 --seed 1
    run greedy --games 100 --nodes 10000 --seed 2
    run greedy --games 100 --nodes 1000 --seed 1
fi
if [[ $part == all || $part == random ]]; then
    run random --games 100 --nodes 10000 --seed 1
    run random --games 100 --nodes 10000 --seed 1 --max-plies 3000
fi
if [[ $part == all || $part == solo ]]; then
    run solo --nodes 10000 --beam 20000
    run solo --nodes 30000 --beam 0
fi
if [[ $part == all || $part == ladder ]]; then
    run ladder --games 50 --from 1 --to 10
fi
