//! What the app's panel and the embedded boards share: the move list (rows appended or
//! replaced, never all redrawn) and the promotion picker. All text goes in through
//! `textContent`: a PGN tag or a worker's words are never read as markup.

use shatar_rules::Piece;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use super::board::piece_icon;
use super::svg::add;
use crate::glyphs::PieceSet;
use crate::i18n::Lang;
use crate::view::{MoveRow, PromotionView};

/// Marks the move list with the language of its piece letters when they are not the
/// page's (`None`: the page's own).
pub fn set_moves_lang(list: &Element, lang: Option<Lang>) -> Result<(), JsValue> {
    match lang {
        Some(lang) => list.set_attribute("lang", lang.id()),
        None => list.remove_attribute("lang"),
    }
}

/// The promotion picker's buttons, or the picker hidden when no choice is pending.
pub fn fill_promotion(
    doc: &Document,
    picker: &Element,
    promotion: Option<&PromotionView>,
    pieces: PieceSet,
) -> Result<(), JsValue> {
    picker.set_text_content(None);
    let Some(p) = promotion else {
        picker
            .dyn_ref::<HtmlElement>()
            .ok_or("the picker is no HTML element")?
            .set_hidden(true);
        return Ok(());
    };
    for (role, code, name) in &p.choices {
        let b = doc.create_element("button")?;
        b.set_attribute("type", "button")?;
        b.set_attribute("data-promote", &role.lower_char().to_string())?;
        b.set_attribute("data-piece", code)?;
        b.set_attribute("aria-label", name)?;
        add(&b, &piece_icon(doc, Piece::new(p.color, *role), pieces)?)?;
        picker.append_child(&b)?;
    }
    let cancel = doc.create_element("button")?;
    cancel.set_attribute("type", "button")?;
    cancel.set_attribute("data-action", "cancel-promotion")?;
    cancel.set_attribute("aria-label", "Cancel")?;
    cancel.set_text_content(Some("×"));
    picker.append_child(&cancel)?;
    picker
        .dyn_ref::<HtmlElement>()
        .ok_or("the picker is no HTML element")?
        .set_hidden(false);
    Ok(())
}

/// Rows that did not change are left alone; the shown move is marked and kept in sight by
/// scrolling the list only, never the page around it: on a phone the list sits below the
/// board, and a page that jumped at every move would move the board under the player's finger
/// (and a board on a club's page must not scroll the club's page).
/// `old` is what the list shows now (its rows and shown ply), if anything.
pub fn patch_moves(
    doc: &Document,
    list: &Element,
    old: Option<(&[MoveRow], usize)>,
    rows: &[MoveRow],
    shown_ply: usize,
) -> Result<(), JsValue> {
    let old_rows: &[MoveRow] = old.map_or(&[], |(r, _)| r);
    let children = list.children();
    for (i, row) in rows.iter().enumerate() {
        if old_rows.get(i) == Some(row) && children.item(i as u32).is_some() {
            continue;
        }
        let li = move_row(doc, row)?;
        match children.item(i as u32) {
            Some(existing) => existing.replace_with_with_node_1(&li)?,
            None => list.append_child(&li).map(drop)?,
        }
    }
    while children.length() as usize > rows.len() {
        if let Some(last) = list.last_element_child() {
            last.remove();
        }
    }
    let moved = old.is_none_or(|(r, ply)| ply != shown_ply || r != rows);
    if moved {
        if let Some(old) = list.query_selector(".current")? {
            old.class_list().remove_1("current")?;
            old.remove_attribute("aria-current")?;
        }
        if let Some(current) = list.query_selector(&format!("[data-ply=\"{shown_ply}\"]"))? {
            current.class_list().add_1("current")?;
            current.set_attribute("aria-current", "step")?;
            scroll_within(list, &current);
        } else if shown_ply == 0 && old.is_some() {
            // Not on the first drawing (no `old`), whose list the page has just given,
            // unscrolled: setting scrollTop lays the page out there and then, which cost
            // the slow phone's start about 200 ms (a CPU profile, docs/server-load.md).
            list.set_scroll_top(0);
        }
    }
    Ok(())
}

fn scroll_within(list: &Element, item: &Element) {
    let Some(item) = item.dyn_ref::<web_sys::HtmlElement>() else {
        return;
    };
    let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
    if top < list.scroll_top() || bottom > list.scroll_top() + list.client_height() {
        list.set_scroll_top(top - list.client_height() / 2);
    }
}

fn move_row(doc: &Document, row: &MoveRow) -> Result<Element, JsValue> {
    let li = doc.create_element("li")?;
    let number = doc.create_element("span")?;
    number.set_class_name("num");
    number.set_text_content(Some(&format!("{}.", row.number)));
    li.append_child(&number)?;
    for half in [&row.white, &row.black] {
        let el = match half {
            Some((ply, text)) => {
                let b = doc.create_element("button")?;
                b.set_attribute("type", "button")?;
                b.set_attribute("data-ply", &ply.to_string())?;
                b.set_class_name("move");
                b.set_text_content(Some(text));
                b
            }
            None => {
                let s = doc.create_element("span")?;
                s.set_class_name("move empty");
                s.set_text_content(Some("…"));
                s
            }
        };
        li.append_child(&el)?;
    }
    Ok(li)
}
