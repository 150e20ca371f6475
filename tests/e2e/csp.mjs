// A strict Content-Security-Policy: the site and the demo club's pages served with the
// policies docs/hosting.md gives (read from it, so the documented policy is the tested
// one), and not one violation while the app plays the computer, hands over to its Xiangqi
// build and registers its service worker, while the club's pages show every kind of board,
// and while embed.html and builder.html load.
//
// Violations are seen twice: by a `securitypolicyviolation` listener in every frame, and
// by the servers' `report-uri` endpoint, which also hears from workers.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { clickMove, newGame, ready, repoRoot, serveDist, waitPlies } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";
import { servedFrom } from "./serve-dist.mjs";

/**
 * The policies of docs/hosting.md: each is the `Content-Security-Policy:` line of the
 * fenced block after a `<!-- csp:NAME -->` marker.
 */
export function documentedPolicies() {
  const doc = readFileSync(join(repoRoot, "docs/hosting.md"), "utf8");
  const policies = {};
  for (const [, name, block] of doc.matchAll(/<!-- csp:([a-z-]+) -->\s*```[a-z]*\n([\s\S]*?)```/g)) {
    const line = block.split("\n").find((l) => l.startsWith("Content-Security-Policy: "));
    if (line) policies[name] = line.slice("Content-Security-Policy: ".length).trim();
  }
  for (const name of ["site", "builder", "embed", "live", "club"]) {
    if (!policies[name]) throw new Error(`docs/hosting.md gives no policy marked <!-- csp:${name} -->`);
  }
  return policies;
}

/** The site's policy for each of its files, as docs/hosting.md says. */
const sitePolicy = (policies) => (path) =>
  path === "/embed.html"
    ? policies.embed
    : path === "/live.html"
      ? policies.live
      : path === "/builder.html"
        ? policies.builder
        : policies.site;

/**
 * In every frame of every page of `context`, from before its first script: each violation
 * it sees, handed to the test (kept across reloads). Returns the list it fills.
 */
async function listenForViolations(context) {
  const seen = [];
  await context.exposeBinding("__cspViolation", ({ frame }, text) => seen.push(`${text} (frame ${frame.url()})`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolation(`${e.effectiveDirective} refused ${e.blockedURI || "(inline)"} in ${e.sourceFile || e.documentURI}` +
        `${e.lineNumber ? `:${e.lineNumber}` : ""}${e.sample ? ` (${e.sample})` : ""}`);
    }, true);
  });
  return seen;
}

/** What the servers' report endpoints heard. */
const reported = (servers) => servers.flatMap((server) => server.reports.map((r) => typeof r === "string" ? r
  : `${r["effective-directive"] ?? r["violated-directive"]} refused ${r["blocked-uri"]} in ${r["source-file"] ?? r["document-uri"]}`));

/** The built site again, on a server that sends the documented policies. */
async function strictSite(t) {
  const policies = documentedPolicies();
  const site = await serveDist(servedFrom(t.url), { csp: sitePolicy(policies) });
  const seen = await listenForViolations(t.context);
  return { policies, site, seen };
}

/** Both lists are empty; reports come in requests of their own, so a moment is given them. */
async function noViolations(t, seen, servers) {
  await t.page.waitForTimeout(1000);
  t.eq("no violation seen in any frame", seen, []);
  t.eq("no violation reported (pages, workers, the service worker)", reported(servers), []);
}

/** Waits until board `id` (an element, or an iframe's board) has drawn `state`. */
const boardReady = (scope, id, state) => scope.locator(`${id} .frame[data-state="${state}"]`).waitFor({ timeout: 30_000 });

const LIGHT = "rgb(239, 217, 176)";
/** A light square's fill: the board's own stylesheet reached its shadow root. */
const lightFill = (scope, root) => scope.locator(`${root} svg.board g.sq.light .bg`).first()
  .evaluate((e) => getComputedStyle(e).fill);

