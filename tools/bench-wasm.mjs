// Runs perft on the wasm build of the rules core (see scripts/bench-wasm.sh) and prints
// nodes, seconds and nodes/s per position: the median of RUNS runs, so one slow run (a
// GC pause, the other core busy) does not set the figure.
// Usage: node tools/bench-wasm.mjs <wasm-bindgen nodejs glue> <perft file> [runs]
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

// The rule of the native bench (crates/cli/src/bench.rs): every record of the suite, at
// its deepest depth with at most this many nodes.
const NODE_BUDGET = 16_000_000;

const [glue, perftFile, runsArg] = process.argv.slice(2);
if (!glue || !perftFile) {
  console.error("usage: node tools/bench-wasm.mjs <glue.js> <file.perft> [runs]");
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
process.exit(failed ? 1 : 0);
