//! Start-up: draw the initial position and wake the engine worker.

use shatar_protocol::Request;
use shatar_rules::{Color, Mongolian, Position, Rules};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use crate::model::{board_model, fen_of, status_line};
use crate::{engine_link, svg};

/// Perft 3 of the initial position (42 in the 2017 rules) proves, at every page load, that
/// the worker runs the same rules core as the page; the end-to-end test reads the answer.
const SELF_CHECK_DEPTH: u32 = 3;

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let doc = web_sys::window().and_then(|w| w.document()).ok_or("shatar: no document")?;
    let pos = Position::<Mongolian>::new();
    let bottom = Color::White;

    let board = svg::draw_board(&doc, &board_model(&pos, bottom))?;
    let holder = by_id(&doc, "board")?;
    holder.replace_children_with_node_1(&board);
    holder.set_attribute("data-bottom", bottom.name())?;
    by_id(&doc, "status")?.set_text_content(Some(&status_line(&pos)));
    let fen = fen_of(&pos);
    by_id(&doc, "fen")?.set_text_content(Some(&fen));

    let self_check = Request::Perft { fen, ruleset: Mongolian::RULESET, depth: SELF_CHECK_DEPTH };
    engine_link::start(by_id(&doc, "engine")?, self_check)
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("shatar: index.html has no #{id}")))
}
