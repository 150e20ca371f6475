//! The page's first build: `shatar-web` with its `app` feature and without `xiangqi`, as a
//! cdylib of its own (index.html). It hands the page over to `shatar-page-xiangqi` when
//! Xiangqi is played (`shatar_web::carried`).
//!
//! Nothing here but the link: `shatar-web`'s `#[wasm_bindgen]` exports, its start function
//! among them, are exported by any cdylib that links it, and this use makes sure it is
//! linked.

pub use shatar_web::*;
