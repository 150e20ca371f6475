#!/usr/bin/env bash
# The Dutch system against Gacrux on many tournaments, FIDE's old endorsement test for
# a pairing program (at least 4,990 of 5,000 random tournaments paired identically in
# every round): tournaments 0 .. N-1 of Gacrux's seeded generator (as scripts/gacrux.sh,
# 9-60 players, 5-11 rounds, requested byes and forfeits; the numbers Gacrux cannot pair
# to their end skipped), every round paired by the release `shatar pairings --dutch`.
# Not part of scripts/test.sh: generating 5,000 tournaments took Gacrux 2 h 13 min of a
# busy 2-core machine (they are kept in target/gacrux/<version>, so a rerun only
# compares, under 2 minutes); then the Dutch timings of 100, 500 and 2,000 players (about
# 15 s). Runs at low priority.
#
#     scripts/gacrux-bench.sh [N]          N tournaments, 5000 by default
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
count=${1:-5000}
python=tools/venv/bin/python
[ -x "$python" ] || { echo "gacrux-bench.sh: run scripts/tools.sh first (tools/venv)" >&2; exit 1; }
version=$("$python" -c 'import importlib.metadata as m; print(m.version("gacrux"))')
cache="target/gacrux/$version"
archive="tests/gacrux/tournaments-$version.tar.xz"
if [ ! -f "$cache/T0000.trf" ] && [ -f "$archive" ]; then
    mkdir -p "$cache"
    tar -xJf "$archive" -C "$cache"
fi
cargo build --quiet --release -p shatar-cli
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
nice -n 19 "$python" scripts/gacrux-compare.py "${CARGO_TARGET_DIR:-target}/release/shatar" dutch \
    --count "$count" --cache "$cache" --jobs 2
# The time to pair a round of 100, 500 and 2,000 players (tests/timing.rs: medians of
# the 9 rounds of one event each), with the load it was measured under.
echo "load before the timings: $(cut -d' ' -f1-3 /proc/loadavg)"
nice -n 19 cargo test --quiet --release -p shatar-pairing --test timing -- --ignored \
    --nocapture dutch_timings 2>/dev/null | grep Dutch
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
