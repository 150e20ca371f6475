// Nothing a player gave the page is lost: two tabs each keep their own game, a save that
// fails is said at once (in the app, on the way to the Xiangqi build, and on a club's
// embedded board), and an imported record keeps its tags, comments, NAGs and variations,
// and a file of several games offers a picker. Written from the player's side (issue 20).
import { join } from "node:path";

import {
  T, clickMove, importText, moveTexts, newGame, open, plies, ready, repoRoot, text, visible, waitPlies, watchErrors,
} from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";

/** Fills the origin's local storage to the last byte it takes (the browser's quota). */
const fillStorage = (page) => page.evaluate(() => {
  let n = 0;
  for (const size of [256 * 1024, 4096, 64, 1]) {
    const chunk = "x".repeat(size);
    try {
      for (;;) localStorage.setItem(`filler.${n++}`, chunk);
    } catch {
      // Full at this size: go on with a smaller one.
    }
  }
  // A new item costs its key too, so the last one refused may leave room for a few more
  // characters: enough, now and then, for the next save of a game. An item that grows by
  // one character at a time leaves none.
  const last = Object.keys(localStorage).filter((k) => k.startsWith("filler.")).pop();
  try {
    for (;;) localStorage.setItem(last, localStorage.getItem(last) + "x");
  } catch {
    // Full to the character.
  }
  return n;
});

const freeStorage = (page) => page.evaluate(() => {
  for (const key of Object.keys(localStorage)) if (key.startsWith("filler.")) localStorage.removeItem(key);
});

/** The save this tab keeps its game under (crates/web/src/dom/games.rs). */
export const ownSave = (page) => page.evaluate(() => localStorage.getItem(`shatar.games.${sessionStorage.getItem("shatar.tab-game")}`));

/** A second tab of the same browser (the same storage), checked like the first. */
async function secondTab(t) {
  const page = await t.context.newPage();
  watchErrors(page, t);
  const tab = Object.assign(Object.create(T.prototype), t, { page });
  await page.goto(t.url);
  await ready(page);
  return tab;
}

async function downloadPgn(page) {
  await page.$eval("details.record", (d) => { d.open = true; });
  const [file] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="download-pgn"]')]);
  const chunks = [];
  for await (const c of await file.createReadStream()) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}

const FULL_RECORD = `[Event "Ulaanbaatar Open 2026"]
[Site "Ulaanbaatar"]
[Date "2026.05.01"]
[Round "3"]
[White "Sarnai"]
[Black "Tuya"]
[Result "*"]
[Annotator "Bat"]

{The players' first game.} 1. e4 e5 2. Nf3 $1 {The horse first.} (2. Nc3 Nc6 {also played}) 2... Nc6 3. Bc4 *
`;

const TOURNAMENT = ["Anu", "Bold", "Chimeg"].map((white, i) => `[Event "Club championship"]
[Round "${i + 1}"]
[White "${white}"]
[Black "Dorj"]
[Result "*"]

1. ${i === 1 ? "d4 d5 2. c3" : "e4 e5 2. Nf3"} *
`).join("\n");

