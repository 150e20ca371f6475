// A static file server for dist/ on 127.0.0.1 and a free port: enough for the end-to-end
// test, with the MIME types a wasm site needs (application/wasm for streaming compile).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".pgn": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** The folder each running server serves, by its URL: for tests that copy the site. */
const roots = new Map();
export const servedFrom = (url) => roots.get(url);

/** Where a server built with a `csp` option takes its violation reports (`report-uri`). */
export const REPORT_PATH = "/__csp-report";

/** Serves dist/; `csp` as for `serveFolder`. */
export async function serveDist(dir, { csp } = {}) {
  // Boards on other sites load the module, the wasm and the PGN files across origins
  // (docs/clubs.md, docs/hosting.md).
  const server = await serveFolder(dir, { headers: { "access-control-allow-origin": "*" }, csp });
  roots.set(server.url, resolve(dir));
  return {
    url: server.url,
    reports: server.reports,
    close: () => {
      roots.delete(server.url);
      return server.close();
    },
  };
}

/**
 * Serves `dir` on 127.0.0.1 and a free port, with `headers` on every answer; `rewrite(file,
 * body)` may change a file's bytes on the way out. `csp(path)` gives the
 * Content-Security-Policy for the file at `path` (`/embed.html`), or null for none; the
 * server sends it with a `report-uri` of its own, whose reports collect in `reports`.
 */
export async function serveFolder(dir, { headers = {}, rewrite = (_file, body) => body, csp = null } = {}) {
  const root = resolve(dir);
  const reports = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (req.method === "POST" && path === REPORT_PATH) {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        reports.push(JSON.parse(body)["csp-report"] ?? body);
      } catch {
        reports.push(body);
      }
      res.writeHead(204).end();
      return;
    }
    const policy = csp?.(path.endsWith("/") ? `${path}index.html` : path);
    const policyHeader = policy ? { "content-security-policy": `${policy}; report-uri ${REPORT_PATH}` } : {};
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    // Refuse anything that normalises outside the folder.
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = rewrite(file, await readFile(file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", ...headers, ...policyHeader })
        .end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  // A server's close waits for every open socket, and Chromium opens sockets ahead of need:
  // one that never carries a request stays open as long as the browser keeps the page, which
  // held a test for 76 minutes in one CI run. Whoever closes a test server is done with it.
  const close = () => new Promise((ok) => {
    server.close(ok);
    server.closeAllConnections();
  });
  return { url: `http://127.0.0.1:${port}/`, reports, close };
}
