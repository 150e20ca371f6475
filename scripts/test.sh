#!/usr/bin/env bash
# Runs every test: the README's second command, and what CI runs (.ci/run).
# Installs whatever is missing first (scripts/tools.sh). Fails if any step fails.
#
# Most of the time is compiling, and a 2-core machine compiles one crate on one core at
# the tail of every build (the link-time optimisations, the last crate). So the work runs
# in two lanes at once, each in a build folder of its own (cargo locks a folder for a
# whole run): the native lane (lints, the test build, Gacrux, fuzzing, the PGO build) and
# the web lane (wasm32 lints and builds, the wasm bench, the browser tests, the release
# site). Then, alone on the machine, what times things: the native tests (the server's
# latency and restart tests among them) and the end-to-end suite in headless Chromium.
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
step_end() {
    local rc=$?
    [ -n "$last_name" ] && printf '(%s: %d s; %d s in all)\n' "$last_name" $((SECONDS - last)) $((SECONDS - started))
    return $rc
}
trap 'step_end' EXIT

step "Tools"
scripts/tools.sh --all --fuzz --services
export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step "Format and module circles"
cargo fmt --all --check
# No module imports a module that imports it back (a parent and its submodules aside),
# following imported module names and re-exports; the checker's own tests first.
node --test tools/module-circles.test.mjs
node tools/module-circles.mjs crates/*/src

target=${CARGO_TARGET_DIR:-$root/target}
# The web lane's folder: wasm32 builds share nothing with the native ones but the build
# scripts and proc macros.
web_target="$target/web-lane"

native_lane() {
    step "Lints, native"
    cargo clippy --workspace --all-targets --quiet -- -D warnings
    # A wasm build is a cdylib crate and nothing else: with an rlib beside it, cargo drops
    # the profile's LTO without a word (rust-lang/cargo#9672), which cost the page 25 kB.
    if grep -l 'crate-type *= *\[.*cdylib.*rlib\|crate-type *= *\[.*rlib.*cdylib' crates/*/Cargo.toml; then
        echo "these crates are cdylibs and rlibs at once: make the cdylib a crate of its own" >&2
        return 1
    fi
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

    step "Native tests: the build (they run after both lanes)"
    cargo test --workspace --no-run --quiet
    cargo test -p shatar-web --no-default-features --features app --no-run --quiet
    cargo test -p shatar-rules --lib --no-run --quiet

    step "Pairings and tie-breaks against Gacrux, FIDE's reference tool (scripts/gacrux.sh)"
    scripts/gacrux.sh

    # The fuzz checks run on their seeds with the native tests
    # (crates/rules/tests/fuzz_seeds.rs); this runs the fuzzer itself a little.
    # SHATAR_FUZZ_SECONDS per target (0 skips it).
    local fuzz_seconds=${SHATAR_FUZZ_SECONDS:-5}
    step "Fuzzing: every parser target for ${fuzz_seconds} s (scripts/fuzz.sh)"
    if [ "$fuzz_seconds" = 0 ]; then
        echo "skipped (SHATAR_FUZZ_SECONDS=0)"
    else
        SHATAR_FUZZ_SANITIZER=none scripts/fuzz.sh "$fuzz_seconds"
    fi

    step "The profile-guided native build searches as the plain one (scripts/build-pgo.sh)"
    scripts/build-pgo.sh
}

web_lane() {
    export CARGO_TARGET_DIR=$web_target
    step "Lints, wasm32"
    # The browser-only code (the DOM layer, the worker's JS boundary) exists on wasm32 only.
    cargo clippy -p shatar-web -p shatar-embed -p shatar-worker -p shatar-worker-8x8 -p shatar-worker-xiangqi -p shatar-page -p shatar-page-xiangqi --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
    # The page's first build leaves Xiangqi out (crates/web/src/carried.rs): its own lints.
    cargo clippy -p shatar-web --no-default-features --features app --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
    # The embeds' build has shatar-web without its app (features unify within one cargo run).
    cargo clippy -p shatar-embed -p shatar-online -p shatar-event-page --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings

    step "The rules and pairing crates build for wasm32 (no_std + alloc)"
    cargo build --quiet -p shatar-rules -p shatar-pairing --target wasm32-unknown-unknown

    step "WebAssembly: perft counts and speed in node (speeds measured beside the native lane)"
    RUNS=1 scripts/bench-wasm.sh

    step "Browser tests (wasm-bindgen-test): the worker's boundary and the page's DOM layer"
    scripts/wasm-test.sh

    step "The release site (Trunk and scripts/post-build.sh) for the end-to-end tests"
    TRUNK_SKIP_VERSION_CHECK=true trunk build --release --dist dist
}

step "Two lanes at once: native (lints, test build, Gacrux, fuzzing, PGO) and web (wasm32 lints and builds, wasm bench, browser tests, release site)"
# Each lane in a process group of its own (job control), its output in a file, printed
# whole when the lane ends; the first lane to fail stops the other.
logs=$(mktemp -d)
set -m
( last_name=; last=$SECONDS; native_lane; step_end ) >"$logs/native" 2>&1 &
native=$!
( last_name=; last=$SECONDS; web_lane; step_end ) >"$logs/web" 2>&1 &
web=$!
set +m
# Job control leaves the lanes out of the terminal's ^C: pass it on.
trap 'kill -TERM -- "-$native" "-$web" 2>/dev/null; exit 130' INT TERM
declare -A lane_of=(["$native"]=native ["$web"]=web)
failed=
while [ ${#lane_of[@]} -gt 0 ] && [ -z "$failed" ]; do
    done_pid=
    status=0
    wait -n -p done_pid "${!lane_of[@]}" || status=$?
    lane=${lane_of[$done_pid]}
    unset "lane_of[$done_pid]"
    printf '\n\033[1m---- the %s lane: %s ----\033[0m\n' "$lane" "$([ "$status" = 0 ] && echo passed || echo "FAILED (status $status)")"
    cat "$logs/$lane"
    [ "$status" = 0 ] || failed=$lane
done
if [ -n "$failed" ]; then
    for pid in "${!lane_of[@]}"; do
        kill -TERM -- "-$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        printf '\n\033[1m---- the %s lane: stopped ----\033[0m\n' "${lane_of[$pid]}"
        cat "$logs/${lane_of[$pid]}"
    done
    rm -rf "$logs"
    echo "the $failed lane failed (above)" >&2
    exit 1
fi
rm -rf "$logs"
trap - INT TERM

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

step "End-to-end: the page, the worker and online play (the real server) in headless Chromium"
# The site the web lane built, and the server that `cargo test --workspace` built for its
# own tests (CARGO_BIN_EXE), the same source: scripts/e2e.sh need build neither again.
SKIP_BUILD=1 SHATAR_SERVER="$target/debug/shatar-server" scripts/e2e.sh
