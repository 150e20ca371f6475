#!/usr/bin/env bash
# Builds the site and serves it with the Shatar server on http://127.0.0.1:${PORT:-8080}/:
# the pages (compressed, with docs/hosting.md's headers) and the online play's WebSocket
# (/ws), its games kept in data/shatar.sqlite3 (git-ignored). Installs what is missing
# first (trunk, wasm-bindgen-cli, wasm-opt): see scripts/tools.sh.
#
#   scripts/serve.sh          build the release site into dist/ and the server, then serve
#   scripts/serve.sh --lan    the same, listening on every address of this machine, so that
#                             a phone on the same network opens it (and scans its links'
#                             QR codes) at this machine's network address, which it prints
#   scripts/serve.sh --dev    Trunk's loop instead: rebuilds and reloads the page on every
#                             change, but serves no /ws (nothing online); the same port
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

dev=false
lan=false
case "${1:-}" in
  --dev) dev=true ;;
  --lan) lan=true ;;
  "") ;;
  *) echo "usage: $0 [--lan | --dev]" >&2; exit 2 ;;
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
if ! $lan; then
  echo "Serving on http://127.0.0.1:$port/ (this machine only; scripts/serve.sh --lan for a phone on your network)"
  exec target/release/shatar-server --site dist --data data --listen "127.0.0.1:$port"
fi
# The address other devices reach this one at: the source address of the route out.
address=$(ip -4 route get 192.0.2.1 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p')
address=${address:-$(hostname -I 2>/dev/null | cut -d' ' -f1)}
if [ -z "$address" ]; then
  echo "no network address found: is this machine on a network?" >&2
  exit 1
fi
echo "Serving on http://$address:$port/ to every device on this network (plain HTTP: for a"
echo "club's room, not the internet; docs/hosting.md says how to put it behind HTTPS)."
echo "Open that address here too: the links and QR codes a page makes name the address it"
echo "was opened at, and a phone cannot open 127.0.0.1."
# Pages of this address may open /ws; so may pages opened on this machine at 127.0.0.1.
exec target/release/shatar-server --site dist --data data --listen "0.0.0.0:$port" \
  --public-url "http://$address:$port/" --origin "http://127.0.0.1:$port"
