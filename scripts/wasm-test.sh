#!/usr/bin/env bash
# Browser tests (wasm-bindgen-test) in headless Chromium: the worker's JS boundary
# (crates/worker/tests/browser.rs) and, when it exists, the page's DOM layer
# (crates/web/tests/browser.rs). Extra arguments go to the test harness (a name filter,
# --nocapture). Not `cargo test --quiet`: cargo passes it on to the runner, which refuses it.
#
# .cargo/config.toml makes wasm-bindgen-test-runner the runner of wasm32 test binaries and
# points it at Debian's chromedriver and at scripts/webdriver.json (Chromium's extra
# flags; the runner adds headless, no-sandbox and disable-dev-shm-usage itself).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Chromium, chromedriver, and the wasm-bindgen-cli whose test runner matches the crate.
scripts/tools.sh --browser
export PATH="$HOME/.cargo/bin:$PATH"

# A throwaway home for Chromium's config and cache: nothing read from or left in the
# user's, whatever an earlier run left there.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache"
# Only the fonts that scripts/tools.sh installs, whatever else the machine has.
export FONTCONFIG_FILE="$root/tests/fonts/fonts.conf"
# A cold Chromium on a loaded 2-core machine can exceed the runner's 20 s default.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-120}"

crates=(shatar-worker)
[ -f crates/web/tests/browser.rs ] && crates+=(shatar-web)
for crate in "${crates[@]}"; do
  printf '\033[1m==> browser tests: %s\033[0m\n' "$crate"
  cargo test --target wasm32-unknown-unknown -p "$crate" --test browser -- "$@"
done
