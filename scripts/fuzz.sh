#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ one after the other and prints a
# summary line per target; fails when any target finds a crash, a failed
# property, a timeout or an out-of-memory input (the artifact path is shown).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 60 s, every target
#   scripts/fuzz.sh 10 c_abi game_record
#
# Builds once (release with debug assertions and overflow checks, cargo
# fuzz's default; AddressSanitizer unless FUZZ_SANITIZER says otherwise),
# then runs each target for SECONDS on its work corpus fuzz/corpus/<target>
# (gitignored; grows from run to run) seeded by fuzz/seeds/<target> (checked
# in, only read). Logs: fuzz/logs/<target>.log. Crashes:
# fuzz/artifacts/<target>/.
#
# The toolchain may be stable: cargo-fuzz passes nightly flags
# (-Zsanitizer=address), which RUSTC_BOOTSTRAP=1 allows on stable rustc.
# Environment: FUZZ_SANITIZER (address | none, default address),
# CARGO_TARGET_DIR (default fuzz/target), FUZZ_JOBS (build jobs, default
# cargo's). Targets run one after the other, each on one core.

set -euo pipefail

ALL_TARGETS=(rules_string position_string move_string game_record game_ops c_abi protocol_command)

seconds=${1:-60}
if [[ $# -gt 0 ]]; then
    shift
fi
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 [SECONDS] [TARGET...]   (SECONDS a positive integer, got '$seconds')" >&2
    exit 2
fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=("${ALL_TARGETS[@]}")
fi
for target in "${targets[@]}"; do
    if [[ ! " ${ALL_TARGETS[*]} " == *" $target "* ]]; then
        echo "unknown target '$target': expected one of ${ALL_TARGETS[*]}" >&2
        exit 2
    fi
done

# Longest input per target: records and operation sequences need room.
max_len() {
    case $1 in
        rules_string | protocol_command) echo 256 ;;
        position_string) echo 512 ;;
        move_string) echo 1024 ;;
        game_record) echo 16384 ;;
        game_ops | c_abi) echo 4096 ;;
    esac
}

if [[ -n ${CARGO_TARGET_DIR:-} && $CARGO_TARGET_DIR != /* ]]; then
    export CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR"
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

export RUSTC_BOOTSTRAP=1
if [[ -n ${FUZZ_JOBS:-} ]]; then
    export CARGO_BUILD_JOBS=$FUZZ_JOBS
fi
sanitizer=${FUZZ_SANITIZER:-address}

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: installing it (cargo install cargo-fuzz --locked)" >&2
    cargo install cargo-fuzz --locked
fi

# Cargo caches rustc's answers in <target>/.rustc_info.json, failures
# included: a build once tried without RUSTC_BOOTSTRAP keeps failing with
# "the option `Z` is only accepted on the nightly compiler" until it goes.
target_dir=${CARGO_TARGET_DIR:-$root/fuzz/target}
if grep -q '"success":false' "$target_dir/.rustc_info.json" 2>/dev/null; then
    rm -f "$target_dir/.rustc_info.json"
fi

build_start=$(date +%s)
if [[ ${#targets[@]} -eq 1 ]]; then
    cargo fuzz build --sanitizer "$sanitizer" "${targets[0]}"
else
    cargo fuzz build --sanitizer "$sanitizer"
fi
build_time=$(($(date +%s) - build_start))

# The binaries are run directly rather than through `cargo fuzz run`, which
# would rebuild whenever a source changed meanwhile: every target of a run
# tests the same build.
host=$(rustc -vV | sed -n 's/^host: //p')
bin_dir="$target_dir/$host/release"
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_odr_violation=0

mkdir -p logs
failed=()
summary=()
run_start=$(date +%s)
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    log="logs/$target.log"
    echo "== $target: ${seconds}s (max_len $(max_len "$target"))" >&2
    status=0
    "$bin_dir/$target" -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" -print_final_stats=1 -max_len="$(max_len "$target")" \
        -timeout=10 -rss_limit_mb=2048 "corpus/$target" "seeds/$target" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9A-Za-z]*\).*/\1/p' <<<"$last")
    line=$(printf '%-16s execs %-9s exec/s %-6s cov %-5s ft %-6s corpus %s' \
        "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")
    if [[ $status -ne 0 ]]; then
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        line="$line  FAILED (exit $status): ${artifact:+fuzz/$artifact} (log fuzz/$log)"
        failed+=("$target${artifact:+ $artifact}")
        grep -E -A1 'panicked at|ERROR: (AddressSanitizer|libFuzzer)' "$log" | head -6 >&2 || true
    fi
    summary+=("$line")
done
run_time=$(($(date +%s) - run_start))

echo
echo "fuzz summary ($sanitizer sanitizer; build ${build_time}s, runs ${run_time}s):"
printf '  %s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "FAILED; reproduce with:" >&2
    for failure in "${failed[@]}"; do
        echo "  cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run $failure" >&2
    done
    exit 1
fi
