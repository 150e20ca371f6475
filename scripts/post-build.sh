#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): finishes what Trunk cannot name by itself, in the
# staging folder before it becomes dist/. Trunk runs the hooks of one stage at the same
# time, so this is the only one and its steps run in order.
set -euo pipefail
dir=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook"}

# 1. The embed module (crates/embed: <shatar-board>, embed.html, builder.html). Built here
#    rather than by a <link data-trunk rel="rust"> in index.html, which would make the app's
#    page load it too; with the same tools and profile as the page's wasm. Its files are
#    named by content like Trunk's, and www/shatar-board.js is told the names.
if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=release-web; out=release-web; else profile=dev; out=debug; fi
cargo build --quiet -p shatar-embed --target wasm32-unknown-unknown --profile "$profile"
built="${CARGO_TARGET_DIR:-$PWD/target}/wasm32-unknown-unknown/$out/shatar_embed.wasm"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-bindgen --target web --no-typescript --out-dir "$work" --out-name shatar-embed "$built"
if [ "$profile" = release-web ]; then
  wasm-opt -Oz "$work/shatar-embed_bg.wasm" --output "$work/shatar-embed_bg.wasm"
fi
hash=$(cat "$work/shatar-embed.js" "$work/shatar-embed_bg.wasm" | sha256sum | cut -c1-16)
glue="shatar-embed-$hash.js"
wasm="shatar-embed-${hash}_bg.wasm"
cp "$work/shatar-embed.js" "$dir/$glue"
cp "$work/shatar-embed_bg.wasm" "$dir/$wasm"
sed -i -e "s|__SHATAR_EMBED_GLUE__|./$glue|" -e "s|__SHATAR_EMBED_WASM__|./$wasm|" "$dir/shatar-board.js"

# 2. The service worker's precache list. Must stay last: it lists and hashes the
#    finished files.
sw="$dir/sw.js"
files=$(cd "$dir" && find . -type f ! -path ./sw.js -printf '%P\n' | LC_ALL=C sort)
# Trunk's names are plain; anything else would need quoting in JS and in sed.
bad=$(printf '%s\n' "$files" | grep -v '^[A-Za-z0-9._/-]*$' || true)
[ -z "$bad" ] || { echo "post-build: cannot list these for the service worker: $bad" >&2; exit 1; }
# Names and contents both: a renamed file is a new build too.
version=$(cd "$dir" && printf '%s\n' "$files" | xargs -d '\n' sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "$files" | sed 's/.*/"&"/' | paste -sd, -)
grep -q '"__SHATAR_VERSION__"' "$sw" && grep -qF '/* __SHATAR_PRECACHE__ */ []' "$sw" \
  || { echo "post-build: sw.js lacks its placeholders" >&2; exit 1; }
sed -i -e "s|\"__SHATAR_VERSION__\"|\"$version\"|" -e "s|/\* __SHATAR_PRECACHE__ \*/ \[\]|[$list]|" "$sw"
