// Module import circles in the crates: which modules of each crate's src/ refer to each
// other, and the strongly connected groups of two or more, leaving out a parent and its own
// submodules. Exits 1 when a circle is found that is not listed with --allow "a <-> b".
//
//   node tools/module-circles.mjs [--allow "a::b <-> a::c"]... crates/*/src
//
// A reference is a path that names a module of the crate: `crate::`, `super::` and `self::`
// paths, and paths that start with a name the module has in scope, a child module or a name
// it imported (`use crate::xiangqi; ... xiangqi::pgn::X`, `use super::pgn::{self, Y}`). Names
// are followed through other modules' imports and re-exports (`pub use`), so `use crate::X`
// counts against the module where X is defined, not the root that re-exports it: a circle
// hidden behind a re-export or an imported module's name is still a circle. Comments are left
// out; `use` inside a function counts as the module's own (the dependency is the module's).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

export function modules(src) {
  const mods = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".rs")) {
        let parts = relative(src, path).slice(0, -3).split(sep);
        if (parts.at(-1) === "mod") parts = parts.slice(0, -1);
        if (parts.length === 1 && (parts[0] === "lib" || parts[0] === "main")) parts = [];
        const text = readFileSync(path, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/\/\/[^\n]*/g, "");
        mods.set(parts.join("::"), text);
      }
    }
  };
  walk(src);
  return mods;
}

// The leaves of a use tree, as [path segments, the name bound] (name "*" for a glob, null for
// `as _`): `a::{self, b::c as d, e::*}` gives [a] a, [a, b, c] d, [a, e] *.
function useLeaves(tree) {
  const out = [];
  const walk = (prefix, t) => {
    t = t.trim().replace(/^::/, "");
    if (!t) return;
    const brace = t.indexOf("{");
    if (brace >= 0) {
      const head = t.slice(0, brace).replace(/::\s*$/, "").trim();
      const inner = t.slice(brace + 1, t.lastIndexOf("}"));
      const base = head ? [...prefix, ...head.split("::").map((s) => s.trim())] : prefix;
      let depth = 0, start = 0;
      for (let k = 0; k <= inner.length; k++) {
        const c = inner[k];
        if (c === "{") depth++;
        else if (c === "}") depth--;
        else if ((c === "," && depth === 0) || k === inner.length) {
          walk(base, inner.slice(start, k));
          start = k + 1;
        }
      }
      return;
    }
    const [path, alias] = t.split(/\s+as\s+/);
    const segs = path.split("::").map((s) => s.trim()).filter(Boolean);
    if (segs.at(-1) === "self") {
      segs.pop();
      const full = [...prefix, ...segs];
      out.push([full, alias ? alias.trim() : full.at(-1)]);
    } else {
      const full = [...prefix, ...segs];
      const name = alias ? alias.trim() : full.at(-1);
      out.push([full, name === "_" ? null : name]);
    }
  };
  walk([], tree);
  return out.filter(([segs]) => segs.length > 0);
}

