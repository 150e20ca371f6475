// Playing: a short game against the computer by clicks, one by drags, a checkmate between
// friends, takeback and browsing, promotion under both Mongolian rulesets, import errors.
import {
  PHONE, clickMove, clickSquare, dragMove, dragSquare, importText, moveTexts, newGame, open, pickMove, pieces, plies,
  promotionOpen, recordChanges, rng, seen, text, visible, waitInteractive, waitPlies, withMark,
} from "./lib.mjs";

/** Waits for the computer's reply to the player's move that made `ply`, or the end. */
async function computerReplies(t, ply) {
  const { page } = t;
  await page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length >= n
    || !document.querySelector("#result").hidden, ply + 1, { timeout: 20_000 });
  return page.$eval("#result", (e) => e.hidden);
}

const resultShown = async (page) => (await visible(page, "#result")) ? text(page, "#result") : null;

export const tests = [
  {
    // crates/web/src/dom/effects.rs: making the AudioContext costs a slow phone about
    // 300 ms, so the first move is drawn before it is made; its sound still plays.
    name: "the first move is shown before the sound's AudioContext is made, and sounds after",
    async run(t) {
      const { page } = t;
      await page.addInitScript(() => {
        const made = (window.__audio = { contexts: [], tones: 0 });
        // A frame has begun since the first move entered the list (told by a
        // MutationObserver, which runs once the task that added it is done).
        let framed = false;
        const seen = new MutationObserver(() => {
          if (document.querySelector("#moves button[data-ply]")) {
            seen.disconnect();
            requestAnimationFrame(() => { framed = true; });
          }
        });
        addEventListener("DOMContentLoaded", () => seen.observe(document.getElementById("moves"), { childList: true, subtree: true }));
        const Original = window.AudioContext;
        window.AudioContext = class extends Original {
          constructor(...args) {
            super(...args);
            made.contexts.push({ afterTheMovesFrame: framed });
          }
          createOscillator() {
            const osc = super.createOscillator();
            const start = osc.start.bind(osc);
            osc.start = (...a) => { made.tones += 1; return start(...a); };
            return osc;
          }
        };
      });
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      t.eq("no context before a sound", (await page.evaluate(() => window.__audio)).contexts, []);
      await clickMove(t, "e2", "e4");
      await page.waitForFunction(() => window.__audio.tones > 0, null, { timeout: 5_000 });
      t.eq("one context, made after the frame that shows the move",
        (await page.evaluate(() => window.__audio)).contexts, [{ afterTheMovesFrame: true }]);
      await computerReplies(t, 1);
      await page.waitForFunction(() => window.__audio.tones > 1, null, { timeout: 5_000 });
      t.eq("the computer's move sounds on the same context", (await page.evaluate(() => window.__audio)).contexts.length, 1);
    },
  },
  {
    name: "a short game against level 1 by clicks, then resigning",
    async run(t) {
      const { page } = t;
      await recordChanges(page);
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      t.eq("players", [await text(page, "#player-top"), await text(page, "#player-bottom")], ["Computer, level 1", "You"]);
      t.eq("a fresh game", await plies(page), 0);

      // The compulsory first round (2017 art. 1.2): the computer must mirror.
      await clickMove(t, "e2", "e4");
      await computerReplies(t, 1);
      t.eq("the computer mirrors e2-e4", await moveTexts(page), ["e4", "e5"]);
      t.eq("its move is marked as the last", await withMark(page, "last"), ["e5", "e7"]);
      await waitInteractive(page);
      await clickSquare(page, "a2");
      t.eq("no double step after the first round", await withMark(page, "dest"), ["a3"]);
      await clickSquare(page, "a2");
      t.eq("a second click lets go of the piece", await withMark(page, "selected"), []);

      const random = rng(20171);
      let over = false;
      for (let move = 2; move <= 12 && !over; move++) {
        await waitInteractive(page);
        const picked = await pickMove(page, random);
        t.must(`move ${move}: a legal move is offered`, picked !== null);
        const before = await plies(page);
        await clickMove(t, ...picked);
        const reply = await computerReplies(t, before + 1).then(() => true, () => false);
        t.must(`move ${move}: ${picked.join("-")} played and answered`, reply, `plies ${await plies(page)}`);
        over = (await resultShown(page)) !== null;
        if (!over) {
          const last = await withMark(page, "last");
          t.must(`move ${move}: the computer's move is marked`, last.length === 2, last.join(" "));
        }
      }
      const texts = await moveTexts(page);
      t.check("a dozen moves each way, or an earlier end", over || texts.length === 24, `${texts.length} plies`);
      t.check("the computer's thinking line showed", (await seen(page)).thinking > 0, JSON.stringify(await seen(page)));
      if (!over) {
        await waitInteractive(page);
        await page.click('[data-action="resign"]');
        t.eq("the result after resigning", await resultShown(page), "Black wins by resignation (2017 art. 5.1)");
      }
      t.check("the result is shown", (await resultShown(page)) !== null);
      t.eq("the board takes no more moves", await page.$eval("svg.board", (e) => e.dataset.interactive), "false");
      t.check("resign is disabled", await page.$eval('[data-action="resign"]', (e) => e.disabled));
      t.eq("nothing is movable", await withMark(page, "movable"), []);
    },
  },
  {
    name: "a game against level 1 by drags, as Black",
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "black" });
      t.eq("Black at the bottom", await page.$eval("svg.board", (e) => e.dataset.bottom), "black");
      const [e1, e8] = await Promise.all(["e1", "e8"].map((s) => page.locator(`g[data-square="${s}"]`).boundingBox()));
      t.check("e8 is drawn below e1", e8.y > e1.y);
      await waitPlies(page, 1);
      const opening = (await moveTexts(page))[0];
      t.must("the computer opens with e4 or d4", opening === "e4" || opening === "d4", opening);
      await waitInteractive(page);
      const file = opening[0];
      t.eq("Black must mirror it", await withMark(page, "movable"), [`${file}7`]);

      // An illegal drop and a drop off the board: the piece goes back, nothing is played.
      await dragSquare(page, `${file}7`, `${file}4`);
      t.eq("an illegal drop plays nothing", await plies(page), 1);
      t.eq("the piece is back", (await pieces(page))[`${file}7`], "bP");
      t.eq("and let go of", await withMark(page, "selected"), []);

      await dragMove(t, `${file}7`, `${file}5`);
      t.eq("the mirrored move", (await moveTexts(page))[1], `${file}5`);
      const random = rng(4242);
      let over = false;
      for (let move = 2; move <= 6 && !over; move++) {
        await computerReplies(t, (move - 1) * 2).catch(() => t.must(`move ${move}: the computer moved`, false));
        over = (await resultShown(page)) !== null;
        if (over) break;
        await waitInteractive(page);
        const picked = await pickMove(page, random);
        t.must(`move ${move}: a legal move is offered`, picked !== null);
        const before = await plies(page);
        await dragMove(t, ...picked);
        // The computer may have answered already: look back at the move in the list.
        await page.click(`#moves button[data-ply="${before + 1}"]`);
        t.eq(`move ${move}: ${picked.join("-")} played by a drag`, await withMark(page, "last"), [...picked].sort());
        t.check(`move ${move}: a black piece stands on ${picked[1]}`, (await pieces(page))[picked[1]]?.[0] === "b");
        await page.keyboard.press("End");
        over = (await resultShown(page)) !== null;
      }
      t.check("several moves played by drags", (await plies(page)) >= 10 || over, `${await plies(page)} plies`);
    },
  },
  {
    name: "friends on one device: fool's mate by clicks (FIDE chess), browsing, takeback",
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "chess", opponent: "friend" });
      t.eq("players", [await text(page, "#player-top"), await text(page, "#player-bottom")], ["Black", "White"]);
      t.eq("all eight pawns and both horses may move", (await withMark(page, "movable")).length, 10);
      await clickMove(t, "f2", "f3");
      await clickMove(t, "e7", "e5");
      await clickMove(t, "g2", "g4");
      await page.click('[data-action="first"]');
      t.eq("first: the start position", Object.keys(await pieces(page)).length, 32);
      t.check("the status says we are browsing", /Viewing move 0 of 3/.test(await text(page, "#status")), await text(page, "#status"));
      t.eq("no moves while browsing", await page.$eval("svg.board", (e) => e.dataset.interactive), "false");
      await page.keyboard.press("ArrowRight");
      t.eq("→ shows move 1", await page.$eval("#moves .current", (e) => e.dataset.ply), "1");
      await page.click('#moves button[data-ply="2"]');
      t.eq("a click in the list shows that move", await withMark(page, "last"), ["e5", "e7"]);
      await page.keyboard.press("End");
      t.eq("End: back to the game", await withMark(page, "last"), ["g2", "g4"]);
      await clickMove(t, "d8", "h4");
      t.eq("the moves", await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
      t.eq("the result", await resultShown(page), "Black wins by checkmate");
      t.eq("the mated king is marked", await withMark(page, "check"), ["e1"]);
      t.eq("the game is over", await page.$eval("svg.board", (e) => e.dataset.interactive), "false");

      await page.click('[data-action="flip"]');
      t.eq("flip: Black at the bottom", await page.$eval("svg.board", (e) => e.dataset.bottom), "black");
      t.eq("and the players' names follow", [await text(page, "#player-top"), await text(page, "#player-bottom")], ["White", "Black"]);
      await page.click('[data-action="flip"]');

      await page.click('[data-action="takeback"]');
      t.eq("takeback between friends takes one move", await moveTexts(page), ["f3", "e5", "g4"]);
      t.check("the result is gone", !(await visible(page, "#result")));
      t.eq("Black to move again", await page.$eval("svg.board", (e) => e.dataset.interactive), "true");
      t.eq("the queen is home", (await pieces(page)).d8, "bQ");
    },
  },
  {
    name: "promotion (2017 rules): the picker offers four pieces; cancel, then a horse",
    async run(t) {
      const { page } = t;
      await open(t);
      await importText(page, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 40", "mongolian");
      await page.waitForSelector("dialog#import-dialog:not([open])", { state: "attached" });
      t.check("a notice says the game was imported", /imported/i.test(await text(page, "#notice-text")), await text(page, "#notice-text"));
      t.eq("the position", await pieces(page), { b7: "wP", e1: "wK", e8: "bK" });

      await clickSquare(page, "b7");
      await clickSquare(page, "b8");
      t.must("the picker opens", await promotionOpen(page));
      t.eq("four choices, queen first", await page.$$eval("#promotion button[data-promote]", (els) => els.map((e) => e.dataset.promote)), ["q", "r", "b", "n"]);
      t.eq("drawn as white pieces", await page.$$eval("#promotion button[data-promote]", (els) => els.map((e) => e.dataset.piece)), ["wQ", "wR", "wB", "wN"]);
      t.eq("nothing played yet", await plies(page), 0);
      t.eq("the board waits", await page.$eval("svg.board", (e) => e.dataset.interactive), "false");
      await page.click('#promotion [data-action="cancel-promotion"]');
      t.check("cancel closes the picker", !(await promotionOpen(page)));
      t.eq("and the boy is still on b7", (await pieces(page)).b7, "wP");

      await dragSquare(page, "b7", "b8");
      t.must("a drag opens the picker too", await promotionOpen(page));
      await page.click('#promotion button[data-promote="n"]');
      t.check("the picker closes", !(await promotionOpen(page)));
      t.eq("a white horse on b8", await pieces(page), { b8: "wN", e1: "wK", e8: "bK" });
      t.eq("the move", await moveTexts(page), ["b8=N"]);
      // King and horse against king cannot mate: drawn at once (2017 art. 1.4, 5.2.2).
      t.check("a lone horse is a dead position: drawn", /^Draw/.test((await resultShown(page)) ?? ""), await resultShown(page));
    },
  },
  {
    name: "promotion (folk rules): a queen at once, no picker",
    async run(t) {
      const { page } = t;
      await open(t);
      await importText(page, "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 40", "mongolian-folk");
      await page.waitForSelector("dialog#import-dialog:not([open])", { state: "attached" });
      t.check("the folk rules", /folk/i.test(await text(page, "#title")), await text(page, "#title"));
      await clickSquare(page, "b7");
      t.eq("b8 is offered", await withMark(page, "dest"), ["b8"]);
      await clickSquare(page, "b8");
      await waitPlies(page, 1, 5_000);
      t.check("no picker", !(await promotionOpen(page)));
      t.eq("a queen on b8", (await pieces(page)).b8, "wQ");
      t.eq("the move", await moveTexts(page), ["b8=Q+"]);
      t.eq("Black to move", await page.$eval("svg.board", (e) => e.dataset.interactive), "true");
    },
  },
  {
    name: "touch on a phone: a drag by finger that does not scroll the page, then taps",
    options: PHONE,
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "friend" });
      const centre = async (sq) => {
        const b = await page.locator(`#board svg.board g[data-square="${sq}"]`).boundingBox();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      const [from, to] = [await centre("e2"), await centre("e4")];
      const scrolled = await page.evaluate(() => window.scrollY);
      // A finger's drag as Chromium receives it from a touch screen: touch events, turned
      // into pointer events by the browser.
      const cdp = await t.context.newCDPSession(page);
      const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
      await touch("touchStart", from);
      for (let i = 1; i <= 8; i++) await touch("touchMove", { x: from.x + (to.x - from.x) * i / 8, y: from.y + (to.y - from.y) * i / 8 });
      await touch("touchEnd");
      await waitPlies(page, 1);
      t.eq("e2-e4 played by a finger's drag", await moveTexts(page), ["e4"]);
      t.eq("the page did not scroll under the finger", await page.evaluate(() => window.scrollY), scrolled);
      const tap = async (sq) => { const p = await centre(sq); await page.touchscreen.tap(p.x, p.y); };
      await tap("e7");
      t.eq("a tap picks the piece up", await withMark(page, "selected"), ["e7"]);
      await tap("e5");
      await waitPlies(page, 2);
      t.eq("a second tap plays it", await moveTexts(page), ["e4", "e5"]);
    },
  },
  {
    name: "import: a bad text is refused with a reason, the game unchanged",
    async run(t) {
      const { page } = t;
      await open(t);
      await clickMove(t, "d2", "d4");
      await waitPlies(page, 2);
      await importText(page, "this is not a game", "mongolian");
      await page.waitForSelector("#import-error:not([hidden])", { timeout: 5_000 });
      t.check("an error is shown", (await text(page, "#import-error")).length > 0);
      t.check("the dialog stays open", await page.$eval("dialog#import-dialog", (e) => e.open));
      await page.click('#import-form button[value="cancel"]');
      t.check("cancel closes it", !(await page.$eval("dialog#import-dialog", (e) => e.open)));
      t.eq("the game is unchanged", await moveTexts(page), ["d4", "d5"]);
    },
  },
  {
    name: "export: the PGN and the FEN, downloaded and copied",
    options: { permissions: ["clipboard-read", "clipboard-write"] },
    async run(t) {
      const { page } = t;
      await open(t);
      await newGame(page, { ruleset: "mongolian", opponent: "computer", level: "1", side: "white" });
      await clickMove(t, "e2", "e4");
      await waitPlies(page, 2);
      await page.click("details.record > summary");
      const download = async (action) => {
        const [file] = await Promise.all([page.waitForEvent("download"), page.click(`[data-action="${action}"]`)]);
        const stream = await file.createReadStream();
        const chunks = [];
        for await (const c of stream) chunks.push(c);
        return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
      };
      const pgn = await download("download-pgn");
      t.check("a .pgn file", /^shatar-\d{4}-\d{2}-\d{2}\.pgn$/.test(pgn.name), pgn.name);
      t.check("with the Mongolian variant tag", pgn.text.includes('[Variant "Mongolian"]'), pgn.text);
      t.check("the players", pgn.text.includes('[White "Player"]') && pgn.text.includes('[Black "Shatar level 1"]'), pgn.text);
      t.check("and the moves", /1\. e4 e5/.test(pgn.text), pgn.text);
      const fen = await download("download-fen");
      t.eq("a .fen file", fen.name, "shatar-position.fen");
      t.check("the position after 1.e4 e5", fen.text.trim().startsWith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -"), fen.text);
      await page.click('[data-action="copy-fen"]');
      await page.waitForFunction((want) => navigator.clipboard.readText().then((x) => x === want), fen.text.trim(),
        { timeout: 5_000 }).catch(() => {});
      t.eq("copy puts the FEN on the clipboard", (await page.evaluate(() => navigator.clipboard.readText())).trim(), fen.text.trim());
      await page.click('[data-action="copy-pgn"]');
      await page.waitForTimeout(100);
      t.check("and the PGN", (await page.evaluate(() => navigator.clipboard.readText())).includes("1. e4 e5"));
    },
  },
];
