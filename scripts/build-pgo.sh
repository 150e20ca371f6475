#!/usr/bin/env bash
# Builds the native `shatar` binary with profile-guided optimisation (as Stockfish's
# `make profile-build`): an instrumented build searches a training set, and the release
# build is compiled again with what it measured. The search is the same, move for move
# (the script checks the bench signatures); about 1.1 times the nodes a second
# (docs/engine.md, "Speed"). The binary to use for matches against other programs.
#
#   scripts/build-pgo.sh          # -> target/pgo/release/shatar
#
# Needs the toolchain's llvm-tools component (llvm-profdata), installed here if missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    step "llvm-tools (llvm-profdata)"
    rustup component add llvm-tools
fi

# RUSTFLAGS replaces .cargo/config.toml's rustflags rather than adding to them: repeat
# its target CPU.
base_flags=""
case "$host" in
    x86_64-*) base_flags="-C target-cpu=x86-64-v2" ;;
esac

profiles="$root/target/pgo-profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

step "Instrumented build"
RUSTFLAGS="$base_flags -C profile-generate=$profiles" \
    cargo build --release --quiet -p shatar-cli --target-dir target/pgo-instrumented
instrumented=target/pgo-instrumented/release/shatar

# The training set: the bench positions of the three 8x8 games and of Xiangqi, searched
# deeper than the signature's depth, and a few games of the 2017 rules between two copies
# of the search (the time of a match goes into the middlegame and the ending, which the
# bench positions alone cover less).
step "Training searches"
"$instrumented" bench --depth 16 >/dev/null
"$instrumented" bench --xiangqi --depth 14 >/dev/null
"$instrumented" match --a nodes=40000 --b nodes=40000 --ruleset mongolian --games 4 \
    --concurrency 2 --seed 1 >/dev/null

"$profdata" merge -o "$profiles/merged.profdata" "$profiles"

step "Optimised build"
RUSTFLAGS="$base_flags -C profile-use=$profiles/merged.profdata" \
    cargo build --release --quiet -p shatar-cli --target-dir target/pgo
built=target/pgo/release/shatar

# The optimisation must not change a single node: the same signatures as the
# instrumented build, which is the plain source.
signature() { "$1" bench "${@:2}" | sed -n 's/^bench: \([0-9]*\) nodes.*/\1/p'; }
for args in "" "--xiangqi"; do
    # shellcheck disable=SC2086 # an empty $args is no argument
    want=$(signature "$instrumented" $args)
    # shellcheck disable=SC2086
    got=$(signature "$built" $args)
    if [ -z "$want" ] || [ "$want" != "$got" ]; then
        echo "bench $args: the optimised build searched $got nodes, the instrumented $want" >&2
        exit 1
    fi
done
echo "$built (bench signatures $(signature "$built") and $(signature "$built" --xiangqi))"
