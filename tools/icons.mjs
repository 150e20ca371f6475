// The app's icons (www/icons/), drawn from the traditional horse "Mori" of
// crates/web/src/glyphs.rs standing on a board square, and rendered to PNG by headless
// Chromium. Run again after changing the drawing, and commit what it writes:
//
//   node tools/icons.mjs
//
// Writes icon.svg (the favicon), icon-192.png and icon-512.png (rounded, transparent
// corners), maskable-512.png (full bleed, the motif inside the middle 80 % that every
// mask keeps) and apple-touch-icon.png (full bleed: iOS rounds it itself).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { launchBrowser, repoRoot } from "../tests/e2e/lib.mjs";

const out = join(repoRoot, "www/icons");

// www/style.css --accent, --light, --dark; the black pieces' colours of www/pieces.css.
const ACCENT = "#1f6f4a";
const LIGHT = "#efd9b0";
const DARK = "#a8764a";
const STYLE = ".pc-body{fill:#26211d;stroke:#0d0b09;stroke-width:3.4;stroke-linejoin:round}"
  + ".pc-line{fill:none;stroke:#efe4cc;stroke-width:2.6;stroke-linejoin:round;stroke-linecap:round}"
  + ".pc-mark{fill:#efe4cc}";

/** The horse's shapes as SVG elements, read from the Rust source so there is one drawing. */
function horse() {
  const src = readFileSync(join(repoRoot, "crates/web/src/glyphs.rs"), "utf8")
    // A Rust string's `\` at a line's end drops the line break and the next line's indent.
    .replace(/\\\n\s*/g, "");
  const body = src.match(/static MORI: &\[Shape\] = &\[([\s\S]*?)\n\];/)?.[1];
  const plinth = src.match(/const PLINTH: Shape = (rect!\([^)]*\));/)?.[1];
  if (!body || !plinth) throw new Error("glyphs.rs: no MORI or PLINTH");
  const shapes = body.replace(/\bPLINTH\b/, plinth);
  const cls = (c) => `pc-${c}`;
  const els = [];
  for (const [, tag, args] of shapes.matchAll(/(path|circle|ellipse|rect)!\(\s*([^)]*)\)/g)) {
    const [c, ...rest] = args.split(",").map((a) => a.trim()).filter(Boolean);
    const n = rest.map((a) => a.replace(/^"|"$/g, ""));
    const attrs = {
      path: () => `d="${n[0]}"`,
      circle: () => `cx="${n[0]}" cy="${n[1]}" r="${n[2]}"`,
      ellipse: () => `cx="${n[0]}" cy="${n[1]}" rx="${n[2]}" ry="${n[3]}"`,
      rect: () => `x="${n[0]}" y="${n[1]}" width="${n[2]}" height="${n[3]}" rx="${n[4]}"`,
    }[tag]();
    els.push(`<${tag} class="${cls(c)}" ${attrs}/>`);
  }
  if (els.length < 5) throw new Error(`glyphs.rs: MORI read as ${els.length} shapes`);
  return els.join("");
}

/**
 * The icon in a 100 x 100 box: `radius` rounds the green ground (0: full bleed), and the
 * board square of side `square` sits in the middle with the horse on it.
 */
function icon({ radius, square }) {
  const at = (100 - square) / 2;
  const half = square / 2;
  // The square is a 2 x 2 corner of a board: light and dark as on the page.
  const outline = `x="${at}" y="${at}" width="${square}" height="${square}" rx="${square * 0.06}"`;
  const cells = `<clipPath id="square"><rect ${outline}/></clipPath><rect ${outline} fill="${LIGHT}"/>`
    + `<path clip-path="url(#square)" fill="${DARK}" opacity="0.35" `
    + `d="M${at + half} ${at}h${half}v${half}h${-half}z M${at} ${at + half}h${half}v${half}h${-half}z"/>`;
  // The glyph leaves a margin in its own square; it is drawn a little larger than the cell.
  const scale = (square * 1.04) / 100;
  const shift = 50 - 50 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`
    + `<style>${STYLE}</style>`
    + `<rect width="100" height="100" rx="${radius}" fill="${ACCENT}"/>`
    + cells
    + `<g transform="translate(${shift} ${shift + square * 0.01}) scale(${scale})">${horse()}</g>`
    + `</svg>`;
}

// Maskable: the square's corners stay inside the safe zone, the circle of radius 40 % of
// the side around the middle: half its diagonal <= 40.
const MASKABLE_SQUARE = 56;
if ((MASKABLE_SQUARE / 2) * Math.SQRT2 > 40) throw new Error("the maskable motif leaves the safe zone");

const any = icon({ radius: 18, square: 76 });
const outputs = [
  { file: "icon-192.png", svg: any, size: 192, transparent: true },
  { file: "icon-512.png", svg: any, size: 512, transparent: true },
  { file: "maskable-512.png", svg: icon({ radius: 0, square: MASKABLE_SQUARE }), size: 512 },
  { file: "apple-touch-icon.png", svg: icon({ radius: 0, square: 70 }), size: 180 },
];

mkdirSync(out, { recursive: true });
writeFileSync(join(out, "icon.svg"), `${any}\n`);
const { browser, close } = await launchBrowser();
try {
  for (const { file, svg, size, transparent } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    await page.screenshot({ path: join(out, file), omitBackground: !!transparent, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`www/icons/${file}`);
  }
} finally {
  await close();
}
