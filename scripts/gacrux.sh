#!/usr/bin/env bash
# Compares `shatar pairings` and `shatar standings` with Gacrux, FIDE's reference tool
# (scripts/gacrux-compare.py; installed by scripts/tools.sh into tools/venv):
# the Berger tables for 3-24 players, and, on SHATAR_GACRUX_COUNT (default 200) random
# tournaments from Gacrux's seeded generator (9-60 players, 5-11 rounds, with requested
# byes and forfeits), every C.07 tie-break, the Dutch system's first round, and its
# colour allocation in every game Gacrux paired. The generated tournaments are kept in
# target/gacrux/<gacrux version>, so a second run only compares (about a minute); the
# first generates them too (about 3 minutes on 2 cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python=tools/venv/bin/python
[ -x "$python" ] || { echo "gacrux.sh: run scripts/tools.sh first (tools/venv)" >&2; exit 1; }
version=$("$python" -c 'import importlib.metadata as m; print(m.version("gacrux"))')
cache="target/gacrux/$version"
archive="tests/gacrux/tournaments-$version.tar.xz"
if [ ! -f "$cache/T0000.trf" ] && [ -f "$archive" ]; then
    mkdir -p "$cache"
    tar -xJf "$archive" -C "$cache"
fi
cargo build --quiet -p shatar-cli
"$python" scripts/gacrux-compare.py target/debug/shatar all \
    --count "${SHATAR_GACRUX_COUNT:-200}" --cache "$cache" --jobs 2 --verify 3
# The Dutch system's colour allocation on every game Gacrux paired in them.
SHATAR_GACRUX_DIR="$root/target/gacrux/$version" cargo test --quiet -p shatar-pairing --test gacrux_colours
