// What every end-to-end suite shares: the browser, a fresh page per test with its errors
// collected, a small test runner, and the moves of a player (clicks, drags, dialogs).
//
// The DOM contract it relies on is index.html's and crates/web/src/dom's: the board is
// `#board svg.board`, each cell `g[data-square]` with `data-piece` and its marks as
// classes (`movable`, `selected`, `dest`, `capture`, `last`, `check`); the move list is
// `#moves button[data-ply]`.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { serveDist } from "./serve-dist.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
export const repoRoot = resolve(here, "../..");
const require = createRequire(resolve(repoRoot, "tools/package.json"));
const { chromium } = require("playwright-core");

// Flags that keep Debian's Chromium from reaching out (../shared/notes/wasm-toolchain.md).
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * The fonts Chromium may use: exactly those tests/fonts/fonts.conf names (scripts/tools.sh
 * installs them), whatever else the machine has, so that sizes and screenshots are the same
 * on a fresh machine and a well-used one.
 */
export const FONTCONFIG_FILE = resolve(repoRoot, "tests/fonts/fonts.conf");

/** Chromium with its profile, config and cache in a temp folder; `close()` removes it. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "shatar-e2e-"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, XDG_CONFIG_HOME: join(profile, "config"), XDG_CACHE_HOME: join(profile, "cache"), FONTCONFIG_FILE },
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export { serveDist };

// Sizes the screenshots and tests use. The browser's language is English whatever the
// machine's LANG says: the page picks its language from it.
export const DESKTOP = { viewport: { width: 1280, height: 900 }, locale: "en-US" };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const TABLET = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export const START_PIECES = {
  a1: "wR", b1: "wN", c1: "wB", d1: "wQ", e1: "wK", f1: "wB", g1: "wN", h1: "wR",
  a8: "bR", b8: "bN", c8: "bB", d8: "bQ", e8: "bK", f8: "bB", g8: "bN", h8: "bR",
  ...Object.fromEntries("abcdefgh".split("").flatMap((f) => [[`${f}2`, "wP"], [`${f}7`, "bP"]])),
};

/**
 * A small seeded generator (mulberry32), so a failing random game can be replayed. The
 * player's choices are fixed by the seed; E2E_SEED=N shifts every seed to try other games
 * (the computer's replies vary from game to game anyway).
 */
