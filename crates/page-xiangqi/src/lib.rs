//! The page with Xiangqi (`shatar-web` and its `xiangqi` feature) under a name of its own,
//! built beside the page's first build (`shatar-page`), which leaves Xiangqi out to keep the 8x8 games'
//! download small. The first build hands the page over to this one when a Xiangqi game is
//! started, imported or restored (`shatar_web::carried`).
//!
//! Nothing here but the link: `shatar-web`'s `#[wasm_bindgen]` exports, its start function
//! among them, are exported by any cdylib that links it, and this use makes sure it is
//! linked.

pub use shatar_web::*;
