//! Where a drawing is made: the page's DOM (`dom::svg`, web-sys) or, natively, [`Markup`],
//! which writes the same elements as HTML text. The board's first drawing
//! ([`super::board_svg`]) is written once against [`Canvas`], so the board a built page
//! carries before its WebAssembly arrives (`examples/static_board.rs`) is the one the page
//! then builds itself.

use std::fmt::Write as _;

/// What a drawing needs of the place it is drawn in: elements with attributes, text, and
/// children appended in order.
pub trait Canvas {
    type Node: Clone;
    type Error;
    fn element(&mut self, tag: &str, attrs: &[(&str, &str)]) -> Result<Self::Node, Self::Error>;
    fn set_text(&mut self, node: &Self::Node, text: &str) -> Result<(), Self::Error>;
    fn append(&mut self, parent: &Self::Node, child: &Self::Node) -> Result<(), Self::Error>;
}

/// Elements kept as a tree of text, written out as the browser writes an element's
/// `outerHTML`: every element closed by its end tag, attributes in the order they were set.
#[derive(Debug, Default)]
pub struct Markup {
    nodes: Vec<Element>,
}

#[derive(Debug)]
struct Element {
    tag: String,
    attrs: Vec<(String, String)>,
    children: Vec<Child>,
}

#[derive(Debug)]
enum Child {
    Text(String),
    Element(usize),
}

impl Canvas for Markup {
    /// The element's place in the tree.
    type Node = usize;
    /// Only what a drawing itself refuses (a piece this build does not draw).
    type Error = &'static str;

    fn element(&mut self, tag: &str, attrs: &[(&str, &str)]) -> Result<usize, &'static str> {
        self.nodes.push(Element {
            tag: tag.to_string(),
            attrs: attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            children: Vec::new(),
        });
        Ok(self.nodes.len() - 1)
    }

    /// Replaces the element's children with the text, as `textContent` does.
    fn set_text(&mut self, node: &usize, text: &str) -> Result<(), &'static str> {
        self.nodes[*node].children = vec![Child::Text(text.to_string())];
        Ok(())
    }

    fn append(&mut self, parent: &usize, child: &usize) -> Result<(), &'static str> {
        self.nodes[*parent].children.push(Child::Element(*child));
        Ok(())
    }
}

impl Markup {
    /// The element `node` and everything in it, as HTML.
    pub fn html(&self, node: usize) -> String {
        let mut out = String::new();
        self.write(node, &mut out);
        out
    }

    fn write(&self, node: usize, out: &mut String) {
        let element = &self.nodes[node];
        out.push('<');
        out.push_str(&element.tag);
        for (name, value) in &element.attrs {
            let _ = write!(out, " {name}=\"{}\"", escape(value, true));
        }
        out.push('>');
        for child in &element.children {
            match child {
                Child::Text(text) => out.push_str(&escape(text, false)),
                Child::Element(child) => self.write(*child, out),
            }
        }
        let _ = write!(out, "</{}>", element.tag);
    }
}

/// HTML's escaping of text and attribute values (the HTML standard's fragment
/// serialisation): `&`, no-break spaces, and `<` `>`; `"` in attributes.
fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\u{a0}' => out.push_str("&nbsp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_elements_in_order_with_text_escaped() {
        let mut m = Markup::default();
        let svg = m.element("svg", &[("class", "a\"b"), ("x", "1")]).unwrap();
        let t = m.element("text", &[]).unwrap();
        m.set_text(&t, "K & <Q>").unwrap();
        let r = m.element("rect", &[("width", "<2>")]).unwrap();
        m.append(&svg, &t).unwrap();
        m.append(&svg, &r).unwrap();
        assert_eq!(
            m.html(svg),
            "<svg class=\"a&quot;b\" x=\"1\"><text>K &amp; &lt;Q&gt;</text><rect width=\"&lt;2&gt;\"></rect></svg>"
        );
    }
}
