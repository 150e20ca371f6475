#!/usr/bin/env bash
# Fuzzes the server's decoder of client frames (crates/server/fuzz, target wire_decode)
# for the given seconds (default 60), from its seeds (crates/server/fuzz/seeds/), as
# scripts/fuzz.sh does for the rules' readers: the pinned toolchain with RUSTC_BOOTSTRAP=1,
# debug assertions, address sanitizer unless SHATAR_FUZZ_SANITIZER=none. Needs cargo-fuzz
# (scripts/tools.sh --fuzz). The first build compiles the server's whole stack (minutes).
#
#   scripts/fuzz-server.sh [seconds]
#
# Reproduce a crash with
#   (cd crates/server/fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -a wire_decode artifacts/wire_decode/<file>)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/crates/server/fuzz"
export RUSTC_BOOTSTRAP=1 PATH="$HOME/.cargo/bin:$PATH"

seconds=${1:-60}
flags=(-a -s "${SHATAR_FUZZ_SANITIZER:-address}")
mkdir -p corpus/wire_decode artifacts/wire_decode
cp seeds/wire_decode/* corpus/wire_decode/
cargo fuzz run "${flags[@]}" wire_decode corpus/wire_decode -- -max_total_time="$seconds" \
  -timeout=10 -max_len=8192 -print_final_stats=1
