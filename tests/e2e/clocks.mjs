// The clock and the arbiter (2017 art. 6 and 9): a blitz game with a simple delay in which
// a flag falls, and threefold-repetition claims, one wrong (two minutes to the opponent)
// and one right.
import { clickMove, moveTexts, open, ready, text, visible } from "./lib.mjs";

/** A new game between friends on a custom clock: minutes, and a simple delay in seconds. */
async function delayGame(page, { ruleset = "mongolian", minutes, delay }) {
  await page.click('[data-action="new-game"]');
  await page.waitForSelector("dialog#new-game-dialog[open]");
  const form = "#new-game-form";
  await page.selectOption(`${form} select[name=ruleset]`, ruleset);
  await page.selectOption(`${form} select[name=opponent]`, "friend");
  await page.selectOption(`${form} select[name=time]`, "custom");
  await page.fill(`${form} [name=base_minutes]`, String(minutes));
  await page.selectOption(`${form} select[name=bonus]`, "delay");
  await page.fill(`${form} [name=bonus_seconds]`, String(delay));
  await page.fill(`${form} [name=moves]`, "0");
  await page.click(`${form} button[value="start"]`);
  await page.waitForSelector("dialog#new-game-dialog:not([open])", { state: "attached" });
  await ready(page);
}

/** `{ text, delay, running, low, flag }` of the clock at the top or the bottom. */
const clock = (page, where) => page.$eval(`#clock-${where}`, (e) => ({
  text: e.querySelector(".time").textContent,
  delay: e.querySelector(".delay").textContent,
  running: e.classList.contains("running"),
  low: e.classList.contains("low"),
  flag: e.classList.contains("flag"),
}));

const seconds = (clockText) => {
  const parts = clockText.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

export const tests = [
  {
    name: "clock: a blitz game with a simple delay where White's flag falls",
    async run(t) {
      const { page } = t;
      await open(t);
      // 6 s and a 1 s delay: short enough for a test, long enough for clicks.
      await delayGame(page, { minutes: 0.1, delay: 1 });
      const start = await clock(page, "bottom");
      t.eq("White's clock runs from the start (art. 6.6), tenths under ten seconds", [start.running, /^\d\.\d$/.test(start.text)], [true, true]);
      t.check("the delay is shown apart from the base time", /^\+\d\.\d$/.test(start.delay), start.delay);
      await page.waitForFunction(() => document.querySelector("#announce-time").textContent !== "", null, { timeout: 3_000 })
        .catch(() => {});
      t.eq("low time is said in a live region", await page.$eval("#announce-time", (e) => [e.textContent, e.getAttribute("aria-live")]),
        ["White: less than 10 seconds", "polite"]);
      await clickMove(t, "e2", "e4");
      const afterMove = await clock(page, "bottom");
      t.check("a move inside the delay leaves the base time as it was (art. 6.3.2)", seconds(afterMove.text) >= 5.9, afterMove.text);
      t.eq("then Black's clock runs", [(await clock(page, "top")).running, afterMove.running], [true, false]);
      await clickMove(t, "e7", "e5");
      // White does not move: the delay, then the six seconds run out.
      await page.waitForSelector("#result:not([hidden])", { timeout: 15_000 });
      t.eq("the flag decides the game (art. 6.9)", await text(page, "#result"), "Black wins by time forfeit (2017 art. 6.9)");
      const flagged = await clock(page, "bottom");
      t.eq("White's clock shows the flag at zero", [flagged.text, flagged.flag, flagged.running], ["0.0", true, false]);
      t.eq("the board no longer takes moves", await page.$eval("svg.board", (e) => e.dataset.interactive), "false");
      t.eq("the moves stand", await moveTexts(page), ["e4", "e5"]);
      await page.click("details.record > summary");
      const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="download-pgn"]')]);
      const chunks = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk);
      const pgn = Buffer.concat(chunks).toString("utf8");
      t.check("the PGN has the clock after each move", /1\. e4 \{\[%clk 0:00:0\d\.\d\]\} 1\.\.\. e5 \{\[%clk 0:00:0\d\.\d\]\}/.test(pgn), pgn);
      t.check("the delay in our own tag, the end in Termination", pgn.includes('[TimeControlDelay "6d1"]') && pgn.includes('[Termination "time forfeit"]'), pgn);
    },
  },
  {
    name: "claims: a wrong threefold claim costs two minutes, a right one draws",
    async run(t) {
      const { page } = t;
      await open(t);
      await delayGame(page, { minutes: 5, delay: 0 });
      for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"], ["g8", "f6"], ["f3", "g1"]]) {
        await clickMove(t, from, to);
      }
      const whiteBefore = seconds((await clock(page, "bottom")).text);
      // Black claims with 3...Ng8, which brings the position back only a second time.
      await page.click('[data-action="arm-claim"]');
      t.eq("the claim is armed", await page.$eval('[data-action="arm-claim"]', (e) => e.getAttribute("aria-pressed")), "true");
      await clickMove(t, "f6", "g8");
      t.eq("a wrong claim: the move stands, the game goes on", [await visible(page, "#result"), (await moveTexts(page)).length], [false, 6]);
      t.check("and says so", (await text(page, "#notice-text")).includes("two more minutes (art. 9.5.2)"), await text(page, "#notice-text"));
      const whiteAfter = seconds((await clock(page, "bottom")).text);
      t.check("White's clock gained two minutes", whiteAfter - whiteBefore >= 119 && whiteAfter - whiteBefore <= 121, `${whiteBefore} → ${whiteAfter}`);
      for (const [from, to] of [["g1", "f3"], ["g8", "f6"], ["f3", "g1"]]) {
        await clickMove(t, from, to);
      }
      await page.click('[data-action="arm-claim"]');
      await clickMove(t, "f6", "g8");
      t.eq("the third time: drawn by the claim", await text(page, "#result"), "Draw by threefold repetition (2017 art. 9.2)");
      t.eq("both clocks stop", [(await clock(page, "top")).running, (await clock(page, "bottom")).running], [false, false]);
    },
  },
];
