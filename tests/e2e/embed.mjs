// Boards on a club's website: the demo club (tests/club/) on its own origin, with its
// hostile stylesheet, embeds each kind of board as <shatar-board> and as an iframe.
//
// Playwright's CSS selectors pierce open shadow roots, so `#view-src g[data-square=e4]`
// finds a cell inside the element's shadow DOM.
import { join } from "node:path";

import { repoRoot } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";

const CLUB = join(repoRoot, "tests/club");

/** Opens a page of the club's site; every board event is recorded in `window.__events`. */
async function openClub(t, page = "index.html") {
  const club = await serveClub(CLUB, t.url);
  t.cleanup = () => club.close();
  t.club = club.url;
  await t.page.addInitScript(() => {
    window.__events = [];
    for (const type of ["ready", "move", "gameover", "error"]) {
      document.addEventListener(type, (e) => {
        if (e instanceof CustomEvent) window.__events.push({ type, id: e.target.id, detail: e.detail });
      }, true);
    }
  });
  await t.page.goto(club.url + page);
  return club;
}

const events = (page, type, id) =>
  page.evaluate(({ type, id }) => window.__events.filter((e) => e.type === type && (!id || e.id === id)), { type, id });

/** Waits until board `id` (an element, or an iframe's board) has drawn `state`. */
async function boardReady(scope, id, state) {
  await scope.locator(`${id} .frame[data-state="${state}"]`).waitFor({ timeout: 20_000 });
}

const piecesIn = (scope, root) => scope.locator(`${root} svg.board g[data-square]:not([data-piece=""])`)
  .evaluateAll((els) => Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece]).sort()));

const marked = (scope, root, mark) => scope.locator(`${root} svg.board g[data-square].${mark}`)
  .evaluateAll((els) => els.map((e) => e.dataset.square).sort());

async function click(scope, root, square) {
  await scope.locator(`${root} svg.board g[data-square="${square}"]`).click();
}

const plies = (scope, root) => scope.locator(`${root} .moves button[data-ply]`).count();

async function waitPlies(scope, root, n, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await plies(scope, root) >= n) return true;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return false;
}

/** How a board looks under the club's CSS: its size, a light square's fill, a button. */
async function looks(scope, root) {
  return scope.locator(`${root} .frame`).evaluate((frame) => {
    const svg = frame.querySelector("svg.board");
    const light = svg?.querySelector("g.sq.light .bg");
    const button = frame.querySelector("button[data-action=flip]");
    const font = getComputedStyle(frame);
    return {
      width: Math.round(svg?.getBoundingClientRect().width ?? 0),
      lightFill: light ? getComputedStyle(light).fill : null,
      buttonVisible: button ? getComputedStyle(button).visibility === "visible" && !!button.getClientRects().length : null,
      transform: font.textTransform,
      fontStyle: font.fontStyle,
    };
  });
}

const LIGHT = "rgb(239, 217, 176)";

