// A match between shatar and Fairy-Stockfish, both as WebAssembly under Node, one thread
// each, at a fixed time per move. Our rules decide every game: legality, mate, stalemate,
// dead positions, repetition and the move-count rules (a draw either side may claim is
// taken as claimed); Fairy-Stockfish only knows the rules its variants.ini describes (the
// 8x8 rulesets) or its built-in Xiangqi, whose repetition rules only approximate the AXF
// rulings our rules apply (perpetual check or chase loses, the natural move limit).
//
// Xiangqi moves are ICCS for our worker (ranks 0-9 from Red's side) and UCI with ranks 1-10
// for Fairy-Stockfish (h2e2 is its h3e3); the two FENs are the same. Red plays "white".
// With --ruleset xiangqi, Fairy-Stockfish's legal moves are compared with our rules' at
// every ply (--check-moves does it for the other rulesets), and the summary counts the
// disagreements.
//
// Driven by scripts/match-fsf.sh, which builds the wasm and the shatar binary first. Directly:
//   node --no-experimental-fetch tools/match-fsf.mjs --glue DIR/shatar_worker.js --shatar target/debug/shatar \
//        [--games 200] [--movetime 100] [--concurrency 2] [--ruleset mongolian|mongolian-folk|xiangqi]
//        [--openings tests/openings/mongolian.fen] [--pgn match.pgn] [--hash 16] [--seed 1]
//        [--variants ../shared/notes/fairy-stockfish-variants.ini] [--check-moves] [--verbose]
//
// Each opening is played twice, colours reversed. Openings come from the --openings file
// (one FEN a line, after the first round for the 8x8 rulesets; '#' starts a comment), or
// are made here: the first round (8x8) or the start (Xiangqi), then a few random plies,
// kept when our engine calls the position balanced.
// The Elo figures come from `shatar elo` (the binary --shatar names), the code that
// `shatar match` reports with, so the two matches' figures compare.
// Games run in --concurrency child processes, each holding one engine of each kind; within
// a game only the side to move computes, so a process keeps at most one core busy.
//
// --no-experimental-fetch: Fairy-Stockfish's loader otherwise tries to fetch() its wasm
// by a file path under Node 20 and fails ("Failed to parse URL").
import { execFileSync, fork } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { PROTOCOL_VERSION as PROTOCOL } from "./protocol-version.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const require = createRequire(import.meta.url);
const FSF_PACKAGE = "fairy-stockfish-nnue.wasm";
const FSF_VERSION = require(`${FSF_PACKAGE}/package.json`).version;
// A game this long has gone wrong: the 75-move rule (8x8) and the natural move limit
// (Xiangqi) end real ones far earlier.
const MAX_PLIES = 1000;
const RULESETS = ["mongolian", "mongolian-folk", "xiangqi"];

// ---------------------------------------------------------------------------------------
// Move notation: our rules' (UCI for the 8x8 rulesets, ICCS for Xiangqi) and
// Fairy-Stockfish's (UCI; for Xiangqi with ranks 1-10, so ICCS h2e2 is its h3e3 and a9a8
// its a10a9).

const ICCS = /^([a-i])([0-9])([a-i])([0-9])$/;
const FSF_XIANGQI = /^([a-i])(10|[1-9])([a-i])(10|[1-9])$/;

/** `{ toFsf, fromFsf }` for a ruleset. A move that is not of the expected form (FSF's
 *  "(none)", a garbled reply) passes through unchanged, and our referee refuses it. */
function notation(ruleset) {
  if (ruleset !== "xiangqi") return { toFsf: (m) => m, fromFsf: (m) => m };
  const shift = (re, by) => (m) => {
    const p = re.exec(m);
    return p ? `${p[1]}${Number(p[2]) + by}${p[3]}${Number(p[4]) + by}` : m;
  };
  return { toFsf: shift(ICCS, 1), fromFsf: shift(FSF_XIANGQI, -1) };
}

