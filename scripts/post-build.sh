#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): finishes what Trunk cannot name by itself, in the
# staging folder before it becomes dist/. Trunk runs the hooks of one stage at the same
# time, so this is the only one and its steps run in order.
set -euo pipefail
shopt -s inherit_errexit
dir=${TRUNK_STAGING_DIR:?"run by trunk as a post_build hook"}

if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=release-web; out=release-web; else profile=dev; out=debug; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The four modules built here, in two cargo runs so that their link-time optimisations
# (one core each) run side by side: the embed, the online pages and the event page in one,
# whose features then unify (web-sys's bindings: 8 and 57 bytes more for the embed and the
# event page, measured); the page with Xiangqi alone, since it has shatar-web's app, which
# must stay out of the others.
cargo build --quiet -p shatar-embed -p shatar-online -p shatar-event-page \
  --target wasm32-unknown-unknown --profile "$profile"
cargo build --quiet -p shatar-page-xiangqi --target wasm32-unknown-unknown --profile "$profile"

# Makes crate $1's built module ready for the browser with the page's tools, into
# $work/$1/ as $1.js and $1_bg.wasm. The four run at once (wasm-opt takes seconds each).
finish_module() {
  local name=$1 built
  built="${CARGO_TARGET_DIR:-$PWD/target}/wasm32-unknown-unknown/$out/${name//-/_}.wasm"
  rm -rf "$work/$name" && mkdir "$work/$name"
  wasm-bindgen --target web --no-typescript --out-dir "$work/$name" --out-name "$name" "$built"
  if [ "$profile" = release-web ]; then
    wasm-opt -Oz "$work/$name/${name}_bg.wasm" --output "$work/$name/${name}_bg.wasm"
  fi
}
finishing=()
for name in shatar-embed shatar-online shatar-event-page shatar-page-xiangqi; do
  finish_module "$name" &
  finishing+=($!)
done
for pid in "${finishing[@]}"; do
  wait "$pid" || { echo "post-build: wasm-bindgen or wasm-opt failed (above)" >&2; exit 1; }
done

# Copies module $1 into the staging folder as $1-<hash>.js and $1-<hash>_bg.wasm, named by
# content like Trunk's files; prints the hash.
build_module() {
  local name=$1 hash
  hash=$(cat "$work/$name/$name.js" "$work/$name/${name}_bg.wasm" | sha256sum | cut -c1-16)
  cp "$work/$name/$name.js" "$dir/$name-$hash.js"
  cp "$work/$name/${name}_bg.wasm" "$dir/$name-${hash}_bg.wasm"
  echo "$hash"
}

# 0. The start position's board, drawn natively by the page's own drawing code
#    (crates/web/examples/static_board.rs), in index.html's #board: on screen before the
#    WebAssembly arrives, which draws the same board over it (crates/web/src/dom/board.rs).
#    Before the file list's names and the compression below, which must see it.
grep -q '<template id="static-board"></template>' "$dir/index.html" \
  || { echo "post-build: index.html lacks the static board's placeholder" >&2; exit 1; }
# The test profile, which `cargo test` (scripts/test.sh) has already built: the dev profile
# would compile the page's native dependencies once more.
cargo run --quiet --profile test -p shatar-web --example static_board > "$work/static-board.html"
grep -q '^<svg .*</svg>$' "$work/static-board.html" \
  || { echo "post-build: static_board printed no board" >&2; exit 1; }
sed -i -e "/<template id=\"static-board\"><\/template>/{r $work/static-board.html" -e 'd}' "$dir/index.html"

# 1. The embed module (crates/embed: <shatar-board>, embed.html, builder.html). Built here
#    rather than by a <link data-trunk rel="rust"> in index.html, which would make the app's
#    page load it too. www/shatar-board.js is told the names.
hash=$(build_module shatar-embed)
sed -i -e "s|__SHATAR_EMBED_GLUE__|./shatar-embed-$hash.js|" -e "s|__SHATAR_EMBED_WASM__|./shatar-embed-${hash}_bg.wasm|" \
  "$dir/shatar-board.js"

