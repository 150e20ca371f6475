#!/usr/bin/env bash
# Runs every test: the README's second command, and what CI runs (.ci/run).
# Installs whatever is missing first (scripts/tools.sh). Stops at the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "Tools"
scripts/tools.sh --all
export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step "Format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The browser-only code (the DOM layer, the worker's JS boundary) exists on wasm32 only.
cargo clippy -p shatar-web -p shatar-worker --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "Native tests (rules, perft, properties, UCI binary, protocol)"
cargo test --workspace --quiet

step "The rules crate builds for wasm32 (no_std + alloc)"
cargo build --quiet -p shatar-rules --target wasm32-unknown-unknown

step "WebAssembly: perft counts and speed in node"
RUNS=1 scripts/bench-wasm.sh

step "Browser tests (wasm-bindgen-test): the worker's boundary and the page's DOM layer"
scripts/wasm-test.sh

step "End-to-end: the page and the worker in headless Chromium"
scripts/e2e.sh
