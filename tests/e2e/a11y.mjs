// Accessibility: a whole game by keyboard alone, what the live region says, and an
// automated scan (axe-core, from tools/node_modules) of the app and every embed mode.
import { join } from "node:path";

import { open, repoRoot, setLook, text } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";

const AXE = join(repoRoot, "tools/node_modules/axe-core/axe.min.js");

const active = (page) => page.evaluate(() => {
  let e = document.activeElement;
  // Into an embedded board's shadow root.
  while (e?.shadowRoot?.activeElement) e = e.shadowRoot.activeElement;
  return { square: e?.dataset?.square ?? null, action: e?.dataset?.action ?? null, tag: e?.tagName ?? null,
    value: e?.value ?? null };
});

/** Presses Tab until `wanted(active)` holds; fails after `max` presses. */
async function tabTo(t, what, wanted, max = 25) {
  for (let i = 0; i < max; i++) {
    if (wanted(await active(t.page))) return;
    await t.page.keyboard.press("Tab");
  }
  t.must(`Tab reaches ${what}`, wanted(await active(t.page)));
}

/** Walks the keyboard from the focused square to `square` with the arrow keys (White at the bottom). */
async function arrowTo(t, square) {
  for (let i = 0; i < 16; i++) {
    const here = (await active(t.page)).square;
    if (here === null) t.must("the keyboard is on the board", false);
    if (here === square) return;
    const df = square.charCodeAt(0) - here.charCodeAt(0);
    const dr = Number(square[1]) - Number(here[1]);
    await t.page.keyboard.press(df > 0 ? "ArrowRight" : df < 0 ? "ArrowLeft" : dr > 0 ? "ArrowUp" : "ArrowDown");
  }
  t.must(`the arrows reach ${square}`, false);
}

/** Plays `from`-`to` with the keyboard: arrows, Enter, arrows, Space. */
async function keyMove(t, from, to) {
  const before = await t.page.$$eval("#moves button[data-ply]", (b) => b.length);
  await arrowTo(t, from);
  await t.page.keyboard.press("Enter");
  await arrowTo(t, to);
  await t.page.keyboard.press(" ");
  await t.page.waitForFunction((n) => document.querySelectorAll("#moves button[data-ply]").length > n, before,
    { timeout: 5_000 }).catch(() => t.must(`${from}-${to} was played by keyboard`, false));
}

/** A new game between two friends, through the dialog, by keyboard alone. */
async function newFriendsGameByKeyboard(t) {
  const { page } = t;
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(t, "the New game button", (a) => a.action === "new-game");
  await page.keyboard.press("Enter");
  await page.waitForSelector("dialog#new-game-dialog[open]");
  await tabTo(t, "the opponent", (a) => a.tag === "SELECT" && ["computer", "friend", "board"].includes(a.value));
  // Typing picks the next option that starts so: "A friend on this device" (or the one
  // after it, "A friend at a real board", when the dialog remembered the last choice).
  for (let i = 0; i < 3 && (await active(page)).value !== "friend"; i++) await page.keyboard.type("A");
  t.eq("the opponent chosen by keyboard", (await active(page)).value, "friend");
  await tabTo(t, "Start", (a) => a.tag === "BUTTON" && a.value === "start");
  await page.keyboard.press("Enter");
  await page.waitForSelector("dialog#new-game-dialog:not([open])", { state: "attached" });
  await tabTo(t, "the board", (a) => a.square !== null);
}

const announced = (page) => page.$eval("#announce", (e) => e.textContent);

export async function scan(page, what) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
  return { what, violations };
}

