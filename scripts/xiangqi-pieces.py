#!/usr/bin/env python3
"""Write www/xiangqi/pieces.svg: the Xiangqi piece symbols, traditional and international.

Needs:
  * Debian's font package with the characters (the default font, under the SIL OFL; it reads
    best at 40 px):
        apt-get install -y fonts-noto-cjk           # Noto Serif CJK Bold (Song style)
    or, for --font ukai (a brush style, under the copyleft Arphic Public License):
        apt-get install -y fonts-arphic-ukai        # AR PL UKai (Kai, brush style)
  * fontTools:  pip install fonttools   (Debian: apt-get install -y python3-fonttools)

Run from the repository's root:
    python3 scripts/xiangqi-pieces.py                 # writes www/xiangqi/pieces.svg
    python3 scripts/xiangqi-pieces.py --font ukai
    python3 scripts/xiangqi-pieces.py --out /tmp/pieces.svg
It writes www/xiangqi/LICENSE-fonts.txt beside the file too (the font's name, version and
licence text, from Debian's copy). The opening comment of pieces.svg carries the day of the
run (the Arphic licence asks modified files to say when they were changed); set
SOURCE_DATE_EPOCH to keep the day of an earlier run.

The file holds only <symbol> elements, each viewBox="0 0 100 100", with the ids
xq-{traditional,international}-{red,black}-{general,advisor,elephant,horse,chariot,cannon,
soldier}, and the river's two words, xq-river-chu-he (楚河) and xq-river-han-jie (漢界). Each piece
symbol is a disc (class xq-body), an inner ring (class xq-ring, no fill) and the
mark (class xq-mark): the character's outline taken from the font through its cmap, or, for the
international set, a pictogram drawn by hand below (the same for both sides). The file carries no
colours: www/xiangqi/pieces.css colours the classes from the side's class (.xq-piece.red /
.xq-piece.black) on an enclosing element.

A river word's symbol (viewBox="0 0 200 100", one cell high and two wide, drawn 1:1 on the
board's 100-unit cells) is a single path of class xq-river-word: the two characters' outlines
from the same font, side by side on one baseline, the pair centred in the box. www/board.css
colours it like the board's lines. Drawing the words as outlines rather than as <text> keeps
them the same on a machine without a CJK font.

The character outlines are derived from the font and stay under its licence, written into the
file's opening comment and into www/xiangqi/LICENSE-fonts.txt.
"""

import argparse
import datetime
import os
import sys

from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

ROLES = ["general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"]

# The characters of a traditional set, in ROLES' order (general, advisor, elephant, horse,
# chariot, cannon, soldier). Red: 帥 仕 相 傌 俥 炮 兵; black: 將 士 象 馬 車 砲 卒.
CHARS = {
    "red": dict(zip(ROLES, "帥仕相傌俥炮兵")),
    "black": dict(zip(ROLES, "將士象馬車砲卒")),
}

FONTS = {
    # name: (file, face name in the collection, licence short name, Debian package, the size
    # of the em in the 100-unit box: the Kai's ink fills less of its em than the Song's)
    "ukai": (
        "/usr/share/fonts/truetype/arphic/ukai.ttc",
        "AR PL UKai TW",
        "Arphic Public License",
        "fonts-arphic-ukai",
        62.0,
    ),
    "noto-serif": (
        "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",
        "Noto Serif CJK TC Bold",
        "SIL Open Font License 1.1",
        "fonts-noto-cjk",
        52.0,
    ),
}

# The river's words, left to right as the board shows them: 楚河 on the left half of the river
# and 漢界 on the right, whichever side is at the bottom (crates/web/src/dom/xiangqi_board.rs).
RIVER = {"chu-he": "楚河", "han-jie": "漢界"}
RIVER_BOX = (200, 100)  # the symbol's viewBox: two cells wide, one high
RIVER_EM = 46.0  # the characters' em, in the board's units (a cell is 100)
RIVER_PITCH = 94.0  # from one character's centre to the next: an em and a wide gap