export const SEED_SHIFT = Number(process.env.E2E_SEED ?? 0);
export function rng(seed) {
  let a = (seed + SEED_SHIFT) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One failed expectation: thrown, so the test stops at the first thing that is wrong. */
export class Failure extends Error {}

/**
 * The test's handle: its page, checks that print as they go, screenshots.
 * `check` records and goes on; `must` stops the test when false.
 */
export class T {
  constructor(page, { shots, log }) {
    this.page = page;
    this.shots = shots;
    this.log = log;
    this.failures = [];
    this.problems = [];
  }

  check(what, ok, detail = "") {
    this.log(`    ${ok ? "ok  " : "FAIL"} ${what}${ok || !detail ? "" : `: ${detail}`}`);
    if (!ok) this.failures.push(what);
    return ok;
  }

  eq(what, got, want) {
    const g = JSON.stringify(got);
    const w = JSON.stringify(want);
    return this.check(what, g === w, `got ${g}, want ${w}`);
  }

  must(what, ok, detail = "") {
    if (!this.check(what, ok, detail)) throw new Failure(what);
  }

  async shot(name, page = this.page) {
    const path = join(this.shots, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    this.log(`    shot ${path}`);
    return path;
  }
}

/** Records page errors and console errors of `page` and its workers into `t.problems`. */
export function watchErrors(page, t) {
  page.on("pageerror", (e) => t.problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") t.problems.push(`console error: ${m.text()}`);
  });
  page.on("crash", () => t.problems.push("the page crashed"));
}

/**
 * How long one test may take. The longest takes about a minute here; a hang must fail its
 * test, not hold the suite until CI's limit (a server waiting on a socket once did).
 */
const TEST_LIMIT_MS = 300_000;

/** `promise`, or a rejection saying that `what` took longer than `ms`. */
export function within(ms, promise, what) {
  let timer;
  const late = new Promise((_ok, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `tests` (`{ name, options?, run(t) }`) one after another, each in a fresh browser
 * context (its own storage), and returns `{ passed, failed }`. A test passes when it ran to
 * its end, every check held, and the page logged no error.
 *
 * `beside` (a list of tests too) runs at the same time, in a lane of its own: for a test
 * whose minutes are mostly a server's timer running out (the events' no-show forfeit), so
 * that the suite takes that time once. Timing tests (clocks, delays, the watchdog) stay
 * out of a run with a `beside`: a second lane's work would eat their margins. Each test's
 * lines are printed together when it ends, so two lanes' output never mixes in a test.
 */
export async function runTests(tests, { browser, url, shots, only, beside = [] }) {
  const chosen = (list) => list.filter((test) => !only || only.some((o) => test.name.includes(o)));
  const results = await Promise.all([tests, beside].map((lane) => runLane(chosen(lane), { browser, url, shots })));
  return results.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), { passed: 0, failed: 0 });
}

async function runLane(tests, { browser, url, shots }) {
  let passed = 0;
  let failed = 0;
  for (const test of tests) {
    const lines = [`  ${test.name}`];
    const log = (line) => lines.push(line);
    const started = Date.now();
    const context = await browser.newContext({ ...DESKTOP, ...test.options });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const t = new T(page, { shots, log });
    t.url = url;
    t.context = context;
    watchErrors(page, t);
    try {
      await within(TEST_LIMIT_MS, test.run(t), "the test");
    } catch (e) {
      if (!(e instanceof Failure)) t.check("ran to its end", false, String(e.message ?? e).split("\n")[0]);
      log(`    page: ${await within(5_000, describePage(page), "describing the page").catch((e) => e.message)}`);
    }
    t.eq("no page or console errors (the page's or its workers')", t.problems, []);
    await within(30_000, context.close(), "closing the browser context")
      .catch((e) => t.check("the browser context closed", false, e.message));
    const ok = t.failures.length === 0;
    if (ok) passed++;
    else failed++;
    lines.push(`${ok ? "ok  " : "FAIL"} ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log(lines.join("\n"));
  }
  return { passed, failed };
}

// ---------------------------------------------------------------------------------------
// The page, as a player sees it.

const cell = (sq) => `#board svg.board g[data-square="${sq}"]`;

/** Opens the site and waits for the first rendered board (`data-ready`). */
export async function open(t, path = "") {
  await t.page.goto(t.url + path);
  await ready(t.page);
}

export async function ready(page) {
  await page.waitForSelector('#board svg.board[data-ready="true"]', { timeout: 20_000 });
}

/** Every square: `{ e4: { piece: "wP", marks: ["last", ...] } }`. */
export async function boardState(page) {
  return page.$$eval("#board svg.board g[data-square]", (els) => Object.fromEntries(els.map((e) => [
    e.dataset.square,
    { piece: e.dataset.piece, marks: [...e.classList].filter((c) => c !== "sq" && c !== "light" && c !== "dark") },
  ])));
}

/** `{ e4: "wP", ... }` for the occupied squares. */
export async function pieces(page) {
  return page.$$eval("#board svg.board g[data-square]:not([data-piece=''])",
    (els) => Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece]).sort()));
}

export const withMark = (page, mark) =>
  page.$$eval(`#board svg.board g[data-square].${mark}`, (els) => els.map((e) => e.dataset.square).sort());

/** The move list's texts in order. */
export const moveTexts = (page) => page.$$eval("#moves button[data-ply]", (els) => els.map((e) => e.textContent.trim()));
export const plies = (page) => page.$$eval("#moves button[data-ply]", (els) => els.length);

export async function clickSquare(page, sq) {
  await page.click(cell(sq));
}

/** Presses on `from`, moves in steps and lets go over `to` (pointer events, as a mouse). */
export async function dragSquare(page, from, to, steps = 8) {
  const a = await page.locator(cell(from)).boundingBox();
  const b = await page.locator(cell(to)).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps });
  await page.mouse.up();
}

