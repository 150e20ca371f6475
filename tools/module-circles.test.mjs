// Tests of tools/module-circles.mjs on the small crates in tools/fixtures/module-circles/.
//   node --test tools/module-circles.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { findCircles, graph, modules } from "./module-circles.mjs";

const fixture = (name) => fileURLToPath(new URL(`fixtures/module-circles/${name}`, import.meta.url));
const checker = fileURLToPath(new URL("module-circles.mjs", import.meta.url));

test("a circle through an imported module's name is found", () => {
  // pgn reaches xiangqi::pgn only as `xiangqi::pgn::MoveError` after `use crate::xiangqi`.
  assert.deepEqual(findCircles(fixture("imported")), ["pgn <-> xiangqi::pgn"]);
});

test("`use path::{self, X}` binds the module's name", () => {
  const g = graph(modules(fixture("imported")));
  assert.deepEqual(g.get("xiangqi::pgn"), ["pgn"]);
});

test("a parent and its submodules are not a circle", () => {
  assert.deepEqual(findCircles(fixture("family")), []);
  // The sibling imported through the parent still counts as an edge, just not a circle.
  assert.deepEqual(graph(modules(fixture("family"))).get("a::c"), ["a::b"]);
});

test("a re-export is followed to the module that defines the item", () => {
  assert.deepEqual(findCircles(fixture("reexport")), ["game <-> record"]);
});

test("a glob import brings its module's names into scope", () => {
  assert.deepEqual(findCircles(fixture("glob")), ["clock <-> games::tags"]);
});

test("the command fails on a circle and passes when it is allowed", () => {
  const run = (...args) => spawnSync(process.execPath, [checker, ...args], { encoding: "utf8" });
  const found = run(fixture("imported"), fixture("family"));
  assert.equal(found.status, 1);
  assert.match(found.stdout, /circle: pgn <-> xiangqi::pgn/);
  assert.match(found.stdout, /1 module circle\(s\)/);
  const allowed = run("--allow", "pgn <-> xiangqi::pgn", fixture("imported"));
  assert.equal(allowed.status, 0);
  assert.match(allowed.stdout, /allowed: pgn <-> xiangqi::pgn/);
  assert.equal(run(fixture("family")).stdout.trim(), "no module circles");
});
