// Target sizes (www/targets.css): every control a pointer can press is at least 24 by 24
// CSS pixels (WCAG 2.2 2.5.8), and 44 by 44 where the main pointer is a finger (WCAG 2.5.5),
// in every language, in both builds of the page (the first one, and the one with Xiangqi
// that takes over when Xiangqi is played), in its dialogs, in every embed and the builder.
//
// A board's cells are held to 24 on a phone too: the nine files of a Xiangqi board do not
// fit 44 pixels each across a 390-pixel screen, and the board is zoomable there.
import { join } from "node:path";

import { PHONE, newGame, open, repoRoot } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";

const LANGS = ["en", "zh-Hans", "mn-Cyrl", "mn-Mong"];

/**
 * Every visible target of `frame` (the document and the open shadow roots in it) smaller
 * than `min` by `min` pixels (a board's cell: `cellMin`), as "what WxH" lines. `within`
 * limits the search to our own boards on a page that is not ours (a club's).
 */
function smallTargets(frame, { min, cellMin, within = null }) {
  return frame.evaluate(({ min, cellMin, within }) => {
    const targets = "button, select, input, textarea, summary, a[href], [role=gridcell]";
    const roots = [];
    const collect = (root) => {
      roots.push(root);
      for (const e of root.querySelectorAll("*")) if (e.shadowRoot) collect(e.shadowRoot);
    };
    if (within) for (const host of document.querySelectorAll(within)) collect(host.shadowRoot ?? host);
    else collect(document);
    const small = [];
    for (const root of roots) {
      for (const e of root.querySelectorAll(targets)) {
        if (!e.checkVisibility({ visibilityProperty: true }) || e.closest(".visually-hidden")) continue;
        // A checkbox's or a radio button's label takes the click too: the two are one target.
        const choice = e.type === "checkbox" || e.type === "radio";
        const r = (choice ? e.closest("label") ?? e : e).getBoundingClientRect();
        const least = e.getAttribute("role") === "gridcell" ? cellMin : min;
        if (r.width >= least - 0.01 && r.height >= least - 0.01) continue;
        const name = e.dataset.action ? `[${e.dataset.action}]` : e.name ? `[name=${e.name}]`
          : e.dataset.square ? `[${e.dataset.square}]` : e.dataset.ply ? `[ply ${e.dataset.ply}]` : "";
        small.push(`${e.tagName.toLowerCase()}${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return small;
  }, { min, cellMin, within });
}

/** Checks the page as it is now, with every <details> open; `what` names it in the log. */
async function checkPage(t, what, sizes) {
  await t.page.evaluate(() => document.querySelectorAll("details").forEach((d) => { d.open = true; }));
  t.eq(`${what}: no target smaller than ${sizes.min}x${sizes.min}`, await smallTargets(t.page, sizes), []);
}

/** The app's page in each language, with its dialogs open in turn. */
async function checkApp(t, build, sizes) {
  const { page } = t;
  for (const lang of LANGS) {
    await open(t, `?lang=${lang}`);
    if (build === "xiangqi") {
      t.must(`${lang}: the page is the Xiangqi build`, await page.$("#board svg.board.xiangqi") !== null);
    }
    await checkPage(t, `${build} build, ${lang}`, sizes);
    await page.click('.topbar [data-action="new-game"]');
    await page.waitForSelector("dialog#new-game-dialog[open]");
    // The custom time control shows the most fields.
    await page.selectOption("#new-game-form select[name=time]", "custom");
    await checkPage(t, `${build} build, ${lang}, the new-game dialog`, sizes);
    await page.keyboard.press("Escape");
    await page.evaluate(() => { document.querySelector("details.record").open = true; });
    await page.click('[data-action="import"]');
    await page.waitForSelector("dialog#import-dialog[open]");
    await checkPage(t, `${build} build, ${lang}, the import dialog`, sizes);
    await page.keyboard.press("Escape");
  }
}

/** The club's pages (our boards only, not the club's own links) and ours for embeds. */
async function checkEmbeds(t, sizes) {
  const { page } = t;
  const club = await serveClub(join(repoRoot, "tests/club"), t.url);
  try {
    for (const [file, boards] of [["index.html", ["#play-computer", "#view-src", "#diagram-el"]], ["xiangqi.html", []]]) {
      await page.goto(club.url + file);
      for (const id of boards) await page.locator(`${id} svg.board`).waitFor();
      await page.locator("shatar-board svg.board").first().waitFor();
      t.eq(`the club's ${file}: no target smaller than ${sizes.min}x${sizes.min}`,
        await smallTargets(page, { ...sizes, within: "shatar-board" }), []);
      for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
        await frame.locator("shatar-board svg.board").waitFor();
        t.eq(`the club's ${file}, iframe ${frame.url().split("#")[1] ?? frame.url()}: no target smaller than ${sizes.min}`,
          await smallTargets(frame, sizes), []);
      }
    }
  } finally {
    await club.close();
  }
  for (const fragment of ["mode=play", "mode=view&pgn=1.%20e4%20e5%20*", "mode=diagram&arrows=e2e4",
    "mode=play&lang=mn-Mong", "mode=view&pgn=1.%20e4%20e5%20*&lang=zh-Hans"]) {
    await page.goto(`${t.url}embed.html#${fragment}`);
    await page.locator("shatar-board svg.board").waitFor();
    await checkPage(t, `embed.html#${fragment}`, sizes);
  }
  await page.goto(`${t.url}builder.html`);
  await page.locator("#preview svg.board").waitFor();
  await checkPage(t, "the builder", sizes);
  await page.check('input[name=mode][value="view"]');
  await checkPage(t, "the builder, for a viewer", sizes);
}

function targetTest(device, options, sizes) {
  return {
    name: `accessibility: every target at least ${sizes.min} by ${sizes.min} pixels on a ${device}`,
    options,
    async run(t) {
      await open(t);
      // The sizes follow the pointer, not the width: the phone's is a finger.
      t.must(`the ${device}'s pointer is ${sizes.pointer}`,
        await t.page.evaluate((p) => matchMedia(`(pointer: ${p})`).matches, sizes.pointer));
      await checkApp(t, "first", sizes);
      await newGame(t.page, { ruleset: "xiangqi", opponent: "friend" });
      await checkApp(t, "xiangqi", sizes);
      await checkEmbeds(t, sizes);
    },
  };
}

export const tests = [
  targetTest("desktop", {}, { pointer: "fine", min: 24, cellMin: 24 }),
  targetTest("phone", PHONE, { pointer: "coarse", min: 44, cellMin: 24 }),
];
