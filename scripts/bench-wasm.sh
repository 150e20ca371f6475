#!/usr/bin/env bash
# Perft speed of the rules core compiled to wasm, as the engine worker runs it: the
# worker crate's `perft` export, built like the release site (opt-level 3, LTO,
# wasm-opt -O3), run in Node. Counts are checked against crates/rules/tests/data.
#   scripts/bench-wasm.sh            # median of 3 runs
#   RUNS=5 scripts/bench-wasm.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scripts/tools.sh # wasm-bindgen-cli and binaryen's wasm-opt, at the pinned versions

target_dir=${CARGO_TARGET_DIR:-$root/target}
out=$target_dir/bench-wasm
cargo build --release --target wasm32-unknown-unknown -p shatar-worker
wasm-bindgen --target nodejs --out-dir "$out" "$target_dir/wasm32-unknown-unknown/release/shatar_worker.wasm"
# The same pass as the worker's data-wasm-opt="3" in index.html.
tools/node_modules/.bin/wasm-opt -O3 "$out/shatar_worker_bg.wasm" -o "$out/shatar_worker_bg.wasm"

node tools/bench-wasm.mjs "$out/shatar_worker.js" crates/rules/tests/data/mongolian.perft "${RUNS:-3}"
