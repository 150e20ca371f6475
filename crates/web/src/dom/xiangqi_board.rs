//! What a Xiangqi board draws beyond its cells: the lines (9 files broken by the river, 10
//! ranks), the palaces' diagonals, the position marks at the cannons' and soldiers' points,
//! the river's words, and each side's file numbers (Red's 一..九 and Black's 1..9, each
//! counted from that player's right). The pieces and the river's words are `<use>`s of the symbols in
//! `xiangqi/pieces.svg` (our drawings, made by `scripts/xiangqi-pieces.py`), fetched once
//! into the board's own tree, so a board inside an embed's shadow root finds them too.

use shatar_rules::Color;

use crate::num::Num;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, DomParser, Element, SupportedType};

use super::svg::{add, svg, svg_el};
use crate::view::Geometry;
use crate::view::board_svg::{CELL, Frame};

/// Red's file numbers, written as Chinese numerals (the traditional notation's own).
const RED_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
/// Where the symbols are, from the page's address (or an embed's module's), under the
/// build's name for it ([`super::files`]).
pub const SYMBOLS_FILE: &str = "xiangqi/pieces.svg";
/// The element that holds the fetched symbols beside the board.
const SYMBOLS_CLASS: &str = "xq-symbols";

/// The centre of the point at `file`, `rank` (ICCS counting) in the picture.
fn centre(geometry: Geometry, bottom: Color, frame: Frame, file: u8, rank: u8) -> (f64, f64) {
    let (col, row) = geometry.place(file, rank, bottom);
    (
        frame.dx + f64::from(col) * CELL + CELL / 2.0,
        frame.dy + f64::from(row) * CELL + CELL / 2.0,
    )
}

fn line(doc: &Document, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> Result<Element, JsValue> {
    let [x1, y1, x2, y2] = [x1, y1, x2, y2].map(|v| Num::<2>(v).to_string());
    svg(
        doc,
        "line",
        &[("x1", &x1), ("y1", &y1), ("x2", &x2), ("y2", &y2)],
    )
}

/// The board's lines, drawn under the cells.
pub(super) fn lines(
    doc: &Document,
    geometry: Geometry,
    bottom: Color,
    frame: Frame,
) -> Result<Element, JsValue> {
    let g = svg_el(doc, "g", "xq-lines")?;
    let at = |file, rank| centre(geometry, bottom, frame, file, rank);
    let (last_file, last_rank) = (geometry.files - 1, geometry.ranks - 1);
    let (a, b) = (at(0, 0), at(last_file, last_rank));
    let (x, y) = (a.0.min(b.0) - 12.0, a.1.min(b.1) - 12.0);
    let (w, h) = ((a.0 - b.0).abs() + 24.0, (a.1 - b.1).abs() + 24.0);
    let [x, y, w, h] = [x, y, w, h].map(|v| Num::<2>(v).to_string());
    add(
        &g,
        &svg(
            doc,
            "rect",
            &[
                ("class", "xq-frame"),
                ("x", &x),
                ("y", &y),
                ("width", &w),
                ("height", &h),
            ],
        )?,
    )?;
    for rank in 0..=last_rank {
        add(&g, &line(doc, at(0, rank), at(last_file, rank))?)?;
    }
    for file in 0..=last_file {
        if file == 0 || file == last_file {
            add(&g, &line(doc, at(file, 0), at(file, last_rank))?)?;
        } else {
            // The river (between ranks 4 and 5) cuts the inner files.
            add(&g, &line(doc, at(file, 0), at(file, 4))?)?;
            add(&g, &line(doc, at(file, 5), at(file, last_rank))?)?;
        }
    }
    for (near, far) in [(0, 2), (last_rank, last_rank - 2)] {
        add(&g, &line(doc, at(3, near), at(5, far))?)?;
        add(&g, &line(doc, at(5, near), at(3, far))?)?;
    }
    for (file, rank) in mark_points() {
        add(&g, &position_mark(doc, at(file, rank), file, last_file)?)?;
    }
    add(&g, &river_words(doc, at(0, 4), at(last_file, 5))?)?;
    Ok(g)
}

/// The cannons' and soldiers' starting points, where boards carry corner marks.
fn mark_points() -> impl Iterator<Item = (u8, u8)> {
    let cannons = [(1, 2), (7, 2), (1, 7), (7, 7)];
    let soldiers = [0, 2, 4, 6, 8].into_iter().flat_map(|f| [(f, 3), (f, 6)]);
    cannons.into_iter().chain(soldiers)
}

/// Four small corners around a point; a point on the board's edge gets only the inner two.
fn position_mark(
    doc: &Document,
    (x, y): (f64, f64),
    file: u8,
    last_file: u8,
) -> Result<Element, JsValue> {
    let (gap, arm) = (7.0, 14.0);
    let mut d = String::new();
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let outside = (file == 0 && sx < 0.0) || (file == last_file && sx > 0.0);
        if outside {
            continue;
        }
        let (cx, cy) = (x + sx * gap, y + sy * gap);
        d.push_str(&format!(
            "M{} {}V{}H{}",
            Num::<2>(cx),
            Num::<2>(cy + sy * arm),
            Num::<2>(cy),
            Num::<2>(cx + sx * arm)
        ));
    }
    svg(doc, "path", &[("class", "xq-mark-point"), ("d", &d)])
}

