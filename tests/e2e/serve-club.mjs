// The demo club's site (tests/club/) on its own port, so its boards come from another
// origin, as on a real club's site. `{{SHATAR}}` in its pages becomes the Shatar site's
// address.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".pgn": "text/plain; charset=utf-8" };

export async function serveClub(dir, shatarUrl) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let body = await readFile(file);
      if (extname(file) === ".html") {
        body = body.toString("utf8").replaceAll("{{SHATAR}}", shatarUrl).replaceAll("{{SHATAR_ORIGIN}}", new URL(shatarUrl).origin);
      }
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}
