// The engine worker's entry point. Trunk's generated loader uses a deprecated init form;
// this one initialises the wasm, and only then installs onmessage (run_worker), which
// posts Ready: the page queues its requests until then.
//
// A board embedded on another site starts the worker from a small blob script (a worker
// must be same-origin with its page) that sets SHATAR_BASE to this site's address first.
const base = self.SHATAR_BASE ?? "./";
importScripts(`${base}shatar-worker.js`);
wasm_bindgen({ module_or_path: `${base}shatar-worker_bg.wasm` })
  .then(() => wasm_bindgen.run_worker())
  .catch((err) => {
    // A rejected promise is not an error event: rethrow outside it so the page's
    // worker.onerror reports it instead of waiting for Ready forever.
    setTimeout(() => { throw err; });
  });
