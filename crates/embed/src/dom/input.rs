//! A board's own buttons (a new game, a takeback, the engine again) and its game picker.
//! Each becomes an [`ElementMsg`]; nothing here decides anything. The board itself, the
//! move list, the promotion picker, the board's buttons and the keys that step through a
//! game are the board widget's ([`shatar_web::dom::board_widget`]).

use std::rc::Weak;

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Event, ShadowRoot};

use super::parts::Parts;
use super::{BoardCell, ElementMsg, dispatch};
use crate::viewer::ViewerMsg;
use shatar_web::dom::listen::{Listener, closest_with};
use shatar_web::state::Msg;

/// The element's listeners, on its shadow root: the buttons that are not the board's, and
/// the game picker.
pub(super) fn listen(
    weak: &Weak<BoardCell>,
    root: &ShadowRoot,
    parts: &Parts,
) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let w = weak.clone();
    out.push(Listener::new(root, "click", move |e: Event| {
        if let Some(el) = closest_with(&e, "data-action")
            && let Some(msg) = action(&el.get_attribute("data-action").unwrap_or_default())
        {
            dispatch(&w, msg);
        }
    })?);
    let w = weak.clone();
    out.push(Listener::new(&parts.picker, "change", move |e: Event| {
        let index = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .map(|s| s.selected_index());
        if let Some(index) = index.and_then(|i| usize::try_from(i).ok()) {
            dispatch(&w, ElementMsg::View(ViewerMsg::Pick(index)));
        }
    })?);
    Ok(out)
}

fn action(action: &str) -> Option<ElementMsg> {
    Some(match action {
        "takeback" => ElementMsg::App(Msg::TakeBack),
        "retry-engine" => ElementMsg::App(Msg::RetryEngine),
        "new-game" => ElementMsg::NewGame,
        _ => return None,
    })
}
