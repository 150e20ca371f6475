#!/usr/bin/env bash
# What serving the wasm costs the server: one large file in a site of its own, served by a
# release shatar-server on loopback (--no-address-limits), fetched by 50 clients at once for
# 20 s with `Accept-Encoding: br` (tools/site-load.mjs); prints the server's CPU as a
# fraction of a core. Method and figures: docs/server-load.md.
#
#   scripts/site-load.sh [--plain] FILE [SERVER]
#
# FILE: the file to serve, e.g. a built shatar-online-<hash>_bg.wasm from dist/.
# SERVER: the server binary (default target/release/shatar-server).
# --plain: no x.br and x.gz beside the file, as the build wrote the site before
#   scripts/post-build.sh precompressed it: a server that compresses as it sends does so
#   for every request; one that does not sends the file as it is.
# CLIENTS and DURATION (environment, seconds) change the 50 and the 20; RATE=N sends N
# requests a second from all the clients together (default: each client again as soon as
# its last answer is read).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

plain=false
if [ "${1:-}" = --plain ]; then plain=true; shift; fi
file=${1:?"usage: $0 [--plain] FILE [SERVER]"}
server=${2:-$root/target/release/shatar-server}
[ -x "$server" ] || { echo "site-load: no server at $server (cargo build --release -p shatar-server)" >&2; exit 1; }

work=$(mktemp -d)
server_pid=
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/site" "$work/data"
name=shatar-online-0123456789abcdef_bg.wasm
cp "$file" "$work/site/$name"
if ! $plain; then
  # As scripts/post-build.sh writes them for a file of this size (over 256 KiB: gzip -9).
  brotli --best --lgwin=24 --force --output="$work/site/$name.br" -- "$work/site/$name"
  gzip -9 -n -c "$work/site/$name" > "$work/site/$name.gz"
fi

"$server" --listen 127.0.0.1:0 --data "$work/data" --site "$work/site" --no-address-limits \
  2> "$work/server.log" &
server_pid=$!
for _ in $(seq 100); do
  address=$(sed -n 's|^shatar-server: listening on http://\(127\.0\.0\.1:[0-9]*\)$|\1|p' "$work/server.log")
  [ -z "$address" ] || break
  sleep 0.1
done
[ -n "$address" ] || { echo "site-load: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "site-load: $(stat -c %s "$work/site/$name") bytes$($plain || echo ", $(stat -c %s "$work/site/$name.br") as brotli"), $server" >&2
node "$root/tools/site-load.mjs" --url "http://$address/$name" --pid "$server_pid" \
  --clients "${CLIENTS:-50}" --seconds "${DURATION:-20}" --encoding br ${RATE:+--rate "$RATE"}
