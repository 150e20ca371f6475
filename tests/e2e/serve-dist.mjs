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
};

/** The folder each running server serves, by its URL: for tests that copy the site. */
const roots = new Map();
export const servedFrom = (url) => roots.get(url);

export async function serveDist(dir) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    // Refuse anything that normalises outside dist/.
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      // Boards on other sites load the module, the wasm and the PGN files across origins
      // (README, "Boards on your club's website").
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "access-control-allow-origin": "*",
      }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}/`;
  roots.set(url, root);
  return {
    url,
    close: () => {
      roots.delete(url);
      return new Promise((ok) => server.close(ok));
    },
  };
}
