#!/usr/bin/env bash
# End-to-end test: build the release site into dist/ with Trunk, then drive Chromium over
# it (tests/e2e/board.mjs). Ends with the test's "N passed, M failed" line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scripts/tools.sh --browser --serve

export PATH="$root/tools/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
trunk build --release
node tests/e2e/board.mjs dist