/// 楚河 and 漢界 in the river, each centred on its half, upright whichever side is at the
/// bottom. They are `<use>`s of the outlines in `xiangqi/pieces.svg`, not `<text>`: a
/// machine without a CJK font would show boxes. Each symbol is two cells wide and one high.
fn river_words(doc: &Document, a: (f64, f64), b: (f64, f64)) -> Result<Element, JsValue> {
    let g = svg(doc, "g", &[("class", "xq-river")])?;
    let y = Num::<2>((a.1 + b.1) / 2.0 - CELL / 2.0).to_string();
    let (left, right) = (a.0.min(b.0), a.0.max(b.0));
    let width = right - left;
    let (w, h) = (Num::<2>(2.0 * CELL).to_string(), Num::<2>(CELL).to_string());
    for (id, centre) in [
        ("xq-river-chu-he", left + width * 0.25),
        ("xq-river-han-jie", left + width * 0.75),
    ] {
        let x = Num::<2>(centre - CELL).to_string();
        let href = format!("#{id}");
        add(
            &g,
            &svg(
                doc,
                "use",
                &[
                    ("href", &href),
                    ("x", &x),
                    ("y", &y),
                    ("width", &w),
                    ("height", &h),
                ],
            )?,
        )?;
    }
    Ok(g)
}

/// Each side's file numbers along its own edge, counted from its right: the side at the
/// bottom counts from the picture's right, the side at the top from its left.
pub(super) fn file_numbers(
    doc: &Document,
    geometry: Geometry,
    bottom: Color,
    frame: Frame,
) -> Result<Element, JsValue> {
    let g = svg_el(doc, "g", "coords xq-files")?;
    let files = usize::from(geometry.files);
    let bottom_y = frame.dy + f64::from(geometry.ranks) * CELL + frame.dy / 2.0;
    let top_y = frame.dy / 2.0;
    for col in 0..files {
        let x = Num::<2>(frame.dx + col as f64 * CELL + CELL / 2.0).to_string();
        for (side, number, y) in [
            (bottom, files - col, bottom_y),
            (bottom.other(), col + 1, top_y),
        ] {
            let text = match side {
                Color::White => RED_NUMBERS[number - 1].to_string(),
                Color::Black => number.to_string(),
            };
            let t = svg(
                doc,
                "text",
                &[
                    ("x", &x),
                    ("y", &Num::<2>(y).to_string()),
                    ("class", side.fold("red", "black")),
                ],
            )?;
            t.set_text_content(Some(&text));
            add(&g, &t)?;
        }
    }
    Ok(g)
}

/// Puts the piece symbols into `holder`'s tree once: fetched from `base` + [`SYMBOLS_FILE`],
/// parsed as XML (never as HTML), and their `<symbol>`s copied into a hidden `<svg>`.
/// Until they arrive the pieces' `<use>`s draw nothing; then they all appear at once.
pub fn ensure_symbols(holder: &Element, base: &str) {
    if holder
        .query_selector(&format!(".{SYMBOLS_CLASS}"))
        .ok()
        .flatten()
        .is_some()
    {
        return;
    }
    let Some(doc) = holder.owner_document() else {
        return;
    };
    let Ok(sprite) = svg(
        &doc,
        "svg",
        &[
            ("class", SYMBOLS_CLASS),
            ("aria-hidden", "true"),
            ("width", "0"),
            ("height", "0"),
        ],
    ) else {
        return;
    };
    if add(holder, &sprite).is_err() {
        return;
    }
    let url = format!("{base}{}", super::files::named(SYMBOLS_FILE));
    wasm_bindgen_futures::spawn_local(async move {
        let copied = match super::fetch::fetch_text(&url).await {
            Ok(text) => copy_symbols(&doc, &sprite, &text),
            Err(e) => Err(e.into()),
        };
        if let Err(e) = copied {
            web_sys::console::warn_2(&format!("shatar: no Xiangqi pieces from {url}").into(), &e);
        }
    });
}

fn copy_symbols(doc: &Document, sprite: &Element, text: &str) -> Result<(), JsValue> {
    let parsed = DomParser::new()?.parse_from_string(text, SupportedType::ImageSvgXml)?;
    let symbols = parsed.query_selector_all("symbol")?;
    for i in 0..symbols.length() {
        if let Some(symbol) = symbols.item(i) {
            let imported: Element = doc.import_node_with_deep(&symbol, true)?.dyn_into()?;
            add(sprite, &imported)?;
        }
    }
    Ok(())
}