# The piece's geometry in its 100-unit box.
DISC_R = 46.5  # the disc; its edge stroke (CSS) stays inside 50
RING_R = 40  # the inner ring
GRID = 0.1  # the outlines are rounded to this step


# --- compact path data -------------------------------------------------------------------


def fmt(v):
    """A number in the shortest SVG form: 12, 1.5, .5, -.5."""
    s = f"{v:.1f}".rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s


def join(nums):
    """Numbers joined with the fewest separators: none before "-", none before ".5" when the
    number before it already has a dot."""
    out = []
    prev = ""
    for n in nums:
        t = fmt(n)
        if out and not t.startswith("-") and not (t.startswith(".") and "." in prev):
            out.append(" ")
        out.append(t)
        prev = t
    return "".join(out)


def q(v):
    return round(v / GRID)


def path_d(ops):
    """Relative path data from pen operations whose points are already in piece units.
    (fontTools' SVGPathPen writes absolute commands; relative ones with short numbers make
    the file about a third smaller.)

    The points are snapped to GRID first (absolute), so the relative steps do not drift."""
    d = []
    last_cmd = None
    cur = (0, 0)
    start = (0, 0)

    for op, args in ops:
        if op == "moveTo":
            p = tuple(q(c) for c in args[0])
            nums = [(p[0] - cur[0]) * GRID, (p[1] - cur[1]) * GRID]
            d.append("m" + join(nums))
            last_cmd = "m"
            cur = start = p
        elif op == "lineTo":
            p = tuple(q(c) for c in args[0])
            if p == cur:
                continue
            if p[1] == cur[1]:
                emit_simple(d, "h", [(p[0] - cur[0]) * GRID], last_cmd)
                last_cmd = "h"
            elif p[0] == cur[0]:
                emit_simple(d, "v", [(p[1] - cur[1]) * GRID], last_cmd)
                last_cmd = "v"
            else:
                emit_simple(d, "l", [(p[0] - cur[0]) * GRID, (p[1] - cur[1]) * GRID], last_cmd)
                last_cmd = "l"
            cur = p
        elif op == "curveTo":
            pts = [tuple(q(c) for c in a) for a in args]
            nums = []
            for p in pts:
                nums += [(p[0] - cur[0]) * GRID, (p[1] - cur[1]) * GRID]
            emit_simple(d, "c", nums, last_cmd)
            last_cmd = "c"
            cur = pts[-1]
        elif op == "qCurveTo":
            pts = [tuple(q(c) for c in a) for a in args]
            nums = []
            for p in pts:
                nums += [(p[0] - cur[0]) * GRID, (p[1] - cur[1]) * GRID]
            emit_simple(d, "q", nums, last_cmd)
            last_cmd = "q"
            cur = pts[-1]
        elif op in ("closePath", "endPath"):
            d.append("z")
            last_cmd = "z"
            cur = start
        else:
            raise ValueError(op)
    return "".join(d)


def emit_simple(d, cmd, nums, last_cmd):
    text = join(nums)
    if cmd == last_cmd:
        d.append(("" if text.startswith("-") else " ") + text)
    else:
        d.append(cmd + text)


class QuadSplitPen(RecordingPen):
    """Records a glyph, splitting TrueType's implied on-curve points into single quadratics
    (path_d drops the zero-length lines)."""

    def qCurveTo(self, *points):
        if points[-1] is None:
            raise ValueError("contours without on-curve points are not handled")
        from fontTools.pens.basePen import decomposeQuadraticSegment

        for a, b in decomposeQuadraticSegment(points):
            self.value.append(("qCurveTo", (a, b)))


# --- the traditional set: characters from the font -----------------------------------------


def open_face(name):
    path, face, _, package, _ = FONTS[name]
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: apt-get install -y {package}")
    fonts = TTCollection(path).fonts if path.endswith(".ttc") else [TTFont(path)]
    for f in fonts:
        if f["name"].getDebugName(4) == face or f["name"].getDebugName(1) == face:
            return f
    sys.exit(f"no face {face!r} in {path}")


