// The end-to-end suite over a built site, in Debian's headless Chromium:
//
//   node tests/e2e/run.mjs [dist] [--only TEXT]...
//
// (scripts/e2e.sh builds the release site first). Serves dist/ on 127.0.0.1, runs every
// test in a fresh browser context, saves screenshots in $SCREENSHOTS (default
// target/e2e-screenshots/), and ends with "N passed, M failed"; exits 1 on any failure.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

import { launchBrowser, repoRoot, runTests, serveDist } from "./lib.mjs";
import { tests as a11y } from "./a11y.mjs";
import { tests as board } from "./board.mjs";
import { tests as clocks } from "./clocks.mjs";
import { tests as csp } from "./csp.mjs";
import { tests as deploy } from "./deploy.mjs";
import { tests as embed } from "./embed.mjs";
import { tests as events } from "./events.mjs";
import { tests as i18n } from "./i18n.mjs";
import { tests as keep } from "./keep.mjs";
import { tests as layout } from "./layout.mjs";
import { tests as offline } from "./offline.mjs";
import { tests as online } from "./online.mjs";
import { tests as play } from "./play.mjs";
import { tests as recovery } from "./recovery.mjs";
import { tests as screens } from "./screens.mjs";
import { tests as targets } from "./targets.mjs";
import { tests as xiangqi } from "./xiangqi.mjs";

const args = process.argv.slice(2);
const only = [];
let dist = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--only") only.push(args[++i]);
  else dist = args[i];
}
dist = resolve(dist ?? join(repoRoot, "dist"));
const shots = resolve(process.env.SCREENSHOTS ?? join(repoRoot, "target/e2e-screenshots"));
mkdirSync(shots, { recursive: true });
// A full run starts from an empty folder; a run of --only some tests keeps the others' pictures.
if (only.length === 0) for (const f of readdirSync(shots)) if (f.endsWith(".png")) rmSync(join(shots, f));

const started = Date.now();
const server = await serveDist(dist);
const { browser, close } = await launchBrowser();
let result = { passed: 0, failed: 1 };
try {
  console.log(`site ${dist} at ${server.url}${process.env.E2E_SEED ? `, E2E_SEED=${process.env.E2E_SEED}` : ""}`);
  const options = { browser, url: server.url, shots, only: only.length ? only : null };
  // First alone, the tests that time things (clocks, delays, the engine's watchdog, online
  // clocks); then the rest, with the events' long Swiss (a minute of a no-show's timer)
  // running beside them.
  const alone = await runTests([...board, ...play, ...clocks, ...recovery, ...keep, ...online], options);
  const waits = events.filter((t) => t.waits);
  const rest = [...embed, ...a11y, ...targets, ...i18n, ...layout, ...screens, ...offline, ...deploy, ...csp, ...xiangqi, ...events.filter((t) => !t.waits)];
  const together = await runTests(rest, { ...options, beside: waits });
  result = { passed: alone.passed + together.passed, failed: alone.failed + together.failed };
} catch (e) {
  console.log(`FAIL the suite stopped: ${e.stack ?? e}`);
  result.failed += 1;
} finally {
  await close().catch(() => {});
  await server.close();
}
console.log(`screenshots: ${shots}`);
console.log(`${result.passed} passed, ${result.failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(result.failed === 0 ? 0 : 1);
