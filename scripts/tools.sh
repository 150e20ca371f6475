#!/usr/bin/env bash
# Installs, once, every tool the build and the tests need, at the versions pinned here.
# Idempotent: each step is skipped when the right version is already present.
# Versions: ../shared/notes/wasm-toolchain.md (what works together on these machines).
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130 # must equal the wasm-bindgen crate pin in Cargo.toml

# Flags may be combined: --browser (Chromium, chromedriver), --serve (trunk), --all (both).
want_browser=false
want_serve=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    --serve) want_serve=true ;;
    --all) want_browser=true; want_serve=true ;;
    *) echo "usage: $0 [--browser] [--serve] [--all]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
# The screenshots of the Chinese page need a font with Chinese characters; the traditional
# Mongolian script brings its own (www/fonts).
fc-list :lang=zh 2>/dev/null | grep -q . || need_apt+=(fonts-wqy-microhei)

step() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# rust-toolchain.toml names the toolchain, its components and the wasm32 target. rustup
# 1.28+ no longer installs them on first use by itself; `rustup toolchain install` with no
# argument installs what the file names (a no-op when present).
step "Rust toolchain and wasm32 target"
rustup toolchain install >/dev/null
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

if $want_browser; then
  if [ ${#need_apt[@]} -gt 0 ]; then
    step "apt: ${need_apt[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  step "wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 min, once)"
  # Not --locked: its lock file pins a crate this registry lacks (wasm-toolchain.md).
  cargo install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if $want_serve; then
  if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
    step "trunk $TRUNK_VERSION (about 10 min, once)"
    cargo install -q trunk --locked --version "$TRUNK_VERSION"
  fi
fi

# npm tools (wasm-opt from binaryen, playwright-core) live in tools/node_modules, pinned by
# tools/package-lock.json. Debian's binaryen 108 produces a broken wasm: never use it.
stamp=tools/node_modules/.installed-from-lock
if [ ! -x tools/node_modules/.bin/wasm-opt ] || ! cmp -s tools/package-lock.json "$stamp" 2>/dev/null; then
  step "npm tools (binaryen, playwright-core)"
  (cd tools && npm ci --no-audit --no-fund --silent)
  cp tools/package-lock.json "$stamp"
fi