function parseArgs(argv) {
  const opts = {
    glue: null,
    shatar: null,
    games: 10,
    movetime: 100,
    concurrency: 2,
    ruleset: "mongolian",
    openings: null,
    pgn: "match-fsf.pgn",
    hash: 16,
    seed: 1,
    variants: resolve(root, "../shared/notes/fairy-stockfish-variants.ini"),
    checkMoves: false,
    verbose: false,
    child: false,
  };
  const numbers = new Set(["games", "movetime", "concurrency", "hash", "seed"]);
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, "").replace(/-(.)/g, (_, c) => c.toUpperCase());
    if (name === "verbose" || name === "child" || name === "checkMoves") {
      opts[name] = true;
    } else if (name in opts && i + 1 < argv.length) {
      const value = argv[++i];
      opts[name] = numbers.has(name) ? Number(value) : value;
      if (numbers.has(name) && !(Number.isInteger(opts[name]) && opts[name] >= 0)) usage(`--${name} ${value}: not a count`);
    } else {
      usage(`unknown or incomplete option ${argv[i]}`);
    }
  }
  if (!opts.glue) usage("--glue is required (scripts/match-fsf.sh passes it)");
  if (!opts.shatar) usage("--shatar is required (scripts/match-fsf.sh passes it)");
  if (!existsSync(opts.shatar)) usage(`--shatar ${opts.shatar}: no such file (cargo build -p shatar-cli makes it)`);
  if (!RULESETS.includes(opts.ruleset)) usage(`--ruleset: ${RULESETS.join(", ")}`);
  if (opts.ruleset === "xiangqi") opts.checkMoves = true;
  opts.openings ??= resolve(root, `tests/openings/${opts.ruleset}.fen`);
  opts.concurrency = Math.max(1, opts.concurrency);
  return opts;
}

function usage(why) {
  console.error(`match-fsf: ${why}`);
  console.error("usage: node --no-experimental-fetch tools/match-fsf.mjs --glue shatar_worker.js --shatar SHATAR [--games N] [--movetime MS]");
  console.error(`       [--concurrency N] [--ruleset ${RULESETS.join("|")}] [--openings FILE] [--pgn FILE] [--hash MB]`);
  console.error("       [--seed N] [--variants INI] [--check-moves] [--verbose]");
  process.exit(2);
}

// ---------------------------------------------------------------------------------------
// Our engine: the worker's message handler, called directly (crates/worker/src/wasm.rs).

/** The protocol's externally tagged body (`"Ready"`, `{"BestMove":{...}}`) as `{type, ...}`. */
function untag(body) {
  if (typeof body === "string") return { type: body };
  const [type, fields] = Object.entries(body)[0];
  // A newtype variant (`SearchInfo`, `BestMove`) carries its struct's fields directly.
  return { type, ...fields };
}

class Shatar {
  constructor(gluePath) {
    this.wasm = require(resolve(gluePath));
    this.session = new this.wasm.Session();
    this.nextId = 1;
  }

  /** Every reply to one request, as `{type, ...fields}`; throws on an error reply. */
  ask(type, fields) {
    const replies = this.session.handle({ v: PROTOCOL, id: this.nextId++, body: { [type]: fields } }).map((r) => untag(r.body));
    const last = replies.at(-1);
    if (last?.type === "Error") throw new RefereeError(last.error, this.wasm.describe_error(last.error));
    return replies;
  }

  status(game) {
    return this.ask("GameStatus", { record: game })[0];
  }

  newGame(ruleset, hashMb) {
    this.ask("NewGame", { kind: ruleset, hash_mb: hashMb });
  }

  search(game, movetime) {
    const replies = this.ask("Search", { record: game, limits: { move_time_ms: movetime } });
    return replies.at(-1);
  }

  pgn(game, tags, result) {
    return this.ask("Pgn", { record: game, tags: Object.entries(tags), result }).at(-1).text;
  }
}

class RefereeError extends Error {
  constructor(error, text) {
    super(text);
    this.error = error;
  }
}

// ---------------------------------------------------------------------------------------
// Fairy-Stockfish over its UCI message interface.

class Fsf {
  /** `variantsIni`: the text of the variants for the 8x8 rulesets; null for Xiangqi, which
   *  is built in. Moves go in and come out in our rules' notation (`notation(ruleset)`). */
  static async start(variantsIni, hashMb, ruleset) {
    const Stockfish = require(`${FSF_PACKAGE}/stockfish.js`);
    const fsf = new Fsf(await Stockfish(), notation(ruleset));
    if (variantsIni !== null) fsf.engine.FS.writeFile("/variants.ini", variantsIni);
    fsf.send("uci");
    await fsf.waitFor((l) => l === "uciok", 60_000);
    if (variantsIni !== null) fsf.send("setoption name VariantPath value /variants.ini");
    fsf.send("setoption name Threads value 1");
    fsf.send(`setoption name Hash value ${hashMb}`);
    await fsf.ready();
    return fsf;
  }