export const tests = [
  {
    name: "accessibility: a whole game by keyboard alone, and what the live region says",
    async run(t) {
      const { page } = t;
      await open(t);
      await newFriendsGameByKeyboard(t);
      t.eq("the board's cell takes the keyboard", (await page.$$eval("g[data-square][tabindex='0']", (e) => e.length)), 1);
      await keyMove(t, "e2", "e4");
      t.eq("a move is announced", await announced(page), "1. White boy e2 to e4");
      t.eq("the square says it was the last move", await page.$eval('g[data-square="e4"]', (e) => e.getAttribute("aria-label")),
        "e4, white boy, last move");
      await keyMove(t, "e7", "e5");
      await keyMove(t, "f1", "c4");
      await keyMove(t, "b8", "c6");
      // Escape lets go of a piece picked up by mistake.
      await arrowTo(t, "d1");
      await page.keyboard.press("Enter");
      t.eq("Enter picks the berse up", await page.$eval('g[data-square="d1"]', (e) => e.getAttribute("aria-selected")), "true");
      await page.keyboard.press("Escape");
      t.eq("Escape lets it go", await page.$eval('g[data-square="d1"]', (e) => e.getAttribute("aria-selected")), "false");
      await keyMove(t, "d1", "h5");
      await keyMove(t, "g8", "f6");
      await keyMove(t, "h5", "f7");
      t.eq("a capture and a mate are announced", await announced(page), "4. White berse h5 takes boy f7, checkmate");
      t.check("the game is over", !(await page.$eval("#result", (e) => e.hidden)), await text(page, "#status"));

      // A check, in a second game started by keyboard too.
      await newFriendsGameByKeyboard(t);
      for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["f1", "c4"], ["b8", "c6"], ["c4", "f7"]]) await keyMove(t, from, to);
      t.eq("a check is announced", await announced(page), "3. White camel c4 takes boy f7, check");
      t.check("the live region is polite and read whole",
        await page.$eval("#announce", (e) => e.getAttribute("aria-live") === "polite" && e.getAttribute("aria-atomic") === "true"));

      // An embedded board takes the same keys.
      const club = await serveClub(join(repoRoot, "tests/club"), t.url);
      try {
        await page.goto(club.url);
        await page.locator("#play-computer svg.board").waitFor();
        await page.locator("#play-computer .frame").focus();
        await tabTo(t, "the embedded board", (a) => a.square !== null);
        await arrowTo(t, "e2");
        await page.keyboard.press("Enter");
        await arrowTo(t, "e4");
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.querySelector("#play-computer").shadowRoot
          .querySelectorAll(".moves button[data-ply]").length >= 2, null, { timeout: 20_000 });
        t.check("the embedded board played e4 by keyboard and the computer answered", true);
        const said = await page.locator("#play-computer .visually-hidden[aria-live]").textContent();
        t.check("its live region announces the computer's move", /^1\. Black /.test(said), said);
      } finally {
        await club.close();
      }
    },
  },
  {
    name: "accessibility: the typed move box plays moves and answers questions",
    async run(t) {
      const { page } = t;
      await open(t);
      await tabTo(t, "the typed move box", (a) => a.tag === "INPUT");
      await page.keyboard.type("e4");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length >= 2, null, { timeout: 20_000 });
      t.check("e4 typed, played, and answered by the computer", true);
      await page.keyboard.type("where horses");
      await page.keyboard.press("Enter");
      const reply = await text(page, "#typed-reply");
      t.check("a question is answered", /^White horse: b1, g1\. Black horse: /.test(reply), reply);
      t.eq("the answer is read out", await page.$eval("#typed-reply", (e) => e.getAttribute("aria-live")), "polite");
      await page.keyboard.type("Kd8");
      await page.keyboard.press("Enter");
      t.check("a wrong move is explained", (await text(page, "#typed-reply")).startsWith('"Kd8" is not a legal move here'));
    },
  },
  {
    name: "accessibility: each mark on the board stands 3:1 against both squares, in every theme",
    async run(t) {
      const { page } = t;
      await open(t);
      for (const theme of ["checkered", "uncoloured"]) {
        await setLook(page, "theme", theme);
        await page.waitForSelector(`svg.board.${theme}`);
        const found = await page.evaluate(() => {
          const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map((v) => {
            const c = v / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
          const ratio = (a, b) => {
            const [hi, lo] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
            return (hi + 0.05) / (lo + 0.05);
          };
          // The mark, the part that draws its shape, and the property that colours it.
          const marks = [["last", ".hl", "stroke"], ["selected", ".hl", "stroke"], ["check", ".hl", "stroke"],
            ["hint", ".hl", "stroke"], ["dest", ".dot", "fill"], ["dest capture", ".ring", "stroke"], ["marked", ".hl", "stroke"]];
          const out = [];
          for (const shade of ["light", "dark"]) {
            const cell = document.querySelector(`#board g.sq.${shade}:not(.last):not(.check)`);
            const square = getComputedStyle(cell.querySelector(".bg")).fill;
            for (const [mark, part, prop] of marks) {
              cell.classList.add(...mark.split(" "));
              const colour = getComputedStyle(cell.querySelector(part))[prop];
              out.push({ mark, shade, ratio: Math.round(ratio(colour, square) * 100) / 100 });
              cell.classList.remove(...mark.split(" "));
            }
          }
          return out;
        });
        const weak = found.filter((f) => f.ratio < 3).map((f) => `${f.mark} on ${f.shade}: ${f.ratio}`);
        t.eq(`${theme}: every mark 3:1 or more (${found.length} checked)`, weak, []);
      }
    },
  },
  {
    name: "accessibility: no serious or critical axe violations on the app and every embed",
    async run(t) {
      const { page } = t;
      const results = [];
      await open(t);
      results.push(await scan(page, "the app"));
      await page.click('[data-action="new-game"]');
      await page.waitForSelector("dialog#new-game-dialog[open]");
      results.push(await scan(page, "the app's new-game dialog"));
      for (const lang of ["zh-Hans", "mn-Cyrl", "mn-Mong"]) {
        await open(t, `?lang=${lang}`);
        results.push(await scan(page, `the app in ${lang}`));
      }
      const club = await serveClub(join(repoRoot, "tests/club"), t.url);
      try {
        await page.goto(club.url);
        for (const id of ["#play-computer", "#view-src", "#diagram-el"]) await page.locator(`${id} svg.board`).waitFor();
        results.push(await scan(page, "the club's page with a board of each mode"));
      } finally {
        await club.close();
      }
      for (const fragment of ["mode=play", "mode=view&pgn=1.%20e4%20e5%20*", "mode=diagram&arrows=e2e4"]) {
        await page.goto(`${t.url}embed.html#${fragment}`);
        await page.locator("shatar-board svg.board").waitFor();
        results.push(await scan(page, `embed.html#${fragment}`));
      }
      await page.goto(`${t.url}builder.html`);
      await page.locator("#preview svg.board").waitFor();
      results.push(await scan(page, "the builder"));
      for (const { what, violations } of results) t.eq(`${what}: no serious or critical violations`, violations, []);
    },
  },
];
