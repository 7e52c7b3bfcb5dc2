#!/usr/bin/env bash
# Plays the engine (`go nodes 20000`, in process) against other people's
# Halma programs, the CSCI 561 homework agents of docs/agents.md, through the
# `homework_agent` adapter (an example of halma-tools), and prints the table of docs/strength.md
# ("Against other people's programs").
#
#   scripts/agents.sh AGENTS_DIR [OUT_DIR]
#
# AGENTS_DIR holds the agents built as docs/agents.md says, one directory
# each (matrix, shreyas, aditya, sunny, shruthi); a missing one is skipped.
# OUT_DIR (default target/agents) gets one record file per agent and the
# table (table.md). Settings, from the environment: GAMES (20 per agent, two
# per opening, one from each side), OPENINGS (2 random plies), SEED (1),
# RULES (halma), ENGINE (the engine's settings, nodes=20000), JOBS (2 games
# at a time), BUDGET (300 s of agent time a game), MOVE_TIMEOUT (30 s a move).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: scripts/agents.sh AGENTS_DIR [OUT_DIR]" >&2
    exit 2
fi
agents_dir=$(cd "$1" && pwd)
out_dir=${2:-target/agents}
games=${GAMES:-20}
openings=${OPENINGS:-2}
seed=${SEED:-1}
rules=${RULES:-halma}
engine=${ENGINE:-nodes=20000}
jobs=${JOBS:-2}
budget=${BUDGET:-300}
move_timeout=${MOVE_TIMEOUT:-30}

cargo build --release -p halma-cli --bin halma
cargo build --release -p halma-tools --example homework_agent --example agent_table
bin=${CARGO_TARGET_DIR:-target}/release
mkdir -p "$out_dir"

# name|command run in the agent's game directory (paths absolute)
agents=(
    "matrix|$agents_dir/matrix/halma_ai"
    "shreyas|$agents_dir/shreyas/homework11"
    "aditya|java -cp $agents_dir/aditya/build homework"
    "sunny|python3 $agents_dir/sunny/agent.py"
    "shruthi|python3 $agents_dir/shruthi/game_player_optimal.py"
)

tables=()
for entry in "${agents[@]}"; do
    name=${entry%%|*}
    command=${entry#*|}
    if [[ ! -d $agents_dir/$name ]]; then
        echo "skipping $name: no $agents_dir/$name" >&2
        continue
    fi
    records=$out_dir/$name.records
    rm -f "$records"
    echo "\$ halma match --a $engine --b cmd=... ($name) --games $games --openings $openings --seed $seed --rules $rules --jobs $jobs"
    "$bin/halma" match --a "$engine" \
        --b "cmd=$bin/examples/homework_agent --budget $budget --move-timeout $move_timeout -- $command" \
        --games "$games" --openings "$openings" --seed "$seed" --rules "$rules" --jobs "$jobs" \
        --timeout-move $(((move_timeout + 10) * 1000)) --records "$records"
    tables+=("$name=$records")
done

"$bin/examples/agent_table" "${tables[@]}" | tee "$out_dir/table.md"
