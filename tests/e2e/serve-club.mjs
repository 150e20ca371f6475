// The demo club's site (tests/club/) on its own port, so its boards come from another
// origin, as on a real club's site. `{{SHATAR}}` in its pages becomes the Shatar site's
// address, `{{SHATAR_ORIGIN}}` its origin.
import { extname } from "node:path";

import { serveFolder } from "./serve-dist.mjs";

export function serveClub(dir, shatarUrl) {
  const rewrite = (file, body) => extname(file) !== ".html" ? body : body.toString("utf8")
    .replaceAll("{{SHATAR}}", shatarUrl)
    .replaceAll("{{SHATAR_ORIGIN}}", new URL(shatarUrl).origin);
  return serveFolder(dir, { rewrite });
}
