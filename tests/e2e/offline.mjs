// Offline and installing (www/sw.js, www/manifest.webmanifest): after one visit the app
// loads and plays with the network gone; a new build is offered, not imposed, and taking
// it keeps the game in progress.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import {
  builtName, clickMove, moveTexts, newGame, pieces, playMoves, plies, ready, rng, serveDist, text, visible, waitPlies,
} from "./lib.mjs";
import { servedFrom } from "./serve-dist.mjs";

/** Waits until the service worker has precached the build and controls the page. */
async function controlled(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
    const names = (await caches.keys()).filter((k) => k.startsWith("shatar-"));
    const cached = names.length === 1 ? (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname) : [];
    return { scope: registration.scope, names, cached };
  });
}


export const tests = [
  {
    name: "offline: after one visit the app loads and plays without a network",
    async run(t) {
      const { page, context } = t;
      await page.goto(t.url);
      await ready(page);
      const sw = await controlled(page);
      t.eq("one cache, of this build", sw.names.length, 1);
      const loader = await builtName(page, "worker-loader.js");
      t.check(`the worker loader is named by content (${loader})`, /^worker-loader-[0-9a-f]{16}\.js$/.test(loader));
      for (const path of ["/index.html", "/sw.js", "/manifest.webmanifest", "/icons/icon-192.png", `/${loader}`]) {
        t.check(`${path} ${path === "/sw.js" ? "is not" : "is"} precached`, sw.cached.includes(path) === (path !== "/sw.js"));
      }
      t.check("the hashed wasm is precached", sw.cached.some((p) => /^\/shatar-page-[0-9a-f]+_bg\.wasm$/.test(p)), sw.cached.join(" "));
      t.check("the Xiangqi worker (named by content) is precached",
        sw.cached.filter((p) => /^\/shatar-worker-xiangqi-[0-9a-f]{16}(\.js|_bg\.wasm)$/.test(p)).length === 2, sw.cached.join(" "));
      t.check("no worker file keeps a fixed name", !sw.cached.some((p) => /^\/(worker-loader|shatar-worker-[a-z0-9]+)(\.js|_bg\.wasm)$/.test(p)),
        sw.cached.join(" "));
      t.check("the page's build with Xiangqi is precached",
        sw.cached.filter((p) => /^\/shatar-page-xiangqi-[0-9a-f]+(\.js|_bg\.wasm)$/.test(p)).length === 2, sw.cached.join(" "));

      await context.setOffline(true);
      await page.reload();
      await ready(page);
      t.check("really offline", await page.evaluate(() => !navigator.onLine));
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      await clickMove(t, "e2", "e4");
      await waitPlies(page, 2);
      t.eq("the computer answers offline", await moveTexts(page), ["e4", "e5"]);
      // The Xiangqi worker, never fetched by the page until now, starts offline too.
      const xiangqi = await page.evaluate((loader) => new Promise((ok, fail) => {
        const worker = new Worker(`./${loader}?build=xiangqi`);
        setTimeout(() => fail(new Error("timeout")), 15000);
        worker.onerror = (e) => fail(new Error(e.message || "error event"));
        worker.onmessage = (e) => {
          if (e.data?.body === "Ready") {
            worker.postMessage({ v: e.data.v, id: 1, body: { LegalMoves: {
              fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", kind: "xiangqi" } } });
          } else {
            worker.terminate();
            ok(e.data?.body?.LegalMoves?.moves?.length);
          }
        };
      }), loader).catch((e) => e.message);
      t.eq("the Xiangqi worker answers offline (44 moves from the start)", xiangqi, 44);

      // Another page of the site, by its own address: from the cache too.
      await page.goto(`${t.url}index.html?from=offline`);
      await ready(page);
      t.eq("the game is still there", await moveTexts(page), ["e4", "e5"]);
      // Xiangqi offline: the page's first build hands over to its build with Xiangqi, from
      // the cache, and that build plays it.
      await newGame(page, { ruleset: "xiangqi", opponent: "friend" });
      t.eq("a Xiangqi board offline", await page.$$eval("#board svg.board g[data-square]", (e) => e.length), 90);
      await clickMove(t, "h2", "e2");
      await waitPlies(page, 1);
      t.eq("and its move list", await moveTexts(page), ["C2=5"]);

      // Every page of the build opens offline as itself (in a tab of its own: only the
      // answer is checked here, not what the page then does).
      const tab = await context.newPage();
      for (const path of sw.cached.filter((p) => p.endsWith(".html"))) {
        const response = await tab.goto(t.url + path.slice(1));
        const same = (await response.text()) === readFileSync(join(servedFrom(t.url), path), "utf8");
        t.check(`${path} opens offline from the cache`, response.ok() && response.fromServiceWorker() && same,
          `status ${response.status()}, the built file: ${same}`);
      }
      await tab.close();
      await context.setOffline(false);
    },
  },
  {
    name: "offline: the manifest names the app and its icons load",
    async run(t) {
      const { page } = t;
      await page.goto(t.url);
      await ready(page);
      const href = await page.$eval('link[rel="manifest"]', (e) => e.href);
      const manifest = await page.evaluate((href) => fetch(href).then((r) => r.json()), href);
      t.eq("names", [manifest.name, manifest.short_name], ["Shatar — Mongolian chess", "Shatar"]);
      t.eq("start and scope", [manifest.start_url, manifest.scope, manifest.display], ["./", "./", "standalone"]);
      const sizes = await page.evaluate(async ({ href, icons }) => Promise.all(icons.map(async (icon) => {
        const img = new Image();
        img.src = new URL(icon.src, href);
        await img.decode();
        return `${icon.purpose} ${icon.sizes} ${img.naturalWidth}x${img.naturalHeight}`;
      })), { href, icons: manifest.icons.filter((i) => i.type === "image/png") });
      t.eq("the PNG icons load at their sizes", sizes, ["any 192x192 192x192", "any 512x512 512x512", "maskable 512x512 512x512"]);
      const theme = await page.$eval('meta[name="theme-color"]', (e) => e.content);
      t.eq("the theme colour is the page's accent", theme, manifest.theme_color);
    },
  },
  {
    name: "offline: a new build is offered, and taking it keeps the game",
    async run(t) {
      const { page } = t;
      // A copy of the site this test may redeploy.
      const dir = mkdtempSync(join(tmpdir(), "shatar-deploy-"));
      cpSync(servedFrom(t.url), dir, { recursive: true });
      const server = await serveDist(dir);
      try {
        await page.goto(server.url);
        await ready(page);
        const first = await controlled(page);
        await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
        await clickMove(t, "d2", "d4");
        await waitPlies(page, 2);
        await playMoves(t, 2, rng(4242));
        const before = { moves: await moveTexts(page), pieces: await pieces(page) };
        t.eq("six plies played", before.moves.length, 6);

        // Deploy: the worker's bytes change, as with every build.
        const sw = join(dir, "sw.js");
        writeFileSync(sw, readFileSync(sw, "utf8").replace(/const VERSION = "([^"]*)"/, 'const VERSION = "$1-next"'));
        await page.evaluate(() => { window.__samePage = true; });
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
        await page.waitForSelector("#update:not([hidden])");
        const prompt = (await text(page, "#update")).replace(/\s+/g, " ");
        t.eq("the prompt offers it", prompt, "A new version is ready — Reload");
        await t.shot("desktop-update-prompt");
        t.check("nothing switched on its own", await page.evaluate(() => window.__samePage === true));
        t.eq("the game is untouched meanwhile", await moveTexts(page), before.moves);

        await Promise.all([page.waitForEvent("load"), page.click('[data-action="apply-update"]')]);
        await ready(page);
        t.check("the page reloaded", await page.evaluate(() => window.__samePage === undefined));
        t.eq("the same moves after the update", await moveTexts(page), before.moves);
        t.eq("the same position", await pieces(page), before.pieces);
        t.check("the prompt is gone", !(await visible(page, "#update")));
        const after = await controlled(page);
        t.check("the new build's cache replaced the old", after.names.length === 1 && after.names[0] !== first.names[0],
          `${first.names} -> ${after.names}`);

        await playMoves(t, 1, rng(4243));
        t.eq("play goes on", await plies(page), before.moves.length + 2);
      } finally {
        await t.context.close().catch(() => {});
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
