// A match between shatar and Fairy-Stockfish, both as WebAssembly under Node, one thread
// each, at a fixed time per move. Our rules decide every game: legality, mate, stalemate,
// dead positions, repetition and the move-count rules (a draw either side may claim is
// taken as claimed); Fairy-Stockfish only knows the rules its variants.ini describes.
//
// Driven by scripts/match-fsf.sh, which builds the wasm first. Directly:
//   node --no-experimental-fetch tools/match-fsf.mjs --glue DIR/shatar_worker.js \
//        [--games 200] [--movetime 100] [--concurrency 2] [--ruleset mongolian]
//        [--openings tests/openings/mongolian.fen] [--pgn match.pgn] [--hash 16] [--seed 1]
//        [--variants ../shared/notes/fairy-stockfish-variants.ini] [--verbose]
//
// Each opening is played twice, colours reversed. Openings come from the --openings file
// (one FEN a line, after the first round; '#' starts a comment), or are made here: the
// first round, then a few random plies, kept when our engine calls the position balanced.
// Games run in --concurrency child processes, each holding one engine of each kind; within
// a game only the side to move computes, so a process keeps at most one core busy.
//
// --no-experimental-fetch: Fairy-Stockfish's loader otherwise tries to fetch() its wasm
// by a file path under Node 20 and fails ("Failed to parse URL").
import { fork } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const require = createRequire(import.meta.url);
// crates/protocol's PROTOCOL_VERSION.
const PROTOCOL = 3;
const FSF_PACKAGE = "fairy-stockfish-nnue.wasm";
const FSF_VERSION = require(`${FSF_PACKAGE}/package.json`).version;
// A game this long has gone wrong: the 75-move rule ends real ones far earlier.
const MAX_PLIES = 1000;

function parseArgs(argv) {
  const opts = {
    glue: null,
    games: 10,
    movetime: 100,
    concurrency: 2,
    ruleset: "mongolian",
    openings: null,
    pgn: "match-fsf.pgn",
    hash: 16,
    seed: 1,
    variants: resolve(root, "../shared/notes/fairy-stockfish-variants.ini"),
    verbose: false,
    child: false,
  };
  const numbers = new Set(["games", "movetime", "concurrency", "hash", "seed"]);
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, "");
    if (name === "verbose" || name === "child") {
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
  if (!["mongolian", "mongolian-folk"].includes(opts.ruleset)) usage("--ruleset: mongolian or mongolian-folk");
  opts.openings ??= resolve(root, `tests/openings/${opts.ruleset}.fen`);
  opts.concurrency = Math.max(1, opts.concurrency);
  return opts;
}

