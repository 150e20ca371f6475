#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): finishes what Trunk cannot name by itself, in the
# staging folder before it becomes dist/. Trunk runs the hooks of one stage at the same
# time, so this is the only one and its steps run in order.
set -euo pipefail
dir=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook"}

if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=release-web; out=release-web; else profile=dev; out=debug; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Builds crate $1 for the browser with the page's tools and profile, into the staging folder
# as $2-<hash>.js and $2-<hash>_bg.wasm, named by content like Trunk's files; prints the
# hash.
build_module() {
  local crate=$1 name=$2 built hash
  cargo build --quiet -p "$crate" --target wasm32-unknown-unknown --profile "$profile"
  built="${CARGO_TARGET_DIR:-$PWD/target}/wasm32-unknown-unknown/$out/${crate//-/_}.wasm"
  rm -rf "$work/$name" && mkdir "$work/$name"
  wasm-bindgen --target web --no-typescript --out-dir "$work/$name" --out-name "$name" "$built"
  if [ "$profile" = release-web ]; then
    wasm-opt -Oz "$work/$name/${name}_bg.wasm" --output "$work/$name/${name}_bg.wasm"
  fi
  hash=$(cat "$work/$name/$name.js" "$work/$name/${name}_bg.wasm" | sha256sum | cut -c1-16)
  cp "$work/$name/$name.js" "$dir/$name-$hash.js"
  cp "$work/$name/${name}_bg.wasm" "$dir/$name-${hash}_bg.wasm"
  echo "$hash"
}

# 1. The embed module (crates/embed: <shatar-board>, embed.html, builder.html). Built here
#    rather than by a <link data-trunk rel="rust"> in index.html, which would make the app's
#    page load it too. www/shatar-board.js is told the names.
hash=$(build_module shatar-embed shatar-embed)
sed -i -e "s|__SHATAR_EMBED_GLUE__|./shatar-embed-$hash.js|" -e "s|__SHATAR_EMBED_WASM__|./shatar-embed-${hash}_bg.wasm|" \
  "$dir/shatar-board.js"

# 2. The page with Xiangqi (crates/page-xiangqi), which takes the page over from Trunk's
#    build without it when Xiangqi is played (crates/web/src/carried.rs). Here for the same
#    reason: a second main build in index.html would be loaded with the first. The first
#    build reads the names from index.html's <meta name="shatar-xiangqi-build">.
hash=$(build_module shatar-page-xiangqi shatar-page-xiangqi)
grep -q '__SHATAR_XIANGQI_GLUE__ __SHATAR_XIANGQI_WASM__' "$dir/index.html" \
  || { echo "post-build: index.html lacks the Xiangqi build's placeholders" >&2; exit 1; }
sed -i -e "s|__SHATAR_XIANGQI_GLUE__|./shatar-page-xiangqi-$hash.js|" \
  -e "s|__SHATAR_XIANGQI_WASM__|./shatar-page-xiangqi-${hash}_bg.wasm|" "$dir/index.html"

# 3. The service worker's precache list. Must stay last: it lists and hashes the
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
