#!/usr/bin/env bash
# bbpPairings (Apache 2.0, FIDE-endorsed; not in any registry) as a second oracle for the
# Dutch system: builds it from its git history (BBP_GIT, a git directory of
# github.com/BieremaBoyzProgramming/bbpPairings; default the mirror on the machine that
# made tests/bbp/) into target/bbp/, then
#   scripts/bbp.sh regenerate   makes tests/bbp/ again: 200 tournaments from 5.0.1's own
#                               generator (the 2017 text; scripts/bbp-compare.py says
#                               which), bbpPairings pairing each round of them again
#                               (the harness's check), and the rounds where ours differs
#                               (differences-5.0.1.txt, which scripts/gacrux.sh expects)
#   scripts/bbp.sh bench [N]    N (default 5,000) such tournaments, every round compared;
#                               the differences in target/bbp/bench-differences.txt
#   scripts/bbp.sh current [N]  6.0.0 (the 2026 text) on N (default 200) of Gacrux's
#                               tournaments (target/gacrux/, from scripts/gacrux.sh)
# CI needs none of this: scripts/gacrux.sh compares with the packed files only.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
git_dir=${BBP_GIT:-/work/.mirror/BieremaBoyzProgramming+bbpPairings/repo}
python=tools/venv/bin/python
[ -x "$python" ] || python=python3
build() {
    local dir="target/bbp/src-$1"
    if [ ! -x "$dir/bbpPairings.exe" ]; then
        rm -rf "$dir"
        mkdir -p "$dir"
        git --git-dir="$git_dir" archive "v$1" | tar -x -C "$dir"
        make -C "$dir" -j2 >"$dir.log" 2>&1 || { echo "bbp.sh: building v$1 failed, see $dir.log" >&2; exit 1; }
    fi
    echo "$root/$dir/bbpPairings.exe"
}
cargo build --quiet --profile test -p shatar-cli
shatar="${CARGO_TARGET_DIR:-target}/debug/shatar"
case "${1:-}" in
regenerate)
    bbp5=$(build 5.0.1)
    cache=target/bbp/5.0.1
    rm -rf "$cache"
    set +e
    "$python" scripts/bbp-compare.py "$shatar" previous --cache "$cache" --count 200 \
        --bbp5 "$bbp5" --verify 200 | tee target/bbp/regenerate.txt
    set -e
    {
        echo "# Rounds of tests/bbp/previous-5.0.1.tar.xz that --rules 2017 pairs otherwise than"
        echo "# bbpPairings 5.0.1 (scripts/bbp.sh regenerate; docs/rules.md says why)."
        grep -E '^P[0-9]+ .* round [0-9]+: ours ' target/bbp/regenerate.txt || true
    } >tests/bbp/differences-5.0.1.txt
    (cd "$cache" && tar -cJf "$root/tests/bbp/previous-5.0.1.tar.xz" P*.trf P*.unpairable)
    ;;
bench)
    bbp5=$(build 5.0.1)
    "$python" scripts/bbp-compare.py "$shatar" previous --cache target/bbp/bench-5.0.1 \
        --count "${2:-5000}" --bbp5 "$bbp5" | tee target/bbp/bench-differences.txt | tail -1
    ;;
current)
    bbp6=$(build 6.0.0)
    "$python" scripts/bbp-compare.py "$shatar" current --cache target/gacrux/*/ \
        --count "${2:-200}" --bbp6 "$bbp6"
    ;;
*)
    echo "usage: scripts/bbp.sh regenerate | bench [N] | current [N]" >&2
    exit 2
    ;;
esac
