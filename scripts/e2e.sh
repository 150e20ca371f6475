#!/usr/bin/env bash
# End-to-end tests: build the release site with Trunk into ${DIST:-dist}/, then drive
# Debian's headless Chromium over it (tests/e2e/run.mjs: playing by clicks and drags,
# promotion, reload, a killed engine worker, screenshots). Prints each test, the
# screenshots' folder (target/e2e-screenshots/) and "N passed, M failed"; exits non-zero
# on a failure.
#
#   scripts/e2e.sh                       build, then run every test
#   SKIP_BUILD=1 scripts/e2e.sh          test the site already in ${DIST:-dist}/
#   scripts/e2e.sh --only reload         only the tests whose name contains "reload"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

dist=${DIST:-dist}
export SCREENSHOTS=${SCREENSHOTS:-$root/target/e2e-screenshots}

scripts/tools.sh --browser --serve

export PATH="$root/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
if [ "${SKIP_BUILD:-}" != 1 ]; then
  trunk build --release --dist "$dist"
fi
# The online tests run the real server (tests/e2e/online.mjs): $SHATAR_SERVER, which
# scripts/test.sh sets to the one its native tests built and ran; otherwise built here in
# the test profile (the dev profile would compile the server's whole dependency tree a
# second time, 136 crates). A build here resolves features apart from the workspace's
# test run (14 crates again, a minute of a clean CI run): hence the variable.
if [ -z "${SHATAR_SERVER:-}" ]; then
  cargo build --quiet --profile test -p shatar-server
  # Where that build is, CARGO_TARGET_DIR included.
  export SHATAR_SERVER="${CARGO_TARGET_DIR:-$root/target}/debug/shatar-server"
elif [ ! -x "$SHATAR_SERVER" ]; then
  echo "e2e: SHATAR_SERVER=$SHATAR_SERVER is not a program" >&2
  exit 1
fi
# The suite takes about 3 minutes; each test has its own limit (tests/e2e/lib.mjs), and this
# one stops a hang outside any test before it eats CI's whole budget.
status=0
timeout --kill-after=20 1500 node tests/e2e/run.mjs "$dist" "$@" || status=$?
if [ "$status" = 124 ]; then
  echo "FAIL the end-to-end suite ran past its 25 minutes and was stopped" >&2
fi
exit "$status"