export const tests = [
  {
    name: "csp: the app under the documented policy: a game against the computer, Xiangqi, the service worker",
    async run(t) {
      const { page, context } = t;
      const { site, seen } = await strictSite(t);
      try {
        await page.goto(site.url);
        await ready(page);
        t.check("the start-up script is a file, not inline", await page.evaluate(() =>
          [...document.scripts].every((s) => s.src !== "")));
        // The languages' texts and the traditional script's font come from the site too.
        await page.click('[data-lang="mn-Mong"]');
        await page.waitForFunction(() => document.documentElement.lang === "mn-Mong");
        await page.evaluate(() => document.fonts.ready);
        await page.click('[data-lang="en"]');
        await page.waitForFunction(() => document.documentElement.lang === "en");

        await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
        await clickMove(t, "e2", "e4");
        await waitPlies(page, 2);
        t.check("the computer answered (its worker runs)", true);

        const controlled = await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) {
            await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
          }
          return !!navigator.serviceWorker.controller;
        });
        t.check("the service worker registered and controls the page", controlled);

        // The first build hands the page to its build with Xiangqi, which plays the computer.
        await newGame(page, { ruleset: "xiangqi" });
        await clickMove(t, "h2", "e2");
        await waitPlies(page, 2, 30_000);
        t.check("the Xiangqi build's computer answered", true);
        await t.shot("csp-app-xiangqi");

        // The other two pages of the site, each under its own policy.
        const builder = await context.newPage();
        await builder.goto(`${site.url}builder.html`);
        await boardReady(builder, "#preview shatar-board", "play");
        t.eq("builder.html: the preview board is styled", await lightFill(builder, "#preview shatar-board"), LIGHT);
        const frame = await context.newPage();
        await frame.goto(`${site.url}embed.html#mode=view&move=end&pgn=${encodeURIComponent("1. e4 e5 2. Nf3 Nc6 *")}`);
        await boardReady(frame, "shatar-board", "view");
        t.eq("embed.html: the board is styled", await lightFill(frame, "shatar-board"), LIGHT);
      } finally {
        // Also when a step failed: what was refused says why.
        await noViolations(t, seen, [site]);
        await site.close();
      }
    },
  },
  {
    name: "csp: the club's pages under the documented policy: every kind of board, element and iframe",
    async run(t) {
      const { page } = t;
      const { policies, site, seen } = await strictSite(t);
      const club = await serveClub(join(repoRoot, "tests/club"), site.url, { csp: policies.club });
      try {
        await page.goto(`${club.url}index.html`);
        for (const [id, state] of [["#play-computer", "play"], ["#view-src", "view"], ["#diagram-el", "diagram"]]) {
          await boardReady(page, id, state);
          t.eq(`${id}: the board is styled (its adopted stylesheet)`, await lightFill(page, id), LIGHT);
        }
        for (const [id, state] of [["#play-frame", "play"], ["#view-frame", "view"], ["#diagram-frame", "diagram"]]) {
          await boardReady(page.frameLocator(id), "shatar-board", state);
          t.eq(`${id}: the board is styled`, await lightFill(page.frameLocator(id), "shatar-board"), LIGHT);
        }
        // The computer's worker: a blob script on the club's origin that loads ours.
        await page.locator('#play-computer svg.board g[data-square="e2"]').click();
        await page.locator('#play-computer svg.board g[data-square="e4"]').click();
        await page.waitForFunction(() => document.querySelector("#play-computer").shadowRoot
          .querySelectorAll(".moves button[data-ply]").length >= 2, null, { timeout: 30_000 });
        t.check("the computer answered on the club's page", true);
        // The frames' heights, set by shatar-frames.js from the Shatar site.
        await page.waitForFunction(() => [...document.querySelectorAll("iframe")].every((f) => f.style.height !== ""),
          null, { timeout: 15_000 }).catch(() => {});
        t.check("every iframe took its board's height",
          await page.evaluate(() => [...document.querySelectorAll("iframe")].every((f) => f.style.height !== "")));
        // A board in the traditional script: its font face is declared on the club's page.
        await page.evaluate(() => document.querySelector("#diagram-el").setAttribute("lang", "mn-Mong"));
        await page.waitForFunction(() => document.querySelector("#diagram-el").shadowRoot
          .querySelector(".frame")?.getAttribute("lang") === "mn-Mong", null, { timeout: 15_000 });
        await page.evaluate(() => document.fonts.ready);
        t.check("the traditional script's font face is on the page",
          await page.evaluate(() => [...document.fonts].some((f) => f.family.includes("Shatar Mongolian"))));
        await page.locator("#view-src").scrollIntoViewIfNeeded();
        await t.shot("csp-club-view");
        await page.locator("#play-frame").scrollIntoViewIfNeeded();
        await t.shot("csp-club-frame");

        await page.goto(`${club.url}xiangqi.html`);
        for (const [id, state] of [["#xq-view", "view"], ["#xq-play", "play"], ["#xq-diagram", "diagram"]]) {
          await boardReady(page, id, state);
        }
        await page.waitForFunction(() => document.querySelector("#xq-diagram").shadowRoot
          .querySelectorAll(".xq-symbols symbol").length > 0, null, { timeout: 15_000 });
        t.check("the Xiangqi pieces came from the Shatar site", true);
        await t.shot("csp-club-xiangqi");
      } finally {
        await noViolations(t, seen, [site, club]);
        await club.close();
        await site.close();
      }
    },
  },
];