export function graph(mods) {
  const names = new Set(mods.keys());
  const join2 = (parts) => parts.join("::");
  const split = (name) => (name ? name.split("::") : []);
  // Each module's bindings from `use`: name -> segments as written; and its globs.
  const binds = new Map(), globs = new Map(), leaves = new Map();
  for (const [name, text] of mods) {
    const b = new Map(), g = [], all = [];
    for (const m of text.matchAll(/(?<![\w$])use\s+([^;]+);/g)) {
      for (const [segs, bound] of useLeaves(m[1])) {
        all.push(segs);
        if (bound === "*") g.push(segs.slice(0, -1));
        else if (bound) b.set(bound, segs);
      }
    }
    binds.set(name, b); globs.set(name, g); leaves.set(name, all);
  }

  // Where a path written in module `ctx` leads: the deepest module it reaches, following
  // imports and re-exports; null when it leaves the crate (std, another crate) or names
  // nothing known. `seen` stops a chain of imports that loops.
  const resolvePath = (ctx, segs, seen = new Set()) => {
    if (segs.length === 0) return null;
    let cur;
    let rest = segs;
    const [head] = segs;
    if (head === "crate" || head === "$crate") { cur = []; rest = segs.slice(1); }
    else if (head === "self") { cur = split(ctx); rest = segs.slice(1); }
    else if (head === "super") {
      cur = split(ctx);
      while (rest[0] === "super") { cur = cur.slice(0, -1); rest = rest.slice(1); }
    } else {
      const found = lookup(ctx, head, seen);
      if (found === null) return null;
      cur = found; rest = segs.slice(1);
    }
    for (const seg of rest) {
      const child = join2([...cur, seg]);
      if (names.has(child)) { cur = [...cur, seg]; continue; }
      // A name the module reached imports or re-exports: follow it to where it is defined
      // (a module, or the module of an item, whose own names the next segment may follow).
      const through = lookup(join2(cur), seg, seen, false);
      if (through === null) break;
      cur = through;
    }
    return cur;
  };
  // A name in module ctx's scope: a child module, an import, or one of its globs' names.
  // (With `children` false, a module's own child was already tried by the caller.)
  function lookup(ctx, name, seen, children = true) {
    const key = `${ctx}|${name}`;
    if (seen.has(key)) return null;
    seen = new Set(seen).add(key);
    const here = split(ctx);
    if (children && names.has(join2([...here, name]))) return [...here, name];
    const bound = binds.get(ctx)?.get(name);
    if (bound) return resolvePath(ctx, bound, seen);
    for (const g of globs.get(ctx) ?? []) {
      const base = resolvePath(ctx, g, seen);
      if (base === null) continue;
      const child = join2([...base, name]);
      if (names.has(child)) return [...base, name];
      const through = lookup(join2(base), name, seen, false);
      if (through !== null) return through;
    }
    return null;
  }

  const out = new Map();
  for (const [name, text] of mods) {
    const refs = new Set();
    const add = (segs) => {
      const found = resolvePath(name, segs);
      if (found !== null) refs.add(join2(found));
    };
    for (const segs of leaves.get(name)) add(segs);
    for (const g of globs.get(name)) add(g);
    // Paths in the code: a name followed by `::`, not itself the tail of a longer path.
    for (const m of text.matchAll(/(?<![\w:$])(\$?\w+)((?:\s*::\s*\w+)+)/g)) {
      const segs = [m[1], ...m[2].split("::").map((s) => s.trim()).filter(Boolean)];
      add(segs);
    }
    refs.delete(name);
    out.set(name, [...refs].filter((r) => !related(name, r)));
  }
  return out;
}

const related = (a, b) => a === "" || b === "" || a.startsWith(`${b}::`) || b.startsWith(`${a}::`);

export function circles(g) {
  let i = 0;
  const index = new Map(), low = new Map(), stack = [], on = new Set(), found = [];
  const visit = (v) => {
    index.set(v, i); low.set(v, i); i++; stack.push(v); on.add(v);
    for (const w of g.get(v) ?? []) {
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
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found.sort();
}

export const findCircles = (src) => circles(graph(modules(src)));

function main(args) {
  const allowed = new Set();
  const srcs = [];
  for (let k = 0; k < args.length; k++) {
    if (args[k] === "--allow") allowed.add(args[++k]);
    else srcs.push(args[k]);
  }
  let bad = 0;
  for (const src of srcs) {
    for (const circle of findCircles(src)) {
      const ok = allowed.has(circle);
      if (!ok) bad++;
      console.log(`${src}: ${ok ? "allowed" : "circle"}: ${circle}`);
    }
  }
  console.log(bad === 0 ? "no module circles" : `${bad} module circle(s)`);
  return bad === 0 ? 0 : 1;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  process.exit(main(process.argv.slice(2)));
}
