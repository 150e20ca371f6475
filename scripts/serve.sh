#!/usr/bin/env bash
# Build the site and serve it on http://127.0.0.1:${PORT:-8080}/ (rebuilds on change).
# Installs what is missing first (trunk, wasm-bindgen-cli, wasm-opt): see scripts/tools.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scripts/tools.sh --serve

# binaryen 132 from npm must win over any other wasm-opt (Debian's 108 breaks the wasm).
export PATH="$root/tools/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}"
