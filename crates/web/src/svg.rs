//! The board as SVG, built node by node (`createElementNS`, text through `textContent`),
//! never from markup strings.

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::model::SquareView;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
/// One square is 100 user units; the margin holds the coordinates (left and bottom).
const SQ: u32 = 100;
const MARGIN: u32 = 40;

fn svg(doc: &Document, tag: &str, attrs: &[(&str, &str)]) -> Result<Element, JsValue> {
    let el = doc.create_element_ns(Some(SVG_NS), tag)?;
    for (name, value) in attrs {
        el.set_attribute(name, value)?;
    }
    Ok(el)
}

fn append(parent: &Element, child: &Element) -> Result<(), JsValue> {
    parent.append_child(child).map(drop)
}

/// An ARIA grid (rows of gridcells), as screen readers expect of a board; the drawing
/// inside each cell is hidden from them because the cell's label already says it all.
pub fn draw_board(doc: &Document, squares: &[SquareView]) -> Result<Element, JsValue> {
    let size = (8 * SQ + MARGIN).to_string();
    let view_box = format!("0 0 {size} {size}");
    let board =
        svg(doc, "svg", &[("viewBox", &view_box), ("class", "board"), ("role", "grid"), ("aria-label", "Board")])?;
    for row in squares.chunks(8) {
        let row_el = svg(doc, "g", &[("role", "row")])?;
        for sq in row {
            append(&row_el, &draw_square(doc, sq)?)?;
        }
        append(&board, &row_el)?;
    }
    append(&board, &draw_coordinates(doc, squares)?)?;
    Ok(board)
}

fn draw_square(doc: &Document, sq: &SquareView) -> Result<Element, JsValue> {
    let transform = format!("translate({} {})", MARGIN + u32::from(sq.col) * SQ, u32::from(sq.row) * SQ);
    let class = if sq.light { "sq light" } else { "sq dark" };
    let cell = svg(
        doc,
        "g",
        &[
            ("role", "gridcell"),
            ("class", class),
            ("transform", &transform),
            ("data-square", &sq.name()),
            ("data-piece", &sq.piece_code()),
            ("aria-label", &sq.aria_label()),
        ],
    )?;
    let side = SQ.to_string();
    append(&cell, &svg(doc, "rect", &[("width", &side), ("height", &side)])?)?;
    if let Some(piece) = sq.piece {
        // A disc with the English letter: a stand-in until the traditional glyph set.
        let colour = piece.color.fold("white", "black");
        let g = svg(doc, "g", &[("class", &format!("piece {colour}")), ("aria-hidden", "true")])?;
        append(&g, &svg(doc, "circle", &[("cx", "50"), ("cy", "50"), ("r", "36")])?)?;
        let letter = svg(doc, "text", &[("x", "50"), ("y", "52")])?;
        letter.set_text_content(Some(&piece.role.upper_char().to_string()));
        append(&g, &letter)?;
        append(&cell, &g)?;
    }
    Ok(cell)
}

/// Rank numbers down the left edge, file letters along the bottom, read from the squares
/// drawn there so they follow the board's orientation.
fn draw_coordinates(doc: &Document, squares: &[SquareView]) -> Result<Element, JsValue> {
    let g = svg(doc, "g", &[("class", "coords"), ("aria-hidden", "true")])?;
    let half = SQ / 2;
    for sq in squares {
        let name = sq.name();
        let (file, rank) = name.split_at(1);
        if sq.col == 0 {
            let y = (u32::from(sq.row) * SQ + half).to_string();
            let t = svg(doc, "text", &[("x", &(MARGIN / 2).to_string()), ("y", &y)])?;
            t.set_text_content(Some(rank));
            append(&g, &t)?;
        }
        if sq.row == 7 {
            let x = (MARGIN + u32::from(sq.col) * SQ + half).to_string();
            let t = svg(doc, "text", &[("x", &x), ("y", &(8 * SQ + MARGIN / 2).to_string())])?;
            t.set_text_content(Some(file));
            append(&g, &t)?;
        }
    }
    Ok(g)
}