/** Waits until the player may move (their turn, the computer done, nothing open). */
export async function waitInteractive(page, timeout = 20_000) {
  await page.waitForSelector('#board svg.board[data-interactive="true"]', { timeout });
}

export async function waitPlies(page, n, timeout = 20_000) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n, n,
    { timeout });
}

/**
 * Plays `from`-`to` by two clicks, checking on the way that the app offered it: the piece
 * is `movable`, and once selected, `to` is one of its `dest` cells.
 */
export async function clickMove(t, from, to, { promote = "q" } = {}) {
  const page = t.page;
  const before = await plies(page);
  const movable = await withMark(page, "movable");
  t.must(`${from} is movable`, movable.includes(from), `movable: ${movable.join(" ")}`);
  await clickSquare(page, from);
  const dests = await withMark(page, "dest");
  t.must(`${from}-${to} is offered`, dests.includes(to), `dest of ${from}: ${dests.join(" ")}`);
  await clickSquare(page, to);
  await played(t, before, `${from}-${to}`, promote);
}

export async function dragMove(t, from, to, { promote = "q" } = {}) {
  const page = t.page;
  const before = await plies(page);
  await dragSquare(page, from, to);
  await played(t, before, `the drag ${from}-${to}`, promote);
}

/** Waits for the move after `before` plies; a pawn that reached the end becomes `promote`. */
async function played(t, before, what, promote) {
  const page = t.page;
  if (await promotionOpen(page)) {
    if (!promote) return;
    await page.click(`#promotion button[data-promote="${promote}"]`);
  }
  await waitPlies(page, before + 1, 5_000).catch(() => {
    throw new Failure(`${what} was not played`);
  });
}

export const over = (page) => page.$eval("#result", (e) => !e.hidden);

/**
 * Plays `n` moves of the player's by clicks against the computer, each answered, and
 * returns whether the game ended on the way (random moves may walk into a mate).
 */
export async function playMoves(t, n, random) {
  const { page } = t;
  for (let i = 0; i < n; i++) {
    await waitInteractive(page);
    const picked = await pickMove(page, random);
    t.must("a legal move is offered", picked !== null);
    const before = await plies(page);
    await clickMove(t, ...picked);
    await page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n
      || !document.querySelector("#result").hidden, before + 2, { timeout: 20_000 });
    if (await over(page)) return true;
  }
  await waitInteractive(page);
  return false;
}

export const promotionOpen = (page) => page.$eval("#promotion", (e) => !e.hidden);

/**
 * Chooses a legal move from the marks the app shows: a random movable piece (seeded),
 * then among its destinations a capture if there is one, else a random one.
 * Returns `[from, to]` or null when nothing can move.
 */
export async function pickMove(page, random) {
  const movable = await withMark(page, "movable");
  if (movable.length === 0) return null;
  for (let tries = 0; tries < 8; tries++) {
    const from = movable[Math.floor(random() * movable.length)];
    await clickSquare(page, from);
    const dests = await withMark(page, "dest");
    const captures = await withMark(page, "capture");
    // Let go of the piece: a second click on it deselects.
    await clickSquare(page, from);
    if (dests.length === 0) continue;
    const pool = captures.length > 0 ? captures : dests;
    return [from, pool[Math.floor(random() * pool.length)]];
  }
  return null;
}

/** Fills and submits the new-game dialog. */
export async function newGame(page, { ruleset = "mongolian", opponent = "computer", level = "1", side = "white", time = "untimed" } = {}) {
  await page.click('[data-action="new-game"]');
  await page.waitForSelector("dialog#new-game-dialog[open]");
  const form = "#new-game-form";
  await page.selectOption(`${form} select[name=ruleset]`, ruleset);
  await page.selectOption(`${form} select[name=opponent]`, opponent);
  if (opponent === "computer") {
    await page.selectOption(`${form} select[name=level]`, String(level));
    await page.selectOption(`${form} select[name=side]`, side);
  }
  await page.selectOption(`${form} select[name=time]`, time);
  await page.click(`${form} button[value="start"]`);
  if (ruleset === "xiangqi") {
    // The page's first build hands Xiangqi to its build with it, through a reload: the
    // board to wait for is the new page's.
    await page.waitForSelector('#board svg.board.xiangqi[data-ready="true"]', { timeout: 30_000 });
    return;
  }
  await page.waitForSelector("dialog#new-game-dialog:not([open])", { state: "attached" });
  await ready(page);
}

