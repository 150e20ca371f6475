// A deploy between two reloads: the service worker of the build a player has (cache first
// for the files named by content, the server first for the rest) must never pair the new
// build's page with the old build's engine worker loader.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";

import { clickMove, moveTexts, newGame, ready, serveDist, waitPlies } from "./lib.mjs";
import { servedFrom } from "./serve-dist.mjs";

/** Every file of `dir`, as paths inside it. */
function walk(dir, prefix = "") {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const path = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, path)).isDirectory() ? walk(dir, path) : [path];
  });
}

/** The build's name for the worker loader: index.html's list, or its plain name. */
function loaderName(dir) {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const list = html.match(/<meta name="shatar-files" content="([^"]*)">/)?.[1] ?? "";
  return list.split(/\s+/).find((pair) => pair.startsWith("worker-loader.js="))?.slice("worker-loader.js=".length)
    ?? "worker-loader.js";
}

/**
 * Turns the site in `dir` into its next build, as a deploy of the real thing would: the
 * worker loader's content changes (it marks its worker `SHATAR_DEPLOY = "B"`), so a loader
 * named by content gets a new name, which the files that name it now say, and the old one
 * is gone. An entry point of fixed name changes too (shatar-board.js, which clubs address
 * by name), and the service worker's version changes with the build.
 */
function deployNextBuild(dir) {
  const old = loaderName(dir);
  const content = `self.SHATAR_DEPLOY = "B";\n${readFileSync(join(dir, old), "utf8")}`;
  const hashed = old.match(/^worker-loader-[0-9a-f]+\.js$/);
  const next = hashed
    ? `worker-loader-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.js`
    : old;
  rmSync(join(dir, old));
  writeFileSync(join(dir, next), content);
  if (next !== old) {
    for (const path of walk(dir).filter((p) => [".html", ".js"].includes(extname(p)))) {
      const text = readFileSync(join(dir, path), "utf8");
      if (text.includes(old)) writeFileSync(join(dir, path), text.replaceAll(old, next));
    }
  }
  const board = join(dir, "shatar-board.js");
  writeFileSync(board, `${readFileSync(board, "utf8")}\n// build B\n`);
  const sw = join(dir, "sw.js");
  writeFileSync(sw, readFileSync(sw, "utf8").replace(/const VERSION = "([^"]*)"/, 'const VERSION = "$1-B"'));
  return { old, next };
}

export const tests = [
  {
    name: "deploy: a plain reload after a deploy runs the new build's worker loader, and keeps the game",
    async run(t) {
      const { page } = t;
      const dir = mkdtempSync(join(tmpdir(), "shatar-deploy-"));
      cpSync(servedFrom(t.url), dir, { recursive: true });
      const server = await serveDist(dir);
      const workers = [];
      page.on("worker", (worker) => workers.push(worker));
      try {
        await page.goto(server.url);
        await ready(page);
        // Build A's service worker controls the page, its files cached.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) {
            await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
          }
        });
        await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
        await clickMove(t, "e2", "e4");
        await waitPlies(page, 2);
        const before = await moveTexts(page);

        const { old, next } = deployNextBuild(dir);
        t.log(`    deployed: ${old} -> ${next}`);
        workers.length = 0;
        await page.reload();
        await ready(page);
        await page.waitForFunction(() => /ready/i.test(document.querySelector("#engine")?.textContent ?? ""), null,
          { timeout: 20_000 });
        t.eq("the game in progress is there after the reload", await moveTexts(page), before);
        t.must("the page started an engine worker", workers.length > 0);
        const builds = await Promise.all(workers.map((w) => w.evaluate(() => self.SHATAR_DEPLOY ?? "A").catch(() => "gone")));
        t.eq("its worker runs the new build's loader", builds.filter((b) => b !== "gone"), ["B"]);
        t.check("a file of fixed name comes from the server, not from the old build's cache",
          await page.evaluate(() => fetch("./shatar-board.js").then((r) => r.text())).then((s) => s.endsWith("// build B\n")));
        await clickMove(t, "g1", "f3");
        await waitPlies(page, 4);
        t.check("and the computer answers with it", true);
      } finally {
        await t.context.close().catch(() => {});
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
