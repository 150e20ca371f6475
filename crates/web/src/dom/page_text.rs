//! The game page in the player's language. `index.html` names each text by its key
//! (`data-i18n` for the text; `data-i18n-label`, `-title`, `-placeholder` and `-empty`
//! for `aria-label`, `title`, `placeholder` and the empty move list's `data-empty`); this fills them in, sets `lang` on the page, and keeps the language
//! picker's buttons, each written in its own language, in step.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use super::forms;
use crate::i18n::{Key, Lang};
use crate::t;

/// Every text of the page in `lang`.
pub fn translate(doc: &Document, lang: Lang) -> Result<(), JsValue> {
    if let Some(root) = doc.document_element() {
        root.set_attribute("lang", lang.id())?;
    }
    doc.set_title(t!(lang, "app.document-title"));
    for_each(doc, lang, "data-i18n", |el, text| {
        el.set_text_content(Some(text));
        Ok(())
    })?;
    for (marker, attr) in [
        ("data-i18n-label", "aria-label"),
        ("data-i18n-title", "title"),
        ("data-i18n-placeholder", "placeholder"),
        ("data-i18n-empty", "data-empty"),
    ] {
        for_each(doc, lang, marker, |el, text| el.set_attribute(attr, text))?;
    }
    forms::fill_ruleset_choices(doc, lang)?;
    forms::fill_time_choices(doc, lang)?;
    let buttons = doc.query_selector_all("[data-lang]")?;
    for i in 0..buttons.length() {
        let Some(button) = buttons
            .item(i)
            .and_then(|n| n.dyn_into::<HtmlElement>().ok())
        else {
            continue;
        };
        let current = button.get_attribute("data-lang").as_deref() == Some(lang.id());
        button.set_attribute("aria-pressed", if current { "true" } else { "false" })?;
    }
    Ok(())
}

fn for_each(
    doc: &Document,
    lang: Lang,
    marker: &str,
    set: impl Fn(&Element, &str) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    let found = doc.query_selector_all(&format!("[{marker}]"))?;
    for i in 0..found.length() {
        let Some(el) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let name = el.get_attribute(marker).unwrap_or_default();
        match Key::from_name(&name) {
            Some(key) => set(&el, lang.text(key))?,
            None => web_sys::console::warn_1(
                &format!("shatar: index.html names no text \"{name}\"").into(),
            ),
        }
    }
    Ok(())
}

/// `?lang=` of the page's address, if any.
pub fn query_lang(window: &web_sys::Window) -> Option<String> {
    let search = window.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get("lang")
}

/// The browser's languages, most wanted first.
pub fn browser_langs(window: &web_sys::Window) -> Vec<String> {
    window
        .navigator()
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect()
}

/// Once the player has chosen in the picker, a `?lang=` in the address would overrule
/// the choice on the next visit: it is taken out.
pub fn forget_query_lang(window: &web_sys::Window) -> Result<(), JsValue> {
    let location = window.location();
    let url = web_sys::Url::new(&location.href()?)?;
    if url.search_params().get("lang").is_none() {
        return Ok(());
    }
    url.search_params().delete("lang");
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url.href()))
}
