// End-to-end check of the built site: node tests/e2e/board.mjs [dist] (scripts/e2e.sh
// builds dist/ first). Serves dist/ on 127.0.0.1, drives Debian's Chromium with
// playwright-core, and ends with "N passed, M failed". SCREENSHOT=file.png also saves
// a picture of the page once the board and the worker are ready.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { serveDist } from "./serve-dist.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const require = createRequire(resolve(here, "../../tools/package.json"));
const { chromium } = require("playwright-core");

const dist = resolve(process.argv[2] ?? resolve(here, "../../dist"));
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
const OPEN = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -";
// crates/protocol's PROTOCOL_VERSION.
const PROTOCOL = 2;

let passed = 0;
let failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
}
const eq = (name, got, want) => check(name, JSON.stringify(got) === JSON.stringify(want), `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);

const profile = mkdtempSync(join(tmpdir(), "shatar-e2e-"));
const server = await serveDist(dist);
const context = await chromium.launchPersistentContext(join(profile, "user-data"), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
  env: { ...process.env, XDG_CONFIG_HOME: join(profile, "config"), XDG_CACHE_HOME: join(profile, "cache") },
  viewport: { width: 800, height: 1000 },
});

try {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));

  await page.goto(server.url);
  await page.waitForSelector("[data-square]", { timeout: 15000 });

  const squares = await page.$$eval("[data-square]", (els) => els.map((e) => ({
    square: e.dataset.square,
    piece: e.dataset.piece,
    light: e.classList.contains("light"),
    label: e.getAttribute("aria-label"),
    box: (({ x, y }) => ({ x, y }))(e.getBoundingClientRect()),
  })));
  const at = (name) => squares.find((s) => s.square === name) ?? {};
  eq("64 squares with data-square", squares.length, 64);
  eq("e1 holds the white king", at("e1").piece, "wK");
  eq("d1 holds the white queen", at("d1").piece, "wQ");
  eq("d8 holds the black queen", at("d8").piece, "bQ");
  eq("e4 is empty", at("e4").piece, "");
  eq("32 pieces", squares.filter((s) => s.piece).length, 32);
  check("h1 is light (right hand, 2017 art. 2.1)", at("h1").light === true);
  check("a8 is light, a1 and h8 dark", at("a8").light && !at("a1").light && !at("h8").light);
  eq("aria-label of g1", at("g1").label, "g1, white knight");
  eq("aria-label of e4", at("e4").label, "e4, empty");
  check("White at the bottom, a-file on the left", at("e1").box.y > at("e8").box.y && at("a1").box.x < at("h1").box.x);
  eq("status line", await page.textContent("#status"), "Mongolian chess — 2017 rules: White opens with e2-e4 or d2-d4");
  eq("FEN", await page.textContent("#fen"), START);

  // The page asks its worker for perft 3 of the start (the first round: 2, 2, 42).
  const nodes = await page.waitForSelector("#engine[data-perft-nodes]", { timeout: 15000 })
    .then((e) => e.getAttribute("data-perft-nodes")).catch(() => null);
  eq("page's worker: perft(3) of the Mongolian start", nodes, "42");

  if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT, fullPage: true });

  // Talk to a second worker directly: the protocol, including what it must refuse.
  const replies = await page.evaluate(async ({ requests, raw }) => {
    const worker = new Worker("./worker-loader.js");
    const got = [];
    // One final reply per message, and Ready; a search's SearchInfo progress comes on top.
    const all = requests.length + raw.length + 1;
    let finals = 0;
    const done = new Promise((ok, fail) => {
      setTimeout(() => fail(new Error(`timeout after ${got.length} replies`)), 15000);
      worker.onerror = (e) => fail(new Error(e.message));
      worker.onmessage = (e) => {
        got.push(e.data);
        if (got.length === 1) [...raw, ...requests].forEach((m) => worker.postMessage(m));
        if (e.data?.body?.type !== "SearchInfo") finals += 1;
        if (finals === all) ok(got);
      };
    });
    try { return await done; } finally { worker.terminate(); }
  }, {
    raw: ["hello", { v: PROTOCOL }, { v: 99, id: 5, body: { type: "Future" } }],
    requests: [
      { v: PROTOCOL, id: 10, body: { type: "LegalMoves", fen: START, ruleset: "mongolian" } },
      { v: PROTOCOL, id: 11, body: { type: "Perft", fen: OPEN, ruleset: "mongolian", depth: 2 } },
      { v: PROTOCOL, id: 12, body: { type: "Perft", fen: "8/8/8/8", ruleset: "mongolian", depth: 1 } },
      { v: PROTOCOL, id: 13, body: { type: "Perft", fen: START, ruleset: "mongolian", depth: 99 } },
      { v: PROTOCOL, id: 14, body: { type: "LegalMoves", fen: START, ruleset: "xiangqi" } },
      { v: PROTOCOL, id: 15, body: { type: "LegalMoves", fen: START, ruleset: "chess" } },
      { v: PROTOCOL, id: 16, body: { type: "Search", game: { ruleset: "mongolian", moves: ["e2e4", "e7e5"] }, limits: { depth: 3 } } },
      { v: PROTOCOL, id: 17, body: { type: "Search", game: { ruleset: "mongolian", moves: ["e2e4", "e7e5", "e2e5"] }, limits: { depth: 3 } } },
    ],
  }).catch((e) => { check("worker replies", false, e.message); return []; });
  const byId = (id) => replies.find((r) => r.id === id)?.body ?? {};
  eq("worker says Ready first", replies[0], { v: PROTOCOL, id: 0, body: { type: "Ready" } });
  eq("a string gets a Malformed error", replies[1]?.body?.error?.kind, "Malformed");
  eq("an envelope without id gets a Malformed error", replies[2]?.body?.error?.kind, "Malformed");
  eq("another protocol version is named", byId(5).error, { kind: "VersionMismatch", expected: PROTOCOL, got: 99 });
  eq("LegalMoves of the start", byId(10).moves, ["e2e4", "d2d4"]);
  eq("perft(2) of mn-open", byId(11).nodes, 482);
  eq("a bad FEN gets BadFen", byId(12).error?.kind, "BadFen");
  eq("a deep perft is refused", byId(13).error, { kind: "DepthTooLarge", max: 7 });
  eq("an unknown ruleset is Malformed", byId(14).error?.kind, "Malformed");
  eq("still answering after errors (chess has 20 first moves)", byId(15).moves?.length, 20);
  const search = replies.filter((r) => r.id === 16).map((r) => r.body);
  eq("a search reports depths 1 to 3, then its move", search.map((b) => b.type === "SearchInfo" ? b.depth : b.type),
    [1, 2, 3, "BestMove"]);
  check("the best move is legal after 1.e4 e5", /^[a-h][1-8][a-h][1-8]$/.test(search.at(-1)?.best_move ?? ""), JSON.stringify(search.at(-1)));
  const { kind, ply, uci, reason } = byId(17).error ?? {};
  eq("an illegal move in the game is located", { kind, ply, uci }, { kind: "IllegalMove", ply: 3, uci: "e2e5" });
  check("and the reason given", typeof reason === "string" && reason.length > 0, reason);

  eq("no page or console errors", problems, []);
} catch (e) {
  // A page that never draws must still end in the summary line, as a failure.
  check("the test ran to its end", false, e.message.split("\n")[0]);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