export const tests = [
  {
    name: "embed: each kind as element and iframe on the club's page, under its hostile CSS",
    async run(t) {
      const requests = [];
      t.page.on("request", (r) => {
        if (r.frame() === t.page.mainFrame() && r.url().endsWith("_bg.wasm")) requests.push(r.url().split("/").pop());
      });
      const workers = [];
      t.page.on("worker", (w) => workers.push(w.url()));
      await openClub(t);
      const { page } = t;
      for (const [id, state] of [["#play-computer", "play"], ["#play-computer-black", "play"], ["#view-src", "view"], ["#diagram-el", "diagram"]]) {
        await boardReady(page, id, state);
      }
      const frame = (id) => page.frameLocator(id);
      await boardReady(frame("#play-frame"), "shatar-board", "play");
      await boardReady(frame("#view-frame"), "shatar-board", "view");
      await boardReady(frame("#diagram-frame"), "shatar-board", "diagram");
      t.eq("a ready event from each element",
        (await events(page, "ready")).map((e) => `${e.id}:${e.detail.mode}`).sort(),
        ["diagram-el:diagram", "play-computer-black:play", "play-computer:play", "view-src:view"]);

      // The hostile stylesheet reaches none of them.
      for (const id of ["#play-computer", "#view-src", "#diagram-el"]) {
        const l = await looks(page, id);
        t.check(`${id}: the board is drawn at a sensible size (${l.width} px)`, l.width >= 300);
        t.eq(`${id}: light squares keep their colour`, l.lightFill, LIGHT);
        t.eq(`${id}: text is not upper-cased or italic`, [l.transform, l.fontStyle], ["none", "normal"]);
        if (id !== "#diagram-el") t.check(`${id}: buttons stay visible`, l.buttonVisible);
      }

      // Diagram: the FEN's pieces, the arrow and the marked squares.
      t.eq("diagram: the FEN's pieces", await piecesIn(page, "#diagram-el"), { a8: "bR", d5: "wN", e1: "wK", e8: "bK" });
      t.eq("diagram: the marked squares", await marked(page, "#diagram-el", "marked"), ["a8", "e8"]);
      t.eq("diagram: the arrow", await page.locator("#diagram-el g.arrow").evaluateAll((a) => a.map((e) => e.dataset.arrow)), ["d5c7"]);
      const df = frame("#diagram-frame");
      t.eq("iframe diagram: the FEN's pieces", await piecesIn(df, "shatar-board"), { e1: "wK", e2: "wP", e8: "bK" });
      t.eq("iframe diagram: Black at the bottom", await df.locator("svg.board").getAttribute("data-bottom"), "black");

      // Viewer from src: the last position (move="end"), two games in the picker, the
      // tags as inert text.
      t.eq("viewer: opened at the end (14 plies)", await page.locator("#view-src .moves .current").getAttribute("data-ply"), "14");
      t.eq("viewer: a picker with both games", await page.locator("#view-src select.picker option").count(), 2);
      const bottom = await page.locator("#view-src .name.bottom").textContent();
      t.eq("viewer: a PGN tag with markup is shown as text", bottom, "<img src=x onerror=window.__xss=1>Batbayar");
      t.eq("viewer: no element was made from it", await page.locator("#view-src img, #view-src b").count(), 0);
      await page.locator('#view-src button[data-action="first"]').click();
      t.eq("viewer: « goes to the start", await piecesIn(page, "#view-src").then((p) => Object.keys(p).length), 32);
      await page.locator("#view-src .frame").focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      t.eq("viewer: → twice shows 1. e4 e5", await page.locator("#view-src .moves .current").textContent(), "e5");
      t.check("viewer: the arrow keys did not scroll the club's page", await page.evaluate(() => window.scrollX === 0));
      await page.locator("#view-src select.picker").selectOption({ index: 1 });
      t.eq("viewer: the second game, from its start", await page.locator("#view-src .name.bottom").textContent(), "Sarnai");
      await page.locator('#view-src button[data-action="last"]').click();
      t.eq("viewer: the second game's last move", await page.locator("#view-src .moves .current").textContent(), "c6");
      const vf = frame("#view-frame");
      t.eq("iframe viewer: opened at move=4", await piecesIn(vf, "shatar-board").then((p) => [p.e4, p.e5, p.f3, p.c6]), ["wP", "bP", "wN", "bN"]);

      // Play the computer: a move by clicks, the computer's answer, the move events.
      await click(page, "#play-computer", "e2");
      t.eq("play: e2's moves offered", await marked(page, "#play-computer", "dest"), ["e4"]);
      await click(page, "#play-computer", "e4");
      t.check("play: the computer answered", await waitPlies(page, "#play-computer", 2));
      const moves = await events(page, "move", "play-computer");
      t.eq("play: a move event for each move", moves.map((e) => [e.detail.ply, e.detail.uci, e.detail.color]),
        [[1, "e2e4", "white"], [2, "e7e5", "black"]]);
      // The board where the visitor plays Black: the computer opens, on the same worker.
      t.check("play as Black: the computer opened", await waitPlies(page, "#play-computer-black", 1));
      t.eq("one engine worker for the page's boards", workers.length, 1);
      // The embed module only: the app's page and its wasm are not the club's business.
      t.eq("one wasm download for the page's boards, the embed module's",
        requests.filter((r) => !r.startsWith("shatar-worker-8x8-")).map((r) => r.replace(/-[0-9a-f]{16}_/, "-HASH_")),
        ["shatar-embed-HASH_bg.wasm"]);

      // Two friends in the iframe, Black at the bottom, the international pieces.
      const pf = frame("#play-frame");
      await click(pf, "shatar-board", "d2");
      await click(pf, "shatar-board", "d4");
      await click(pf, "shatar-board", "d7");
      await click(pf, "shatar-board", "d5");
      t.check("iframe play: both sides moved", await waitPlies(pf, "shatar-board", 2));

      // The iframes sized themselves to their content through shatar-frames.js (docs/hosting.md).
      const heights = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll("iframe")].map((f) => [f.id, f.style.height])));
      for (const id of ["play-frame", "view-frame", "diagram-frame"]) {
        const inside = await frame(`#${id}`).locator("body").evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
        t.eq(`${id} is as tall as its content`, heights[id], `${inside}px`);
      }
      for (const id of ["#play-frame", "#view-frame", "#diagram-frame"]) await page.locator(id).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      await t.shot("embed-club-page");
      t.eq("nothing ran from the PGN's markup", await page.evaluate(() => window.__xss ?? null), null);
      await t.cleanup();
    },
  },
  {
    name: "embed: the element's attribute list is the one the board reads",
    async run(t) {
      await openClub(t);
      await boardReady(t.page, "#diagram-el", "diagram");
      const [js, rust] = await t.page.evaluate(async (base) => {
        const m = await import(`${base}shatar-board.js`);
        return [customElements.get("shatar-board").observedAttributes, m.observedAttributes()];
      }, t.url);
      t.eq("shatar-board.js observes every attribute crates/web reads", js, rust);
      await t.cleanup();
    },
  },
  {
    name: "embed: a game on an embedded board survives a reload",
    async run(t) {
      await openClub(t);
      const { page } = t;
      await boardReady(page, "#play-computer", "play");
      await click(page, "#play-computer", "d2");
      await click(page, "#play-computer", "d4");
      t.must("the computer answered", await waitPlies(page, "#play-computer", 2));
      const before = await piecesIn(page, "#play-computer");
      await page.reload();
      await boardReady(page, "#play-computer", "play");
      t.check("the moves are back", await waitPlies(page, "#play-computer", 2, 5_000));
      t.eq("the same position", await piecesIn(page, "#play-computer"), before);
      await page.locator('#play-computer button[data-action="new-game"]').click();
      t.eq("New game starts the snippet's game afresh", await plies(page, "#play-computer"), 0);
      await t.cleanup();
    },
  },
  {
    name: "embed: bad input shows a readable error in place, the rest of the page works",
    async run(t) {
      await openClub(t, "broken.html");
      const { page } = t;
      const error = async (id) => {
        await boardReady(page, id, "error");
        return page.locator(`${id} .error`).textContent();
      };
      const expect = {
        "#bad-mode": 'attribute mode="veiw": expected play, view, diagram or live',
        "#bad-pgn": "never closed",
        "#bad-move": "move 2. (white)",
        "#bad-src": "could not load the PGN from no-such-file.pgn: HTTP 404",
        "#bad-fen": 'attribute fen="8/8/8/8/8/8/8/8 w - - 0 1"',
        "#bad-xss": 'attribute orientation="<img src=x onerror=window.__xss=1>": expected white or black',
      };
      for (const [id, fragment] of Object.entries(expect)) {
        const text = await error(id);
        t.check(`${id} says what is wrong`, text.includes(fragment), text);
      }
      const errors = (await events(page, "error")).map((e) => e.id).sort();
      t.eq("an error event from each", errors, ["bad-fen", "bad-mode", "bad-move", "bad-pgn", "bad-src", "bad-xss"]);
      await boardReady(page, "#good", "diagram");
      t.eq("the good board beside them is drawn", Object.keys(await piecesIn(page, "#good")).length, 32);
      await boardReady(page, "#xss-pgn", "view");
      t.eq("a <script> in a PGN tag is a name", await page.locator("#xss-pgn .name.bottom").textContent(),
        "<script>window.__xss=1</script>Ganbold");
      t.eq("no element made from attributes or tags", await page.locator("shatar-board img, shatar-board script").count(), 0);
      const bf = page.frameLocator("#bad-frame");
      await boardReady(bf, "shatar-board", "error");
      t.check("the iframe shows its error too", (await bf.locator(".error").textContent()).includes('attribute fen="nonsense"'));
      // Fixing the attribute mends the board.
      await page.locator("#bad-mode").evaluate((e) => e.setAttribute("mode", "diagram"));
      await boardReady(page, "#bad-mode", "diagram");
      t.check("a corrected attribute redraws the board", true);
      t.eq("nothing ran", await page.evaluate(() => window.__xss ?? null), null);
      await t.shot("embed-broken-page");
      // The 404 of the missing PGN is expected.
      t.problems = t.problems.filter((p) => !/404/.test(p));
      await t.cleanup();
    },
  },
  {
    name: "embed: the iframe obeys commands only from origins it trusts",
    async run(t) {
      const { page } = t;
      const warnings = [];
      page.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
      await openClub(t);
      const df = page.frameLocator("#diagram-frame");
      await boardReady(df, "shatar-board", "diagram");
      // The club's page embeds the frame: its origin is trusted by default (the referrer).
      await page.evaluate(() => document.querySelector("#diagram-frame").contentWindow.postMessage({ shatar: 1, command: "flip" }, "*"));
      await df.locator('svg.board[data-bottom="white"]').waitFor();
      t.check("the club's page flipped the board", true);
      // A frame told to trust only another origin ignores the club's page.
      const src = `${t.url}embed.html#mode=diagram&parent=${encodeURIComponent("https://club.example")}`;
      await page.evaluate((src) => { document.querySelector("#diagram-frame").src = src; }, src);
      await df.locator('svg.board[data-bottom="white"]').waitFor();
      await page.evaluate(() => document.querySelector("#diagram-frame").contentWindow.postMessage({ shatar: 1, command: "flip" }, "*"));
      await page.waitForTimeout(500);
      t.eq("an untrusted page's flip is ignored", await df.locator("svg.board").getAttribute("data-bottom"), "white");
      t.check("and the console says why", warnings.some((w) => w.includes(`ignored a message from ${new URL(t.club).origin}`)), warnings.join(" | "));
      await t.cleanup();
    },
  },
  {
    name: "embed: the snippet builder previews and writes both snippets",
    async run(t) {
      const { page } = t;
      await page.goto(`${t.url}builder.html`);
      await boardReady(page, "#preview shatar-board", "play");
      await page.locator('input[name=mode][value="view"]').check();
      await page.locator("textarea[name=text]").fill('[White "A <b>bold</b> name"]\n[Black "Tuya"]\n\n1. e4 e5 2. Nf3 Nc6 *');
      await page.locator("input[name=move]").fill("end");
      await page.locator("input[name=move]").dispatchEvent("input");
      await boardReady(page, "#preview shatar-board", "view");
      t.eq("the preview replays the pasted game", await page.locator("#preview .moves .current").textContent(), "Nc6");
      const element = await page.locator("#snippet-element").textContent();
      t.check("the element snippet", element.includes('<shatar-board mode="view" move="end">') && element.includes("A &lt;b&gt;bold&lt;/b&gt; name"), element);
      t.check("it loads the element from this site", element.includes(`src="${t.url}shatar-board.js"`), element);
      const iframe = await page.locator("#snippet-iframe").textContent();
      t.check("the iframe snippet", iframe.includes(`${t.url}embed.html#mode=view&amp;pgn=%5BWhite`) && iframe.includes("addEventListener"), iframe);
      await page.locator('input[name=mode][value="diagram"]').check();
      await page.locator("textarea[name=text]").fill("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
      await page.locator("input[name=arrows]").fill("e2e4");
      await page.locator("input[name=arrows]").dispatchEvent("input");
      await boardReady(page, "#preview shatar-board", "diagram");
      t.eq("the preview draws the diagram's arrow", await page.locator("#preview g.arrow").count(), 1);
      await t.shot("embed-builder");
    },
  },
];
