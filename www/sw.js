// The service worker: the site works offline once visited, and a new version waits until
// the page asks for it (crates/web/src/dom/service_worker.rs shows the prompt), so a game
// is never switched from under the player. Plain JS: the platform runs no wasm here first.
//
// scripts/post-build.sh fills in the values below from the finished build: every file of
// dist/ but this one, those among them named by their content, and a hash of their
// contents. So a new build always changes this file's bytes, which is what makes the
// browser install it as a new version.
const VERSION = "__SHATAR_VERSION__";
const PRECACHE = /* __SHATAR_PRECACHE__ */ [];
// A new build gives these new names, so a cached copy is always the right one. The others
// (pages, shatar-board.js, the manifest, icons, fonts) keep their names from build to build:
// they are asked of the server first, so that a reload after a deploy never pairs a new
// page with an old file.
const HASHED = new Set(/* __SHATAR_HASHED__ */ []);

const PREFIX = "shatar-";
const CACHE = `${PREFIX}${VERSION}`;
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  // No skipWaiting here: the new version waits for the page's word.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    // Checked with the server: an HTTP cache may hold the last build's files of fixed names,
    // which must not be mixed with this build's.
    cache.addAll(PRECACHE.map((path) => new Request(new URL(path, scope), { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, url));
    return;
  }
  const path = url.pathname.startsWith(scope.pathname) ? url.pathname.slice(scope.pathname.length) : null;
  event.respondWith(HASHED.has(path) ? cacheFirst(request, url) : revalidate(request, url));
});

async function cacheFirst(request, url) {
  const hit = await (await caches.open(CACHE)).match(request, { ignoreSearch: true });
  return hit ? asRequested(hit, url) : fetch(request);
}

// From the server, past any HTTP cache (a 304 costs little); the cached copy only offline.
async function revalidate(request, url) {
  try {
    return await fetch(request, { cache: "no-cache" });
  } catch (offline) {
    const hit = await (await caches.open(CACHE)).match(request, { ignoreSearch: true });
    if (hit) return asRequested(hit, url);
    throw offline;
  }
}

// A copy of a cached file for an address with a query (`worker-loader.js?build=xiangqi`)
// must keep that address: a worker's script reads its query from its own location, which
// is the response's URL, and the cached response's URL has no query. A new Response has
// none, so the browser gives it the request's.
function asRequested(hit, url) {
  if (!url.search || hit.url === url.href) return hit;
  return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
}

// Pages come from the network while there is one, so a visit sees the newest site; offline,
// the page asked for from the cache, and the app's page when it has no copy of that one.
async function navigate(request, url) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const page = url.pathname.endsWith("/") ? new URL("index.html", url) : url;
    return (await cache.match(page, { ignoreSearch: true }))
      ?? (await cache.match(new URL("index.html", scope)))
      ?? Response.error();
  }
}
