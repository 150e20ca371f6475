#!/usr/bin/env bash
# The release build's budgets (tools/budgets.mjs): gzipped transfer, time from navigation
# to a board that takes a move, main-thread long tasks while the engine thinks, measured
# in headless Chromium on 127.0.0.1. Prints a table; exits non-zero when a target is
# missed. Not part of scripts/test.sh: timings depend on the machine, rerun on demand.
#
#   scripts/budgets.sh               build the release site into ${DIST:-dist}/, measure it
#   scripts/budgets.sh FOLDER        measure a site already built there
#   scripts/budgets.sh FOLDER --runs 9 --moves 6
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scripts/tools.sh --browser --serve
export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

if [ $# -ge 1 ] && [ "${1#--}" = "$1" ]; then
  dist=$1
  shift
else
  dist=${DIST:-dist}
  trunk build --release --dist "$dist"
fi
node tools/budgets.mjs "$dist" "$@"
