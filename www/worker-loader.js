// The engine worker's entry point: initialises the wasm, then run_worker installs
// onmessage and posts Ready (the page queues its requests until then). `?build=xiangqi`
// (or SHATAR_BUILD) picks the build with Xiangqi, from this fixed list only. An embed on
// another site loads this from a blob script that sets SHATAR_BASE (and SHATAR_BUILD).
// scripts/post-build.sh writes each build's content-hashed names into the list, then
// names this file by its content too: a page always meets the workers of its own build.
// A block: the glue's top-level names share the global scope.
{
  const BUILDS = {
    "": ["__SHATAR_WORKER_8X8_GLUE__", "__SHATAR_WORKER_8X8_WASM__"],
    xiangqi: ["__SHATAR_WORKER_XIANGQI_GLUE__", "__SHATAR_WORKER_XIANGQI_WASM__"],
  };
  const base = self.SHATAR_BASE ?? "./";
  const wanted = self.SHATAR_BUILD ?? new URLSearchParams(self.location.search).get("build") ?? "";
  if (!Object.hasOwn(BUILDS, wanted)) throw new Error(`no engine build named ${JSON.stringify(String(wanted))}`);
  const [glue, wasm] = BUILDS[wanted];
  importScripts(`${base}${glue}`);
  wasm_bindgen({ module_or_path: `${base}${wasm}` })
    .then(() => wasm_bindgen.run_worker())
    .catch((err) => {
      // Rethrown outside the promise, so that worker.onerror reports it.
      setTimeout(() => { throw err; });
    });
}
