// The demo club's site (tests/club/) on its own port, so its boards come from another
// origin, as on a real club's site. `{{SHATAR}}` in its pages becomes the Shatar site's
// address, `{{SHATAR_ORIGIN}}` its origin. With `csp`, its pages are sent with that
// Content-Security-Policy, `https://shatar.example` in it standing for the Shatar site's
// origin, as docs/hosting.md writes it.
import { extname } from "node:path";

import { serveFolder } from "./serve-dist.mjs";

export function serveClub(dir, shatarUrl, { csp = null } = {}) {
  const origin = new URL(shatarUrl).origin;
  const rewrite = (file, body) => extname(file) !== ".html" ? body : body.toString("utf8")
    .replaceAll("{{SHATAR}}", shatarUrl)
    .replaceAll("{{SHATAR_ORIGIN}}", origin);
  const policy = csp && ((path) => path.endsWith(".html") ? csp.replaceAll("https://shatar.example", origin) : null);
  return serveFolder(dir, { rewrite, csp: policy });
}
