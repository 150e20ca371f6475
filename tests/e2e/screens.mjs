// Screenshots for a person to look at: the board mid-game with its marks, in both
// orientations, both piece sets (and letters), at desktop and phone sizes; the promotion
// picker open; face-to-face play on a tablet. Each page is also checked for what a
// picture would show wrong: content wider than the screen, a board that does not fit.
import { DESKTOP, PHONE, TABLET, clickSquare, importText, open, promotionOpen, setLook, withMark } from "./lib.mjs";

// Mongolian (2017): ends with a camel's capture giving check, so the last move and the
// check are both marked.
const MID_GAME = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 Nf6 5. Nc3 d6 6. Bg5 h6 7. Bxf6 Qxf6 8. Bxf7+";
const PROMOTION = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 40";

async function importMidGame(t) {
  const { page } = t;
  await open(t);
  await importText(page, MID_GAME, "mongolian");
  await page.waitForSelector("dialog#import-dialog:not([open])", { state: "attached" });
  await page.click("details.record > summary"); // close the menu the import opened
  await page.click('#notice [data-action="dismiss"]');
  t.eq("the check and the last move are marked", [await withMark(page, "check"), await withMark(page, "last")],
    [["e8"], ["c4", "f7"]]);
}

/** What a screenshot may hide: horizontal overflow, a board taller or wider than the screen. */
async function fits(t, what) {
  const m = await t.page.evaluate(() => {
    const board = document.querySelector("#board svg.board").getBoundingClientRect();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      height: window.innerHeight,
      board: { left: board.left, right: board.right, top: board.top, bottom: board.bottom },
    };
  });
  t.check(`${what}: no horizontal overflow`, m.scrollWidth <= m.width, `page ${m.scrollWidth} px wide in ${m.width}`);
  t.check(`${what}: the board is within the screen's width`, m.board.left >= 0 && m.board.right <= m.width + 0.5,
    JSON.stringify(m.board));
  t.check(`${what}: the whole board is visible without scrolling`, m.board.bottom <= m.height + 0.5,
    `board bottom ${m.board.bottom} in ${m.height}`);
}

function boardShots(size, name) {
  return {
    name: `screenshots: ${name}, both orientations, traditional, international and letters`,
    options: size,
    async run(t) {
      const { page } = t;
      await importMidGame(t);
      for (const pieces of ["traditional", "international"]) {
        await setLook(page, "pieces", pieces);
        await fits(t, `${pieces}, White at the bottom`);
        await t.shot(`${name}-${pieces}-white`);
        await page.click('[data-action="flip"]');
        t.eq("flipped", await page.$eval("svg.board", (e) => e.dataset.bottom), "black");
        await t.shot(`${name}-${pieces}-black`);
        await page.click('[data-action="flip"]');
      }
      await setLook(page, "pieces", "letters");
      await t.shot(`${name}-letters-white`);
    },
  };
}

function promotionShot(size, name) {
  return {
    name: `screenshots: ${name}, the promotion picker open`,
    options: size,
    async run(t) {
      const { page } = t;
      await open(t);
      await importText(page, PROMOTION, "mongolian");
      await page.waitForSelector("dialog#import-dialog:not([open])", { state: "attached" });
      await page.click("details.record > summary");
      await page.click('#notice [data-action="dismiss"]');
      await clickSquare(page, "b7");
      await clickSquare(page, "b8");
      t.must("the picker is open", await promotionOpen(page));
      const inside = await page.$$eval("#promotion button", (els) => els.every((b) => {
        const r = b.getBoundingClientRect();
        return r.width >= 24 && r.height >= 24 && r.left >= 0 && r.right <= window.innerWidth;
      }));
      t.check("its buttons are on the screen and large enough to tap", inside);
      await t.shot(`${name}-promotion`);
    },
  };
}

export const tests = [
  boardShots(DESKTOP, "desktop"),
  boardShots(PHONE, "phone"),
  promotionShot(DESKTOP, "desktop"),
  promotionShot(PHONE, "phone"),
  {
    name: "screenshots: tablet, face to face",
    options: TABLET,
    async run(t) {
      const { page } = t;
      await importMidGame(t);
      await setLook(page, "face_to_face", true);
      t.check("the body says face-to-face", await page.$eval("body", (b) => b.classList.contains("face-to-face")));
      const transform = (sq) => page.$eval(`g[data-square="${sq}"] .piece`, (e) => e.getAttribute("transform") ?? "");
      t.check("Black's noyan is turned round", /rotate\(180/.test(await transform("e8")), await transform("e8"));
      t.check("White's is not", !/rotate/.test(await transform("e1")), await transform("e1"));
      await fits(t, "face to face");
      await t.shot("tablet-face-to-face");
    },
  },
];
