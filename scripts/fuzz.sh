#!/usr/bin/env bash
# Fuzzes every reader of untrusted text: runs each cargo-fuzz target of fuzz/ for the given
# seconds (default 60), starting from its seeds (fuzz/seeds/<target>/, copied into the
# working corpus fuzz/corpus/<target>/, which grows run after run and is not committed).
# Needs cargo-fuzz (scripts/tools.sh --fuzz installs it). It runs on the project's pinned
# toolchain, not a nightly: cargo-fuzz passes compiler flags that only nightly accepts, and
# RUSTC_BOOTSTRAP=1 lets the pinned stable compiler accept them, so the fuzzer runs the same
# on every machine instead of only where a nightly happens to be installed.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
#
# Exits non-zero on a crash, a broken invariant or a timeout, and prints where
# libFuzzer saved the input (fuzz/artifacts/<target>/). Reproduce with
#   (cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -a <target> artifacts/<target>/<file>)
# Seeds that a check must keep passing go in fuzz/seeds/<target>/ (named regression-*); the
# stable test crates/rules/tests/fuzz_seeds.rs runs every seed and mutations of them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"
export RUSTC_BOOTSTRAP=1 PATH="$HOME/.cargo/bin:$PATH"

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi

# -a: debug assertions and overflow checks, as in the tests. SHATAR_FUZZ_SANITIZER: address
# (cargo-fuzz's default) or none, which builds and runs faster; the rules crate's only
# unsafe code is a few debug-asserted square constructors.
flags=(-a -s "${SHATAR_FUZZ_SANITIZER:-address}")
cargo fuzz build "${flags[@]}"

# One target's run; prints its line, or the failure and how to reproduce it, and fails.
fuzz_one() {
    local t=$1 log runs speed saved
    mkdir -p "corpus/$t" "artifacts/$t"
    cp "seeds/$t"/* "corpus/$t/"
    log=$(mktemp)
    # -timeout: an input that takes seconds is a bug too; -print_final_stats: executions.
    if cargo fuzz run "${flags[@]}" "$t" "corpus/$t" -- -max_total_time="$seconds" -timeout=10 \
        -print_final_stats=1 >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
        echo "$t: ${seconds}s ... ok, ${runs:-?} runs, ${speed:-?}/s"
        rm -f "$log"
        return 0
    fi
    echo "$t: ${seconds}s ... FAILED"
    saved=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [ -z "$saved" ]; then
        tail -40 "$log"
        echo "(no input saved: the run failed otherwise; full log: $log)"
        return 1
    fi
    grep -E -m1 -A2 '^thread .* panicked' "$log" || true
    grep -E -m1 -A2 '==[0-9]+== *ERROR|ALARM' "$log" || tail -20 "$log"
    saved=$(realpath "$saved")
    echo
    echo "The input is saved in $saved (full log: $log)."
    echo "Reproduce: (cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run ${flags[*]} $t ${saved#"$root/fuzz/"})"
    return 1
}

# libFuzzer runs on one core: as many targets at once as there are cores (SHATAR_FUZZ_JOBS),
# each printing when it ends, in order.
jobs=${SHATAR_FUZZ_JOBS:-$(nproc)}
out=$(mktemp -d)
failed=0
for i in "${!targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    ( if fuzz_one "${targets[$i]}" >"$out/$i" 2>&1; then echo 0; else echo 1; fi >"$out/$i.rc" ) &
done
wait
for i in "${!targets[@]}"; do
    cat "$out/$i"
    [ "$(cat "$out/$i.rc")" = 0 ] || failed=1
done
rm -rf "$out"
exit "$failed"
