//! builder.html: a webmaster pastes a PGN or FEN and picks the options; the page shows
//! the board as it will look and the two snippets to copy ([`crate::snippet`]).

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, Event, HtmlFormElement, Window};

use crate::event_embed::EventEmbed;
use crate::snippet::{attributes, element, iframe};
use shatar_web::dom::listen::{Listener, closest_with};

thread_local! {
    /// The page's listeners, for its life.
    static BUILDER: RefCell<Vec<Listener>> = const { RefCell::new(Vec::new()) };
}

pub fn start(window: &Window, doc: &Document) -> Result<(), JsValue> {
    let form: HtmlFormElement = doc
        .get_element_by_id("builder")
        .ok_or("builder.html has no #builder form")?
        .dyn_into()?;
    // The snippets load the element from where this page was served.
    let base = web_sys::Url::new_with_base(".", &window.location().href()?)?.href();
    let mut listeners = Vec::new();
    for kind in ["input", "change"] {
        let (f, d, b) = (form.clone(), doc.clone(), base.clone());
        listeners.push(Listener::new(&form, kind, move |_| {
            if let Err(e) = refresh(&f, &d, &b) {
                web_sys::console::error_2(&"shatar builder:".into(), &e);
            }
        })?);
    }
    let (w, d) = (window.clone(), doc.clone());
    listeners.push(Listener::new(doc, "click", move |e: Event| {
        let Some(button) = closest_with(&e, "data-copy") else {
            return;
        };
        let target = button.get_attribute("data-copy").unwrap_or_default();
        if let Some(text) = d.get_element_by_id(&target).and_then(|t| t.text_content()) {
            shatar_web::dom::effects::copy(&w, &text);
            button.set_text_content(Some("Copied"));
        }
    })?);
    refresh(&form, doc, &base)?;
    BUILDER.with(|b| *b.borrow_mut() = listeners);
    Ok(())
}

/// Reads the form, redraws the preview if the attributes changed, writes the snippets.
fn refresh(form: &HtmlFormElement, doc: &Document, base: &str) -> Result<(), JsValue> {
    let data = web_sys::FormData::new_with_form(form)?;
    if data.get("mode").as_string().as_deref() == Some("event") {
        return refresh_event(form, doc, &data);
    }
    let mut choices: Vec<(&str, String)> = Vec::new();
    for name in [
        "mode",
        "text",
        "game",
        "orientation",
        "opponent",
        "level",
        "move",
        "arrows",
        "highlights",
        "theme",
        "pieces",
        "coordinates",
        "notation",
        "lang",
        "src",
        "live",
    ] {
        if let Some(value) = data.get(name).as_string() {
            choices.push((name, value));
        }
    }
    let attrs = attributes(&choices);
    form.set_attribute("data-mode", &attrs[0].1)?;
    let preview = doc
        .get_element_by_id("preview")
        .ok_or("builder.html has no #preview")?;
    let key: String = attrs.iter().map(|(n, v)| format!("{n}={v}\n")).collect();
    if preview.get_attribute("data-shown").as_deref() != Some(key.as_str()) {
        let board: Element = doc.create_element("shatar-board")?;
        for (name, value) in &attrs {
            board.set_attribute(name, value)?;
        }
        preview.replace_children_with_node_1(&board);
        preview.set_attribute("data-shown", &key)?;
    }
    set_text(doc, "snippet-element", &element(base, &attrs))?;
    set_text(doc, "snippet-iframe", &iframe(base, &attrs))?;
    for button in ["copy-element", "copy-iframe"] {
        if let Some(b) = doc.get_element_by_id(button) {
            b.set_text_content(Some("Copy"));
        }
    }
    Ok(())
}

/// An event's standings, pairings or crosstable: the snippets point at the event's own
/// server (from its public link), the preview is the frame they make.
fn refresh_event(
    form: &HtmlFormElement,
    doc: &Document,
    data: &web_sys::FormData,
) -> Result<(), JsValue> {
    form.set_attribute("data-mode", "event")?;
    let field = |name: &str| data.get(name).as_string().unwrap_or_default();
    let preview = doc
        .get_element_by_id("preview")
        .ok_or("builder.html has no #preview")?;
    match EventEmbed::read(&field("event_link"), &field("part"), &field("event_lang")) {
        Ok(embed) => {
            let src = embed.frame_src();
            if preview.get_attribute("data-shown").as_deref() != Some(src.as_str()) {
                let frame = doc.create_element("iframe")?;
                frame.set_attribute("src", &src)?;
                frame.set_attribute("title", embed.part)?;
                frame.set_attribute("class", "event-preview")?;
                preview.replace_children_with_node_1(&frame);
                preview.set_attribute("data-shown", &src)?;
            }
            set_text(doc, "snippet-element", &embed.element())?;
            set_text(doc, "snippet-iframe", &embed.iframe())?;
        }
        Err(why) => {
            preview.replace_children_with_str_0();
            preview.remove_attribute("data-shown")?;
            set_text(doc, "snippet-element", &why)?;
            set_text(doc, "snippet-iframe", &why)?;
        }
    }
    Ok(())
}

fn set_text(doc: &Document, id: &str, text: &str) -> Result<(), JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| format!("builder.html has no #{id}"))?
        .set_text_content(Some(text));
    Ok(())
}
