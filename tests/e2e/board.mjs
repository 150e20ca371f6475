// The page at start-up: the board's DOM contract, and the engine worker's protocol spoken
// to directly (including what it must refuse).
import { PROTOCOL_VERSION as PROTOCOL } from "../../tools/protocol-version.mjs";
import { START_PIECES, builtName, open, boardState, pieces, text, withMark } from "./lib.mjs";

// The Mongolian start, and a position after the first round.
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
const OPEN = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - -";
const XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

export const tests = [
  {
    name: "start: the board, its labels and orientation, the first round's two moves",
    async run(t) {
      await open(t);
      const { page } = t;
      const cells = await boardState(page);
      t.eq("64 cells with data-square", Object.keys(cells).length, 64);
      t.eq("the Mongolian start position", await pieces(page), Object.fromEntries(Object.entries(START_PIECES).sort()));
      const shade = await page.$$eval("g[data-square]", (els) => Object.fromEntries(els.map((e) => [e.dataset.square, e.classList.contains("light")])));
      t.check("h1 is light (the right hand, 2017 art. 2.1), a1 and h8 dark, a8 light", shade.h1 && !shade.a1 && !shade.h8 && shade.a8);
      const label = (sq) => page.$eval(`g[data-square="${sq}"]`, (e) => e.getAttribute("aria-label"));
      t.eq("aria-label of g1 (a Mongolian horse)", await label("g1"), "g1, white horse");
      t.eq("aria-label of e4", await label("e4"), "e4, empty");
      const box = (sq) => page.locator(`g[data-square="${sq}"]`).boundingBox();
      const [e1, e8, a1, h1] = await Promise.all(["e1", "e8", "a1", "h1"].map(box));
      t.check("White at the bottom, the a-file on the left", e1.y > e8.y && a1.x < h1.x);
      t.eq("svg data-bottom", await page.$eval("svg.board", (e) => e.dataset.bottom), "white");
      t.eq("svg data-interactive", await page.$eval("svg.board", (e) => e.dataset.interactive), "true");
      t.eq("only e2 and d2 may move (2017 art. 1.2)", await withMark(page, "movable"), ["d2", "e2"]);
      t.check("status names the compulsory opening", /e2-e4 or d2-d4/.test(await text(page, "#status")), await text(page, "#status"));
      t.eq("empty move list", await page.$$eval("#moves li", (e) => e.length), 0);
      t.check("result hidden", await page.$eval("#result", (e) => e.hidden));
      await page.waitForFunction(() => /ready/.test(document.querySelector("#engine").textContent), null, { timeout: 15_000 })
        .catch(() => {});
      t.eq("engine status", await text(page, "#engine"), "Engine: ready");
      t.check("the wasm exports are on window.wasmBindings (Trunk 0.21)",
        await page.evaluate(() => typeof window.wasmBindings?.debug_kill_engine_worker === "function"));
    },
  },
  {
    name: "worker protocol: replies, errors, and a search, spoken to directly",
    async run(t) {
      await open(t);
      const loader = await builtName(t.page, "worker-loader.js");
      const replies = await t.page.evaluate(async ({ requests, raw, loader }) => {
        const worker = new Worker(`./${loader}`);
        const got = [];
        // One final reply per message, and Ready; a search's SearchInfo progress comes on top.
        const all = requests.length + raw.length + 1;
        let finals = 0;
        const done = new Promise((ok, fail) => {
          setTimeout(() => fail(new Error(`timeout after ${got.length} replies`)), 15000);
          worker.onerror = (e) => fail(new Error(e.message));
          worker.onmessage = (e) => {
            got.push(e.data);
            if (got.length === 1) [...raw, ...requests].forEach((m) => worker.postMessage(m));
            if (!e.data?.body?.SearchInfo) finals += 1;
            if (finals === all) ok(got);
          };
        });
        try { return await done; } finally { worker.terminate(); }
      }, {
        loader,
        raw: ["hello", { v: PROTOCOL }, { v: 99, id: 5, body: { Future: {} } }],
        requests: [
          { v: PROTOCOL, id: 10, body: { LegalMoves: { fen: START, kind: "mongolian" } } },
          { v: PROTOCOL, id: 11, body: { Perft: { fen: OPEN, kind: "mongolian", depth: 2 } } },
          { v: PROTOCOL, id: 12, body: { Perft: { fen: "8/8/8/8", kind: "mongolian", depth: 1 } } },
          { v: PROTOCOL, id: 13, body: { Perft: { fen: START, kind: "mongolian", depth: 99 } } },
          { v: PROTOCOL, id: 14, body: { LegalMoves: { fen: START, kind: "shogi" } } },
          { v: PROTOCOL, id: 15, body: { LegalMoves: { fen: START, kind: "chess" } } },
          { v: PROTOCOL, id: 16, body: { Search: { record: { kind: "mongolian", moves: ["e2e4", "e7e5"] }, limits: { depth: 3 } } } },
          // Under the names of protocol 4 (`game`, `ruleset`), which saves hold: still read.
          { v: PROTOCOL, id: 17, body: { Search: { game: { ruleset: "mongolian", moves: ["e2e4", "e7e5", "e2e5"] }, limits: { depth: 3 } } } },
          { v: PROTOCOL, id: 18, body: { LegalMoves: { fen: XIANGQI_START, kind: "xiangqi" } } },
        ],
      }).catch((e) => { t.check("worker replies", false, e.message); return []; });
      // Bodies are externally tagged: `"Ready"` or `{"Perft":{...}}`; read as [variant, fields].
      const untag = (body) => typeof body === "string" ? [body, {}] : Object.entries(body ?? {})[0] ?? ["", {}];
      const byId = (id) => untag(replies.find((r) => r.id === id)?.body)[1];
      const errorOf = (reply) => untag(untag(reply?.body)[1]?.error)[0];
      t.eq("worker says Ready first", replies[0], { v: PROTOCOL, id: 0, body: "Ready" });
      t.eq("a string gets a Malformed error", errorOf(replies[1]), "Malformed");
      t.eq("an envelope without id gets a Malformed error", errorOf(replies[2]), "Malformed");
      t.eq("another protocol version is named", byId(5).error, { VersionMismatch: { expected: PROTOCOL, got: 99 } });
      t.eq("LegalMoves of the start", byId(10).moves, ["e2e4", "d2d4"]);
      t.eq("perft(2) after 1.e4 e5", byId(11).nodes, 482);
      t.eq("a bad FEN gets BadFen", untag(byId(12).error)[0], "BadFen");
      t.eq("a deep perft is refused", byId(13).error, { DepthTooLarge: { max: 7 } });
      t.eq("an unknown ruleset is Malformed", untag(byId(14).error)[0], "Malformed");
      t.eq("the page's first worker is built without Xiangqi", byId(18).error, { GameNotBuilt: { kind: "xiangqi" } });
      t.eq("still answering after errors (chess has 20 first moves)", byId(15).moves?.length, 20);
      const search = replies.filter((r) => r.id === 16).map((r) => untag(r.body));
      t.eq("a search reports depths 1 to 3, then its move", search.map(([type, b]) => type === "SearchInfo" ? b.depth : type),
        [1, 2, 3, "BestMove"]);
      t.check("the best move is legal-looking after 1.e4 e5", /^[a-h][1-8][a-h][1-8]$/.test(search.at(-1)?.[1]?.best_move ?? ""), JSON.stringify(search.at(-1)));
      const [kind, { ply, uci, reason } = {}] = untag(byId(17).error);
      t.eq("an illegal move in the game is located", { kind, ply, uci }, { kind: "IllegalMove", ply: 3, uci: "e2e5" });
      t.check("and the reason given", typeof reason === "string" && reason.length > 0, reason);
    },
  },
  {
    name: "worker protocol: the Xiangqi build, fetched only when asked for",
    async run(t) {
      // The page's normal load (its engine ready) fetches the 8x8 build only.
      const fetched = [];
      // (The service worker's precache fetches every file, this build's too: not counted.)
      t.context.on("request", (request) => {
        if (!request.serviceWorker()) fetched.push(new URL(request.url()).pathname);
      });
      await open(t);
      await t.page.waitForFunction(() => /ready/i.test(document.querySelector("#engine")?.textContent ?? ""), null, { timeout: 15_000 });
      t.check("the page fetched its first worker", fetched.some((p) => /^\/shatar-worker-8x8-[0-9a-f]{16}_bg\.wasm$/.test(p)),
        fetched.join(" "));
      t.eq("and not the Xiangqi build", fetched.filter((p) => p.includes("xiangqi")), []);

      // worker-loader.js?build=xiangqi: the build that plays Xiangqi and the 8x8 games.
      const loader = await builtName(t.page, "worker-loader.js");
      const ask = (build, requests) => t.page.evaluate(async ({ build, requests, loader }) => {
        const worker = new Worker(`./${loader}${build}`);
        const got = [];
        const done = new Promise((ok, fail) => {
          setTimeout(() => fail(new Error(`timeout after ${got.length} replies`)), 15000);
          worker.onerror = (e) => { e.preventDefault(); fail(new Error(e.message || "error event")); };
          worker.onmessage = (e) => {
            got.push(e.data);
            if (got.length === 1) requests.forEach((m) => worker.postMessage(m));
            if (got.length === requests.length + 1) ok(got);
          };
        });
        try { return await done; } finally { worker.terminate(); }
      }, { build, requests, loader });
      const replies = await ask("?build=xiangqi", [
        { v: PROTOCOL, id: 1, body: { LegalMoves: { fen: XIANGQI_START, kind: "xiangqi" } } },
        { v: PROTOCOL, id: 2, body: { LegalMoves: { fen: START, kind: "mongolian" } } },
      ]).catch((e) => { t.check("the Xiangqi build replies", false, e.message); return []; });
      const moves = (id) => replies.find((r) => r.id === id)?.body?.LegalMoves?.moves;
      t.eq("it says Ready first", replies[0], { v: PROTOCOL, id: 0, body: "Ready" });
      t.eq("the Xiangqi start has 44 moves", moves(1)?.length, 44);
      t.eq("and it plays the 8x8 games too", moves(2), ["e2e4", "d2d4"]);

      // Any other name is refused by the loader's fixed list, with an error event.
      const refused = await ask("?build=..%2Fevil", []).then(() => "no error", (e) => e.message);
      t.check("an unknown build is refused", /no engine build named/.test(refused), refused);
    },
  },
];
