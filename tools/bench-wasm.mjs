// Runs perft on the wasm build of the rules core (see scripts/bench-wasm.sh) and prints
// nodes, seconds and nodes/s per position: the median of RUNS runs, so one slow run (a
// GC pause, the other core busy) does not set the figure. Then runs the engine's search
// benches (the 8x8 games' and Xiangqi's) in wasm and, given the native bench binary,
// natively too, alternating the two so that a change in the machine's load hits both
// alike; each bench's node counts (the search's signature) must be equal, and the speed
// ratio is printed.
// Usage: node tools/bench-wasm.mjs <wasm-bindgen nodejs glue> <perft file> [runs] [native search bench]
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

// The rule of the native bench (crates/cli/src/bench.rs): every record of the suite, at
// its deepest depth with at most this many nodes.
const NODE_BUDGET = 16_000_000;

const [glue, perftFile, runsArg, nativeBench] = process.argv.slice(2);
if (!glue || !perftFile) {
  console.error("usage: node tools/bench-wasm.mjs <glue.js> <file.perft> [runs] [native search bench binary]");
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const wasm = createRequire(import.meta.url)(resolve(glue));

// The .perft format: "id NAME", "epd FEN", "perft DEPTH NODES" lines; '#' comments.
function readPerft(text) {
  const records = new Map();
  let current = null;
  for (const line of text.split("\n")) {
    const [key, ...rest] = line.trim().split(/\s+/);
    if (key === "id") records.set(rest[0], (current = { epd: "", counts: new Map() }));
    else if (key === "epd" && current) current.epd = rest.join(" ");
    else if (key === "perft" && current) current.counts.set(Number(rest[0]), Number(rest[1]));
  }
  return records;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const records = readPerft(readFileSync(perftFile, "utf8"));
const fmt = (n) => Math.round(n).toLocaleString("en-US");

let failed = false;
let totalNodes = 0;
let totalSeconds = 0;
console.log(`wasm perft, median of ${runs} run(s), node ${process.version}`);
console.log("position          depth        nodes   seconds        nodes/s");
for (const [id, record] of records) {
  const depths = [...record.counts].filter(([, n]) => n <= NODE_BUDGET).map(([d]) => d);
  if (depths.length === 0) continue;
  const depth = Math.max(...depths);
  const seconds = [];
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    nodes = wasm.perft(record.epd, "mongolian", depth);
    seconds.push((performance.now() - start) / 1000);
  }
  const expected = record.counts.get(depth);
  const mark = nodes === expected ? "" : `  WRONG: expected ${expected}`;
  failed ||= mark !== "";
  const s = median(seconds);
  totalNodes += nodes;
  totalSeconds += s;
  console.log(`${id.padEnd(16)} ${String(depth).padStart(6)} ${fmt(nodes).padStart(12)} ${s.toFixed(3).padStart(9)} ${fmt(nodes / s).padStart(14)}${mark}`);
}
console.log(`${"total".padEnd(16)} ${"".padStart(6)} ${fmt(totalNodes).padStart(12)} ${totalSeconds.toFixed(3).padStart(9)} ${fmt(totalNodes / totalSeconds).padStart(14)}`);

// The search benches (the 8x8 games', then Xiangqi's): the engine's fixed positions at
// their fixed depth, from a fresh engine. Figures are {depth, nodes, time_ms} from both
// builds.
const SPEED_GOAL = 0.6; // the goal: wasm at least 60% as fast as native
for (const game of [
  { name: "search bench", wasm: () => wasm.bench(), nativeArgs: [] },
  { name: "xiangqi search bench", wasm: () => wasm.bench_xiangqi(), nativeArgs: ["--xiangqi"] },
]) {
  const searchRuns = { native: [], wasm: [] };
  for (let i = 0; i < runs; i++) {
    if (nativeBench) {
      searchRuns.native.push(JSON.parse(execFileSync(nativeBench, game.nativeArgs, { encoding: "utf8" })));
    }
    searchRuns.wasm.push(game.wasm());
  }
  console.log(`\n${game.name}, depth ${searchRuns.wasm[0].depth}, median of ${runs} run(s)`);
  console.log("build        nodes (signature)        ms        nodes/s");
  const nps = {};
  for (const [build, figures] of Object.entries(searchRuns)) {
    if (figures.length === 0) continue;
    const signatures = new Set(figures.map((f) => f.nodes));
    if (signatures.size !== 1) {
      console.log(`${build}: the node count changed between runs (${[...signatures].join(", ")}): the search is not deterministic`);
      failed = true;
    }
    const ms = median(figures.map((f) => f.time_ms));
    nps[build] = (figures[0].nodes * 1000) / ms;
    console.log(`${build.padEnd(8)} ${fmt(figures[0].nodes).padStart(21)} ${ms.toFixed(0).padStart(9)} ${fmt(nps[build]).padStart(14)}`);
  }
  if (nativeBench) {
    const [w, n] = [searchRuns.wasm[0], searchRuns.native[0]];
    if (w.nodes !== n.nodes || w.depth !== n.depth) {
      console.log(`SIGNATURE MISMATCH: wasm searched ${w.nodes} nodes at depth ${w.depth}, native ${n.nodes} at depth ${n.depth}`);
      failed = true;
    } else {
      console.log(`signature ${w.nodes}: wasm and native search alike`);
    }
    const ratio = nps.wasm / nps.native;
    const note = ratio >= SPEED_GOAL ? "" : ` (below the ${SPEED_GOAL * 100}% goal; one run on a busy machine says little)`;
    console.log(`wasm/native search speed: ${(ratio * 100).toFixed(0)}%${note}`);
  }
}
process.exit(failed ? 1 : 0);
