//! The page's hand-over from its first build to the one with Xiangqi (see
//! [`crate::carried`]). The first build, asked for a game it leaves out, or finding at
//! start-up that this tab's game is one, steps aside in the same page: it takes its
//! listeners, timers and engine worker down, and starts the other build, handing it the
//! game and the request in memory ([`Handoff`]). Nothing of it goes through storage, so a
//! full storage (or a 6 MB PGN to import) cannot lose it.

use serde::{Deserialize, Serialize};
#[cfg(not(feature = "xiangqi"))]
use wasm_bindgen::prelude::*;
#[cfg(not(feature = "xiangqi"))]
use web_sys::Document;
use web_sys::Window;

use crate::state::HandoffRequest;

/// Where the first build leaves the [`Handoff`] for the other one, on `window`.
const GLOBAL: &str = "shatarHandoff";

/// What the first build hands the build with Xiangqi.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handoff {
    /// The id under which this tab keeps its game ([`super::games`]).
    pub game: String,
    /// The game as saved last, which storage may have refused.
    pub saved: Option<String>,
    /// What the player asked for, to carry out once the game is restored.
    pub request: Option<HandoffRequest>,
}

/// The hand-over the first build left, taken so that it is carried out once.
pub fn take(window: &Window) -> Option<Handoff> {
    let key = wasm_bindgen::JsValue::from_str(GLOBAL);
    let value = js_sys::Reflect::get(window, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(window, &key);
    match serde_json::from_str(&value) {
        Ok(handoff) => Some(handoff),
        Err(e) => {
            web_sys::console::warn_1(&format!("shatar: an unreadable hand-over: {e}").into());
            None
        }
    }
}

#[cfg(not(feature = "xiangqi"))]
#[wasm_bindgen(inline_js = "export function start_module(glue, wasm, key, handoff) {
  window[key] = handoff;
  return import(glue).then((m) => m.default({ module_or_path: wasm }).then(() => {
    // Where Trunk puts the first build's exports (the end-to-end tests' debug hooks).
    window.wasmBindings = m;
  }));
}")]
extern "C" {
    /// Leaves `handoff` on `window[key]`, imports the wasm-bindgen glue at `glue` and
    /// starts its module from `wasm`.
    #[wasm_bindgen(catch)]
    fn start_module(
        glue: &str,
        wasm: &str,
        key: &str,
        handoff: &str,
    ) -> Result<js_sys::Promise, JsValue>;
}

/// The `<meta>` in which scripts/post-build.sh names the build with Xiangqi's glue and
/// wasm, separated by a space.
#[cfg(not(feature = "xiangqi"))]
const FILES_META: &str = "meta[name=shatar-xiangqi-build]";

/// Starts the build with Xiangqi in this page in place of this one, which must already be
/// out of the way. If it cannot be loaded, the page says so.
#[cfg(not(feature = "xiangqi"))]
pub(super) fn give_way(doc: &Document, handoff: &Handoff) -> Result<(), JsValue> {
    let files = doc
        .query_selector(FILES_META)?
        .and_then(|meta| meta.get_attribute("content"))
        .ok_or("shatar: the page does not name its build with Xiangqi")?;
    let (glue, wasm) = files
        .split_once(' ')
        .ok_or("shatar: the Xiangqi build's <meta> names no wasm")?;
    // The board the first build drew goes: the other draws its own.
    if let Some(holder) = doc.get_element_by_id("board") {
        let drawn = holder.query_selector_all(":scope > svg")?;
        for i in 0..drawn.length() {
            if let Some(node) = drawn.item(i) {
                holder.remove_child(&node)?;
            }
        }
    }
    // The glue is imported from the snippet's own folder: the names must be absolute.
    let base = doc.base_uri()?.unwrap_or_default();
    let absolute = |name: &str| web_sys::Url::new_with_base(name, &base).map(|u| u.href());
    let text = serde_json::to_string(handoff).unwrap_or_default();
    let promise = start_module(&absolute(glue)?, &absolute(wasm)?, GLOBAL, &text)?;
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
