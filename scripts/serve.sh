#!/usr/bin/env bash
# Builds the site and serves it with the Shatar server on http://127.0.0.1:${PORT:-8080}/:
# the pages (compressed, with docs/hosting.md's headers) and the online play's WebSocket
# (/ws), its games kept in data/shatar.sqlite3 (git-ignored). Installs what is missing
# first (trunk, wasm-bindgen-cli, wasm-opt): see scripts/tools.sh.
#
#   scripts/serve.sh          build the release site into dist/ and the server, then serve
#   scripts/serve.sh --dev    Trunk's loop instead: rebuilds and reloads the page on every
#                             change, but serves no /ws (nothing online); the same port
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

dev=false
case "${1:-}" in
  --dev) dev=true ;;
  "") ;;
  *) echo "usage: $0 [--dev]" >&2; exit 2 ;;
esac
port=${PORT:-8080}

scripts/tools.sh --serve

# binaryen 132 from npm must win over any other wasm-opt (Debian's 108 breaks the wasm).
export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
if $dev; then
  exec trunk serve --release --address 127.0.0.1 --port "$port"
fi

trunk build --release
cargo build --release -p shatar-server
# Every player's connection is an open file: lift the soft limit (often 1,024) to the hard
# one, as a service manager would with LimitNOFILE.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec target/release/shatar-server --site dist --data data --listen "127.0.0.1:$port"
