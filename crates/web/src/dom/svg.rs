//! The SVG drawing shared by the board of every game ([`super::board`]) and Xiangqi's own
//! lines and symbols ([`super::xiangqi_board`]).

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
/// One cell is 100 user units; the glyphs are drawn in that box.
pub(super) const CELL: f64 = 100.0;

/// Where the cells sit in the picture: their offset, and the picture's size with room for
/// the coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Frame {
    pub dx: f64,
    pub dy: f64,
    pub width: f64,
    pub height: f64,
}

pub(super) fn svg(doc: &Document, tag: &str, attrs: &[(&str, &str)]) -> Result<Element, JsValue> {
    let el = doc.create_element_ns(Some(SVG_NS), tag)?;
    for (name, value) in attrs {
        el.set_attribute(name, value)?;
    }
    Ok(el)
}

pub(super) fn add(parent: &Element, child: &Element) -> Result<(), JsValue> {
    parent.append_child(child).map(drop)
}

pub(super) fn svg_el(doc: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    svg(doc, tag, &[("class", class), ("aria-hidden", "true")])
}
