#!/usr/bin/env bash
# Builds the worker crate for Node (wasm-bindgen --target nodejs) into DIR, as the release
# site builds it for the browser (opt-level 3, LTO, wasm-opt -O3), so figures and games
# measured in Node are those of the page's engine. DIR/shatar_worker.js is the module.
#   scripts/build-wasm-node.sh DIR
# Used by scripts/bench-wasm.sh and scripts/match-fsf.sh; expects scripts/tools.sh done.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:?usage: scripts/build-wasm-node.sh DIR}

target_dir=${CARGO_TARGET_DIR:-$root/target}
# The build with every game; a cdylib of its own (crates/worker-xiangqi), as a crate that is
# an rlib too would be built without link-time optimisation.
cargo build --quiet --release --target wasm32-unknown-unknown -p shatar-worker-xiangqi
wasm-bindgen --target nodejs --out-dir "$out" --out-name shatar_worker \
  "$target_dir/wasm32-unknown-unknown/release/shatar_worker_xiangqi.wasm"
# The same pass as the worker's data-wasm-opt="3" in index.html.
tools/node_modules/.bin/wasm-opt -O3 "$out/shatar_worker_bg.wasm" -o "$out/shatar_worker_bg.wasm"
