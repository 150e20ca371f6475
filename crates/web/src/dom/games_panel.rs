//! The panel's parts about the games this browser keeps: the notice that the game is not
//! being saved, the button that lists the other games in progress, and that list.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, HtmlElement};

use crate::i18n::Lang;
use crate::t;
use crate::view::PanelView;
use crate::view::games::OtherGame;

fn by_id<T: JsCast>(doc: &Document, id: &str) -> Result<T, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("shatar: index.html has no #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("shatar: #{id} is not the element expected")))
}

/// Patches what changed since `prev`.
pub fn render(
    doc: &Document,
    view: &PanelView,
    prev: Option<&PanelView>,
    lang: Lang,
    lang_changed: bool,
) -> Result<(), JsValue> {
    if prev.is_none_or(|p| p.save_failed != view.save_failed) {
        let text: HtmlElement = by_id(doc, "save-failed-text")?;
        text.set_text_content(view.save_failed.as_deref());
        by_id::<HtmlElement>(doc, "save-failed")?.set_hidden(view.save_failed.is_none());
    }
    if prev.is_none_or(|p| p.others_button != view.others_button) {
        let button: HtmlElement = by_id(doc, "games-button")?;
        button.set_text_content(view.others_button.as_deref());
        button.set_hidden(view.others_button.is_none());
    }
    if lang_changed || prev.is_none_or(|p| p.others != view.others) {
        fill_list(doc, &view.others, lang)?;
    }
    Ok(())
}

/// One line a game: what it is, and its two buttons (each knows its game by `data-game`).
fn fill_list(doc: &Document, games: &[OtherGame], lang: Lang) -> Result<(), JsValue> {
    let list: HtmlElement = by_id(doc, "games-list")?;
    list.set_text_content(None);
    for game in games {
        let item = doc.create_element("li")?;
        let text = doc.create_element("span")?;
        text.set_text_content(Some(&game.text));
        item.append_child(&text)?;
        for (action, label) in [
            ("continue-game", t!(lang, "games.continue")),
            ("discard-game", t!(lang, "games.discard")),
        ] {
            let button = doc.create_element("button")?;
            button.set_attribute("type", "button")?;
            button.set_attribute("data-action", action)?;
            button.set_attribute("data-game", &game.id)?;
            button.set_text_content(Some(label));
            item.append_child(&button)?;
        }
        list.append_child(&item)?;
    }
    Ok(())
}
