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
};

/** The folder each running server serves, by its URL: for tests that copy the site. */
const roots = new Map();
export const servedFrom = (url) => roots.get(url);

export async function serveDist(dir) {
  // Boards on other sites load the module, the wasm and the PGN files across origins
  // (README, "Boards on your club's website").
  const server = await serveFolder(dir, { headers: { "access-control-allow-origin": "*" } });
  roots.set(server.url, resolve(dir));
  return {
    url: server.url,
    close: () => {
      roots.delete(server.url);
      return server.close();
    },
  };
}

/**
 * Serves `dir` on 127.0.0.1 and a free port, with `headers` on every answer; `rewrite(file,
 * body)` may change a file's bytes on the way out.
 */
export async function serveFolder(dir, { headers = {}, rewrite = (_file, body) => body } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    // Refuse anything that normalises outside the folder.
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = rewrite(file, await readFile(file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", ...headers }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}
