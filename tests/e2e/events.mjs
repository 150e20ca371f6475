// Club events (issue 56) through a real Shatar server (started as online.mjs starts it):
// a director and eight players run a three-round online Swiss to its end in two languages
// (games resigned on the online page, one player a no-show forfeited by the server), a
// round robin at the board with results entered by hand, a correction and a withdrawal;
// the standings and crosstable are checked against what each test works out from the
// results it made. Screenshots of both views (phone, desktop, print) go to the suite's
// folder. The server's SIGKILL mid-round is its own test (crates/server/tests/server/events/killed.rs).
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { DESKTOP, repoRoot, watchErrors } from "./lib.mjs";
import { serveClub } from "./serve-club.mjs";
import { startServer } from "./online.mjs";
import { servedFrom } from "./serve-dist.mjs";

const clubDir0 = join(repoRoot, "tests/club");
const PHONE_VIEW = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

/** The rows of the table in holder `id` as text: `[[cell, …], …]` (the caption and heads left out). */
const rows = (page, id) => page.$$eval(`#${id} tbody tr`, (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
const heads = (page, id) => page.$$eval(`#${id} thead th`, (ths) => ths.map((th) => [th.textContent.trim(), th.getAttribute("title") ?? ""]));

/** Waits until the page follows the event over the socket. */
async function following(page) {
  await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "ready", null, { timeout: 20_000 });
  // The event read, which may come after the socket opened.
  await page.waitForFunction(() => document.querySelector("#facts")?.childElementCount > 0, null, { timeout: 20_000 });
}

/** Sends the form `id` of `page` with `values` (`name -> value`; a boolean ticks a box). */
async function send(page, id, values) {
  for (const [name, value] of Object.entries(values)) {
    const field = `#${id} [name="${name}"]`;
    const tag = await page.$eval(field, (e) => e.tagName);
    if (typeof value === "boolean") await (value ? page.check(field) : page.uncheck(field));
    else if (tag === "SELECT") await page.selectOption(field, String(value));
    else await page.fill(field, String(value));
  }
  await page.click(`#${id} button[type="submit"]`);
}

/** Sends a director's form and waits for "Saved." (or fails with the page's problem). */
async function act(page, id, values) {
  await page.$eval("#done", (e) => { e.hidden = true; });
  await send(page, id, values);
  await page.waitForFunction(() => !document.querySelector("#done").hidden || !document.querySelector("#problem").hidden);
  const problem = await page.$eval("#problem", (e) => (e.hidden ? "" : e.textContent));
  if (problem) throw new Error(`${id}: ${problem}`);
}

/** Creates an event on `page` (at event.html with no event): its public and director's links. */
async function create(page, server, values) {
  await page.goto(`${server.url}event.html`);
  await page.waitForSelector("#create-form");
  await send(page, "create-form", values);
  await page.waitForFunction(() => document.querySelector("#public-link")?.value.includes("?event="));
  return {
    publicLink: await page.$eval("#public-link", (e) => e.value),
    directorLink: await page.$eval("#director-link", (e) => e.value),
  };
}

/** The round shown on `page` once every one of its boards has a result: `[board, white, result, black]`. */
async function finishedRound(page, round) {
  await page.waitForFunction((round) => {
    const caption = document.querySelector("#by-board caption")?.textContent ?? "";
    const cells = [...document.querySelectorAll("#by-board tbody tr")].map((tr) => tr.cells[2].textContent);
    return caption.includes(String(round)) && cells.length > 0 && cells.every((c) => c && c !== "…");
  }, round, { timeout: 150_000 }).catch(async (e) => {
    throw new Error(`round ${round} did not finish: ${JSON.stringify(await rows(page, "by-board"))} ${await page.$eval("#by-board caption", (c) => c.textContent).catch(() => "no caption")}: ${e.message.split("\n")[0]}`);
  });
  return (await rows(page, "by-board")).map((r) => r.slice(0, 4));
}

/** Points by name from a list of rounds' boards, for a game of 1-½-0, forfeits scored as wins. */
function pointsOf(rounds) {
  const points = new Map();
  const add = (name, p) => points.set(name, (points.get(name) ?? 0) + p);
  for (const boards of rounds) {
    for (const [, white, result, black] of boards) {
      const w = { "1-0": 1, "+-": 1, "½-½": 0.5, "0-1": 0, "-+": 0, "--": 0 }[result];
      add(white, w);
      add(black, result === "--" ? 0 : 1 - w);
    }
  }
  return points;
}

export const tests = [
  {
    name: "events: a director and eight players run a 3-round online Swiss to its end, one a no-show, in English and Chinese",
    // A minute of it is the no-show's forfeit timer (the shortest a director may set): the
    // suite runs it beside other tests (tests/e2e/run.mjs).
    waits: true,
    async run(t) {
      // Nine devices on one address, as in a club's room behind one router, with the
      // server's default limits per address: each page reads the event once a change
      // (`/all`), so the room stays within them (docs/tournaments.md).
      const server = await startServer(servedFrom(t.url), []);
      const browser = t.context.browser();
      const contexts = [];
      try {
        const director = t.page;
        const { publicLink, directorLink } = await create(director, server, {
          name: "Club Swiss <i>night</i>", game: "mongolian", online: true, system: "Dutch", rounds: 3, no_show_minutes: 1,
        });
        t.check("the public link is the event page's", publicLink.startsWith(`${server.url}event.html?event=`), publicLink);
        t.check("the director's link carries the token in the fragment", directorLink.startsWith(`${publicLink}#director=`), directorLink);
        t.check("the public link has its QR code",
          await director.$eval("#public-qr path", (p) => (p.getAttribute("d") ?? "").startsWith("M4 4h1v1h-1z")));
        await following(director);
        t.eq("the event's name is shown as text", await director.$eval("#event-title", (e) => e.textContent), "Club Swiss <i>night</i>");
        t.eq("the settings name the system", await director.$eval("#facts", (e) => e.textContent.includes("Swiss (FIDE Dutch system)")), true);
        await t.shot("events-director-desktop-en");

        // Eight players join by the public link: four in English, four in Chinese.
        const players = [];
        for (let i = 1; i <= 8; i++) {
          const zh = i > 4;
          const context = await browser.newContext({ ...DESKTOP, locale: zh ? "zh-CN" : "en-US" });
          context.setDefaultTimeout(20_000);
          contexts.push(context);
          const page = await context.newPage();
          watchErrors(page, t);
          const name = zh ? `棋手${i}` : `Player ${i}`;
          await page.goto(publicLink);
          await following(page);
          await page.waitForSelector("#join-form button", { state: "visible" });
          if (i === 5) t.eq("a Chinese browser gets the page in Chinese", await page.$eval("#join-form button", (e) => e.textContent), "参加");
          await send(page, "join-form", { name });
          await page.waitForFunction(() => !document.querySelector("#done").hidden);
          const done = await page.$eval("#done", (e) => e.textContent);
          t.eq(`${name} joins as number ${i}`, done, zh ? `您已参赛，编号 ${i}。` : `You are in the event as number ${i}.`);
          players.push({ name, page, zh });
        }
        const byName = new Map(players.map((p) => [p.name, p]));
        const played = [];
        for (let round = 1; round <= 3; round++) {
          await act(director, "pair-form", {});
          await director.waitForFunction((round) => (document.querySelector("#by-board caption")?.textContent ?? "").includes(`Round ${round}`), round);
          // The games start on the server within a second: each board's game is a link.
          await director.waitForFunction(() => [...document.querySelectorAll("#by-board tbody tr")].every((tr) => tr.cells[2].querySelector("a")));
          const boards = (await rows(director, "by-board")).map((r) => r.slice(0, 4));
          t.eq(`round ${round} has four boards`, boards.length, 4);
          if (round === 1) {
            t.eq("the live games are listed for everyone", (await director.$$("#live a")).length, 4);
            await t.shot("events-round1-director-desktop-en");
          }
          // White resigns on every board, except round 1's board 1, where nobody comes.
          for (const [board, white] of boards) {
            if (round === 1 && board === "1") continue;
            const player = byName.get(white);
            const mine = player.page.locator("#my-game");
            await mine.waitFor({ state: "visible" });
            t.check(`round ${round}: ${white} is told their board`, (await mine.textContent()).includes(board), await mine.textContent());
            await mine.click();
            await player.page.waitForURL(/online\.html\?game=/);
            await player.page.waitForFunction(() => !document.querySelector('[data-part="table"]')?.hidden, null, { timeout: 20_000 });
            await player.page.click('[data-action="resign"]');
            await player.page.waitForFunction(() => document.querySelector("#link")?.dataset.state === "ready");
            await player.page.goto(publicLink);
          }
          // Round 1's board 1 ends when the no-show time (one minute) has passed.
          const results = await finishedRound(director, round);
          played.push(results);
          for (const [board, , result] of results) {
            const want = round === 1 && board === "1" ? "-+" : "0-1";
            t.eq(`round ${round} board ${board}'s result`, result, want);
          }
          if (round === 1) {
            const note = (await rows(director, "by-board"))[0][4];
            t.eq("the forfeit says it was a no-show", note, "not started in time: forfeit");
          }
        }
        // The standings against the points worked out here from the results made.
        const points = pointsOf(played);
        await director.waitForFunction(() => (document.querySelector("#standings caption")?.textContent ?? "").includes("round 3"));
        const standings = await rows(director, "standings");
        t.eq("everyone is in the standings", standings.length, 8);
        for (const row of standings) {
          const name = row[2];
          t.eq(`${name}'s points`, Number(row[5]), points.get(name));
        }
        const ordered = standings.map((r) => Number(r[5]));
        t.check("best first", ordered.every((p, i) => i === 0 || ordered[i - 1] >= p), ordered.join(" "));
        const tieBreaks = await heads(director, "standings");
        t.eq("the tie-break columns, in the event's order, each with what it is",
          tieBreaks.slice(6).map(([text]) => text).join(" "), "DE BH/C1 BH SB");
        t.eq("the BH column says what it is", tieBreaks[8][1], "Buchholz (the opponents' points)");
        // The crosstable: each round's cell against the results made.
        const cross = await rows(director, "crosstable");
        // A cell names the opponent by rank, as crosstables print.
        const ranks = new Map(cross.map((r) => [r[1], r[0]]));
        for (const [, name, total, ...cells] of cross) {
          t.eq(`${name}'s crosstable total`, Number(total), points.get(name));
          cells.forEach((cell, i) => {
            const board = played[i].find((b) => b[1] === name || b[3] === name);
            const white = board[1] === name;
            const opponent = ranks.get(white ? board[3] : board[1]);
            const forfeit = board[2] === "-+";
            const score = forfeit ? (white ? "-" : "+") : (white ? "0" : "1");
            t.eq(`${name} round ${i + 1}`, cell, `${opponent}${white ? "w" : "b"}${score}`);
          });
        }
        // A Chinese player's view: the standings in Chinese, the same figures.
        const zhPage = players[7].page;
        await zhPage.goto(publicLink);
        await zhPage.waitForFunction(() => (document.querySelector("#standings caption")?.textContent ?? "").includes("第 3 轮后名次"));
        t.eq("the Chinese page's standings are the same", (await rows(zhPage, "standings")).map((r) => r[5]).join(), standings.map((r) => r[5]).join());
        await t.shot("events-standings-desktop-zh", zhPage);
        await zhPage.setViewportSize(PHONE_VIEW.viewport);
        await t.shot("events-standings-phone-zh", zhPage);
        // A player's card.
        await director.click(`#standings button[data-card="1"]`);
        await director.waitForSelector("#card table");
        t.eq("player 1's card has a row a round", (await rows(director, "card")).length, 3);
        // The director ends the event; the PGN holds the games played on the server.
        await act(director, "end-form", {});
        await director.waitForFunction(() => document.querySelector("#facts").textContent.includes("ended"));
        const pgn = await (await fetch(`${server.url}${(await director.$eval("#pgn-link", (a) => a.getAttribute("href"))).slice(1)}`)).text();
        // Twelve games on the server, all won by Black: eleven resigned, one abandoned.
        t.eq("the PGN has the twelve games", (pgn.match(/\[Result "/g) ?? []).length, 12);
        t.eq("each won by Black", (pgn.match(/\[Result "0-1"\]/g) ?? []).length, 12);
        const trf = await (await fetch(`${server.url}${(await director.$eval("#trf-link", (a) => a.getAttribute("href"))).slice(1)}`)).text();
        t.check("the TRF names the event", trf.includes("Club Swiss"), trf.slice(0, 200));
        // Printed at A4: what a director pins up.
        await director.emulateMedia({ media: "print" });
        await t.shot("events-print-a4-en");
        await director.pdf({ path: `${t.shots}/events-print-a4-en.pdf`, format: "A4" });
        await director.emulateMedia({ media: "screen" });
        await director.setViewportSize(PHONE_VIEW.viewport);
        await t.shot("events-director-phone-en");
        // The demo club's page, on another origin: the standings framed (in Chinese) and
        // the pairings by the custom element.
        const clubDir = mkdtempSync(join(tmpdir(), "shatar-club-"));
        for (const f of readdirSync(clubDir0)) copyFileSync(join(clubDir0, f), join(clubDir, f));
        const eventId = new URL(publicLink).searchParams.get("event");
        writeFileSync(join(clubDir, "event.html"), readFileSync(join(clubDir0, "event.html"), "utf8").replaceAll("{{EVENT}}", eventId));
        const club = await serveClub(clubDir, server.url);
        try {
          const page = players[1].page;
          await page.goto(`${club.url}event.html`);
          const frame = await (await page.waitForSelector("#standings-frame")).contentFrame();
          await frame.waitForFunction(() => (document.querySelector("#standings caption")?.textContent ?? "").includes("第 3 轮后名次"));
          t.eq("the club's framed standings are the event's", (await rows(frame, "standings")).map((r) => r[5]).join(), standings.map((r) => r[5]).join());
          const element = await (await page.waitForSelector("#pairings-element iframe")).contentFrame();
          await element.waitForSelector("#by-board table");
          t.eq("the club's custom element shows the last round's pairings", (await rows(element, "by-board")).length, 4);
          await page.waitForFunction(() => document.querySelector("#pairings-element iframe").getBoundingClientRect().height > 200);
          await t.shot("events-club-page", page);
        } finally {
          await club.close();
          rmSync(clubDir, { recursive: true, force: true });
        }
        // The embeds: one part each, no chrome.
        for (const embed of ["standings", "pairings", "crosstable"]) {
          const page = players[0].page;
          await page.goto(`${publicLink}&embed=${embed}`);
          await page.waitForSelector(`[data-part="${embed}"] table`);
          t.eq(`the ${embed} embed shows its part alone`,
            await page.$$eval("[data-part]", (parts) => parts.filter((p) => !p.hidden).map((p) => p.dataset.part).join()), embed);
        }
      } finally {
        for (const c of contexts) await c.close().catch(() => {});
        await server.close();
      }
    },
  },
  {
    name: "events: a round robin at the board, results entered by hand, a correction, a refusal and a withdrawal",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      try {
        const page = t.page;
        await create(page, server, { name: "Ulaanbaatar club RR", game: "mongolian", online: false, system: "RoundRobin" });
        await following(page);
        const names = ["Bataa", "Dorj", "Enkh", "Tsetseg"];
        for (const [i, name] of names.entries()) {
          await act(page, "player-form", { name, rating: 1800 - i * 50, club: i % 2 ? "Darkhan" : "UB" });
        }
        const entered = [];
        // Results: White wins on board 1, a draw on board 2, each round; Tsetseg withdraws
        // before round 3, whose game of hers is then lost by forfeit.
        for (let round = 1; round <= 3; round++) {
          if (round === 3) {
            await act(page, "withdraw-form", { player: 4, round: 3 });
          }
          await act(page, "pair-form", {});
          await page.waitForFunction((round) => (document.querySelector("#by-board caption")?.textContent ?? "").includes(`Round ${round}`), round);
          const boards = (await rows(page, "by-board")).map((r) => r.slice(0, 4));
          for (const [board, white, result, black] of boards) {
            if (result !== "…") continue;
            if (round === 3 && (white === "Tsetseg" || black === "Tsetseg")) continue;
            await act(page, "result-form", { round, board, result: board === "1" ? "1-0" : "1/2" });
          }
          if (round === 1) {
            // A forfeit without its reason is refused, in the page's words.
            await send(page, "result-form", { round: 1, board: 1, result: "-+", reason: "" });
            await page.waitForFunction(() => !document.querySelector("#problem").hidden);
            t.eq("a forfeit without a reason is refused", await page.$eval("#problem", (e) => e.textContent),
              "Say why: forfeits and penalties need a reason.");
            // The browser logs the refusal's status 400 as a console error: expected here.
            t.problems = t.problems.filter((p) => !p.includes("status of 400"));
            // A correction: board 2 was won by White after all; the draw stays in the record.
            await act(page, "result-form", { round: 1, board: 2, result: "1-0", reason: "score sheets checked" });
          }
          entered.push(await finishedRound(page, round));
        }
        t.eq("the corrected board shows what it corrects", (await page.$$eval("[data-round]", (b) => b.length)), 3);
        await page.click('[data-round="1"]');
        await page.waitForFunction(() => (document.querySelector("#by-board caption")?.textContent ?? "").includes("Round 1"));
        const round1 = await rows(page, "by-board");
        t.eq("round 1 board 2 as corrected, the draw kept", [round1[1][2], round1[1][4]], ["1-0", "score sheets checked; corrects ½-½"]);
        entered[0] = round1.map((r) => r.slice(0, 4));
        const withdrawn = entered[2].find((b) => b[1] === "Tsetseg" || b[3] === "Tsetseg");
        t.eq("Tsetseg's round 3 game is lost by forfeit", withdrawn[2], withdrawn[1] === "Tsetseg" ? "-+" : "+-");
        const points = pointsOf(entered);
        await page.waitForFunction(() => (document.querySelector("#standings caption")?.textContent ?? "").includes("round 3"));
        const standings = await rows(page, "standings");
        for (const row of standings) {
          t.eq(`${row[2].split(" (")[0]}'s points`, Number(row[5]), points.get(row[2].split(" (")[0]));
        }
        t.check("the withdrawal is shown beside her name", standings.some((r) => r[2] === "Tsetseg (withdrew from round 3)"),
          standings.map((r) => r[2]).join());
        // Both views in each language, on a desktop and a phone, to look at.
        const directorLink = await page.$eval("#director-link", (e) => e.value);
        const publicLink = await page.$eval("#public-link", (e) => e.value);
        for (const lang of ["en", "zh-Hans", "mn-Cyrl", "mn-Mong"]) {
          for (const [size, viewport] of [["desktop", DESKTOP.viewport], ["phone", PHONE_VIEW.viewport]]) {
            await page.setViewportSize(viewport);
            for (const [role, link] of [["public", publicLink], ["director", directorLink]]) {
              const url = new URL(link);
              url.searchParams.set("lang", lang);
              await page.goto(url.href);
              await page.waitForSelector("#standings table");
              await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
              await t.shot(`events-rr-${role}-${size}-${lang}`);
            }
          }
        }
        await page.setViewportSize(DESKTOP.viewport);
        await page.goto(directorLink);
        await page.waitForSelector("#standings table");
        await page.emulateMedia({ media: "print" });
        await page.pdf({ path: `${t.shots}/events-round-robin-print-a4.pdf`, format: "A4" });
        await t.shot("events-round-robin-print-en");
      } finally {
        await server.close();
      }
    },
  },
  {
    name: "club event: the creation form shows the defaults, a knockout's draw names its tie-break winner, the builder's snippets show the standings",
    async run(t) {
      const server = await startServer(servedFrom(t.url));
      try {
        const page = t.page;
        // The form says what the server will take for each field left empty, for the game chosen.
        await page.goto(`${server.url}event.html`);
        await page.waitForSelector("#create-form");
        await page.waitForFunction(() => document.querySelector("#create-form [name=base_minutes]").placeholder === "Default: 15");
        t.eq("the 2017 rules' system", await page.$eval("#create-form [name=system] option[value='']", (o) => o.textContent),
          "Default: Swiss (FIDE Dutch system)");
        t.eq("their tie-breaks", await page.$eval("#create-form [name=tie_breaks]", (i) => i.placeholder), "Default: DE, BH/C1, BH, SB");
        await page.selectOption("#create-form [name=game]", "xiangqi");
        await page.waitForFunction(() => document.querySelector("#create-form [name=base_minutes]").placeholder === "Default: 80");
        t.eq("Xiangqi's no-show time (AXF 2008 ch. 2 §6)", await page.$eval("#create-form [name=no_show_minutes]", (i) => i.placeholder), "Default: 30");
        t.eq("Xiangqi's scoring", await page.$eval("#create-form [name=scoring] option[value='']", (o) => o.textContent), "Default: 2 – 1 – 0");
        await page.selectOption("#create-form [name=game]", "mongolian");
        for (const [size, viewport] of [["phone", PHONE_VIEW.viewport], ["desktop", DESKTOP.viewport]]) {
          await page.setViewportSize(viewport);
          await t.shot(`events-create-defaults-${size}`);
        }
        // A knockout of two at the board: the game drawn, Black through on tie-break games.
        const { publicLink } = await create(page, server, { name: "Naadam knockout", game: "mongolian", online: false, system: "Knockout" });
        await following(page);
        for (const [i, name] of ["Bataa", "Saraa"].entries()) await act(page, "player-form", { name, rating: 1900 - i * 100 });
        await act(page, "pair-form", {});
        await page.waitForSelector("#by-board tbody tr");
        t.check("the tie-break field shows for a knockout", await page.$eval("#result-form [name=tie_break_winner]", (s) => !s.closest("label").hidden));
        await act(page, "result-form", { round: 1, board: 1, result: "1/2", tie_break_winner: "Black" });
        await page.waitForFunction(() => document.querySelector("#by-board tbody tr")?.cells[4]?.textContent.includes("tie-break"));
        const [board] = await rows(page, "by-board");
        t.eq("the board says who went through", board[4], `tie-break games won by ${board[3]}`);
        await t.shot("events-knockout-tie-break-desktop");
        await page.setViewportSize(PHONE_VIEW.viewport);
        await t.shot("events-knockout-tie-break-phone");
        await page.setViewportSize(DESKTOP.viewport);

        // The builder: the event's public link, the standings, in Chinese.
        await page.goto(`${server.url}builder.html`);
        await page.check("#builder [name=mode][value=event]");
        await page.fill("#builder [name=event_link]", publicLink);
        await page.selectOption("#builder [name=event_lang]", "zh-Hans");
        await page.waitForFunction(() => document.querySelector("#snippet-element").textContent.includes("<shatar-event"));
        const element = await page.$eval("#snippet-element", (e) => e.textContent);
        const iframe = await page.$eval("#snippet-iframe", (e) => e.textContent);
        const id = new URL(publicLink).searchParams.get("event");
        t.check("the element names the event, its part and language",
          element.includes(`<shatar-event event="${id}" part="standings" lang="zh-Hans">`) && element.includes(`${server.url}shatar-event.js`), element);
        t.check("the iframe frames the standings", iframe.includes(`event.html?event=${id}&amp;embed=standings&amp;lang=zh-Hans`), iframe);
        await page.waitForFunction(() => document.querySelector("#preview iframe")?.contentDocument?.querySelector("#standings table"), null, { timeout: 20_000 })
          .catch(() => {});
        await t.shot("builder-event-standings");
        // Each snippet pasted into a club's page (this test's own, on another origin) shows the standings.
        const club = mkdtempSync(join(tmpdir(), "shatar-club-"));
        try {
          writeFileSync(join(club, "element.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Club</title><h1>Our event</h1>\n${element}`);
          writeFileSync(join(club, "iframe.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Club</title><h1>Our event</h1>\n${iframe}`);
          const clubSite = await serveClub(club, server.url);
          try {
            for (const kind of ["element", "iframe"]) {
              await page.goto(`${clubSite.url}${kind}.html`);
              const frame = await (await page.waitForSelector("iframe")).contentFrame();
              await frame.waitForSelector("#standings table", { timeout: 20_000 });
              const standings = await frame.$$eval("#standings tbody tr", (trs) => trs.map((tr) => tr.cells[2].textContent.trim()));
              t.eq(`${kind}: the standings, both players`, [...standings].sort(), ["Bataa", "Saraa"]);
              t.eq(`${kind}: in Chinese`, await frame.evaluate(() => document.documentElement.lang), "zh-Hans");
              await t.shot(`builder-event-${kind}-on-a-club-page`);
            }
          } finally {
            await clubSite.close();
          }
        } finally {
          rmSync(club, { recursive: true, force: true });
        }
      } finally {
        await server.close();
      }
    },
  },
  {
    name: "events: on a static host the page says at once that events need a server, and offline that it is offline",
    async run(t) {
      const { page, context } = t;
      // The suite's own static server answers /ws with 404: no WebSocket, no API.
      page.on("console", () => {});
      const state = () => page.$eval("#status", (e) => [e.dataset.state, e.hidden, e.textContent]);
      for (const [size, viewport] of [["phone", PHONE_VIEW.viewport], ["desktop", DESKTOP.viewport]]) {
        await page.setViewportSize(viewport);
        await page.goto(`${t.url}event.html`);
        await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "none", null, { timeout: 20_000 });
        const [, hidden, said] = await state();
        t.check(`${size}: it says so`, !hidden && said.includes("need a Shatar server"), said);
        t.check(`${size}: no creation form to fill in for nothing`, await page.$eval("#create-form", (f) => f.closest("[data-part]").hidden));
        await t.shot(`events-no-server-${size}`);
      }
      // An event's link (or embed) on the static host: the same words, not its 404 page's.
      await page.goto(`${t.url}event.html?event=00000000000000000000000000000000&embed=standings`);
      await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "none", null, { timeout: 20_000 });
      t.eq("an embed says it too, and no unreadable answer", await page.$eval("#problem", (e) => e.hidden), true);
      // Offline: "you are offline", not "no server".
      await page.goto(`${t.url}event.html`);
      await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "none", null, { timeout: 20_000 });
      await context.setOffline(true);
      try {
        await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "offline", null, { timeout: 10_000 });
        t.check("offline, it says so", (await state())[2].includes("You are offline"));
        await t.shot("events-offline-desktop");
      } finally {
        await context.setOffline(false);
      }
      await page.waitForFunction(() => document.querySelector("#status")?.dataset.state === "none", null, { timeout: 20_000 });
      t.check("back online, it tries again and finds no server", true);
      // A refused WebSocket is a console error in Chromium: not the page's fault here.
      t.problems = t.problems.filter((p) => !/WebSocket|404/.test(p));
    },
  },
];
