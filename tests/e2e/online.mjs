// Playing online through a real Shatar server (crates/server, started here on a loopback
// port with its SQLite database in a temporary folder, serving the built site): two
// players in two browser contexts play to mate by clicks, one reloads mid-game, a third
// watches; the lobby shows and removes a challenge; a correspondence game survives both
// players closing and reopening; a club's page shows the live games and follows one, and
// sees a player leave; and a page on a static host says plainly that online play needs a
// server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { DESKTOP, clickMove, moveTexts, ready, repoRoot, text, waitPlies, watchErrors } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";
import { servedFrom } from "./serve-dist.mjs";

/** The server binary: $SHATAR_SERVER, or the workspace's debug build (scripts/e2e.sh builds it). */
const serverBinary = () => resolve(process.env.SHATAR_SERVER ?? join(repoRoot, "target/debug/shatar-server"));

/**
 * Starts `shatar-server` over the site `site` on a free loopback port, with `extra`
 * arguments; resolves once it listens.
 */
export async function startServer(site, extra = []) {
  const data = mkdtempSync(join(tmpdir(), "shatar-online-"));
  const child = spawn(serverBinary(), ["--site", site, "--data", data, "--listen", "127.0.0.1:0", ...extra],
    { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start: ${log}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      log += chunk;
      const found = log.match(/listening on (http:\/\/[0-9.]+:[0-9]+)\n/);
      if (found) {
        clearTimeout(timer);
        ok(`${found[1]}/`);
      }
    });
    child.on("exit", (code) => fail(new Error(`the server exited (${code}): ${log}`)));
  });
  return {
    url,
    async close() {
      child.kill("SIGTERM");
      await new Promise((ok) => (child.exitCode !== null ? ok() : child.on("exit", ok)));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A player's handle like the suite's `t`, on another page. */
function on(t, page) {
  const handle = Object.create(t);
  handle.page = page;
  return handle;
}

const linkState = (page) => page.$eval("#link", (e) => e.dataset.state);

async function openOnline(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector("#link")?.dataset.state === "ready", null,
    { timeout: 20_000 });
}

async function seated(page) {
  await ready(page);
  await page.waitForFunction(() => !document.querySelector('[data-part="table"]').hidden);
}

/**
 * A live game of Mongolian chess between two players by a challenge's link: White is
 * `t.page`, Black a page of a new context (put in `others` to close). `challenged`, when
 * given, is called with the challenge's link while White waits, before Black opens it.
 * Resolves once both sit at the table.
 */
async function liveGame(t, server, others, challenged = async () => {}) {
  const white = t.page;
  await openOnline(white, `${server.url}online.html`);
  await white.selectOption("#challenge select[name=game]", "mongolian");
  await white.selectOption("#challenge select[name=time]", "5+3");
  await white.selectOption("#challenge select[name=color]", "white");
  await white.uncheck("#challenge input[name=open]");
  await white.click('#challenge button[type="submit"]');
  await white.waitForFunction(() => document.querySelector("#challenge-link").value.includes("?challenge="));
  const link = await white.$eval("#challenge-link", (e) => e.value);
  await challenged(link);
  const blackContext = await t.context.browser().newContext(DESKTOP);
  others.push(blackContext);
  const black = await blackContext.newPage();
  watchErrors(black, t);
  await openOnline(black, link);
  await seated(black);
  await seated(white);
  return { white, black, blackContext, watchLink: await white.$eval("#watch-link", (e) => e.value) };
}

/** The frame of `live.html` in `page` whose address has `part`, once it has loaded. */
async function liveFrame(page, part) {
  for (let i = 0; i < 200; i++) {
    const frame = page.frames().find((f) => f.url().includes("/live.html") && f.url().includes(part));
    if (frame) {
      await frame.waitForFunction(() => document.querySelector("#link")?.dataset.state === "ready", null,
        { timeout: 20_000 });
      return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no live.html frame with ${part}`);
}

export const tests = [
  {
    name: "online: two players play to mate through the server by clicks, one reloads mid-game, a third watches",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      const browser = t.context.browser();
      const others = [];
      try {
        const { white, black, watchLink } = await liveGame(t, server, others, async (link) => {
          t.check("the challenge's link is the online page's", link.startsWith(`${server.url}online.html?challenge=`), link);
          t.check("and a QR code of it is drawn",
            await t.page.$eval("#challenge-qr path", (p) => (p.getAttribute("d") ?? "").startsWith("M4 4h1v1h-1z")));
          await t.shot("online-challenge");
        });
        t.check("Black is told its side", (await text(black, "#status")).startsWith("You play black"),
          await text(black, "#status"));
        t.eq("Black's board has Black at the bottom",
          await black.$eval("#board svg.board", (e) => e.dataset.bottom), "black");
        t.check("the challenger's address now names the game", white.url().includes("?game="), white.url());

        const watcherContext = await browser.newContext(DESKTOP);
        others.push(watcherContext);
        const watcher = await watcherContext.newPage();
        watchErrors(watcher, t);
        await openOnline(watcher, watchLink);
        await seated(watcher);
        t.eq("the spectator is told so", await text(watcher, "#status"), "You are watching this game.");

        // 2017 art. 1.2: the compulsory first round, then the scholar's mate.
        const W = on(t, white);
        const B = on(t, black);
        await clickMove(W, "e2", "e4");
        await waitPlies(black, 1);
        await clickMove(B, "e7", "e5");
        await waitPlies(white, 2);
        await clickMove(W, "f1", "c4");
        await waitPlies(black, 3);
        await clickMove(B, "b8", "c6");
        await waitPlies(white, 4);
        const before = await moveTexts(white);
        await white.reload();
        await openOnline(white, white.url());
        await seated(white);
        await waitPlies(white, 4);
        t.eq("after a reload White has the game as it was", await moveTexts(white), before);
        t.check("and a running clock", await white.$eval("#clock-bottom", (e) => e.classList.contains("running")));
        await clickMove(W, "d1", "h5");
        await waitPlies(black, 5);
        await clickMove(B, "g8", "f6");
        await waitPlies(white, 6);
        await clickMove(W, "h5", "f7");
        for (const [who, page] of [["White", white], ["Black", black], ["the spectator", watcher]]) {
          await page.waitForFunction(() => !document.querySelector("#result").hidden);
          t.eq(`${who} sees the mate`, await text(page, "#result"), "White wins by checkmate (2017 art. 5.1)");
        }
        t.eq("the spectator saw every move", await moveTexts(watcher), await moveTexts(white));
        t.check("the spectator's board takes no moves",
          await watcher.$eval("#board svg.board", (e) => e.dataset.interactive !== "true"));
        await t.shot("online-white");
        await t.shot("online-black", black);
        await t.shot("online-watcher", watcher);
      } finally {
        for (const context of others) await context.close().catch(() => {});
        await server.close();
      }
    },
  },
  {
    name: "online: the lobby shows an open challenge to others, and removes it when cancelled or taken",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      const browser = t.context.browser();
      const others = [];
      try {
        const host = t.page;
        await openOnline(host, `${server.url}online.html`);
        await host.fill("#name", "Bat <b>");
        await host.click('#name-form button[type="submit"]');
        const guestContext = await browser.newContext(DESKTOP);
        others.push(guestContext);
        const guest = await guestContext.newPage();
        watchErrors(guest, t);
        await openOnline(guest, `${server.url}online.html`);
        const rows = (page) => page.$$eval("#lobby li", (els) => els.map((e) => e.textContent.trim()));
        t.eq("the lobby starts empty", await rows(guest), []);

        await host.click('#challenge button[type="submit"]');
        await guest.waitForFunction(() => document.querySelectorAll("#lobby li").length === 1);
        const [row] = await rows(guest);
        t.check("the guest sees the challenge with its maker's name, as text", row.includes("Bat <b> plays White"), row);
        t.check("and no markup came of the name", await guest.$$eval("#lobby b", (els) => els.length === 0));
        await t.shot("online-lobby", guest);

        await host.click('[data-action="cancel-challenge"]');
        await guest.waitForFunction(() => document.querySelectorAll("#lobby li").length === 0);
        t.check("a cancelled challenge leaves the lobby", true);

        await host.click('#challenge button[type="submit"]');
        await guest.waitForFunction(() => document.querySelectorAll("#lobby button[data-accept]").length === 1);
        await guest.click("#lobby button[data-accept]");
        await seated(guest);
        await seated(host);
        t.eq("the guest plays Black", await text(guest, "#status"), "You play black. Your opponent's move.");
        t.eq("the host sees the guest's side and its own", await text(host, "#player-top"), "Opponent");
      } finally {
        for (const context of others) await context.close().catch(() => {});
        await server.close();
      }
    },
  },
  {
    name: "online: a correspondence game survives both players closing and reopening their pages",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      const browser = t.context.browser();
      const others = [];
      try {
        let white = t.page;
        await openOnline(white, `${server.url}online.html`);
        await white.selectOption("#challenge select[name=time]", "3d");
        await white.uncheck("#challenge input[name=open]");
        await white.click('#challenge button[type="submit"]');
        await white.waitForFunction(() => document.querySelector("#challenge-link").value.includes("?challenge="));
        const link = await white.$eval("#challenge-link", (e) => e.value);
        const blackContext = await browser.newContext(DESKTOP);
        others.push(blackContext);
        let black = await blackContext.newPage();
        watchErrors(black, t);
        await openOnline(black, link);
        await seated(black);
        await seated(white);
        t.eq("White's clock shows its days", await text(white, "#clock-top"), "3 days a move");
        await clickMove(on(t, white), "e2", "e4");
        await waitPlies(black, 1);
        await white.close();
        await black.close();

        // Days later, from the bare page: "Your games" lists the game, the player's move first.
        black = await blackContext.newPage();
        watchErrors(black, t);
        await openOnline(black, `${server.url}online.html`);
        await black.waitForSelector("#my-games li[data-marked] button[data-open]");
        t.check("Black's games say it is Black's move", (await text(black, "#my-games li[data-marked]")).includes("Your move"));
        await black.click("#my-games li[data-marked] button[data-open]");
        await seated(black);
        await waitPlies(black, 1);
        await clickMove(on(t, black), "e7", "e5");
        await black.close();

        white = await t.context.newPage();
        watchErrors(white, t);
        await openOnline(white, `${server.url}online.html`);
        await white.waitForSelector("#my-games li[data-marked] button[data-open]");
        await white.click("#my-games li[data-marked] button[data-open]");
        await seated(white);
        await waitPlies(white, 2);
        t.eq("White finds Black's reply", (await moveTexts(white)).length, 2);
        t.eq("and its move to make", await text(white, "#status"), "You play white. Your move.");
        await t.shot("online-correspondence", white);
      } finally {
        for (const context of others) await context.close().catch(() => {});
        await server.close();
      }
    },
  },
  {
    name: "online: a player's identity moves to another device by its link, with its games",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      const browser = t.context.browser();
      const others = [];
      try {
        const laptop = t.page;
        await openOnline(laptop, `${server.url}online.html`);
        await laptop.selectOption("#challenge select[name=time]", "7d");
        await laptop.click('#challenge button[type="submit"]');
        await laptop.waitForFunction(() => document.querySelector("#challenge-link").value.includes("?challenge="));
        const link = await laptop.$eval("#challenge-link", (e) => e.value);
        const friendContext = await browser.newContext(DESKTOP);
        others.push(friendContext);
        const friend = await friendContext.newPage();
        watchErrors(friend, t);
        await openOnline(friend, link);
        await seated(friend);
        await seated(laptop);
        // Back to the start of the online page, where the link is offered.
        await openOnline(laptop, `${server.url}online.html`);
        await laptop.waitForSelector("#identity-section:not([hidden])");
        const identity = await laptop.$eval("#identity-link", (e) => e.value);
        t.check("the link carries the identity in its fragment", identity.startsWith(`${server.url}online.html#identity=`));

        const phoneContext = await browser.newContext(DESKTOP);
        others.push(phoneContext);
        const phone = await phoneContext.newPage();
        watchErrors(phone, t);
        await openOnline(phone, identity);
        t.check("the fragment leaves the address", !phone.url().includes("#identity"), phone.url());
        await phone.waitForSelector("#my-games li[data-marked] button[data-open]");
        await phone.click("#my-games li[data-marked] button[data-open]");
        await seated(phone);
        t.eq("the phone plays the laptop's side", await text(phone, "#status"), "You play white. Your move.");
        await clickMove(on(t, phone), "d2", "d4");
        await waitPlies(friend, 1);
        t.eq("and its move reaches the opponent", (await moveTexts(friend)).length, 1);
      } finally {
        for (const context of others) await context.close().catch(() => {});
        await server.close();
      }
    },
  },
  {
    name: "online: a club's page shows the live games and follows one with <shatar-board mode=live>; a player who leaves is shown",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      const others = [];
      const club = await serveClub(join(repoRoot, "tests/club"), server.url);
      try {
        const { white, black, blackContext, watchLink } = await liveGame(t, server, others);
        const clubContext = await t.context.browser().newContext(DESKTOP);
        others.push(clubContext);
        const page = await clubContext.newPage();
        watchErrors(page, t);
        // The second board has no src until the game exists: that is its error, not ours.
        page.on("console", () => {});
        await page.goto(`${club.url}live.html`);
        await page.$eval("#live-game", (board, src) => board.setAttribute("src", src), watchLink);

        // The list: the one live game, to watch in place.
        const list = await liveFrame(page, "live.html?lang=");
        await list.waitForFunction(() => document.querySelectorAll("#live li").length === 1, null, { timeout: 20_000 });
        const row = await list.$eval("#live li", (e) => e.textContent);
        t.check("the club's list shows the game being played", row.includes("Anonymous – Anonymous") && row.includes("5 min + 3 s"), row);

        // The followed game: moves arrive as they are played.
        const game = await liveFrame(page, "live.html?game=");
        await game.waitForSelector("#board svg.board[data-ready]");
        await clickMove(on(t, white), "e2", "e4");
        await waitPlies(game, 1);
        t.eq("the club's board shows the move", (await moveTexts(game)).length, 1);
        t.eq("as a spectator", await text(game, "#status"), "You are watching this game.");
        t.check("which cannot move", await game.$eval("#board svg.board", (e) => e.dataset.interactive !== "true"));

        await list.click("#live li button[data-open]");
        await list.waitForSelector("#board svg.board[data-ready]");
        await waitPlies(list, 1);
        t.check("a game of the list opens in its frame", true);

        // Black closes its page: the players and the spectators are told.
        await blackContext.close();
        await white.waitForFunction(() => !document.querySelector("#presence").hidden, null, { timeout: 20_000 });
        t.check("White is told its opponent left, and when it may claim",
          (await text(white, "#presence")).startsWith("Your opponent has left the game. If they are not back within"),
          await text(white, "#presence"));
        await game.waitForFunction(() => !document.querySelector("#presence").hidden, null, { timeout: 20_000 });
        t.eq("the club's board says who left", await text(game, "#presence"), "Black has left the game.");
        await t.shot("online-club-live", page);

        await list.click('[data-action="to-live"]');
        await list.waitForFunction(() => document.querySelectorAll("#live li").length === 1, null, { timeout: 20_000 });
        t.check("and back to the list", true);
      } finally {
        for (const context of others) await context.close().catch(() => {});
        await club.close();
        await server.close();
      }
    },
  },
  {
    name: "online: a page on a static host says that online play needs a Shatar server",
    async run(t) {
      const { page } = t;
      // The suite's own static server answers /ws with 404: no WebSocket.
      page.on("console", () => {});
      await page.goto(`${t.url}online.html`);
      await page.waitForFunction(() => document.querySelector("#link")?.dataset.state === "none", null,
        { timeout: 20_000 });
      t.check("it says so", (await text(page, "#link")).includes("needs a Shatar server"));
      t.eq("its state", await linkState(page), "none");
      await t.shot("online-no-server");
      // A refused WebSocket is a console error in Chromium: not the page's fault here.
      t.problems = t.problems.filter((p) => !/WebSocket/.test(p));
    },
  },
];