function usage(why) {
  console.error(`match-fsf: ${why}`);
  console.error("usage: node --no-experimental-fetch tools/match-fsf.mjs --glue shatar_worker.js [--games N] [--movetime MS]");
  console.error("       [--concurrency N] [--ruleset mongolian|mongolian-folk] [--openings FILE] [--pgn FILE] [--hash MB]");
  console.error("       [--seed N] [--variants INI] [--verbose]");
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
    return this.ask("GameStatus", { game })[0];
  }

  newGame(ruleset, hashMb) {
    this.ask("NewGame", { ruleset, hash_mb: hashMb });
  }

  search(game, movetime) {
    const replies = this.ask("Search", { game, limits: { move_time_ms: movetime } });
    return replies.at(-1);
  }

  pgn(game, tags, result) {
    return this.ask("Pgn", { game, tags: Object.entries(tags), result }).at(-1).text;
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
  static async start(variantsIni, hashMb) {
    const Stockfish = require(`${FSF_PACKAGE}/stockfish.js`);
    const fsf = new Fsf(await Stockfish());
    fsf.engine.FS.writeFile("/variants.ini", variantsIni);
    fsf.send("uci");
    await fsf.waitFor((l) => l === "uciok", 60_000);
    fsf.send("setoption name VariantPath value /variants.ini");
    fsf.send("setoption name Threads value 1");
    fsf.send(`setoption name Hash value ${hashMb}`);
    await fsf.ready();
    return fsf;
  }

  constructor(engine) {
    this.engine = engine;
    this.waiters = [];
    this.lastInfo = null;
    this.variant = null;
    engine.addMessageListener((line) => this.onLine(line));
  }

  send(command) {
    this.engine.postMessage(command);
  }

  onLine(line) {
    if (line.startsWith("info") && line.includes(" score ")) this.lastInfo = line;
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

  position(fen, moves) {
    this.send(moves.length ? `position fen ${fen} moves ${moves.join(" ")}` : `position fen ${fen}`);
  }

  /** The number of legal moves FSF sees: checks that its variant matches our rules. */
  async perft1(fen) {
    this.position(fen, []);
    this.send("go perft 1");
    const line = await this.waitFor((l) => l.startsWith("Nodes searched"), 30_000);
    return Number(line.split(":")[1]);
  }

  async go(fen, moves, movetime) {
    this.lastInfo = null;
    this.position(fen, moves);
    this.send(`go movetime ${movetime}`);
    const line = await this.waitFor((l) => l.startsWith("bestmove"), 10 * movetime + 10_000);
    const info = this.lastInfo ?? "";
    return { move: line.split(/\s+/)[1], depth: Number(/ depth (\d+)/.exec(info)?.[1] ?? 0) };
  }
}

// ---------------------------------------------------------------------------------------
// One game, in a child process.

const turnOf = (fen) => fen.split(/\s+/)[1];

async function playGame(shatar, fsf, opts, job) {
  const { opening, shatarWhite } = job;
  const ruleset = opts.ruleset;
  const moves = [...opening.moves];
  const game = () => ({ ruleset, fen: opening.fen, moves });
  shatar.newGame(ruleset, opts.hash);
  await fsf.newGame(opening.variant);

  const start = shatar.status(game());
  const fsfCount = await fsf.perft1(start.fen);
  if (fsfCount !== start.legal_moves.length) {
    throw new Error(`Fairy-Stockfish (${opening.variant}) sees ${fsfCount} legal moves in ${start.fen}, our rules ${start.legal_moves.length}: its variant does not match our rules`);
  }

  const stats = { shatar: { ms: 0, depth: 0, moves: 0 }, fsf: { ms: 0, depth: 0, moves: 0 } };
  let status = start;
  let end = null; // { result: "1-0" | "0-1" | "1/2-1/2", reason, termination }
  while (!end) {
    if (status.outcome) {
      end = { ...status.outcome, termination: "normal" };
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
    const white = turnOf(status.fen) === "w";
    const mover = white === shatarWhite ? "shatar" : "fsf";
    const t0 = performance.now();
    let move;
    let depth;
    if (mover === "shatar") {
      const best = shatar.search(game(), opts.movetime);
      move = best.best_move;
      depth = best.depth;
    } else {
      ({ move, depth } = await fsf.go(opening.fen, moves, opts.movetime));
    }
    stats[mover].ms += performance.now() - t0;
    stats[mover].depth += depth;
    stats[mover].moves += 1;
    try {
      status = shatar.status({ ruleset, fen: opening.fen, moves: [...moves, move] });
      moves.push(move);
    } catch (e) {
      if (!(e instanceof RefereeError)) throw e;
      // A move our rules refuse, or none ("(none)") where our rules see one: the mover
      // loses, and the PGN says why. Either engine doing so is a bug to look at.
      end = { result: white ? "0-1" : "1-0", reason: `${mover} played ${move}: ${e.message}`, termination: "rules infraction" };
    }
    if (opts.verbose) process.stdout.write(`[game ${job.index + 1}] ${mover} ${move}\n`);
  }

  const names = shatarWhite ? ["shatar", `Fairy-Stockfish ${FSF_VERSION}`] : [`Fairy-Stockfish ${FSF_VERSION}`, "shatar"];
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
    EndReason: end.reason,
    // Its line in the openings file (not counting comments), or its number if made here.
    OpeningNumber: String(job.openingIndex + 1),
  };
  const pgn = shatar.pgn({ ruleset, fen: opening.fen, moves }, tags, end.result);
  return { index: job.index, shatarWhite, result: end.result, reason: end.reason, plies: moves.length - opening.moves.length, stats, pgn };
}

async function child(opts) {
  const shatar = new Shatar(opts.glue);
  const fsf = await Fsf.start(readFileSync(opts.variants, "utf8"), opts.hash);
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

/** The FSF variant a position belongs to: the variants start after 1.e4 e5 or 1.d4 d5 and
 *  differ only in their start position, which `position fen` overrides; the name follows
 *  the first round for the log's sake. */
function variantOf(ruleset, firstRoundCloses) {
  return `${ruleset}-${firstRoundCloses ? "closed" : "open"}`;
}

function readOpenings(file, ruleset, shatar) {
  const openings = [];
  readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    const [fenPart, comment = ""] = line.split("#");
    const fen = fenPart.trim();
    if (!fen) return;
    try {
      shatar.status({ ruleset, fen, moves: [] });
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

/** The first round, then 2 to 4 random plies, kept when a depth-8 search of our engine
 *  scores the position within 60 centipawns of equality. */
function makeOpenings(count, ruleset, shatar, seed) {
  const next = random(seed);
  const rounds = [["e2e4", "e7e5"], ["d2d4", "d7d5"]];
  const openings = [];
  const seen = new Set();
  for (let tries = 0; openings.length < count && tries < 50 * count; tries++) {
    const round = rounds[openings.length % 2];
    const after = shatar.status({ ruleset, fen: null, moves: round }).fen;
    const moves = [];
    const plies = 2 + Math.floor(next() * 3);
    let status = shatar.status({ ruleset, fen: after, moves });
    for (let p = 0; p < plies && !status.outcome; p++) {
      moves.push(status.legal_moves[Math.floor(next() * status.legal_moves.length)]);
      status = shatar.status({ ruleset, fen: after, moves });
    }
    if (status.outcome || seen.has(status.fen)) continue;
    const scored = shatar.ask("Search", { game: { ruleset, fen: after, moves }, limits: { depth: 8 } }).at(-1);
    if (!scored.score.Cp || Math.abs(scored.score.Cp.cp) > 60) continue;
    seen.add(status.fen);
    openings.push({ fen: after, moves, variant: variantOf(ruleset, round[0] === "d2d4"), note: `${round.join(" ")} ${moves.join(" ")}` });
  }
  return openings;
}

// ---------------------------------------------------------------------------------------
// Statistics.

/** Elo difference for a score fraction. */
const elo = (p) => -400 * Math.log10(1 / p - 1);

/** Score and Elo with a 95% interval, from the per-game scores (normal approximation of
 *  the mean game score, as cutechess and fastchess report it). */
function summary(points) {
  const n = points.length;
  const mean = points.reduce((a, b) => a + b, 0) / n;
  const variance = points.reduce((a, x) => a + (x - mean) ** 2, 0) / n;
  const margin = 1.96 * Math.sqrt(variance / n);
  const clamp = (p) => Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  const [lo, mid, hi] = [mean - margin, mean, mean + margin].map((p) => elo(clamp(p)));
  return { mean, elo: mid, lo, hi };
}

const fmtElo = (x) => (Math.abs(x) >= 1999 ? (x > 0 ? "+inf" : "-inf") : `${x >= 0 ? "+" : ""}${x.toFixed(0)}`);

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
        const points = msg.result === "1/2-1/2" ? 0.5 : (msg.result === "1-0") === msg.shatarWhite ? 1 : 0;
        tally[points === 1 ? "W" : points === 0 ? "L" : "D"] += 1;
        const s = msg.stats;
        console.log(`game ${String(msg.index + 1).padStart(3)}: shatar ${msg.shatarWhite ? "white" : "black"} ${msg.result.padEnd(7)} ` +
          `${msg.reason}, ${msg.plies} plies; shatar depth ${(s.shatar.depth / Math.max(1, s.shatar.moves)).toFixed(1)}, ` +
          `fsf depth ${(s.fsf.depth / Math.max(1, s.fsf.moves)).toFixed(1)}   [+${tally.W} =${tally.D} -${tally.L}]`);
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
  const points = results.map((r) => (r.result === "1/2-1/2" ? 0.5 : (r.result === "1-0") === r.shatarWhite ? 1 : 0));
  const { mean, elo: e, lo, hi } = summary(points);
  const reasons = new Map();
  for (const r of results) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  const total = (side, key) => results.reduce((a, r) => a + r.stats[side][key], 0);
  const perMove = (side) => `${(total(side, "ms") / total(side, "moves")).toFixed(0)} ms, depth ${(total(side, "depth") / total(side, "moves")).toFixed(1)}`;
  console.log("");
  console.log(`shatar: +${tally.W} =${tally.D} -${tally.L} of ${results.length}: score ${(mean * 100).toFixed(1)}%, ` +
    `Elo ${fmtElo(e)} (95%: ${fmtElo(lo)} to ${fmtElo(hi)})`);
  console.log(`ends: ${[...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(", ")}`);
  console.log(`per move: shatar ${perMove("shatar")}; Fairy-Stockfish ${perMove("fsf")}`);
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
