//! The engine worker without Xiangqi (`shatar-worker` without its `xiangqi` feature), the
//! page's first worker, fetched on every load (index.html). `shatar-worker-xiangqi` is the
//! build with every game.
//!
//! Nothing here but the link: `shatar-worker`'s `#[wasm_bindgen]` exports (`run_worker`,
//! `Session`, ...) are exported by any cdylib that links it, and this use makes sure it is
//! linked.

pub use shatar_worker::*;