  constructor(engine, notation) {
    this.engine = engine;
    this.notation = notation;
    this.waiters = [];
    this.lastInfo = null;
    this.perftLines = null;
    this.variant = null;
    engine.addMessageListener((line) => this.onLine(line));
  }

  send(command) {
    this.engine.postMessage(command);
  }

  onLine(line) {
    if (line.startsWith("info") && line.includes(" score ")) this.lastInfo = line;
    // `go perft 1` lists each legal move as "a2a4: 1".
    if (this.perftLines && /^\S+: \d+$/.test(line)) this.perftLines.push(line.split(":")[0]);
    for (const w of [...this.waiters]) {
      if (w.test(line)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        clearTimeout(w.timer);
        w.resolve(line);
      }
    }
  }

  waitFor(test, timeoutMs) {
    return new Promise((resolve, reject) => {
      const w = { test, resolve };
      w.timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`Fairy-Stockfish did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  async ready() {
    this.send("isready");
    await this.waitFor((l) => l === "readyok", 30_000);
  }

  async newGame(variant) {
    if (variant !== this.variant) {
      this.send(`setoption name UCI_Variant value ${variant}`);
      this.variant = variant;
    }
    this.send("ucinewgame");
    await this.ready();
  }

  /** `moves` in our rules' notation. */
  position(fen, moves) {
    const fsfMoves = moves.map(this.notation.toFsf);
    this.send(fsfMoves.length ? `position fen ${fen} moves ${fsfMoves.join(" ")}` : `position fen ${fen}`);
  }

  /** The legal moves FSF sees after `moves` from `fen`, in our notation: compared with our
   *  rules' to check that its variant matches them. */
  async legalMoves(fen, moves) {
    this.position(fen, moves);
    this.perftLines = [];
    this.send("go perft 1");
    const line = await this.waitFor((l) => l.startsWith("Nodes searched"), 30_000);
    const listed = this.perftLines.map(this.notation.fromFsf);
    this.perftLines = null;
    if (listed.length !== Number(line.split(":")[1])) throw new Error(`Fairy-Stockfish's perft 1 listed ${listed.length} moves but counted ${line}`);
    return listed;
  }

  async go(fen, moves, movetime) {
    this.lastInfo = null;
    this.position(fen, moves);
    this.send(`go movetime ${movetime}`);
    const line = await this.waitFor((l) => l.startsWith("bestmove"), 10 * movetime + 10_000);
    const info = this.lastInfo ?? "";
    const field = (name) => Number(new RegExp(` ${name} (-?\\d+)`).exec(info)?.[1] ?? 0);
    const score = / score (cp|mate) (-?\d+)/.exec(info);
    return {
      move: this.notation.fromFsf(line.split(/\s+/)[1]),
      depth: field("depth"),
      nodes: field("nodes"),
      // From the mover's side, as UCI gives it.
      score: score ? { [score[1] === "cp" ? "Cp" : "Mate"]: Number(score[2]) } : null,
    };
  }
}

// ---------------------------------------------------------------------------------------
// One game, in a child process.

/** Whether white (Red in Xiangqi, written "w" or "r") is to move. */
const whiteToMove = (fen) => ["w", "r"].includes(fen.split(/\s+/)[1]);

/** Where our rules' and FSF's legal moves differ, or null. */
function compareMoves(ours, theirs) {
  const [a, b] = [new Set(ours), new Set(theirs)];
  const onlyOurs = ours.filter((m) => !b.has(m));
  const onlyFsf = theirs.filter((m) => !a.has(m));
  return onlyOurs.length || onlyFsf.length || ours.length !== a.size || theirs.length !== b.size ? { onlyOurs, onlyFsf } : null;
}

/** Game ends by the lack of a legal move: Fairy-Stockfish should see none either. */
const NO_MOVE_ENDS = new Set(["Checkmate", "KnightMate", "Stalemate", "NoLegalMove"]);

async function playGame(shatar, fsf, opts, job) {
  const { opening, shatarWhite } = job;
  const ruleset = opts.ruleset;
  const moves = [...opening.moves];
  const game = () => ({ kind: ruleset, fen: opening.fen, moves });
  shatar.newGame(ruleset, opts.hash);
  await fsf.newGame(opening.variant);

  const start = shatar.status(game());
  const fsfStart = await fsf.legalMoves(opening.fen, moves);
  const startDiff = opts.checkMoves ? compareMoves(start.legal_moves, fsfStart) : null;
  if (fsfStart.length !== start.legal_moves.length || startDiff) {
    throw new Error(`Fairy-Stockfish (${opening.variant}) sees ${fsfStart.length} legal moves in ${start.fen}, our rules ${start.legal_moves.length}` +
      `${startDiff ? ` (only ours: ${startDiff.onlyOurs.join(" ") || "-"}; only FSF's: ${startDiff.onlyFsf.join(" ") || "-"})` : ""}: its variant does not match our rules`);
  }

  const stats = { shatar: { ms: 0, depth: 0, nodes: 0, moves: 0 }, fsf: { ms: 0, depth: 0, nodes: 0, moves: 0 } };
  // Plies where FSF's legal moves differ from our rules' (--check-moves).
  const disagreements = [];
  let fsfScore = null; // FSF's last score, from its side
  let status = start;
  let end = null; // { result: "1-0" | "0-1" | "1/2-1/2", reason, detail?, termination }
  while (!end) {
    if (status.outcome) {
      // Xiangqi's repetition rulings say which ruling decided ("perpetual check"...).
      end = { ...status.outcome, detail: status.ruling ?? null, termination: "normal" };
      break;
    }
    if (status.claimable_draw) {
      // Either player may claim on its turn; both engines are taken to claim.
      end = { result: "1/2-1/2", reason: `${status.claimable_draw} (claimed)`, termination: "normal" };
      break;
    }
    if (moves.length - opening.moves.length >= MAX_PLIES) {
      end = { result: "1/2-1/2", reason: `no end after ${MAX_PLIES} plies`, termination: "adjudication" };
      break;
    }
    const white = whiteToMove(status.fen);
    const mover = white === shatarWhite ? "shatar" : "fsf";
    const t0 = performance.now();
    let move;
    let depth;
    let nodes;
    if (mover === "shatar") {
      const best = shatar.search(game(), opts.movetime);
      move = best.best_move;
      depth = best.depth;
      nodes = best.nodes;
    } else {
      let score;
      ({ move, depth, nodes, score } = await fsf.go(opening.fen, moves, opts.movetime));
      fsfScore = score;
    }
    stats[mover].ms += performance.now() - t0;
    stats[mover].depth += depth;
    stats[mover].nodes += nodes;
    stats[mover].moves += 1;
    try {
      status = shatar.status({ kind: ruleset, fen: opening.fen, moves: [...moves, move] });
      moves.push(move);
      if (opts.checkMoves && (!status.outcome || NO_MOVE_ENDS.has(status.outcome.reason))) {
        // Once the game is over our rules list no moves; after a mate FSF should list none.
        const diff = compareMoves(status.legal_moves, await fsf.legalMoves(opening.fen, moves));
        if (diff) disagreements.push({ ply: moves.length, fen: status.fen, ...diff });
      }
    } catch (e) {
      if (!(e instanceof RefereeError)) throw e;
      // A move our rules refuse, or none ("(none)") where our rules see one: the mover
      // loses, and the PGN says why. Either engine doing so is a bug to look at.
      end = { result: white ? "0-1" : "1-0", reason: `illegal move by ${mover}`, detail: `${move}: ${e.message}`, termination: "rules infraction" };
    }
    if (opts.verbose) process.stdout.write(`[game ${job.index + 1}] ${mover} ${move}\n`);
  }

  const names = shatarWhite ? ["shatar", `Fairy-Stockfish ${FSF_VERSION}`] : [`Fairy-Stockfish ${FSF_VERSION}`, "shatar"];
  const endText = end.detail ? `${end.reason}: ${end.detail}` : end.reason;
  const tags = {
    Event: `shatar vs Fairy-Stockfish, ${opts.movetime} ms/move`,
    Site: "Node " + process.version,
    Date: new Date().toISOString().slice(0, 10).replaceAll("-", "."),
    Round: String(job.index + 1),
    White: names[0],
    Black: names[1],
    Termination: end.termination,
    TimeControl: "-",
    MoveTimeMs: String(opts.movetime),
    EndReason: endText,
    // Its line in the openings file (not counting comments), or its number if made here.
    OpeningNumber: String(job.openingIndex + 1),
  };
  const pgn = shatar.pgn({ kind: ruleset, fen: opening.fen, moves }, tags, end.result);
  return {
    index: job.index,
    shatarWhite,
    result: end.result,
    reason: end.reason,
    detail: end.detail ?? null,
    plies: moves.length - opening.moves.length,
    stats,
    disagreements,
    fsfScore,
    pgn,
  };
}

async function child(opts) {
  const shatar = new Shatar(opts.glue);
  const fsf = await Fsf.start(opts.ruleset === "xiangqi" ? null : readFileSync(opts.variants, "utf8"), opts.hash, opts.ruleset);
  process.send({ type: "ready" });
  // The match is over (or failed) when the parent goes: FSF's threads would keep us alive.
  process.on("disconnect", () => process.exit(0));
  process.on("message", async (job) => {
    if (job.type === "quit") process.exit(0);
    try {
      process.send({ type: "result", ...(await playGame(shatar, fsf, opts, job)) });
    } catch (e) {
      process.send({ type: "failed", index: job.index, error: e.stack ?? String(e) });
    }
  });
}

// ---------------------------------------------------------------------------------------
// Openings.

/** The FSF variant a position belongs to: the 8x8 variants start after 1.e4 e5 or 1.d4 d5
 *  and differ only in their start position, which `position fen` overrides; the name
 *  follows the first round for the log's sake. Xiangqi is FSF's own. */
function variantOf(ruleset, firstRoundCloses) {
  if (ruleset === "xiangqi") return "xiangqi";
  return `${ruleset}-${firstRoundCloses ? "closed" : "open"}`;
}

function readOpenings(file, ruleset, shatar) {
  const openings = [];
  readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    const [fenPart, comment = ""] = line.split("#");
    const fen = fenPart.trim();
    if (!fen) return;
    try {
      shatar.status({ kind: ruleset, fen, moves: [] });
    } catch (e) {
      throw new Error(`${file}:${i + 1}: ${e.message}`);
    }
    // The comment starts with the moves from the initial position: "d4 d5 ..." is closed.
    openings.push({ fen, moves: [], variant: variantOf(ruleset, /^\s*d4\b/.test(comment)), note: comment.trim() });
  });
  return openings;
}

/** A small seeded generator (mulberry32): the same --seed makes the same openings. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first round (8x8; Xiangqi has none), then 2 to 4 random plies (Xiangqi: 4 to 6),
 *  kept when a depth-8 search of our engine scores the position within 60 centipawns of
 *  equality. */
function makeOpenings(count, ruleset, shatar, seed) {
  const next = random(seed);
  const xiangqi = ruleset === "xiangqi";
  const rounds = xiangqi ? [[], []] : [["e2e4", "e7e5"], ["d2d4", "d7d5"]];
  const openings = [];
  const seen = new Set();
  for (let tries = 0; openings.length < count && tries < 50 * count; tries++) {
    const round = rounds[openings.length % 2];
    const after = shatar.status({ kind: ruleset, fen: null, moves: round }).fen;
    const moves = [];
    const plies = (xiangqi ? 4 : 2) + Math.floor(next() * 3);
    let status = shatar.status({ kind: ruleset, fen: after, moves });
    for (let p = 0; p < plies && !status.outcome; p++) {
      moves.push(status.legal_moves[Math.floor(next() * status.legal_moves.length)]);
      status = shatar.status({ kind: ruleset, fen: after, moves });
    }
    if (status.outcome || seen.has(status.fen)) continue;
    const scored = shatar.ask("Search", { record: { kind: ruleset, fen: after, moves }, limits: { depth: 8 } }).at(-1);
    if (!scored.score.Cp || Math.abs(scored.score.Cp.cp) > 60) continue;
    seen.add(status.fen);
    openings.push({ fen: after, moves, variant: variantOf(ruleset, round[0] === "d2d4"), note: [...round, ...moves].join(" ") });
  }
  return openings;
}

// ---------------------------------------------------------------------------------------
// Statistics.

/** The Elo figures of a result, from `shatar elo`: `{ score, elo, low, high }` from the
 *  games' `[wins, draws, losses]`, with the same under `pairs` from `pairs[k]`, the pairs of
 *  games in which we scored k/2 points. An infinite figure is null. */
function eloFigures(shatarPath, [wins, draws, losses], pairs) {
  const args = ["elo", wins, draws, losses].map(String);
  if (pairs) args.push("--pairs", pairs.join(","));
  return JSON.parse(execFileSync(shatarPath, args, { encoding: "utf8" }));
}

/** An Elo figure; `sign` is where a null (infinite) one lies. */
const fmtElo = (x, sign) => (x === null ? `${sign}inf` : `${x >= 0 ? "+" : ""}${x.toFixed(0)}`);

/** Our side's points in a finished game. */
const ourPoints = (r) => (r.result === "1/2-1/2" ? 0.5 : (r.result === "1-0") === r.shatarWhite ? 1 : 0);

/** "score 47.5%, Elo -17 (95%: -60 to +25; by pairs of games: -55 to +20)". The pairs (an
 *  opening with each colour, games 2k and 2k+1) are independent where single games are not,
 *  so their interval is the sounder one; it is left out until there are pairs. */
function scoreLine(results, shatarPath) {
  const byIndex = [...results].sort((a, b) => a.index - b.index);
  const points = byIndex.map(ourPoints);
  const games = [1, 0.5, 0].map((p) => points.filter((x) => x === p).length);
  // Whole pairs only: both games of an opening have finished.
  const pairs = [0, 0, 0, 0, 0];
  for (let i = 0; i + 1 < byIndex.length; i++) {
    if (byIndex[i].index % 2 === 0 && byIndex[i + 1].index === byIndex[i].index + 1) pairs[2 * (points[i] + points[i + 1])] += 1;
  }
  const wholePairs = pairs.reduce((a, b) => a + b, 0);
  const figures = eloFigures(shatarPath, games, wholePairs >= 2 ? pairs : null);
  const interval = (f) => `${fmtElo(f.low, "-")} to ${fmtElo(f.high, "+")}`;
  return `score ${(figures.score * 100).toFixed(1)}%, Elo ${fmtElo(figures.elo, figures.score > 0.5 ? "+" : "-")} (95%: ${interval(figures)}` +
    `${figures.pairs ? `; by pairs of games: ${interval(figures.pairs)}` : ""})`;
}

// ---------------------------------------------------------------------------------------
// The match.

async function main(opts) {
  const started = performance.now();
  const shatar = new Shatar(opts.glue);
  const needed = Math.ceil(opts.games / 2);
  let openings;
  let source;
  if (existsSync(opts.openings)) {
    openings = readOpenings(opts.openings, opts.ruleset, shatar);
    source = opts.openings;
  } else {
    openings = makeOpenings(needed, opts.ruleset, shatar, opts.seed);
    source = `${openings.length} made here (seed ${opts.seed}; ${opts.openings} not found)`;
  }
  if (openings.length === 0) throw new Error("no openings");
  if (openings.length < needed) console.log(`note: ${openings.length} openings for ${opts.games} games: they repeat`);

  const jobs = Array.from({ length: opts.games }, (_, index) => {
    const openingIndex = Math.floor(index / 2) % openings.length;
    return { type: "game", index, openingIndex, opening: openings[openingIndex], shatarWhite: index % 2 === 0 };
  });
  console.log(`shatar vs Fairy-Stockfish ${FSF_VERSION}: ${opts.ruleset}, ${opts.movetime} ms/move, ${opts.games} games, ` +
    `${opts.concurrency} at a time; openings: ${source}`);
  writeFileSync(opts.pgn, "");

  const results = [];
  const tally = { W: 0, D: 0, L: 0 };
  const workers = Math.min(opts.concurrency, jobs.length);
  let nextJob = 0;
  await new Promise((resolveAll, rejectAll) => {
    let running = workers;
    for (let w = 0; w < workers; w++) {
      const proc = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), "--child"], {
        execArgv: ["--no-experimental-fetch"],
      });
      const feed = () => {
        if (nextJob < jobs.length) proc.send(jobs[nextJob++]);
        else proc.send({ type: "quit" });
      };
      proc.on("message", (msg) => {
        if (msg.type === "ready") return feed();
        if (msg.type === "failed") {
          rejectAll(new Error(`game ${msg.index + 1} failed: ${msg.error}`));
          return;
        }
        results.push(msg);
        appendFileSync(opts.pgn, msg.pgn + "\n");
        const points = ourPoints(msg);
        tally[points === 1 ? "W" : points === 0 ? "L" : "D"] += 1;
        const s = msg.stats;
        const fsfScore = msg.fsfScore ? ` (last score ${msg.fsfScore.Cp ?? `mate ${msg.fsfScore.Mate}`})` : "";
        console.log(`game ${String(msg.index + 1).padStart(3)}: shatar ${msg.shatarWhite ? "white" : "black"} ${msg.result.padEnd(7)} ` +
          `${msg.reason}${msg.detail ? ` (${msg.detail})` : ""}, ${msg.plies} plies; shatar depth ${(s.shatar.depth / Math.max(1, s.shatar.moves)).toFixed(1)}, ` +
          `fsf depth ${(s.fsf.depth / Math.max(1, s.fsf.moves)).toFixed(1)}${fsfScore}   [+${tally.W} =${tally.D} -${tally.L}]`);
        for (const d of msg.disagreements.slice(0, 3)) {
          console.log(`  legal moves differ at ply ${d.ply} (${d.fen}): only ours ${d.onlyOurs.join(" ") || "-"}; only FSF's ${d.onlyFsf.join(" ") || "-"}`);
        }
        if (results.length % 20 === 0 && results.length < jobs.length) console.log(`  after ${results.length} games: ${scoreLine(results, opts.shatar)}`);
        feed();
      });
      proc.on("exit", (code) => {
        running -= 1;
        if (code !== 0) rejectAll(new Error(`a match process exited with code ${code}`));
        else if (running === 0) resolveAll();
      });
    }
  });

  // The figures.
  results.sort((a, b) => a.index - b.index);
  // How games ended, each with our side's +won =drawn -lost.
  const reasons = new Map();
  for (const r of results) {
    const t = reasons.get(r.reason) ?? { n: 0, W: 0, D: 0, L: 0 };
    const p = ourPoints(r);
    t.n += 1;
    t[p === 1 ? "W" : p === 0 ? "L" : "D"] += 1;
    reasons.set(r.reason, t);
  }
  const total = (side, key) => results.reduce((a, r) => a + r.stats[side][key], 0);
  const perMove = (side) => {
    const [ms, moves] = [total(side, "ms"), total(side, "moves")];
    return `${(ms / moves).toFixed(0)} ms, depth ${(total(side, "depth") / moves).toFixed(1)}, ${((total(side, "nodes") / ms) * 1000 / 1e3).toFixed(0)} knodes/s`;
  };
  const plies = results.map((r) => r.plies);
  const disagreements = results.reduce((a, r) => a + r.disagreements.length, 0);
  console.log("");
  console.log(`shatar: +${tally.W} =${tally.D} -${tally.L} of ${results.length}: ${scoreLine(results, opts.shatar)}`);
  console.log(`ends (shatar +won =drawn -lost): ${[...reasons].sort((a, b) => b[1].n - a[1].n)
    .map(([r, t]) => `${r} ${t.n} (+${t.W} =${t.D} -${t.L})`).join(", ")}`);
  console.log(`length: ${(plies.reduce((a, b) => a + b, 0) / plies.length).toFixed(1)} plies on average after the opening ` +
    `(${Math.min(...plies)} to ${Math.max(...plies)})`);
  console.log(`per move: shatar ${perMove("shatar")}; Fairy-Stockfish ${perMove("fsf")}`);
  if (opts.checkMoves) console.log(`legal moves: ${disagreements ? `${disagreements} plies where FSF and our rules differ (above)` : "FSF and our rules agreed at every ply"}`);
  console.log(`PGN: ${opts.pgn}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const opts = parseArgs(process.argv.slice(2));
if (opts.child) {
  child(opts);
} else {
  main(opts).catch((e) => {
    console.error(`match-fsf: ${e.message}`);
    process.exit(1);
  });
}
