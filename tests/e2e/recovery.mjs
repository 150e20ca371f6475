// What the page survives: a reload in the middle of a game, a corrupt save, and an engine
// worker that dies without a word (mid-search or idle).
import {
  START_PIECES, clickMove, clickMoveThen, moveTexts, newGame, open, over, pickMove, pieces, playMoves, plies, ready,
  recordChanges, rng, seen, text, visible, waitInteractive, waitPlies, withMark,
} from "./lib.mjs";
import { ownSave } from "./keep.mjs";

const KILL = "window.wasmBindings.debug_kill_engine_worker()";

export const tests = [
  {
    name: "a reload in the middle of a game restores it, and play goes on",
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      await clickMove(t, "d2", "d4");
      await waitPlies(page, 2);
      const ended = await playMoves(t, 3, rng(99));
      const before = { moves: await moveTexts(page), pieces: await pieces(page), last: await withMark(page, "last") };
      t.check("eight plies played (or fewer to a mate)", before.moves.length === 8 || ended, before.moves.join(" "));
      t.check("the game is saved under the tab's own key", ((await ownSave(page)) ?? "").length > 0);

      await page.reload();
      await ready(page);
      t.eq("the same moves after the reload", await moveTexts(page), before.moves);
      t.eq("the same position", await pieces(page), before.pieces);
      t.eq("the same last move marked", await withMark(page, "last"), before.last);
      t.eq("still against level 1", await text(page, "#player-top"), "Computer, level 1");
      if (ended) {
        t.check("the finished game's result is back", await visible(page, "#result"));
        return;
      }
      t.eq("the player to move", await page.$eval("svg.board", (e) => e.dataset.interactive), "true");

      // Reload again right after a move, before or while the computer answers.
      const n = before.moves.length;
      const picked = await pickMove(page, rng(5));
      await clickMove(t, ...picked);
      await page.reload();
      await ready(page);
      await page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n
        || !document.querySelector("#result").hidden, n + 2, { timeout: 20_000 }).catch(() => {});
      t.eq("the move made just before the reload is kept, and the computer answers it", await plies(page), n + 2);
      if (await over(page)) return;
      const lost = await playMoves(t, 1, rng(6));
      t.check("and play goes on", (await plies(page)) === n + 4 || lost, `${await plies(page)} plies`);
    },
  },
  {
    name: "a corrupt save: a notice, a fresh board, the save set aside",
    async run(t) {
      const { page } = t;
      await open(t);
      await page.evaluate(() => localStorage.setItem(`shatar.games.${sessionStorage.getItem("shatar.tab-game")}`, "{bad"));
      await page.reload();
      await ready(page);
      t.check("a notice is shown", await visible(page, "#notice"));
      t.check("it says the save could not be restored", /could not be restored/.test(await text(page, "#notice-text")),
        await text(page, "#notice-text"));
      t.eq("as an error", await page.$eval("#notice", (e) => e.dataset.level), "error");
      t.eq("a fresh board", await pieces(page), Object.fromEntries(Object.entries(START_PIECES).sort()));
      t.eq("no moves", await plies(page), 0);
      t.eq("the bad save is set aside", await page.evaluate(() => localStorage.getItem("shatar.game.set-aside")), "{bad");
      await clickMove(t, "e2", "e4");
      await waitPlies(page, 2);
      t.check("the new game is saved", ((await ownSave(page)) ?? "").includes("e2e4"));
      await page.click('#notice [data-action="dismiss"]');
      t.check("the notice can be dismissed", !(await visible(page, "#notice")));
    },
  },
  {
    name: "a game saved by the version before (one key, shatar.game) is taken up and moved",
    async run(t) {
      const { page } = t;
      await open(t);
      await clickMove(t, "e2", "e4");
      await waitPlies(page, 2);
      const moves = await moveTexts(page);
      await page.evaluate(() => {
        const key = `shatar.games.${sessionStorage.getItem("shatar.tab-game")}`;
        localStorage.setItem("shatar.game", localStorage.getItem(key));
        localStorage.removeItem(key);
        sessionStorage.clear();
      });
      await page.reload();
      await ready(page);
      t.eq("the old save's game is shown", await moveTexts(page), moves);
      t.eq("and kept under the new keys only", await page.evaluate(() => localStorage.getItem("shatar.game")), null);
      t.check("the tab's own key holds it", ((await ownSave(page)) ?? "").includes("e2e4"));
    },
  },
  {
    name: "the engine worker killed mid-search: the watchdog restarts it and the computer moves",
    async run(t) {
      const { page } = t;
      await recordChanges(page);
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      await clickMove(t, "e2", "e4");
      await waitPlies(page, 2);
      await waitInteractive(page);
      // The move and the kill in one task of the page: the search was posted, and no
      // answer can have come back before the worker is gone.
      const picked = await pickMove(page, rng(3));
      const started = Date.now();
      await clickMoveThen(page, picked[0], picked[1], KILL);
      t.eq("the move was played", await plies(page), 3);
      const answered = await waitPlies(page, 4, 25_000).then(() => true, () => false);
      t.must("the computer still moves", answered, (await seen(page)).engine.join(" | "));
      t.log(`    (answered ${((Date.now() - started) / 1000).toFixed(1)} s after the kill)`);
      const engine = (await seen(page)).engine;
      t.check("the engine status said it restarted", engine.some((e) => /restarting/i.test(e)), engine.join(" | "));
      await page.waitForFunction(() => /ready/.test(document.querySelector("#engine").textContent), null, { timeout: 10_000 })
        .catch(() => {});
      t.eq("and is ready again", await text(page, "#engine"), "Engine: ready");

      // Killed while idle: the next search goes to a dead worker; the watchdog notices.
      await waitInteractive(page);
      await page.evaluate(KILL);
      await playMoves(t, 1, rng(4));
      t.eq("a worker killed while idle is replaced too", await plies(page), 6);
      t.log(`    (the game: ${(await moveTexts(page)).join(" ")})`);
      t.check("no notice of failure", !(await visible(page, "#notice")) || !/could not/.test(await text(page, "#notice-text")));
    },
  },
];
