// The game page's layout in every language at a phone's and a desktop's size (issue 59):
// the title bar is one row (one column in the traditional script's vertical bar), nothing
// in it is wider than the screen, and the whole board with both player bars is in view
// without scrolling. Measured boxes, not pictures; each case is also a screenshot.
import { open } from "./lib.mjs";

const LANGS = ["en", "zh-Hans", "mn-Cyrl", "mn-Mong"];
// The sizes the issue names: a 412x915 touch phone and a 1280x800 laptop.
const SIZES = {
  phone: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** The boxes that matter, measured in the page. */
function measure(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; };
    const bar = document.querySelector(".topbar");
    const vertical = getComputedStyle(bar).writingMode.startsWith("vertical");
    const parts = [...bar.children].filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ what: e.className || e.getAttribute("data-action") || e.tagName, ...box(e) }));
    // A button's or the name's words cut or pushed out of its box (only the game's title
    // may be cut, with an ellipsis).
    const spilled = [...bar.querySelectorAll("button, a, h1")].filter((e) => e.getClientRects().length > 0 &&
      (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)).map((e) => e.textContent.trim());
    return {
      vertical, parts, spilled,
      bar: box(bar),
      board: box(document.querySelector("#board svg.board")),
      top: box(document.querySelector(".player-top")),
      bottom: box(document.querySelector(".player-bottom")),
      width: window.innerWidth, height: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

function layoutTest(size, lang) {
  return {
    name: `layout: ${lang} at ${size} size, the title bar one row, the board and both player bars in view`,
    options: { ...SIZES[size] },
    async run(t) {
      const { page } = t;
      await open(t, `?lang=${lang}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.evaluate(() => document.fonts.ready);
      const m = await measure(page);
      // One row: every part of the bar shares a stretch of the bar's cross axis.
      const [lo, hi] = m.vertical ? ["l", "r"] : ["t", "b"];
      const start = Math.max(...m.parts.map((p) => p[lo]));
      const end = Math.min(...m.parts.map((p) => p[hi]));
      t.check(`the title bar's ${m.parts.length} parts are one ${m.vertical ? "column" : "row"}`, start < end,
        JSON.stringify(m.parts));
      if (!m.vertical && size === "phone") {
        t.check(`the phone's title bar is at most 100 px tall (${m.bar.b - m.bar.t})`, m.bar.b - m.bar.t <= 100);
      }
      t.check("no part of the title bar leaves the screen",
        m.parts.every((p) => p.l >= -0.5 && p.r <= m.width + 0.5), JSON.stringify(m.parts));
      t.eq("no button's words spill out of it", m.spilled, []);
      t.check(`no horizontal scrolling (${m.scrollWidth} in ${m.width})`, m.scrollWidth <= m.width);
      t.check("the board is within the screen", m.board.l >= -0.5 && m.board.r <= m.width + 0.5 &&
        m.board.t >= 0 && m.board.b <= m.height + 0.5, JSON.stringify(m.board));
      t.check("both player bars are in view", m.top.t >= 0 && m.bottom.b <= m.height + 0.5,
        `top ${m.top.t}, bottom ${m.bottom.b} in ${m.height}`);
      await t.shot(`layout-${size}-${lang}`);
    },
  };
}

/** The other pages with the app's title bar, on a phone with no server behind them: the bar's
    parts (its button included) are on the screen and the page does not scroll sideways. */
function pageTest(path, lang) {
  return {
    name: `layout: ${path} in ${lang} on a phone, the title bar's button on the screen, no sideways scrolling`,
    options: { ...SIZES.phone },
    async run(t) {
      const { page } = t;
      page.on("console", () => {});
      await page.goto(`${t.url}${path}?lang=${lang}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready);
      const m = await page.evaluate(() => {
        const bar = document.querySelector(".topbar");
        const parts = [...bar.children].map((e) => { const r = e.getBoundingClientRect(); return { what: e.className || e.tagName, l: r.left, r: r.right }; });
        return { parts, width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth };
      });
      t.check("no part of the title bar leaves the screen",
        m.parts.every((p) => p.l >= -0.5 && p.r <= m.width + 0.5), JSON.stringify(m.parts));
      t.check(`no horizontal scrolling (${m.scrollWidth} in ${m.width})`, m.scrollWidth <= m.width);
      await t.shot(`layout-phone-${path.replace(".html", "")}-${lang}`);
      // A refused WebSocket (the static host has no server) is a console error in Chromium.
      t.problems = t.problems.filter((p) => !/WebSocket/.test(p));
    },
  };
}

export const tests = [
  ...Object.keys(SIZES).flatMap((size) => LANGS.map((lang) => layoutTest(size, lang))),
  ...["online.html", "event.html"].flatMap((path) => ["en", "mn-Cyrl"].map((lang) => pageTest(path, lang))),
  {
    name: "layout: on a phone the languages are a menu behind the globe, by touch and by keyboard",
    options: { ...SIZES.phone },
    async run(t) {
      const { page } = t;
      await open(t, "?lang=en");
      const isOpen = () => page.$eval("#langs", (e) => e.matches(":popover-open"));
      t.eq("the list is closed at first", [await isOpen(), await page.isVisible('[data-lang="zh-Hans"]')], [false, false]);
      await page.tap(".lang-menu");
      t.eq("the globe opens it", await isOpen(), true);
      await t.shot("layout-phone-languages");
      await page.tap('[data-lang="zh-Hans"]');
      await page.waitForFunction(() => document.documentElement.lang === "zh-Hans");
      t.eq("choosing one closes it", await isOpen(), false);
      t.eq("the button names the page's language for a screen reader",
        (await page.textContent(".lang-menu")).replace(/\s+/g, " ").trim(), "语言 中文");
      await page.focus(".lang-menu");
      await page.keyboard.press("Enter");
      t.eq("Enter opens it", await isOpen(), true);
      await page.keyboard.press("Escape");
      t.eq("Escape closes it", await isOpen(), false);
    },
  },
];
