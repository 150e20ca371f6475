// Module import circles in the crates: which modules of each crate's src/ refer to each
// other (crate:: and super:: paths, comments left out), and the strongly connected groups
// of two or more, leaving out a parent and its own submodules. Exits 1 when a circle is
// found that is not listed with --allow "a <-> b".
//
//   node tools/module-circles.mjs [--allow "arena::player <-> arena::uci_player"]... crates/*/src
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

function modules(src) {
  const mods = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".rs")) {
        let parts = relative(src, path).slice(0, -3).split(sep);
        if (parts.at(-1) === "mod") parts = parts.slice(0, -1);
        if (parts.length === 1 && (parts[0] === "lib" || parts[0] === "main")) parts = [];
        mods.set(parts.join("::"), readFileSync(path, "utf8").replace(/\/\/[^\n]*/g, ""));
      }
    }
  };
  walk(src);
  return mods;
}

function refs(name, text, names) {
  const out = new Set();
  const parts = name ? name.split("::") : [];
  const base = (head) => {
    if (head === "crate") return [];
    const n = head.split("::").length;
    return n <= parts.length ? parts.slice(0, parts.length - n) : [];
  };
  const longest = (path) => {
    for (let k = path.length; k > 0; k--) {
      const cand = path.slice(0, k).join("::");
      if (names.has(cand)) return cand;
    }
    return null;
  };
  for (const m of text.matchAll(/\b(crate|super(?:::super)*)((?:::\w+)+)/g)) {
    const found = longest([...base(m[1]), ...m[2].replace(/^::/, "").split("::")]);
    if (found !== null) out.add(found);
  }
  for (const m of text.matchAll(/\b(crate|super)::\{([^}]*)\}/g)) {
    for (const item of m[2].split(",")) {
      const found = longest([...base(m[1]), item.trim().split("::")[0].trim()]);
      if (found !== null) out.add(found);
    }
  }
  out.delete(name);
  return out;
}

const related = (a, b) => a === "" || b === "" || a.startsWith(`${b}::`) || b.startsWith(`${a}::`);

function circles(graph) {
  let i = 0;
  const index = new Map(), low = new Map(), stack = [], on = new Set(), found = [];
  const visit = (v) => {
    index.set(v, i); low.set(v, i); i++; stack.push(v); on.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do { w = stack.pop(); on.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1) found.push(group.sort().join(" <-> "));
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const args = process.argv.slice(2);
const allowed = new Set();
const srcs = [];
for (let k = 0; k < args.length; k++) {
  if (args[k] === "--allow") allowed.add(args[++k]);
  else srcs.push(args[k]);
}
let bad = 0;
for (const src of srcs) {
  const mods = modules(src);
  const names = new Set(mods.keys());
  const graph = new Map([...mods].map(([n, t]) => [n, [...refs(n, t, names)].filter((r) => !related(n, r))]));
  for (const circle of circles(graph)) {
    const ok = allowed.has(circle);
    if (!ok) bad++;
    console.log(`${src}: ${ok ? "allowed" : "circle"}: ${circle}`);
  }
}
console.log(bad === 0 ? "no module circles" : `${bad} module circle(s)`);
process.exit(bad === 0 ? 0 : 1);
