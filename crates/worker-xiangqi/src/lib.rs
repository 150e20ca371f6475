//! The engine worker with Xiangqi (`shatar-worker` and its `xiangqi` feature) under a name
//! of its own, so that Trunk builds it beside the page's first worker, which leaves
//! Xiangqi out to keep the 8x8 games' download small (index.html). The page fetches this
//! build only when a Xiangqi game needs the engine (`shatar_web::engine_client`), through
//! `worker-loader.js?build=xiangqi`.
//!
//! Nothing here but the link: `shatar-worker`'s `#[wasm_bindgen]` exports (`run_worker`,
//! `Session`, ...) are exported by any cdylib that links it, and this use makes sure it is
//! linked.

pub use shatar_worker::*;