def glyph_ops(font, ch, em):
    cmap = font.getBestCmap()
    gname = cmap.get(ord(ch))
    if gname is None:
        sys.exit(f"the font has no {ch} (U+{ord(ch):04X})")
    gs = font.getGlyphSet()
    upm = font["head"].unitsPerEm
    rec = QuadSplitPen()
    s = em / upm
    # Centre the ink's box on the disc's centre; flip Y.
    from fontTools.pens.boundsPen import BoundsPen

    bp = BoundsPen(gs)
    gs[gname].draw(bp)
    x0, y0, x1, y1 = bp.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    gs[gname].draw(TransformPen(rec, (s, 0, 0, -s, 50 - cx * s, 50 + cy * s)))
    return rec.value, ((x1 - x0) * s, (y1 - y0) * s)


def river_ops(font, word):
    """The pen operations of a river word: each character's em box (its advance, and the
    ideographic em from the typo descender to ascender) centred on its place, so the two
    share a baseline, as text would; the pair centred in RIVER_BOX."""
    cmap = font.getBestCmap()
    gs = font.getGlyphSet()
    upm = font["head"].unitsPerEm
    os2 = font["OS/2"]
    em_mid = (os2.sTypoAscender + os2.sTypoDescender) / 2
    s = RIVER_EM / upm
    w, h = RIVER_BOX
    rec = QuadSplitPen()
    for i, ch in enumerate(word):
        gname = cmap.get(ord(ch))
        if gname is None:
            sys.exit(f"the font has no {ch} (U+{ord(ch):04X})")
        advance = font["hmtx"][gname][0]
        cx = w / 2 + (i - (len(word) - 1) / 2) * RIVER_PITCH
        gs[gname].draw(TransformPen(rec, (s, 0, 0, -s, cx - advance / 2 * s, h / 2 + em_mid * s)))
    return rec.value


# --- the international set: pictograms drawn by hand --------------------------------------
# Path data in the 100-unit box, inside the ring (radius RING_R about 50,50). Filled with
# the mark's colour; holes by fill-rule evenodd.

M = '<path class="xq-mark" d="{}"/>'
ME = '<path class="xq-mark" fill-rule="evenodd" d="{}"/>'

