#!/usr/bin/env bash
# Compares `shatar pairings` and `shatar standings` with Gacrux, FIDE's reference tool
# (scripts/gacrux-compare.py; installed by scripts/tools.sh into tools/venv):
# the Berger tables for 3-24 players, and, on SHATAR_GACRUX_COUNT (default 200) random
# tournaments from Gacrux's seeded generator (9-60 players, 5-11 rounds, with requested
# byes and forfeits), every C.07 tie-break and every round of the Dutch system; the
# Dutch system again with two of Gacrux's pairs forbidden (record 260) in the middle
# round of each, and on 40 tournaments generated with Baku acceleration (record 250);
# and its colour allocation in every game Gacrux paired. The generated tournaments and
# Gacrux's pairings of the forbidden-pair files are kept, packed, in tests/gacrux/ and
# unpacked into target/gacrux/<gacrux version>, so a run only compares (about two
# minutes on 2 cores); without the archives it generates them (about 12 minutes).
# Also the Dutch system's previous text against bbpPairings 5.0.1 (tests/bbp/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python=tools/venv/bin/python
[ -x "$python" ] || { echo "gacrux.sh: run scripts/tools.sh first (tools/venv)" >&2; exit 1; }
version=$("$python" -c 'import importlib.metadata as m; print(m.version("gacrux"))')
cache="target/gacrux/$version"
for archive in "tests/gacrux/tournaments-$version.tar.xz" "tests/gacrux/extra-$version.tar.xz"; do
    marker="$cache/.$(basename "$archive")"
    if [ ! -f "$marker" ] && [ -f "$archive" ]; then
        mkdir -p "$cache"
        tar -xJf "$archive" -C "$cache"
        touch "$marker"
    fi
done
# The test profile: `cargo test` (scripts/test.sh) has already built it so; the dev profile
# would build the rules, the engine and the pairing crates again.
cargo build --quiet --profile test -p shatar-cli
"$python" scripts/gacrux-compare.py "${CARGO_TARGET_DIR:-target}/debug/shatar" all \
    --count "${SHATAR_GACRUX_COUNT:-200}" --cache "$cache" --jobs 2 --verify 3
# The Dutch system's previous text (--rules 2017) against bbpPairings 5.0.1 on the 200
# tournaments its generator made (tests/bbp/, made by scripts/bbp.sh): every round, the
# rounds known to differ listed in tests/bbp/differences-5.0.1.txt (about 15 s).
bbp_archive=tests/bbp/previous-5.0.1.tar.xz
bbp_cache="target/bbp/golden-$(sha256sum "$bbp_archive" | cut -c1-16)"
if [ ! -f "$bbp_cache/.unpacked" ]; then
    mkdir -p "$bbp_cache"
    tar -xJf "$bbp_archive" -C "$bbp_cache"
    touch "$bbp_cache/.unpacked"
fi
"$python" scripts/bbp-compare.py "${CARGO_TARGET_DIR:-target}/debug/shatar" previous \
    --cache "$bbp_cache" --count 200 --jobs 2 --expect tests/bbp/differences-5.0.1.txt
# Team events: every team tie-break on SHATAR_GACRUX_TEAMS (default 200) random team
# events, made by the script (Gacrux's generator makes none; about 10 s).
"$python" scripts/gacrux-teams.py "${CARGO_TARGET_DIR:-target}/debug/shatar" \
    --count "${SHATAR_GACRUX_TEAMS:-200}"
# In process: every round again (tests/gacrux_dutch.rs), and the colour allocation on
# every game Gacrux paired.
SHATAR_GACRUX_DIR="$root/target/gacrux/$version" cargo test --quiet -p shatar-pairing \
    --test gacrux_colours --test gacrux_dutch
