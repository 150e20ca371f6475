#!/usr/bin/env bash
# Speed of the rules core and of the engine compiled to wasm, as the engine worker runs
# them: the worker crate's `perft` and `bench` exports, built like the release site
# (opt-level 3, LTO, wasm-opt -O3), run in Node.
#  - perft counts are checked against crates/rules/tests/data;
#  - each search bench's node count (its signature: the 8x8 games', then Xiangqi's) must
#    equal the native build's, run alternately with it (crates/worker/examples/
#    search_bench.rs); the wasm/native speed ratio is printed.
#   scripts/bench-wasm.sh            # median of 3 runs
#   RUNS=5 scripts/bench-wasm.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH" # where scripts/tools.sh installs wasm-bindgen

scripts/tools.sh # wasm-bindgen-cli and binaryen's wasm-opt, at the pinned versions

target_dir=${CARGO_TARGET_DIR:-$root/target}
out=$target_dir/bench-wasm
scripts/build-wasm-node.sh "$out"
cargo build --quiet --release -p shatar-worker --example search_bench

node tools/bench-wasm.mjs "$out/shatar_worker.js" crates/rules/tests/data/mongolian.perft "${RUNS:-3}" \
  "$target_dir/release/examples/search_bench"