PICTOS = {
    # The general: a crown with a cross, over its band.
    "general": M.format(
        "M31 64 26 39 39 51 50 35 61 51 74 39 69 64Z"
        "M30 67H70V75H30Z"
        "M47.5 17H52.5V22H57V26.5H52.5V35H47.5V26.5H43V22H47.5Z"
    )
    + '<circle class="xq-mark" cx="26" cy="37" r="4"/><circle class="xq-mark" cx="74" cy="37" r="4"/>',
    # The advisor (the palace's guard): a shield, crossed by the diagonals it moves along.
    "advisor": ME.format(
        "M29 24H71V46C71 62 62 71 50 78 38 71 29 62 29 46Z"
        "M60.9 54.1 56.1 58.9 50 52.8 43.9 58.9 39.1 54.1 45.2 48 39.1 41.9 43.9 37.1 50 43.2"
        " 56.1 37.1 60.9 41.9 54.8 48Z"
    ),
    # The elephant: its head in profile, facing left: the trunk curling at its tip, a tusk,
    # the eye, and the large ear behind.
    "elephant": ME.format(
        "M54 23C42 22 33 30 32 42 31 52 29 60 25 66 23 69 23 73 26 74 29 75 31 73 32 70"
        " 34 63 37 57 40 54 43 57 47 60 53 59 55 50 56 34 54 23Z"
        "M45 36.5A2.3 2.3 0 1 0 45 41.1 2.3 2.3 0 1 0 45 36.5Z"
        "M58.5 27C68 23 77 30 77 42 77 54 72 62 62 67 61 60 60 54 58.5 50Z"
        "M45 62C45 66 41 69 36 70 39 67 40.5 64.5 40.5 61Z"
    ),
    # The horse: a knight's head, facing left.
    "horse": ME.format(
        "M34 78H68C69 70 70 60 70 50 70 36 64 27 55 24L53 18 47 24C40 26 34 32 30 40L24 52"
        "C22 56 24 60 28 60 32 60 36 58 40 56 44 56 46 58 46 60 42 66 36 70 34 78Z"
        "M42 34.5A2.5 2.5 0 1 0 42 39.5 2.5 2.5 0 1 0 42 34.5Z"
    ),
    # The chariot: a rook's tower.
    "chariot": M.format(
        "M30 23H38.5V29H45.5V23H54.5V29H61.5V23H70V37L64 41V62L70 67V76H30V67L36 62V41L30 37Z"
    ),
    # The cannon: a barrel on a wheel.
    "cannon": M.format(
        "M32 63.9 63.7 42.9 64.5 44.2 71.4 40.3 64.5 28.1 57.5 32.1 58.3 33.4 24 50.1Z"
    )
    + '<circle class="xq-mark" cx="24.5" cy="59" r="5"/>'
    + ME.format("M44 56A11 11 0 1 0 44 78 11 11 0 1 0 44 56ZM44 62A5 5 0 1 1 44 72 5 5 0 1 1 44 62Z")
    + '<circle class="xq-mark" cx="44" cy="67" r="2.2"/>',
    # The soldier: a pawn.
    "soldier": M.format(
        "M39 43H61L58.5 48.5H41.5Z"
        "M44 48.5H56C56 57 60 64 67 70H33C40 64 44 57 44 48.5Z"
        "M29 71H71V79H29Z"
    )
    + '<circle class="xq-mark" cx="50" cy="31" r="10.5"/>',
}


# --- the file ------------------------------------------------------------------------------


def disc():
    return (
        f'<circle class="xq-body" cx="50" cy="50" r="{fmt(DISC_R)}"/>'
        f'<circle class="xq-ring" cx="50" cy="50" r="{fmt(RING_R)}"/>'
    )


LICENCE_TEXT = {
    # where Debian keeps the font's licence
    "ukai": "/usr/share/doc/fonts-arphic-ukai/license/english/ARPHICPL.TXT.gz",
    "noto-serif": "/usr/share/doc/fonts-noto-cjk/copyright",
}

LICENCE_NOTE = {
    "ukai": """\
Redistribution: the Arphic Public License lets anyone copy, modify ("modifying glyph,
converting format") and redistribute the font and works derived from it, provided the
modified files say how and when they were changed (the opening comment of pieces.svg
does), the modifications are made freely available under the same licence (they are:
pieces.svg is published with Shatar and is itself under the Arphic Public License), and
this licence text goes with every copy. Like the GPL it is a copyleft for the derived
outlines only: the rest of Shatar is "mere aggregation" (section 2) and keeps its own
licence (MIT OR Apache-2.0). The international pictograms in the same file are Shatar's
own drawings, not derived from the font, under Shatar's licence.""",
    "noto-serif": """\
Redistribution: the SIL Open Font License 1.1 lets anyone use, modify and redistribute the
font and works derived from it, bundled with any software, provided the copyright notice
and the licence go with them and a modified font does not use the Reserved Font Names.
pieces.svg is not a font but artwork made from the font's glyphs, which the OFL does not
restrict (the licence binds the font, not documents made with it); the notice and the
licence are kept here all the same. The international pictograms in the same file are Shatar's own drawings.""",
}


