// The four languages: the page in each (screenshots to look at), the traditional script
// set vertically in our own font, the picker and how the language is chosen, and the
// embeds' `lang` attribute.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { clickMove, open, ready, repoRoot, text } from "./lib.mjs";

const LANGS = ["en", "zh-Hans", "mn-Cyrl", "mn-Mong"];

/** A language's texts, read from its data file as the page reads them. */
function texts(lang) {
  const out = {};
  for (const line of readFileSync(join(repoRoot, `crates/web/i18n/${lang}.txt`), "utf8").split("\n")) {
    if (!line || line.startsWith("#") || line.startsWith(" ")) continue;
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}
const fill = (template, args) => template.replace(/\{([a-z]+)\}/g, (m, name) => args[name] ?? m);

/** The fonts Chromium drew `selector`'s text with: `[{ familyName, glyphCount }]`. */
async function fontsOf(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

export const tests = [
  {
    name: "languages: the app in each language, its moves said and written in it",
    async run(t) {
      const { page } = t;
      for (const lang of LANGS) {
        const words = texts(lang);
        await open(t, `?lang=${lang}`);
        // A new game each time: the last language's game is saved.
        await page.evaluate(() => localStorage.clear());
        await open(t, `?lang=${lang}`);
        t.eq(`${lang}: <html lang>`, await htmlLang(page), lang);
        t.eq(`${lang}: the New game button`, await text(page, '.topbar [data-action="new-game"]'), words["button.new-game"]);
        t.eq(`${lang}: the title`, await page.title(), words["app.document-title"]);
        t.eq(`${lang}: the picker marks it`, await page.$eval(`[data-lang="${lang}"]`, (b) => b.getAttribute("aria-pressed")),
          "true");
        await clickMove(t, "e2", "e4");
        // The computer must answer e7-e5 (2017 art. 1.2).
        await page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length >= 2, null,
          { timeout: 20_000 });
        const piece = words["piece.mongolian.pawn"];
        await page.waitForFunction(() => document.querySelector("#announce").textContent.includes("e5"));
        t.eq(`${lang}: the move is said in it`, await text(page, "#announce"),
          fill(words["say.move"], { number: "1", side: words["color.black"], piece, from: "e7", to: "e5" }));
        const label = await page.$eval('#board g[data-square="e4"]', (g) => g.getAttribute("aria-label"));
        t.check(`${lang}: the square's label names the piece in it (${label})`, label.includes(piece));
        await page.fill("#typed-move", `${words["words.rank"].split(" ")[0]} 4`);
        await page.press("#typed-move", "Enter");
        await page.waitForFunction(() => document.querySelector("#typed-reply").textContent !== "");
        const reply = await text(page, "#typed-reply");
        t.check(`${lang}: "rank 4" typed in it is answered in it (${reply})`,
          reply.startsWith(fill(words["typed.rank"], { n: "4" })) && reply.includes("e4"));
        await clickMove(t, "g1", "f3");
        const letters = { en: "Nf3", "zh-Hans": "马f3", "mn-Cyrl": "Мf3", "mn-Mong": "ᠮf3" }[lang];
        await page.waitForFunction((l) => [...document.querySelectorAll("#moves button[data-ply]")]
          .some((b) => b.textContent.trim() === l), letters, { timeout: 5_000 })
          .catch(() => t.check(`${lang}: the move list writes ${letters}`, false));
        await page.evaluate(() => document.activeElement?.blur());
        await t.shot(`lang-${lang}`);
      }
    },
  },
  {
    name: "languages: the traditional script is vertical, in our font, with nothing drawn by another",
    async run(t) {
      const { page } = t;
      await open(t, "?lang=mn-Mong");
      await page.evaluate(() => document.fonts.ready);
      const modes = await page.evaluate(() => ["#status", ".topbar h1", "#moves"].map((s) =>
        getComputedStyle(document.querySelector(s)).writingMode));
      t.eq("the status, the title and the move list are written in vertical lines", modes,
        ["vertical-lr", "vertical-lr", "vertical-lr"]);
      const loaded = await page.evaluate(async () => {
        await document.fonts.load('16px "Shatar Mongolian"', "ᠰᠢᠲᠠᠷ");
        return [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Shatar Mongolian").map((f) => f.status);
      });
      t.eq("the bundled font loads", loaded, ["loaded"]);
      // Texts all in the script (a status line's "e2-e4" may come from another font).
      for (const selector of [".topbar h1", '.topbar [data-action="new-game"]', '[data-lang="mn-Mong"]']) {
        // Our subset reports the family name it was cut from, as a web font; a Noto Sans
        // Mongolian of the system's (or any other font) drawing the letters would be a fallback.
        const fonts = await fontsOf(page, selector);
        const ours = fonts.filter((f) => f.familyName === "Noto Sans Mongolian" && f.isCustomFont);
        const system = fonts.filter((f) => f.familyName === "Noto Sans Mongolian" && !f.isCustomFont);
        t.check(`${selector} is drawn in our subset of Noto Sans Mongolian (${JSON.stringify(fonts)})`,
          ours.length === 1 && ours[0].glyphCount > 0 && system.length === 0);
      }
      // The status line is taller than wide: a vertical line, not letters on their side.
      const box = await page.$eval("#status", (e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; });
      t.check(`the status line stands upright (${box})`, box[1] > box[0]);
      await t.shot("lang-mn-Mong-vertical");
      await page.click('[data-action="new-game"]');
      await page.waitForSelector("dialog#new-game-dialog[open]");
      await t.shot("lang-mn-Mong-new-game");
    },
  },
  {
    name: "languages: chosen by the picker, then ?lang=, then the stored choice, then the browser",
    options: { locale: "zh-CN" },
    async run(t) {
      const { page } = t;
      await open(t);
      t.eq("a browser that says zh-CN gets Chinese", await htmlLang(page), "zh-Hans");
      await page.evaluate(() => document.fonts.ready);
      const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname));
      t.eq("a Chinese page fetches the Chinese texts only, and the picker's font, not the script's whole font",
        fetched.filter((p) => p.includes("/i18n/") || p.includes("/fonts/")).sort()
          .map((p) => p.replace(/-[0-9a-f]{16}\.txt$/, "-HASH.txt")),
        ["/fonts/shatar-mongolian-name.woff2", "/i18n/zh-Hans-HASH.txt"]);
      await page.click('[data-lang="mn-Cyrl"]');
      await page.waitForFunction(() => document.documentElement.lang === "mn-Cyrl");
      t.eq("the picker changes every text at once", await text(page, '.topbar [data-action="new-game"]'),
        texts("mn-Cyrl")["button.new-game"]);
      await page.reload();
      await ready(page);
      t.eq("the choice is remembered", await htmlLang(page), "mn-Cyrl");
      await open(t, "?lang=mn-Mong");
      t.eq("?lang= outranks the stored choice", await htmlLang(page), "mn-Mong");
      await page.click('[data-lang="en"]');
      await page.waitForFunction(() => document.documentElement.lang === "en");
      t.eq("choosing in the picker takes ?lang= out of the address", new URL(page.url()).searchParams.get("lang"), null);
      await page.reload();
      await ready(page);
      t.eq("and the choice holds after a reload", await htmlLang(page), "en");
      await open(t, "?lang=klingon");
      t.eq("an unknown ?lang= is passed over", await htmlLang(page), "en");
    },
  },
  {
    name: "languages: an embedded board speaks its lang attribute",
    async run(t) {
      const { page } = t;
      for (const lang of LANGS) {
        const words = texts(lang);
        await page.goto(`${t.url}embed.html#mode=view&lang=${lang}&pgn=${encodeURIComponent("1. e4 e5 2. Nf3 Nc6 *")}`);
        const board = page.locator("shatar-board");
        await board.locator("svg.board").waitFor();
        t.eq(`${lang}: the frame's lang`, await board.locator(".frame").getAttribute("lang"), lang);
        t.eq(`${lang}: the previous-move button's name`,
          await board.locator('[data-action="prev"]').getAttribute("aria-label"), words["nav.prev"]);
        const moves = await board.locator(".moves button[data-ply]").allTextContents();
        const knight = { en: "Nf3", "zh-Hans": "马f3", "mn-Cyrl": "Мf3", "mn-Mong": "ᠮf3" }[lang];
        t.check(`${lang}: the moves in its letters (${moves})`, moves.map((m) => m.trim()).includes(knight));
        await t.shot(`lang-embed-${lang}`);
      }
    },
  },
];
