// The engine worker's entry point. Trunk's generated loader uses a deprecated init form;
// this one initialises the wasm, and only then installs onmessage (run_worker), which
// posts Ready: the page queues its requests until then.
//
// Two builds of the worker (index.html): `shatar-worker`, the 8x8 games only, which the
// page starts with, and `shatar-worker-xiangqi`, which adds Xiangqi and is fetched only
// when Xiangqi is played (`worker-loader.js?build=xiangqi`; crates/web's engine_client).
// The build is looked up in this fixed list, never put into a URL as given.
//
// A board embedded on another site starts the worker from a small blob script (a worker
// must be same-origin with its page) that sets SHATAR_BASE to this site's address first,
// and SHATAR_BUILD to the build's name, since a blob's URL has no query.
// A block: the glue's top-level names and these share the worker's global scope.
{
  const BUILDS = { "": "shatar-worker", xiangqi: "shatar-worker-xiangqi" };
  const base = self.SHATAR_BASE ?? "./";
  const wanted = self.SHATAR_BUILD ?? new URLSearchParams(self.location.search).get("build") ?? "";
  if (!Object.hasOwn(BUILDS, wanted)) throw new Error(`no engine build named ${JSON.stringify(String(wanted))}`);
  const build = BUILDS[wanted];
  importScripts(`${base}${build}.js`);
  wasm_bindgen({ module_or_path: `${base}${build}_bg.wasm` })
    .then(() => wasm_bindgen.run_worker())
    .catch((err) => {
      // A rejected promise is not an error event: rethrow outside it so the page's
      // worker.onerror reports it instead of waiting for Ready forever.
      setTimeout(() => { throw err; });
    });
}
