#!/usr/bin/env bash
# Makes www/fonts/shatar-mongolian.woff2: Noto Sans Mongolian cut down to the characters
# the page writes in the traditional script (crates/web/i18n/mn-Mong.txt, the piece
# initials, the picker's name), with the font's shaping tables kept whole, so that
# Chrome joins the letters as the script wants. Run it after changing those texts;
# `cargo test -p shatar-web` fails when a character is missing from the subset.
#
# Needs Debian's fonts-noto-core and fonttools with brotli (pip install fonttools brotli).
set -euo pipefail
cd "$(dirname "$0")/.."

source_font=/usr/share/fonts/truetype/noto/NotoSansMongolian-Regular.ttf
[ -f "$source_font" ] || { echo "font-subset: install Debian's fonts-noto-core" >&2; exit 1; }
python3 -c 'import fontTools, brotli' 2>/dev/null || { echo "font-subset: pip install fonttools brotli" >&2; exit 1; }

text=$(mktemp)
trap 'rm -f "$text"' EXIT
{
  cat crates/web/i18n/mn-Mong.txt
  grep -h 'ᠨ\|ᠮᠣᠩᠭᠣᠯ' crates/web/i18n/en.txt crates/rules/src/notation.rs crates/web/src/i18n/mod.rs
  # The script's own punctuation, spaces and variation selectors, whether used yet or not.
  printf '\u1800\u1801\u1802\u1803\u1804\u1805\u180a\u180b\u180c\u180d\u180e\u180f\u202f\u200c\u200d'
} > "$text"

out=www/fonts/shatar-mongolian.woff2
pyftsubset "$source_font" --text-file="$text" --layout-features='*' --flavor=woff2 \
  --unicodes='U+0020,U+1800-180F' --no-hinting --desubroutinize --name-IDs='*' --output-file="$out"
# The language picker's one Mongolian word, ᠮᠣᠩᠭᠣᠯ, on every page in every language: a
# font of its own of a few kilobytes, so that only pages in the script load the other.
name=www/fonts/shatar-mongolian-name.woff2
pyftsubset "$source_font" --text='ᠮᠣᠩᠭᠣᠯ' --layout-features='*' --flavor=woff2 \
  --no-hinting --desubroutinize --name-IDs='*' --output-file="$name"
# What the subset covers, for the test that checks the texts against it.
python3 - "$out" > crates/web/src/i18n/font-coverage.txt <<'PY'
import sys
from fontTools.ttLib import TTFont
cmap = TTFont(sys.argv[1]).getBestCmap()
print("# The characters www/fonts/shatar-mongolian.woff2 draws (made by scripts/font-subset.sh).")
print(" ".join(f"{c:04X}" for c in sorted(cmap) if c >= 0x80))
PY
# The licence travels with the font (OFL-1.1 §2), taken from Debian's copy.
{
  echo "Noto Sans Mongolian: Copyright 2010, 2012-2020 Google Inc.; 2015-2020 Google LLC."
  echo "www/fonts/shatar-mongolian.woff2 is a subset of it (a Modified Version), under the same licence."
  echo
  awk '/^License: OFL-1.1$/ { n++; if (n == 3) { on = 1; next } } on && /^[^ ]/ { exit } on { sub(/^ /, ""); if ($0 == ".") $0 = ""; print }' \
    /usr/share/doc/fonts-noto-core/copyright
} > www/fonts/OFL.txt
echo "font-subset: $out, $(stat -c %s "$out") bytes; $name, $(stat -c %s "$name") bytes"
