// The release build's budgets, measured in Debian's headless Chromium over 127.0.0.1:
//
//   node tools/budgets.mjs [dist] [--runs N] [--moves N]      (scripts/budgets.sh builds first)
//
// 1. Size: every file the page fetched until its engine was ready (playwright's request
//    events: the page, its worker, their wasm), each gzipped (zlib level 9); and, as a
//    cross-check, every file of dist/ gzipped. Target: the fetched total under 400 kB
//    (400,000 bytes). The second builds of the worker and of the page, with Xiangqi
//    (`shatar-worker-xiangqi*`, `shatar-page-xiangqi-*`),
//    are fetched only when Xiangqi is played: the table marks them, and they must not be
//    fetched.
// 2. Time, median of N fresh browser contexts (a cold cache each): from navigation start
//    to the board's first render (`svg.board[data-ready="true"]`), and to the first move
//    played by two real clicks (e2, e4) sent as soon as the board says it takes moves
//    (`data-interactive`), i.e. a board that accepts a move. Target: under 1 s.
// 3. Main-thread long tasks (PerformanceObserver 'longtask', buffered) while the computer
//    thinks at level 10 through several moves. Target: none (a long task is one over 50 ms).
//
// Prints a table and exits 1 when a target is missed. Not a test: timings vary with the
// machine; rerun it on demand.
import { gzipSync } from "node:zlib";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import {
  DESKTOP, T, launchBrowser, newGame, pickMove, clickMove, rng, serveDist, waitInteractive, waitPlies,
} from "../tests/e2e/lib.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const args = process.argv.slice(2);
let dist = resolve(here, "../dist");
let runs = 7;
let moves = 4;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else if (args[i] === "--moves") moves = Number(args[++i]);
  else dist = resolve(args[i]);
}

const TARGET_BYTES = 400_000;
const TARGET_MS = 1000;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
// The Xiangqi build of the worker (index.html, www/worker-loader.js), named by content.
const XIANGQI_BUILDS = /^shatar-(worker|page)-xiangqi-[0-9a-f]+(\.js|_bg\.wasm)$/;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const verdicts = [];
function verdict(what, ok, detail) {
  verdicts.push({ what, ok, detail });
}

// The site's files, without the copies scripts/post-build.sh precompresses beside them
// (x.br, x.gz): each file counts once, gzipped here.
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(br|gz)$/.test(name) ? [] : [path];
  });
}

