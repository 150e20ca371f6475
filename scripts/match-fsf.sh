#!/usr/bin/env bash
# A match of shatar against Fairy-Stockfish, both as WebAssembly under Node, one thread
# each, equal time per move; our rules referee (tools/match-fsf.mjs has the details).
# Builds the worker crate for Node first, as the release site builds it, and the shatar
# binary, whose `shatar elo` gives the match's Elo figures. Not part of CI.
#   scripts/match-fsf.sh                                  # 10 games at 100 ms a move
#   scripts/match-fsf.sh --games 200 --movetime 100 --concurrency 2
#   scripts/match-fsf.sh --games 20 --ruleset mongolian-folk --pgn folk.pgn
#   scripts/match-fsf.sh --games 200 --ruleset xiangqi --concurrency 1   # FSF's own Xiangqi
# Options after the script name go to tools/match-fsf.mjs; the PGN goes to
# $CARGO_TARGET_DIR/match-fsf.pgn unless --pgn says otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH" # where scripts/tools.sh installs wasm-bindgen

scripts/tools.sh # wasm-bindgen-cli, wasm-opt and Fairy-Stockfish (tools/package.json)

target_dir=${CARGO_TARGET_DIR:-$root/target}
out=$target_dir/match-wasm
scripts/build-wasm-node.sh "$out"
# Only `shatar elo` is used, so the quicker debug build does.
cargo build --quiet -p shatar-cli

# Node 20: without --no-experimental-fetch, Fairy-Stockfish's loader fails to fetch its
# wasm by file path. Later options win, so the caller's --pgn replaces this one.
exec node --no-experimental-fetch tools/match-fsf.mjs --glue "$out/shatar_worker.js" \
  --shatar "$target_dir/debug/shatar" \
  --pgn "$target_dir/match-fsf.pgn" "$@"