# 1b. The online pages' module (crates/online: online.html, and live.html that clubs frame),
#    for the same reason; started by a script of its own, named by its content (no inline
#    script: docs/hosting.md).
hash=$(build_module shatar-online)
printf "import init from './shatar-online-%s.js';\ninit({ module_or_path: './shatar-online-%s_bg.wasm' });\n" \
  "$hash" "$hash" > "$work/online-start.js"
start=$(sha256sum "$work/online-start.js" | cut -c1-16)
cp "$work/online-start.js" "$dir/shatar-online-start-$start.js"
for page in online.html live.html; do
  grep -q '__SHATAR_ONLINE_START__' "$dir/$page" \
    || { echo "post-build: $page lacks its start script's placeholder" >&2; exit 1; }
  sed -i "s|__SHATAR_ONLINE_START__|./shatar-online-start-$start.js|" "$dir/$page"
done

# 1c. The event page's module (crates/event-page: event.html, public, director's and
#    embedded), the same way.
hash=$(build_module shatar-event-page)
printf "import init from './shatar-event-page-%s.js';\ninit({ module_or_path: './shatar-event-page-%s_bg.wasm' });\n" \
  "$hash" "$hash" > "$work/event-start.js"
start=$(sha256sum "$work/event-start.js" | cut -c1-16)
cp "$work/event-start.js" "$dir/shatar-event-page-start-$start.js"
grep -q '__SHATAR_EVENT_START__' "$dir/event.html" \
  || { echo "post-build: event.html lacks its start script's placeholder" >&2; exit 1; }
sed -i "s|__SHATAR_EVENT_START__|./shatar-event-page-start-$start.js|" "$dir/event.html"

# 2. The page with Xiangqi (crates/page-xiangqi), which takes the page over from Trunk's
#    build without it when Xiangqi is played (crates/web/src/carried.rs). Here for the same
#    reason: a second main build in index.html would be loaded with the first. The first
#    build reads the names from index.html's <meta name="shatar-xiangqi-build">.
hash=$(build_module shatar-page-xiangqi)
grep -q '__SHATAR_XIANGQI_GLUE__ __SHATAR_XIANGQI_WASM__' "$dir/index.html" \
  || { echo "post-build: index.html lacks the Xiangqi build's placeholders" >&2; exit 1; }
sed -i -e "s|__SHATAR_XIANGQI_GLUE__|./shatar-page-xiangqi-$hash.js|" \
  -e "s|__SHATAR_XIANGQI_WASM__|./shatar-page-xiangqi-${hash}_bg.wasm|" "$dir/index.html"

# 3. The files the pages fetch after start-up, named by content here since Trunk leaves
#    their names alone: the engine worker's two builds (written into the loader, which is
#    then named by its content too), the languages' texts, the Xiangqi pieces. The pages
#    learn the names from a list of `plain=hashed` pairs (crates/web/src/files.rs):
#    index.html's <meta name="shatar-files"> and shatar-board.js.
files=""
for build in shatar-worker-8x8 shatar-worker-xiangqi; do
  hash=$(cat "$dir/$build.js" "$dir/${build}_bg.wasm" | sha256sum | cut -c1-16)
  mv "$dir/$build.js" "$dir/$build-$hash.js"
  mv "$dir/${build}_bg.wasm" "$dir/$build-${hash}_bg.wasm"
  key=$(echo "${build#shatar-worker-}" | tr a-z A-Z)
  grep -q "__SHATAR_WORKER_${key}_GLUE__" "$dir/worker-loader.js" \
    || { echo "post-build: worker-loader.js lacks the $build placeholders" >&2; exit 1; }
  sed -i -e "s|__SHATAR_WORKER_${key}_GLUE__|$build-$hash.js|" \
    -e "s|__SHATAR_WORKER_${key}_WASM__|$build-${hash}_bg.wasm|" "$dir/worker-loader.js"
