//! The engine's Web Worker: answers [`shatar_protocol`] requests off the page's thread.
//!
//! [`handle`] is the whole behaviour and plain Rust; the wasm glue only decodes messages,
//! calls it and posts the reply. Loaded by `www/worker-loader.js`, which initialises the
//! wasm and then calls `run_worker`, so `onmessage` exists only once the wasm does.

mod handle;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use handle::handle;
