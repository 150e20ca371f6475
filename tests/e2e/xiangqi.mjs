// Xiangqi in the browser: a game against the computer by clicks on the points of the
// board (the computer is the Xiangqi build of the engine worker, fetched when the game
// starts), the board's drawing in both piece sets, and a club page's viewer of a record in
// the traditional Chinese notation.
import { join } from "node:path";

import {
  clickMove, clickSquare, moveTexts, newGame, open, pickMove, pieces, plies, rng, text, visible, waitInteractive,
  withMark, repoRoot,
} from "./lib.mjs";
import { scan } from "./a11y.mjs";
import { serveClub } from "./serve-club.mjs";

/** Waits for the computer's reply to the player's move that made `ply`, or the end. */
async function computerReplies(page, ply) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n
    || !document.querySelector("#result").hidden, ply + 1, { timeout: 30_000 });
}

/** Whether every piece's `<use>` found its symbol: a drawn piece has a size. */
const piecesDrawn = (scope, root = "#board") => scope.locator(`${root} svg.board g.xq-piece use`).evaluateAll((uses) =>
  uses.length > 0 && uses.every((u) => u.getBoundingClientRect().width > 10 && u.getBBox().width > 10));

export const tests = [
  {
    name: "xiangqi: a game against the computer by clicks, with the Xiangqi worker",
    async run(t) {
      const { page } = t;
      const wasm = [];
      page.on("request", (r) => { if (r.url().endsWith(".wasm")) wasm.push(r.url().split("/").pop()); });
      await open(t);
      t.eq("the 8x8 page loads neither Xiangqi build, of the page or of the worker",
        wasm.filter((w) => w.includes("xiangqi")), []);
      // The new-game dialog, by hand: choosing Xiangqi names the first side Red.
      await page.click('[data-action="new-game"]');
      await page.waitForSelector("dialog#new-game-dialog[open]");
      const firstSide = () => page.$eval('#new-game-form select[name=side] option[value="white"]', (e) => e.textContent);
      t.eq("the dialog says White for the 8x8 games", await firstSide(), "White");
      await page.selectOption("#new-game-form select[name=ruleset]", "xiangqi");
      t.eq("and Red once Xiangqi is chosen", await firstSide(), "Red");
      await page.selectOption("#new-game-form select[name=opponent]", "computer");
      await page.selectOption("#new-game-form select[name=level]", "2");
      await page.selectOption("#new-game-form select[name=side]", "white");
      await page.click('#new-game-form button[value="start"]');
      await page.waitForFunction(() => document.querySelector("#board svg.board g.xq-piece use") !== null);
      t.check("the page's build with Xiangqi took the page over",
        wasm.some((w) => /^shatar-page-xiangqi-[0-9a-f]+_bg\.wasm$/.test(w)), wasm.join(" "));
      const start = await pieces(page);
      t.eq("ninety points", await page.$$eval("#board svg.board g[data-square]", (e) => e.length), 90);
      t.eq("Red's pieces at the bottom, Black's at the top",
        [start.a0, start.e0, start.h2, start.e9, start.b7, start.i6], ["rR", "rK", "rC", "bK", "bC", "bP"]);
      t.eq("file numbers: Red's 一..九 from its right, Black's 1..9 from its right",
        await page.$$eval("#board .xq-files text", (els) => els.map((e) => e.textContent).join("")),
        "九1八2七3六4五5四6三7二8一9");
      t.check("the piece symbols were fetched and drawn", await piecesDrawn(t.page));
      t.check("no claim buttons: Xiangqi's draws come by themselves",
        await page.$$eval('[data-action="claim-draw"], [data-action="arm-claim"]', (els) => els.every((e) => e.hidden)));
      // The river's words are our outlines, not text in whatever font the machine has.
      t.eq("the river's words are <use>s of the outlines: 楚河 on the left, 漢界 on the right",
        await page.$$eval("#board .xq-river > *", (els) => els.map((e) => `${e.tagName}${e.getAttribute("href")}`)),
        ["use#xq-river-chu-he", "use#xq-river-han-jie"]);
      t.check("both are drawn, inside the river, and hidden from assistive technology",
        await page.$$eval("#board .xq-river use", (uses) => uses.every((u) => {
          const b = u.getBBox();
          return b.width > 100 && b.height > 30 && u.closest("[aria-hidden=true]") !== null;
        })));
      await t.shot("xiangqi-traditional");

      await clickSquare(page, "h2");
      const dests = await withMark(page, "dest");
      t.check("the cannon's destinations come from the rules: along rank 2, up to h6, and the jump to h9",
        dests.includes("e2") && dests.includes("h6") && dests.includes("h9") && !dests.includes("h8"), dests.join(" "));
      await clickSquare(page, "h2");
      await clickMove(t, "h2", "e2");
      await computerReplies(page, 1);
      t.eq("the computer answered in the move list", (await moveTexts(page)).length, 2);
      t.eq("WXF notation in English", (await moveTexts(page))[0], "C2=5");
      t.check("the Xiangqi worker was fetched for the game", wasm.some((w) => w.startsWith("shatar-worker-xiangqi")), wasm.join(" "));
      t.eq("its move is marked as the last", (await withMark(page, "last")).length, 2);

      const random = rng(1956);
      for (let move = 2; move <= 6; move++) {
        await waitInteractive(page, 30_000);
        if (await visible(page, "#result")) break;
        const picked = await pickMove(page, random);
        t.must(`move ${move}: a legal move is offered`, picked !== null);
        const before = await plies(page);
        await clickMove(t, ...picked);
        await computerReplies(page, before + 1);
      }
      const label = await page.$eval('#board g[data-square="e0"]', (e) => e.getAttribute("aria-label"));
      t.check("a point's label names it and its piece", /^e0, red general/.test(label ?? "") || label?.startsWith("e0,"), label);
      await t.shot("xiangqi-game");
      t.eq("axe finds nothing serious or critical on the Xiangqi board", (await scan(page, "xiangqi")).violations, []);
    },
  },
  {
    name: "xiangqi: the international pieces, Chinese notation, a saved game after a reload, and match points",
    async run(t) {
      const { page } = t;
      await open(t, "?lang=zh-Hans");
      await newGame(page, { ruleset: "xiangqi", opponent: "friend" });
      await clickMove(t, "h2", "e2");
      await clickMove(t, "h9", "g7");
      t.eq("the moves in the traditional notation", await moveTexts(page), ["炮二平五", "马8进7"]);
      t.eq("the sound switch speaks Chinese too (it kept its English first render once)",
        await text(page, '[data-action="mute"]'), "声音：开");
      await page.click("details.looks > summary").catch(() => {});
      await page.selectOption("#looks select[name=pieces]", "international");
      await page.waitForFunction(() => document.querySelector('#board g.xq-piece use')?.getAttribute("href")?.includes("international"));
      t.check("the international symbols are drawn", await piecesDrawn(page));
      await t.shot("xiangqi-international");
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 2, null, { timeout: 20_000 });
      t.eq("the game survives a reload", await moveTexts(page), ["炮二平五", "马8进7"]);
      t.eq("still Xiangqi, with its pieces", (await pieces(page)).e2, "rC");

      // A club's scoring, chosen in the settings: the result gives the match points.
      await page.$eval("details.looks", (d) => { d.open = true; });
      await page.selectOption("#looks select[name=points]", "2-1-0");
      await page.click('[data-action="resign"]');
      await page.waitForSelector("#result:not([hidden])");
      const result = await text(page, "#result");
      t.check("Red resigned: Black's win, scored 0–2", result.startsWith("黑方") && result.endsWith("（0–2）"), result);
      await page.reload();
      await page.waitForSelector("#result:not([hidden])", { timeout: 20_000 });
      t.eq("the points stay after a reload, in the result and the settings",
        [await text(page, "#result"), await page.$eval("#looks select[name=points]", (s) => s.value)], [result, "2-1-0"]);
      await t.shot("xiangqi-match-points");
    },
  },
  {
    name: "xiangqi: a club's viewer of a record in Chinese notation, a board to play on, and a diagram",
    async run(t) {
      const club = await serveClub(join(repoRoot, "tests/club"), t.url);
      t.cleanup = () => club.close();
      const { page } = t;
      await page.goto(club.url + "xiangqi.html");
      await page.locator('#xq-view .frame[data-state="view"]').waitFor({ timeout: 20_000 });
      const moves = await page.locator("#xq-view .moves button[data-ply]").evaluateAll((els) => els.map((e) => e.textContent.trim()));
      t.eq("nineteen moves, written in Chinese", [moves.length, moves[0], moves[1], moves.at(-1)], [19, "炮二平五", "马8进7", "傌六进四"]);
      const shown = await page.locator("#xq-view svg.board g[data-square]:not([data-piece=''])")
        .evaluateAll((els) => Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece])));
      t.eq("the last position: the red horse on f5, the black horse on h5", [shown.f5, shown.h5], ["rN", "bN"]);
      t.check("the viewer's pieces are drawn", await piecesDrawn(page, "#xq-view"));
      // A board to play on: the club's page gets the Xiangqi worker build for it.
      await page.locator('#xq-play .frame[data-state="play"]').waitFor({ timeout: 20_000 });
      await page.locator('#xq-play svg.board g[data-square="h2"]').click();
      await page.locator('#xq-play svg.board g[data-square="e2"]').click();
      await page.waitForFunction(() => {
        const root = document.querySelector("#xq-play")?.shadowRoot;
        return (root?.querySelectorAll(".moves button[data-ply]").length ?? 0) >= 2;
      }, null, { timeout: 30_000 });
      const played = await page.locator("#xq-play .moves button[data-ply]").evaluateAll((els) => els.map((e) => e.textContent.trim()));
      t.eq("the embedded board plays Xiangqi against the computer", [played.length, played[0]], [2, "C2=5"]);
      await page.locator('#xq-diagram .frame[data-state="diagram"]').waitFor({ timeout: 20_000 });
      t.check("the diagram's arrow and mark", await page.locator('#xq-diagram [data-arrow="e2e8"]').count() === 1
        && await page.locator('#xq-diagram g[data-square="e5"].marked').count() === 1);
      t.check("the diagram's international pieces are drawn", await piecesDrawn(page, "#xq-diagram"));
      await t.shot("xiangqi-club-page");
    },
  },
];