// Records, from the document's start, when the board first rendered and when the first
// move reached the move list (performance.now(): milliseconds since navigation start).
const TIMING_SCRIPT = () => {
  window.__budget = { readyAt: null, interactiveAt: null, clickAt: null, movedAt: null };
  addEventListener("pointerdown", () => { window.__budget.clickAt ??= performance.now(); }, true);
  const look = () => {
    const b = window.__budget;
    const now = performance.now();
    if (b.readyAt === null && document.querySelector('#board svg.board[data-ready="true"]')) b.readyAt = now;
    if (b.interactiveAt === null && document.querySelector('#board svg.board[data-interactive="true"]')) b.interactiveAt = now;
    if (b.movedAt === null && document.querySelector('#moves button[data-ply="1"]')) b.movedAt = now;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
};

// Long tasks, and the windows in which a "thinking…" line was up.
const LONGTASK_SCRIPT = () => {
  const lt = { tasks: [], thinking: [], supported: PerformanceObserver.supportedEntryTypes.includes("longtask") };
  window.__longtasks = lt;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lt.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  let since = null;
  const look = () => {
    const thinking = [...document.querySelectorAll(".thinking")].some((e) => !e.hidden);
    if (thinking && since === null) since = performance.now();
    if (!thinking && since !== null) {
      lt.thinking.push([since, performance.now()]);
      since = null;
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
};

const server = await serveDist(dist);
const { browser, close } = await launchBrowser();
try {
  console.log(`Budgets of ${dist}, served at ${server.url}, Chromium ${browser.version()}\n`);

  // --- 1. Size -------------------------------------------------------------------------
  const files = walk(dist).map((path) => {
    const body = readFileSync(path);
    return { name: relative(dist, path), raw: body.length, gz: gz(body) };
  }).sort((a, b) => b.gz - a.gz);

  const context = await browser.newContext(DESKTOP);
  const fetched = new Map();
  const pending = [];
  let precached = 0;
  context.on("requestfinished", (request) => {
    if (!request.url().startsWith(server.url)) return;
    // The service worker's precache (www/sw.js) fetches the build again once the page is
    // up, off the path to a playable board: counted apart.
    if (request.serviceWorker()) {
      precached++;
      return;
    }
    pending.push((async () => {
      const response = await request.response();
      const body = await response.body().catch(() => Buffer.alloc(0));
      const name = decodeURIComponent(new URL(request.url()).pathname.slice(1)) || "index.html";
      const prev = fetched.get(name);
      fetched.set(name, { name, raw: body.length, gz: gz(body), count: (prev?.count ?? 0) + 1, status: response.status() });
    })());
  });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => /ready/i.test(document.querySelector("#engine")?.textContent ?? ""), null, { timeout: 30_000 });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();

  const rows = [...fetched.values()].sort((a, b) => b.gz - a.gz);
  const fetchedGz = rows.reduce((s, r) => s + r.gz, 0);
  const fetchedRaw = rows.reduce((s, r) => s + r.raw, 0);
  const staticGz = files.reduce((s, f) => s + f.gz, 0);
  const staticRaw = files.reduce((s, f) => s + f.raw, 0);
  const w = Math.max(36, ...files.map((f) => f.name.length + 2));
  console.log("Size (gzip -9)");
  console.log(`  ${pad("file", w)}${lpad("raw", 12)}${lpad("gzip", 12)}  fetched`);
  for (const f of files) {
    const got = fetched.get(f.name);
    const note = got ? (got.count > 1 ? `${got.count} times` : "yes") : "no";
    const what = XIANGQI_BUILDS.test(f.name) ? "  (with Xiangqi: fetched when Xiangqi is played)" : "";
    console.log(`  ${pad(f.name, w)}${lpad(kb(f.raw), 12)}${lpad(kb(f.gz), 12)}  ${note}${what}`);
  }
  for (const r of rows.filter((r) => !files.some((f) => f.name === r.name))) {
    console.log(`  ${pad(`${r.name} (not in dist: ${r.status})`, w)}${lpad(kb(r.raw), 12)}${lpad(kb(r.gz), 12)}  yes`);
  }
  console.log(`  ${pad("dist/ total", w)}${lpad(kb(staticRaw), 12)}${lpad(kb(staticGz), 12)}`);
  const xiangqi = files.filter((f) => XIANGQI_BUILDS.test(f.name));
  const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
  console.log(`  ${pad("of which the Xiangqi builds", w)}${lpad(kb(sum(xiangqi, "raw")), 12)}${lpad(kb(sum(xiangqi, "gz")), 12)}`);
  console.log(`  ${pad(`fetched by the page (${rows.length} requests)`, w)}${lpad(kb(fetchedRaw), 12)}${lpad(kb(fetchedGz), 12)}`);
  console.log(`  and ${precached} requests of the service worker by then (its precache: off the path to the board)\n`);
  verdict("transfer, gzipped", fetchedGz < TARGET_BYTES, `${kb(fetchedGz)} (target < ${kb(TARGET_BYTES)})`);
  const early = rows.filter((r) => XIANGQI_BUILDS.test(r.name)).map((r) => r.name);
  verdict("the Xiangqi builds left for Xiangqi", xiangqi.length === 4 && early.length === 0,
    early.length ? `fetched by the page: ${early.join(", ")}` : `${xiangqi.length} files in dist/, none fetched by the page`);

  // --- 2. Time to a board that takes a move ------------------------------------------------
  const ready = [];
  const moved = [];
  const clicked = [];
  const answered = [];
  const loads = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext(DESKTOP);
    const p = await ctx.newPage();
    await p.addInitScript(TIMING_SCRIPT);
    await p.goto(server.url, { waitUntil: "commit" });
    await p.waitForSelector('#board svg.board[data-interactive="true"]', { timeout: 20_000 });
    for (const sq of ["e2", "e4"]) {
      const box = await p.locator(`g[data-square="${sq}"]`).boundingBox();
      await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await p.waitForSelector('#moves button[data-ply="1"]', { timeout: 10_000 });
    const b = await p.evaluate(() => ({ ...window.__budget, load: performance.getEntriesByType("navigation")[0]?.loadEventEnd ?? null }));
    ready.push(b.readyAt);
    moved.push(b.movedAt);
    clicked.push(b.clickAt);
    answered.push(b.movedAt - b.clickAt);
    loads.push(b.load);
    await ctx.close();
  }
  const ms = (x) => `${Math.round(x)} ms`;
  const spread = (xs) => `${ms(median(xs))}  (min ${ms(Math.min(...xs))}, max ${ms(Math.max(...xs))})`;
  console.log(`Time from navigation start, median of ${runs} fresh contexts`);
  console.log(`  board rendered (data-ready)           ${spread(ready)}`);
  console.log(`  first click arrived (the driver's)    ${spread(clicked)}`);
  console.log(`  first move played by two clicks       ${spread(moved)}`);
  console.log(`    of which from the first click       ${spread(answered)}`);
  console.log(`  load event                            ${spread(loads.filter((x) => x !== null))}\n`);
  verdict("navigation to a board that takes a move", median(moved) < TARGET_MS,
    `${ms(median(moved))} to the first move played (board drawn at ${ms(median(ready))}; target < ${ms(TARGET_MS)})`);

  // --- 3. Long tasks while the computer thinks at level 10 ----------------------------------
  const ctx = await browser.newContext(DESKTOP);
  const p = await ctx.newPage();
  await p.addInitScript(LONGTASK_SCRIPT);
  const t = new T(p, { shots: null, log: () => {} });
  t.url = server.url;
  await p.goto(server.url);
  await p.waitForSelector('#board svg.board[data-ready="true"]');
  await newGame(p, { ruleset: "mongolian", opponent: "computer", level: "10", side: "white" });
  const gameStart = await p.evaluate(() => performance.now());
  await clickMove(t, "e2", "e4");
  await waitPlies(p, 2);
  const random = rng(10);
  let computerMoves = 0;
  for (let i = 0; i < moves; i++) {
    await waitInteractive(p, 30_000);
    const picked = await pickMove(p, random);
    if (!picked) break;
    const before = await p.$$eval("#moves button[data-ply]", (e) => e.length);
    await clickMove(t, ...picked);
    const over = await p.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n
      || !document.querySelector("#result").hidden, before + 2, { timeout: 30_000 }).then(() => false);
    computerMoves++;
    if (over || await p.$eval("#result", (e) => !e.hidden)) break;
  }
  await p.waitForTimeout(200);
  const lt = await p.evaluate(() => window.__longtasks);
  await ctx.close();
  const overlaps = (task) => lt.thinking.some(([a, b]) => task.start < b && task.start + task.duration > a);
  const during = lt.tasks.filter(overlaps);
  const afterStart = lt.tasks.filter((x) => x.start >= gameStart);
  const startup = lt.tasks.filter((x) => x.start < gameStart);
  const thinkingMs = lt.thinking.reduce((s, [a, b]) => s + (b - a), 0);
  const longest = (xs) => xs.length ? ms(Math.max(...xs.map((x) => x.duration))) : "-";
  console.log(`Main-thread long tasks (over 50 ms), level 10, ${computerMoves} computer moves, ${(thinkingMs / 1000).toFixed(1)} s thinking`);
  if (!lt.supported) console.log("  (this Chromium does not report 'longtask' entries: the counts below mean nothing)");
  console.log(`  while the computer thinks             ${during.length} (longest ${longest(during)})`);
  console.log(`  during the game, any time             ${afterStart.length} (longest ${longest(afterStart)})`);
  console.log(`  at start-up (for information)         ${startup.length} (longest ${longest(startup)})\n`);
  verdict("long tasks while the computer thinks", lt.supported && during.length === 0 && computerMoves > 0,
    `${during.length} over 50 ms (longest ${longest(during)}) in ${(thinkingMs / 1000).toFixed(1)} s of thinking; target none`);
} finally {
  await close().catch(() => {});
  await server.close();
}

console.log("Targets");
for (const v of verdicts) console.log(`  ${v.ok ? "ok  " : "MISS"} ${pad(v.what, 42)}${v.detail}`);
const missed = verdicts.filter((v) => !v.ok).length;
console.log(missed ? `\n${missed} of ${verdicts.length} targets missed` : `\nall ${verdicts.length} targets met`);
process.exit(missed ? 1 : 0);
