// The page <-> worker protocol's version, read from where it is written once:
// crates/protocol/src/messages.rs (`PROTOCOL_VERSION`). For the scripts that speak to the
// worker directly (tests/e2e, match-fsf.mjs), so that none keeps a copy of the number.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const source = resolve(dirname(fileURLToPath(import.meta.url)), "../crates/protocol/src/messages.rs");
const found = readFileSync(source, "utf8").match(/pub const PROTOCOL_VERSION: u32 = (\d+);/);
if (!found) throw new Error(`${source}: no PROTOCOL_VERSION`);

export const PROTOCOL_VERSION = Number(found[1]);
