#!/usr/bin/env bash
# How deep shatar and Debian's native Fairy-Stockfish get in the same position and time:
# for each FEN, both search alone (one thread, 16 MB), one after the other, and the last
# iteration each finished is printed as "depth nodes time-ms score". 2017 rules (FSF plays
# them as `mongolian-open` from ../shared/notes/fairy-stockfish-variants.ini). Not part of
# CI; run it on a quiet machine.
#   scripts/depth-fsf.sh                      # the four positions of docs/engine.md, 1 s
#   MOVETIME=100 scripts/depth-fsf.sh "FEN" ...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
movetime=${MOVETIME:-1000}
fsf=${FSF:-/usr/games/fairy-stockfish}
variants=$root/../shared/notes/fairy-stockfish-variants.ini
cargo build --quiet --release -p shatar-cli
shatar=${CARGO_TARGET_DIR:-$root/target}/release/shatar

if [ $# -eq 0 ]; then
  set -- \
    "r1bqkb1r/ppp1pppp/2n2n2/3p4/3P4/2P3P1/PP2PP1P/RNBQKBNR w - - 1 4" \
    "r2qr1k1/pp1b1ppp/2nbpn2/3p4/3P4/2NBPN2/PP1B1PPP/R2QR1K1 w - - 0 12" \
    "8/5pk1/6p1/3R4/r6P/6P1/5PK1/8 w - - 0 40" \
    "4k3/pp3ppp/2n5/8/3N4/8/PP3PPP/4K3 w - - 0 30"
fi

# The last "info depth" line with a score: depth, nodes, time, score.
last_iteration() {
  grep -E '^info depth .* score ' | grep -v currmove | tail -1 | awk '{
    for (i = 1; i <= NF; i++) {
      if ($i == "depth") d = $(i + 1); if ($i == "nodes") n = $(i + 1)
      if ($i == "time") t = $(i + 1); if ($i == "cp" || $i == "mate") s = $i " " $(i + 1)
    }
    print d, n, t, s }'
}

# Keeps the engine's input open until its answer can have come: the end of input is a quit.
wait_s=$(awk "BEGIN { print $movetime / 1000 + 1 }")
for fen in "$@"; do
  echo "$fen"
  printf '  shatar  '
  { printf 'uci\nsetoption name Hash value 16\nposition fen %s\ngo movetime %s\n' "$fen" "$movetime"
    sleep "$wait_s"; } | "$shatar" | last_iteration
  printf '  FSF     '
  { printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value mongolian-open\n' "$variants"
    printf 'setoption name Threads value 1\nsetoption name Hash value 16\nposition fen %s\ngo movetime %s\n' "$fen" "$movetime"
    sleep "$wait_s"; } | "$fsf" | last_iteration
done
