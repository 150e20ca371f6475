// The engine worker's entry point. Trunk's generated loader uses a deprecated init form;
// this one initialises the wasm, and only then installs onmessage (run_worker), which
// posts Ready: the page queues its requests until then.
importScripts("./shatar-worker.js");
wasm_bindgen({ module_or_path: "./shatar-worker_bg.wasm" })
  .then(() => wasm_bindgen.run_worker())
  .catch((err) => {
    // A rejected promise is not an error event: rethrow outside it so the page's
    // worker.onerror reports it instead of waiting for Ready forever.
    setTimeout(() => { throw err; });
  });
