//! The page's hand-over from its first build to the one with Xiangqi (see
//! [`crate::carried`]): the first build, asked for a game it leaves out, stores a
//! [`Handoff`] and reloads; at start-up it sees what needs the other build and starts that
//! instead of itself, before anything is drawn. The build with Xiangqi carries the handoff
//! out once it has restored the save.

#[cfg(not(feature = "xiangqi"))]
use wasm_bindgen::prelude::*;
#[cfg(not(feature = "xiangqi"))]
use web_sys::Document;
use web_sys::Window;

use super::effects;
use crate::carried::{HANDOFF_KEY, Handoff};
#[cfg(feature = "xiangqi")]
use crate::state::Msg;

/// Stores `handoff` and reloads the page, which the start-up check then gives to the build
/// that carries its game. The game was saved just before (the effects' order).
pub(super) fn reload_with(window: &Window, handoff: &Handoff) {
    effects::store(window, HANDOFF_KEY, &handoff.encode());
    if let Err(e) = window.location().reload() {
        web_sys::console::error_2(&"shatar: cannot reload the page for Xiangqi".into(), &e);
    }
}

/// The stored handoff's message, taken out of storage so that it is carried out once.
#[cfg(feature = "xiangqi")]
pub(super) fn take(window: &Window) -> Option<Msg> {
    let text = effects::load(window, HANDOFF_KEY)?;
    effects::remove(window, HANDOFF_KEY);
    match Handoff::decode(&text) {
        Ok(handoff) => Some(handoff.into_msg()),
        Err(e) => {
            web_sys::console::warn_1(&format!("shatar: {e}").into());
            None
        }
    }
}

#[cfg(not(feature = "xiangqi"))]
#[wasm_bindgen(inline_js = "export function start_module(glue, wasm) {
  return import(glue).then((m) => m.default({ module_or_path: wasm }).then(() => {
    // Where Trunk puts the first build's exports (the end-to-end tests' debug hooks).
    window.wasmBindings = m;
  }));
}")]
extern "C" {
    /// Imports the wasm-bindgen glue at `glue` and starts its module from `wasm`.
    #[wasm_bindgen(catch)]
    fn start_module(glue: &str, wasm: &str) -> Result<js_sys::Promise, JsValue>;
}

/// The `<meta>` in which scripts/post-build.sh names the build with Xiangqi's glue and
/// wasm, separated by a space.
#[cfg(not(feature = "xiangqi"))]
const FILES_META: &str = "meta[name=shatar-xiangqi-build]";

/// Starts the build with Xiangqi in this page in place of this one. If it cannot be
/// loaded, the page says so and this build stays out of the way too, so that the save is
/// left as it is for a reload.
#[cfg(not(feature = "xiangqi"))]
pub(super) fn give_way(doc: &Document) -> Result<(), JsValue> {
    let files = doc
        .query_selector(FILES_META)?
        .and_then(|meta| meta.get_attribute("content"))
        .ok_or("shatar: the page does not name its build with Xiangqi")?;
    let (glue, wasm) = files
        .split_once(' ')
        .ok_or("shatar: the Xiangqi build's <meta> names no wasm")?;
    // The glue is imported from the snippet's own folder: the names must be absolute.
    let base = doc.base_uri()?.unwrap_or_default();
    let absolute = |name: &str| web_sys::Url::new_with_base(name, &base).map(|u| u.href());
    let promise = start_module(&absolute(glue)?, &absolute(wasm)?)?;
    let doc = doc.clone();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
            web_sys::console::error_2(&"shatar: the build with Xiangqi did not start".into(), &e);
            show_failure(&doc);
        }
    });
    Ok(())
}

/// Before any text of the page's language has arrived: English.
#[cfg(not(feature = "xiangqi"))]
fn show_failure(doc: &Document) {
    let (Some(notice), Some(text)) = (
        doc.get_element_by_id("notice"),
        doc.get_element_by_id("notice-text"),
    ) else {
        return;
    };
    text.set_text_content(Some(
        "Xiangqi could not be loaded. Check the connection and reload the page.",
    ));
    let _ = notice.remove_attribute("hidden");
}