def licence_text(name):
    path = LICENCE_TEXT[name]
    if path.endswith(".gz"):
        import gzip

        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            return f.read().strip() + "\n"
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    # Debian's copyright file: the stanza "License: SIL-1.1" with its text indented by one
    # space, "." for a blank line.
    start = [i for i, l in enumerate(lines) if l.strip() == "License: SIL-1.1"][-1] + 1
    out = []
    for l in lines[start:]:
        if not l.startswith(" "):
            break
        out.append("" if l.strip() == "." else l[1:])
    return "\n".join(out).strip() + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--font", choices=sorted(FONTS), default="noto-serif")
    here = os.path.dirname(os.path.abspath(__file__))
    www = os.path.join(here, "..", "www", "xiangqi")
    ap.add_argument("--out", default=os.path.join(www, "pieces.svg"))
    ap.add_argument(
        "--licence-out",
        default=None,
        help="where to write the font's licence (default: LICENSE-fonts.txt beside --out)",
    )
    args = ap.parse_args()
    lic_out = args.licence_out or os.path.join(os.path.dirname(os.path.abspath(args.out)), "LICENSE-fonts.txt")

    font = open_face(args.font)
    fname = font["name"].getDebugName(4)
    fver = font["name"].getDebugName(5).strip()
    fcopy = (font["name"].getDebugName(0) or "").strip()
    path, _, lic, package, _ = FONTS[args.font]
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    day = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date()
        if epoch
        else datetime.date.today()
    ).isoformat()
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        f"<!-- Xiangqi pieces for Shatar, written by scripts/xiangqi-pieces.py on {day}."
        f" The characters of the traditional set are the outlines of {fname} ({fver},"
        f" Debian's {package}), converted to SVG paths, scaled, centred and rounded to"
        f" {GRID} unit (the river's words {' '.join(RIVER.values())} too); under the {lic}, see"
        f" LICENSE-fonts.txt. The international set"
        f" is drawn for Shatar. -->",
    ]
    for color in ("red", "black"):
        for role in ROLES:
            ops, _ = glyph_ops(font, CHARS[color][role], FONTS[args.font][4])
            out.append(
                f'<symbol id="xq-traditional-{color}-{role}" viewBox="0 0 100 100">{disc()}'
                f'<path class="xq-mark" d="{path_d(ops)}"/></symbol>'
            )
    for role in ROLES:
        for color in ("red", "black"):
            out.append(
                f'<symbol id="xq-international-{color}-{role}" viewBox="0 0 100 100">{disc()}'
                f"{PICTOS[role]}</symbol>"
            )
    w, h = RIVER_BOX
    for key, word in RIVER.items():
        out.append(
            f'<symbol id="xq-river-{key}" viewBox="0 0 {w} {h}">'
            f'<path class="xq-river-word" d="{path_d(river_ops(font, word))}"/></symbol>'
        )
    out.append("</svg>")
    text = "\n".join(out) + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)

    chars = " ".join(CHARS["red"][r] for r in ROLES) + " / " + " ".join(CHARS["black"][r] for r in ROLES)
    words = " and ".join(RIVER.values())
    notice = f"""\
Fonts used by www/xiangqi/pieces.svg
====================================

The characters of the traditional Xiangqi pieces in pieces.svg ({chars})
and the river's words ({words}) are outlines taken from this font:

  Font:      {fname}
  Version:   {fver.removeprefix("Version ")}
  Copyright: {fcopy.splitlines()[0] if fcopy and lic.startswith("SIL") else "Arphic Technology Co., Ltd. (1999); modified by Arne Goetje (CJK Unifonts)"}
  File:      {path} (Debian package {package})
  Licence:   {lic} (the full text below)

How they were changed: scripts/xiangqi-pieces.py read each glyph through the font's cmap,
converted its outline to an SVG path, scaled it into the piece's 100-unit box (a river
word's 200 x 100 box), flipped the Y axis, centred it on the disc (a river word's
characters side by side on one baseline) and rounded the coordinates to {GRID} unit; the date of
the change is in the comment at the top of pieces.svg.

{LICENCE_NOTE[args.font]}

------------------------------------------------------------------------------------------

{licence_text(args.font)}"""
    with open(lic_out, "w", encoding="utf-8") as f:
        f.write(notice)
    print(f"{args.out}: {len(text.encode())} bytes; {lic_out}; font {fname} {fver}")


if __name__ == "__main__":
    main()
