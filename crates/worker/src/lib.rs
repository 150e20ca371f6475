//! The engine's Web Worker: answers [`shatar_protocol`] requests off the page's thread,
//! for the 8x8 games and, with the `xiangqi` feature (on by default), Xiangqi. The page's
//! first worker, `shatar-worker-8x8`, is this crate without the feature; the build with it,
//! `shatar-worker-xiangqi`, is started when a Xiangqi game needs the engine.
//!
//! [`Handler`] is the whole behaviour and plain Rust; the wasm glue only decodes messages,
//! calls it and posts the replies. Loaded by `www/worker-loader.js`, which initialises the
//! wasm and then calls `run_worker`, so `onmessage` exists only once the wasm does.
//!
//! # A search cannot be interrupted
//!
//! The search runs synchronously inside the worker's `onmessage`: while it runs, the
//! worker's event loop delivers no further message, so a `stop` request could only be
//! read after the search has ended by itself. The worker therefore has no `stop`
//! message and refuses a search without a limit ([`ErrorKind::Unbounded`]). A page bounds
//! every search with a move time or a clock, and to abandon one early (the player took the
//! move back, left the game) it calls `Worker.terminate()` and starts a new worker: the
//! transposition table is lost, nothing else is, since the page owns the game. (A stop
//! flag in a `SharedArrayBuffer`, set by the page and read by the search, would need a
//! cross-origin-isolated page: COOP/COEP headers the static host must send.)
//!
//! # Node
//!
//! The same crate built with `wasm-bindgen --target nodejs` exports `Session` (the
//! worker's message handler, called directly), `perft`, `bench` and `describe_error`, for
//! `scripts/bench-wasm.sh` and the match harness `scripts/match-fsf.sh`.
//!
//! [`ErrorKind::Unbounded`]: shatar_protocol::ErrorKind::Unbounded

mod handle;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use handle::{Handler, MAX_WORKER_HASH_MB};
/// Re-exported for the browser tests (`tests/browser.rs`), which drive the worker's JS
/// boundary from outside the crate.
#[cfg(target_arch = "wasm32")]
pub use wasm::Session;
