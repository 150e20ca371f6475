#!/usr/bin/env bash
# Runs every test: the README's second command, and what CI runs (.ci/run).
# Installs whatever is missing first (scripts/tools.sh). Stops at the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Each step says how long the one before it took, so that a slow CI run shows where.
started=$SECONDS
last=$SECONDS
last_name=
step() {
    if [ -n "$last_name" ]; then
        printf '(%s: %d s)\n' "$last_name" $((SECONDS - last))
    fi
    last=$SECONDS
    last_name=$1
    printf '\n\033[1m==> %s\033[0m\n' "$*"
}
trap 'step_end' EXIT
step_end() {
    local rc=$?
    [ -n "$last_name" ] && printf '(%s: %d s; %d s in all)\n' "$last_name" $((SECONDS - last)) $((SECONDS - started))
    return $rc
}

step "Tools"
scripts/tools.sh --all --fuzz --services
export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step "Format and lints"
cargo fmt --all --check
# No module imports a module that imports it back (a parent and its submodules aside),
# following imported module names and re-exports; the checker's own tests first.
node --test tools/module-circles.test.mjs
node tools/module-circles.mjs crates/*/src
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The browser-only code (the DOM layer, the worker's JS boundary) exists on wasm32 only.
cargo clippy -p shatar-web -p shatar-embed -p shatar-worker -p shatar-worker-8x8 -p shatar-worker-xiangqi -p shatar-page -p shatar-page-xiangqi --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
# A wasm build is a cdylib crate and nothing else: with an rlib beside it, cargo drops the
# profile's LTO without a word (rust-lang/cargo#9672), which cost the page 25 kB gzipped.
if grep -l 'crate-type *= *\[.*cdylib.*rlib\|crate-type *= *\[.*rlib.*cdylib' crates/*/Cargo.toml; then
    echo "these crates are cdylibs and rlibs at once: make the cdylib a crate of its own" >&2
    exit 1
fi
# The page's first build leaves Xiangqi out (crates/web/src/carried.rs): its own lints.
cargo clippy -p shatar-web --no-default-features --features app --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
# The embeds' build has shatar-web without its app (features unify within one cargo run).
cargo clippy -p shatar-embed -p shatar-online -p shatar-event-page --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "Native tests (rules, perft, properties, UCI binary, protocol, the server and the online page over WebSockets)"
cargo test --workspace --quiet
# The page's state machine as its first build has it, without Xiangqi: the handoff.
cargo test -p shatar-web --no-default-features --features app --quiet
# The rules' run-time game types without Xiangqi in the build (the workspace run above has it).
cargo test -p shatar-rules --lib --quiet any_game

step "The server's suite again, on PostgreSQL (issue 58; scripts/services.sh starts it on loopback)"
scripts/services.sh start
eval "$(scripts/services.sh env)"
# The same test binary as above (--workspace: the same features, so nothing is rebuilt),
# each test in a schema of its own (tests/server/data.rs).
SHATAR_TEST_DATABASE=$SHATAR_TEST_POSTGRES cargo test --workspace --quiet --test server

step "Pairings and tie-breaks against Gacrux, FIDE's reference tool (scripts/gacrux.sh)"
scripts/gacrux.sh

# The fuzz checks already ran on their seeds above (crates/rules/tests/fuzz_seeds.rs); this
# runs the fuzzer itself a little. SHATAR_FUZZ_SECONDS per target (0 skips it).
fuzz_seconds=${SHATAR_FUZZ_SECONDS:-5}
step "Fuzzing: every parser target for ${fuzz_seconds} s (scripts/fuzz.sh)"
if [ "$fuzz_seconds" = 0 ]; then
    echo "skipped (SHATAR_FUZZ_SECONDS=0)"
else
    SHATAR_FUZZ_SANITIZER=none scripts/fuzz.sh "$fuzz_seconds"
fi

step "The profile-guided native build searches as the plain one (scripts/build-pgo.sh)"
scripts/build-pgo.sh

step "The rules and pairing crates build for wasm32 (no_std + alloc)"
cargo build --quiet -p shatar-rules -p shatar-pairing --target wasm32-unknown-unknown

step "WebAssembly: perft counts and speed in node"
RUNS=1 scripts/bench-wasm.sh

step "Browser tests (wasm-bindgen-test): the worker's boundary and the page's DOM layer"
scripts/wasm-test.sh

step "End-to-end: the page, the worker and online play (the real server) in headless Chromium"
# The server that `cargo test --workspace` built for its own tests (CARGO_BIN_EXE), the
# same source: scripts/e2e.sh need not build it again.
SHATAR_SERVER="${CARGO_TARGET_DIR:-$root/target}/debug/shatar-server" scripts/e2e.sh