done
# Prints the path of the site's file $1 renamed by its content: i18n/en.txt becomes
# i18n/en-<hash>.txt.
hash_name() {
  local path=$1 hash renamed
  hash=$(sha256sum "$dir/$path" | cut -c1-16)
  renamed="${path%.*}-$hash.${path##*.}"
  mv "$dir/$path" "$dir/$renamed"
  echo "$renamed"
}
for path in worker-loader.js $(cd "$dir" && echo i18n/*.txt) xiangqi/pieces.svg; do
  [ -f "$dir/$path" ] || { echo "post-build: the build has no $path" >&2; exit 1; }
  files="$files $path=$(hash_name "$path")"
done
files=${files# }
for page in index.html online.html live.html event.html shatar-board.js; do
  grep -q '"__SHATAR_FILES__"' "$dir/$page" \
    || { echo "post-build: $page lacks the file list's placeholder" >&2; exit 1; }
done
sed -i "s|__SHATAR_FILES__|$files|" "$dir/index.html" "$dir/online.html" "$dir/live.html" "$dir/event.html" "$dir/shatar-board.js"

# 4. The stylesheets of builder.html, embed.html and online.html, named by content in the
#    pages that load them (the pages keep their names: clubs and players link to them).
#    Each entry is a sheet and the pages that link it.
for entry in builder.css:builder.html targets.css:builder.html,online.html embed-frame.css:embed.html \
  style.css:online.html,live.html,event.html board.css:online.html,live.html pieces.css:online.html,live.html \
  lang.css:online.html,live.html,event.html xiangqi/pieces.css:online.html,live.html \
  online.css:online.html,live.html event.css:event.html; do
  sheet=${entry%%:*} pages=${entry#*:}
  renamed=$(hash_name "$sheet")
  for page in ${pages//,/ }; do
    grep -q "href=\"$sheet\"" "$dir/$page" || { echo "post-build: $page does not link $sheet" >&2; exit 1; }
    sed -i "s|href=\"$sheet\"|href=\"$renamed\"|" "$dir/$page"
  done
done

# 5. Trunk's start-up script, which it writes inline into index.html, into a file named by
#    its content: a page under a Content-Security-Policy runs no inline script
#    (docs/hosting.md).
[ "$(grep -c '^<script type="module">$' "$dir/index.html")" = 1 ] \
  || { echo "post-build: index.html does not have the one inline start-up script expected of Trunk" >&2; exit 1; }
awk -v script="$work/start.js" '
  /^<script type="module">$/ { inside = 1; next }
  inside && /^<\/script>$/ { inside = 0; print "<script type=\"module\" src=\"__SHATAR_START__\"></script>"; next }
  inside { print > script; next }
  { print }' "$dir/index.html" > "$work/index.html"
hash=$(sha256sum "$work/start.js" | cut -c1-16)
cp "$work/start.js" "$dir/shatar-start-$hash.js"
sed "s|__SHATAR_START__|./shatar-start-$hash.js|" "$work/index.html" > "$dir/index.html"
# Nothing inline is left in any page: no script without a src, no <style>, no style attribute.
inline=$(cd "$dir" && grep -HnE '<script( type="module")?>|<style|[[:space:]]style=' ./*.html || true)
[ -z "$inline" ] || { echo "post-build: inline script or style left in a page: $inline" >&2; exit 1; }

# 6. The service worker's precache list, and which of its files are named by content (a
#    hash of at least 8 hex digits before the extension: Trunk writes its hash without
#    leading zeros), which the worker serves from its cache first. Must come after every
#    step that names or changes a file (it lists and hashes the finished files), and before
#    the compression (the worker fetches the files, never their .br and .gz).
sw="$dir/sw.js"
files=$(cd "$dir" && find . -type f ! -path ./sw.js -printf '%P\n' | LC_ALL=C sort)
# Trunk's names are plain; anything else would need quoting in JS and in sed.
bad=$(printf '%s\n' "$files" | grep -v '^[A-Za-z0-9._/-]*$' || true)
[ -z "$bad" ] || { echo "post-build: cannot list these for the service worker: $bad" >&2; exit 1; }
# Names and contents both: a renamed file is a new build too.
version=$(cd "$dir" && printf '%s\n' "$files" | xargs -d '\n' sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "$files" | sed 's/.*/"&"/' | paste -sd, -)
hashed=$(printf '%s\n' "$files" | grep -E -- '-[0-9a-f]{8,}(_bg\.wasm|\.[a-z0-9]+)$' | sed 's/.*/"&"/' | paste -sd, -)
grep -q '"__SHATAR_VERSION__"' "$sw" && grep -qF '/* __SHATAR_PRECACHE__ */ []' "$sw" \
  && grep -qF '/* __SHATAR_HASHED__ */ []' "$sw" \
  || { echo "post-build: sw.js lacks its placeholders" >&2; exit 1; }
sed -i -e "s|\"__SHATAR_VERSION__\"|\"$version\"|" -e "s|/\* __SHATAR_PRECACHE__ \*/ \[\]|[$list]|" \
  -e "s|/\* __SHATAR_HASHED__ \*/ \[\]|[$hashed]|" "$sw"

# 7. Every compressible file precompressed beside it: x.br (brotli, quality 11, a 16 MiB
#    window: the largest a browser reads) and x.gz (gzip's format, which browsers use over
#    plain http, where they send no `br`). x.gz is zopfli's for files up to 256 KiB (about
#    7% fewer bytes than gzip -9) and gzip -9's above, where zopfli would cost the build
#    minutes (5 s of CPU for 300 KB, 50 times gzip -9's). The server sends them as files
#    (ServeDir's precompressed_br and precompressed_gzip) and compresses nothing as it
#    sends: a file with no copy here goes as it is. Compressible: text and wasm (html, js,
#    mjs, css, json, svg, txt, xml, webmanifest, wasm); not the fonts (woff2 is brotli
#    inside) nor the images (png). A copy that is not smaller than its file is dropped.
#    Must stay last: it compresses the finished files. scripts/tools.sh --serve installs
#    brotli and zopfli (Debian's).
command -v brotli >/dev/null || { echo "post-build: brotli is missing: run scripts/tools.sh --serve" >&2; exit 1; }
gz() {
  if [ "$(stat -c %s "$1")" -le 262144 ] && command -v zopfli >/dev/null; then zopfli --gzip -c "$1"
  else gzip -9 -n -c "$1"; fi
}
# One file: its two copies, each kept only if smaller. Run for several files at once
# (brotli's best quality is one core's work for seconds on a module).
compress() {
  local file=$1 size copy
  brotli --best --lgwin=24 --force --output="$file.br" -- "$file"
  gz "$file" > "$file.gz"
  size=$(stat -c %s "$file")
  for copy in "$file.br" "$file.gz"; do
    [ "$(stat -c %s "$copy")" -lt "$size" ] || rm "$copy"
  done
}
export -f compress gz
to_compress=$(find "$dir" -type f \( -name '*.html' -o -name '*.js' -o -name '*.mjs' -o -name '*.css' \
  -o -name '*.json' -o -name '*.svg' -o -name '*.txt' -o -name '*.xml' -o -name '*.webmanifest' \
  -o -name '*.wasm' \))
[ -n "$to_compress" ] || { echo "post-build: found nothing to compress in $dir" >&2; exit 1; }
# Trunk's names are plain (checked for the service worker above): one a line is safe.
printf '%s\n' "$to_compress" | xargs -d '\n' -P "$(nproc)" -n 1 bash -c 'set -euo pipefail; compress "$1"' _
