//! A page without the app's forms in the reader's language: every element marked
//! `data-i18n` (its text), `data-i18n-label` (`aria-label`), `data-i18n-title` (`title`),
//! `data-i18n-placeholder` (`placeholder`) or `data-i18n-empty` (`data-empty`) gets the
//! text of its key, and the page its `lang`. The online and event pages use it.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

use crate::i18n::{Key, Lang};

pub fn translate_marked(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    if let Some(root) = doc.document_element() {
        root.set_attribute("lang", lang.id())?;
    }
    for (marker, attribute) in [
        ("data-i18n", None),
        ("data-i18n-label", Some("aria-label")),
        ("data-i18n-title", Some("title")),
        ("data-i18n-placeholder", Some("placeholder")),
        ("data-i18n-empty", Some("data-empty")),
    ] {
        let found = doc.query_selector_all(&format!("[{marker}]"))?;
        for i in 0..found.length() {
            let Some(el) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            let Some(key) = el.get_attribute(marker).and_then(|k| Key::from_name(&k)) else {
                continue;
            };
            match attribute {
                None => el.set_text_content(Some(lang.text(key))),
                Some(attribute) => el.set_attribute(attribute, lang.text(key))?,
            }
        }
    }
    Ok(())
}