/** Imports a PGN or FEN through the import dialog (the page's "Game record" menu). */
export async function importText(page, text, ruleset = "mongolian") {
  await page.click("details.record > summary");
  await page.click('[data-action="import"]');
  await page.waitForSelector("dialog#import-dialog[open]");
  await page.fill("#import-form textarea[name=text]", text);
  await page.selectOption("#import-form select[name=ruleset]", ruleset);
  await page.click('#import-form button[value="import"]');
}

/** Changes a setting of the "Board and sound" form as a player would (its change event). */
export async function setLook(page, name, value) {
  await page.evaluate(({ name, value }) => {
    const el = document.querySelector(`#looks [name="${name}"]`);
    if (el.type === "checkbox") el.checked = value;
    else el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }, { name, value });
}

/**
 * The build's name for one of its files named by content (`worker-loader.js` is
 * `worker-loader-<hash>.js`), from the page's list (index.html's `<meta name="shatar-files">`).
 */
export const builtName = (page, plain) => page.evaluate((plain) => {
  const pairs = document.querySelector('meta[name="shatar-files"]')?.content.split(/\s+/) ?? [];
  const pair = pairs.find((p) => p.startsWith(`${plain}=`));
  if (!pair) throw new Error(`the page names no build file for ${plain}`);
  return pair.slice(plain.length + 1);
}, plain);

export const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
export const visible = (page, sel) => page.$eval(sel, (e) => !e.hidden && e.getClientRects().length > 0);

/**
 * Records, from the first paint on, what a test may miss between two looks: how often a
 * "thinking…" line came up, and each text of `#engine` in turn (`window.__seen`).
 */
export async function recordChanges(page) {
  await page.addInitScript(() => {
    const seen = { thinking: 0, engine: [] };
    window.__seen = seen;
    let wasThinking = false;
    const look = () => {
      const thinking = [...document.querySelectorAll(".thinking")].some((e) => !e.hidden);
      if (thinking && !wasThinking) seen.thinking++;
      wasThinking = thinking;
      const engine = document.querySelector("#engine")?.textContent ?? "";
      if (engine && seen.engine.at(-1) !== engine) seen.engine.push(engine);
    };
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      look();
    });
  });
}

export const seen = (page) => page.evaluate(() => window.__seen);

/**
 * Plays `from`-`to` in one task of the page, by the pointer events a click sends, and
 * runs `then` (a function's source, evaluated in the page) right after, in the same task:
 * whatever the move sets off has been posted but no reply can have come back.
 */
export async function clickMoveThen(page, from, to, then) {
  await page.evaluate(({ from, to, then }) => {
    const press = (sq) => {
      const el = document.querySelector(`#board svg.board g[data-square="${sq}"]`);
      const r = el.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: "mouse", isPrimary: true,
        button: 0, buttons: 1, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
      el.dispatchEvent(new PointerEvent("pointerdown", at));
      el.dispatchEvent(new PointerEvent("pointerup", { ...at, buttons: 0 }));
    };
    press(from);
    press(to);
    (0, eval)(then);
  }, { from, to, then });
}

/** What the page showed when a test stopped: for the log. */
export async function describePage(page) {
  return page.evaluate(() => {
    const txt = (sel) => document.querySelector(sel)?.textContent.trim();
    const svg = document.querySelector("#board svg.board");
    const moves = [...document.querySelectorAll("#moves button[data-ply]")].map((b) => b.textContent.trim());
    return JSON.stringify({
      status: txt("#status"), engine: txt("#engine"), result: document.querySelector("#result")?.hidden ? null : txt("#result"),
      notice: document.querySelector("#notice")?.hidden ? null : txt("#notice-text"),
      ready: svg?.dataset.ready, interactive: svg?.dataset.interactive, moves: moves.join(" "),
      thinking: [...document.querySelectorAll(".thinking")].some((e) => !e.hidden), seen: window.__seen,
    });
  }).catch((e) => `(could not read the page: ${e.message})`);
}
