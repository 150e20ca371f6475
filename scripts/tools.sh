#!/usr/bin/env bash
# Installs, once, every tool the build and the tests need, at the versions pinned here.
# Idempotent: each step is skipped when the right version is already present.
# Versions: ../shared/notes/wasm-toolchain.md (what works together on these machines).
set -euo pipefail

TRUNK_VERSION=0.21.14
CARGO_FUZZ_VERSION=0.13.2
WASM_BINDGEN_VERSION=0.2.130 # must equal the wasm-bindgen crate pin in Cargo.toml

# Flags may be combined: --browser (Chromium, chromedriver, the tests' fonts), --serve
# (trunk, and brotli and zopfli for the site's precompressed files), --all (both), --fuzz
# (cargo-fuzz), --services (PostgreSQL and nats-server, which scripts/services.sh starts on
# loopback for the server's larger set-up). Always: pgn-extract and python-chess, which the server's tests read its
# records with (scripts/pgn-check.py).
want_browser=false
want_serve=false
want_fuzz=false
want_services=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    --serve) want_serve=true ;;
    --all) want_browser=true; want_serve=true ;;
    --fuzz) want_fuzz=true ;;
    --services) want_services=true ;;
    *) echo "usage: $0 [--browser] [--serve] [--all] [--fuzz] [--services]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
# The browser tests see these fonts and no others (tests/fonts/fonts.conf): the same sizes
# and pictures on every machine. Installed by name, not left to Chromium's recommendations.
# The traditional Mongolian script brings its own (www/fonts).
fonts=/usr/share/fonts/truetype
[ -f $fonts/dejavu/DejaVuSans.ttf ] && [ -f $fonts/dejavu/DejaVuSansMono.ttf ] || need_apt+=(fonts-dejavu-core)
[ -f $fonts/liberation/LiberationSans-Regular.ttf ] || need_apt+=(fonts-liberation)
[ -f $fonts/wqy/wqy-microhei.ttc ] || need_apt+=(fonts-wqy-microhei)
# Always wanted: the server's tests read its PGN with pgn-extract (Debian puts it in
# /usr/games, which scripts/pgn-check.py looks in too), and python-chess needs a venv.
always_apt=()
command -v pgn-extract >/dev/null 2>&1 || [ -x /usr/games/pgn-extract ] || always_apt+=(pgn-extract)
python3 -c 'import venv, ensurepip' 2>/dev/null || always_apt+=(python3-venv)
# The site's build (scripts/post-build.sh) writes x.br and x.gz beside its files.
serve_apt=()
command -v brotli >/dev/null 2>&1 || serve_apt+=(brotli)
command -v zopfli >/dev/null 2>&1 || serve_apt+=(zopfli)

# PostgreSQL's server programs (Debian keeps them in /usr/lib/postgresql/N/bin) and NATS.
services_apt=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || services_apt+=(postgresql)
command -v nats-server >/dev/null 2>&1 || services_apt+=(nats-server)

step() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# rust-toolchain.toml names the toolchain, its components and the wasm32 target. rustup
# 1.28+ no longer installs them on first use by itself; `rustup toolchain install` with no
# argument installs what the file names (a no-op when present).
step "Rust toolchain and wasm32 target"
rustup toolchain install >/dev/null
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# The Rust tools compile for minutes: all at once, while apt and npm work beside them.
# They are build tools, not shipped code: no link-time optimisation and a low optimisation
# level (their own profiles ask for fat LTO: trunk alone took 10 minutes that way), and none
# of their download and TLS features, which Trunk.toml's `offline` never uses. About
# 8 minutes for both on 2 cores, once.
quick_build=(env CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0)
installs=()
# A failure elsewhere must not leave them compiling behind the script's back.
trap '[ ${#installs[@]} -eq 0 ] || kill "${installs[@]}" 2>/dev/null || true' EXIT
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  step "wasm-bindgen-cli $WASM_BINDGEN_VERSION (in the background)"
  # Not --locked: its lock file pins a crate this registry lacks (wasm-toolchain.md).
  "${quick_build[@]}" cargo install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" \
    --no-default-features &
  installs+=($!)
fi
if $want_serve && ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
  step "trunk $TRUNK_VERSION (in the background)"
  "${quick_build[@]}" cargo install -q trunk --locked --version "$TRUNK_VERSION" --no-default-features &
  installs+=($!)
fi
if $want_fuzz && ! cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\$"; then
  step "cargo-fuzz $CARGO_FUZZ_VERSION (in the background)"
  "${quick_build[@]}" cargo install -q cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION" &
  installs+=($!)
fi

apt_wanted=("${always_apt[@]}")
$want_browser && apt_wanted+=("${need_apt[@]}")
$want_serve && apt_wanted+=("${serve_apt[@]}")
$want_services && apt_wanted+=("${services_apt[@]}")
if [ ${#apt_wanted[@]} -gt 0 ]; then
  step "apt: ${apt_wanted[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${apt_wanted[@]}" >/dev/null
fi

if $want_browser; then
  missing=$(sed -n 's|^ *<glob>\(/[^<]*\)</glob>$|\1|p' tests/fonts/fonts.conf \
    | while read -r glob; do compgen -G "$glob" >/dev/null || echo "$glob"; done)
  [ -z "$missing" ] || { echo "tools.sh: tests/fonts/fonts.conf names fonts this machine lacks: $missing" >&2; exit 1; }
fi

# npm tools (wasm-opt from binaryen, playwright-core) live in tools/node_modules, pinned by
# tools/package-lock.json. Debian's binaryen 108 produces a broken wasm: never use it.
stamp=tools/node_modules/.installed-from-lock
if [ ! -x tools/node_modules/.bin/wasm-opt ] || ! cmp -s tools/package-lock.json "$stamp" 2>/dev/null; then
  step "npm tools (binaryen, playwright-core)"
  (cd tools && npm ci --no-audit --no-fund --silent)
  cp tools/package-lock.json "$stamp"
fi

# Python test tools (python-chess; Gacrux, FIDE's reference for pairings and tie-breaks)
# live in tools/venv, pinned by tools/requirements.txt, never in the system's Python.
stamp=tools/venv/.installed-from-requirements
if [ ! -x tools/venv/bin/python ] || ! cmp -s tools/requirements.txt "$stamp" 2>/dev/null; then
  step "Python test tools (python-chess, gacrux)"
  python3 -m venv tools/venv
  tools/venv/bin/python -m pip install --quiet --disable-pip-version-check -r tools/requirements.txt
  cp tools/requirements.txt "$stamp"
fi

for pid in "${installs[@]}"; do
  wait "$pid" || { echo "tools.sh: a cargo install failed (see above)" >&2; exit 1; }
done
[ ${#installs[@]} -eq 0 ] || step "Rust tools installed"