export const tests = [
  {
    name: "two tabs: each keeps its own game, and a tab opened later takes up the one left",
    async run(t) {
      const a = t;
      await open(a);
      await newGame(a.page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      await clickMove(a, "e2", "e4");
      await waitPlies(a.page, 2);
      const b = await secondTab(t);
      t.eq("the second tab does not take up the game the first one shows", await plies(b.page), 0);
      t.check("nor offers it: a game a tab holds is that tab's", !(await visible(b.page, "#games-button")));
      await newGame(b.page, { ruleset: "chess", opponent: "friend" });
      await clickMove(b, "d2", "d4");
      await clickMove(b, "d7", "d5");
      await clickMove(a, "g1", "f3");
      await waitPlies(a.page, 4);
      const aMoves = await moveTexts(a.page);
      await b.page.reload();
      await ready(b.page);
      t.eq("the second tab's game after its reload is its own", await moveTexts(b.page), ["d4", "d5"]);
      await a.page.reload();
      await ready(a.page);
      t.eq("the first tab's game after its reload is its own", await moveTexts(a.page), aMoves);
      await a.page.close();
      const c = await secondTab(t);
      t.eq("a tab opened after the first closed takes up the game it left", await moveTexts(c.page), aMoves);
      await b.page.close();
      await c.page.close();
      const d = await secondTab(t);
      t.eq("with no tab open, the newest game in progress is taken up", await moveTexts(d.page), ["d4", "d5"]);
      t.check("and the other is offered", await visible(d.page, "#games-button"));
      await d.page.click("#games-button");
      await d.page.waitForSelector("dialog#games-dialog[open]");
      t.eq("one game in the list", await d.page.locator("#games-list li").count(), 1);
      await d.page.click('#games-list [data-action="continue-game"]');
      await d.page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length === n, aMoves.length);
      t.eq("continuing it shows it", await moveTexts(d.page), aMoves);
      t.check("and the game set aside is offered in turn", await visible(d.page, "#games-button"));
    },
  },
  {
    name: "full storage: a move that cannot be saved is said at once, with the PGN to keep",
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "friend" });
      t.check("no notice while saves work", !(await visible(page, "#save-failed")));
      await fillStorage(page);
      await clickMove(t, "e2", "e4");
      await page.waitForSelector("#save-failed:not([hidden])", { timeout: 5_000 }).catch(() => {});
      t.check("the notice is shown at the move", await visible(page, "#save-failed"));
      t.check("it says the storage is full and what is lost", /storage is full/.test(await text(page, "#save-failed-text")),
        await text(page, "#save-failed-text"));
      const [file] = await Promise.all([page.waitForEvent("download"), page.click('#save-failed [data-action="keep-pgn"]')]);
      const chunks = [];
      for await (const c of await file.createReadStream()) chunks.push(c);
      t.check("its button downloads the game", /1\. e4/.test(Buffer.concat(chunks).toString("utf8")));
      await freeStorage(page);
      await clickMove(t, "e7", "e5");
      await page.waitForSelector("#save-failed[hidden]", { state: "attached", timeout: 5_000 }).catch(() => {});
      t.check("once a save works again the notice goes", !(await visible(page, "#save-failed")));
      await page.reload();
      await ready(page);
      t.eq("and the whole game is back after a reload", await moveTexts(page), ["e4", "e5"]);
    },
  },
  {
    name: "full storage: Xiangqi still starts, and says it is not being saved",
    async run(t) {
      const { page } = t;
      await open(t);
      await clickMove(t, "d2", "d4");
      await waitPlies(page, 2);
      await fillStorage(page);
      await newGame(page, { ruleset: "xiangqi", opponent: "computer", level: "1", side: "white" });
      t.eq("the new game is Xiangqi, not the old game reloaded", await plies(page), 0);
      await page.waitForSelector("#save-failed:not([hidden])", { timeout: 5_000 }).catch(() => {});
      t.check("the Xiangqi build says the game is not being saved", await visible(page, "#save-failed"),
        await text(page, "#save-failed-text").catch(() => ""));
      await freeStorage(page);
      await clickMove(t, "h2", "e2");
      await waitPlies(page, 2);
      await page.reload();
      await page.waitForSelector('#board svg.board.xiangqi[data-ready="true"]', { timeout: 30_000 });
      t.eq("once there is room, the Xiangqi game is kept over a reload", await plies(page), 2);
    },
  },
  {
    name: "full storage on a club's page: the embedded board says its game is not being saved",
    async run(t) {
      const { page } = t;
      const club = await serveClub(join(repoRoot, "tests/club"), t.url);
      t.cleanup = () => club.close();
      await page.goto(club.url + "index.html");
      const board = "#play-computer";
      await page.locator(`${board} .frame[data-state="play"]`).waitFor({ timeout: 20_000 });
      await fillStorage(page);
      await page.locator(`${board} svg.board g[data-square="e2"]`).click();
      await page.locator(`${board} svg.board g[data-square="e4"]`).click();
      const alert = page.locator(`${board} .error`);
      await alert.waitFor({ state: "visible", timeout: 5_000 }).catch(() => {});
      t.check("the board's alert line says so", /not being saved/.test(await alert.textContent()), await alert.textContent());
      await freeStorage(page);
      await page.locator(`${board} .moves button[data-ply="2"]`).waitFor({ timeout: 20_000 });
      await page.locator(`${board} svg.board g[data-square="d2"]`).click();
      await page.locator(`${board} svg.board g[data-square="d3"]`).click();
      await alert.waitFor({ state: "hidden", timeout: 5_000 }).catch(() => {});
      t.check("and stops once it is saved again", !(await alert.isVisible()));
      await t.cleanup();
    },
  },
  {
    name: "a club's viewer of a large PGN reads it in slices: the page keeps drawing frames",
    async run(t) {
      const { page } = t;
      const club = await serveClub(join(repoRoot, "tests/club"), t.url);
      t.cleanup = () => club.close();
      await page.goto(club.url + "index.html");
      const games = 20_000;
      const result = await page.evaluate(async (games) => {
        const one = (i) => `[Event "Open ${i}"]\n[White "W${i}"]\n[Black "B${i}"]\n[Result "*"]\n\n`
          + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 {a quiet line, as clubs play it} 6. Nbd2 a6 *\n\n";
        const board = document.createElement("shatar-board");
        board.id = "big";
        board.setAttribute("mode", "view");
        board.textContent = Array.from({ length: games }, (_, i) => one(i + 1)).join("");
        let frames = 0;
        let counting = true;
        const count = () => { frames++; if (counting) requestAnimationFrame(count); };
        requestAnimationFrame(count);
        const ready = new Promise((ok) => board.addEventListener("ready", ok, { once: true }));
        const size = board.textContent.length;
        document.body.append(board);
        await ready;
        counting = false;
        return { size, frames };
      }, games);
      t.check("a file of several megabytes", result.size > 3_000_000, String(result.size));
      t.check("frames were drawn while it was read", result.frames >= 3, `${result.frames} frames`);
      const options = await page.locator("#big select.picker option").count();
      t.eq("every game is offered", options, games);
      await t.cleanup();
    },
  },
  {
    name: "a record imported and exported keeps its tags, comments, NAGs and variation, and names the players",
    async run(t) {
      const { page } = t;
      await open(t);
      await importText(page, FULL_RECORD);
      await waitPlies(page, 5);
      t.eq("the main line is played", await moveTexts(page), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
      const bars = [await text(page, "#player-top"), await text(page, "#player-bottom")].join(" / ");
      t.check("the player bars name the players", bars.includes("Sarnai") && bars.includes("Tuya"), bars);
      const pgn = await downloadPgn(page);
      for (const tag of ['[Event "Ulaanbaatar Open 2026"]', '[Site "Ulaanbaatar"]', '[Date "2026.05.01"]', '[Round "3"]',
        '[White "Sarnai"]', '[Black "Tuya"]', '[Annotator "Bat"]']) {
        t.check(`the export keeps ${tag}`, pgn.includes(tag), pgn);
      }
      t.check("the comments", pgn.includes("{The players' first game.}") && pgn.includes("{The horse first.}")
        && pgn.includes("{also played}"), pgn);
      t.check("the NAG", /Nf3 \$1/.test(pgn), pgn);
      t.check("the variation", /\(2\. Nc3 Nc6/.test(pgn), pgn);
      await clickMove(t, "a7", "a6");
      const more = await downloadPgn(page);
      t.check("a move played after the import is added to the same record",
        more.includes('[White "Sarnai"]') && /\{The horse first\.\}/.test(more) && /3\. Bc4 a6/.test(more), more);
      await page.reload();
      await ready(page);
      const again = await downloadPgn(page);
      t.check("and a reload keeps all of it", again.includes('[Event "Ulaanbaatar Open 2026"]') && again.includes("$1")
        && again.includes("(2. Nc3"), again);
    },
  },
  {
    name: "a file of several games: a picker, then the game picked",
    async run(t) {
      const { page } = t;
      await open(t);
      await importText(page, TOURNAMENT);
      await page.waitForSelector("dialog#pick-game-dialog[open]");
      const titles = await page.$$eval("#pick-game-form select[name=game] option", (os) => os.map((o) => o.textContent));
      t.eq("one line a game", titles.length, 3);
      t.check("each names its players", titles[1].includes("Bold") && titles[1].includes("Dorj"), titles.join(" | "));
      await page.selectOption("#pick-game-form select[name=game]", { index: 1 });
      await page.click('#pick-game-form button[value="open"]');
      await page.waitForSelector("dialog#pick-game-dialog:not([open])", { state: "attached" });
      await waitPlies(page, 3);
      t.eq("the game picked is opened", await moveTexts(page), ["d4", "d5", "c3"]);
      const bars = [await text(page, "#player-top"), await text(page, "#player-bottom")].join(" / ");
      t.check("with its players", bars.includes("Bold") && bars.includes("Dorj"), bars);
    },
  },
];
