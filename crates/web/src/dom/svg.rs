//! The SVG drawing shared by the board of every game ([`super::board`]) and Xiangqi's own
//! lines and symbols ([`super::xiangqi_board`]).

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::view::canvas::Canvas;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// The page's DOM as a place to draw in: the board's first drawing
/// ([`crate::view::board_svg`]) is the same code natively.
impl Canvas for Document {
    type Node = Element;
    type Error = JsValue;

    fn element(&mut self, tag: &str, attrs: &[(&str, &str)]) -> Result<Element, JsValue> {
        svg(self, tag, attrs)
    }

    fn set_text(&mut self, node: &Element, text: &str) -> Result<(), JsValue> {
        node.set_text_content(Some(text));
        Ok(())
    }

    fn append(&mut self, parent: &Element, child: &Element) -> Result<(), JsValue> {
        add(parent, child)
    }
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
