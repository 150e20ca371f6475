//! embed.html, the iframe form: one `<shatar-board>` made from the fragment's attributes.
//! The frame reports its height and the board's events to the page around it, and obeys
//! that page's commands only when they come from an origin it trusts
//! ([`crate::frame`]).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, Event, MessageEvent, ResizeObserver, Window};

use crate::config::ATTRIBUTES;
use crate::frame::{Command, FRAME_PROTOCOL, Inbound, Trust, fragment_params, read_command};
use shatar_web::dom::listen::Listener;

/// What the frame page keeps alive: its listeners and observer, for the page's life.
struct FramePage {
    _listeners: Vec<Listener>,
    _observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut()>,
}

thread_local! {
    static FRAME: RefCell<Option<FramePage>> = const { RefCell::new(None) };
}

pub fn start(window: &Window, doc: &Document) -> Result<(), JsValue> {
    let board = doc.create_element("shatar-board")?;
    let trust = Rc::new(RefCell::new(follow_fragment(window, doc, &board)?));

    let mut listeners = Vec::new();
    for name in ["ready", "move", "gameover", "error"] {
        let (w, t, d) = (window.clone(), trust.clone(), doc.clone());
        listeners.push(Listener::new(&board, name, move |e: Event| {
            let detail = e
                .dyn_ref::<web_sys::CustomEvent>()
                .map(|c| c.detail())
                .unwrap_or(JsValue::NULL);
            post(&w, &t, &message(name, &[("detail", detail)]));
            // Chromium runs no ResizeObserver in a cross-origin frame scrolled out of
            // sight, so the first height goes with the board's first event.
            post_height(&w, &t, &d);
        })?);
    }
    let (w, t, d) = (window.clone(), trust.clone(), doc.clone());
    listeners.push(Listener::new(window, "message", move |e: Event| {
        let Some(m) = e.dyn_ref::<MessageEvent>() else {
            return;
        };
        let data = m.data();
        let field = |name: &str| {
            js_sys::Reflect::get(&data, &name.into())
                .ok()
                .filter(|v| !v.is_undefined())
        };
        let inbound = Inbound {
            shatar: field("shatar").and_then(|v| v.as_f64()),
            command: field("command").and_then(|v| v.as_string()),
            ply: field("ply").and_then(|v| v.as_f64()),
        };
        let command = if data.is_object() {
            read_command(&t.borrow(), &m.origin(), &inbound)
        } else {
            read_command(&t.borrow(), &m.origin(), &Inbound::default())
        };
        match command {
            Ok(Command::ReportHeight) => post_height(&w, &t, &d),
            Ok(command) => super::command_first_board(&command),
            Err(refusal) => web_sys::console::warn_1(&format!("shatar embed: {refusal}").into()),
        }
    })?);
    // A parent may show another game or position by changing the fragment alone.
    let (w, t, d, b) = (window.clone(), trust.clone(), doc.clone(), board.clone());
    listeners.push(Listener::new(
        window,
        "hashchange",
        move |_| match follow_fragment(&w, &d, &b) {
            Ok(trust) => *t.borrow_mut() = trust,
            Err(e) => web_sys::console::error_2(&"shatar embed: bad fragment".into(), &e),
        },
    )?);
    // In the page's main landmark, for the assistive technology that lists them.
    let main: Element = doc
        .get_element_by_id("frame")
        .or_else(|| doc.body().map(Into::into))
        .ok_or("embed.html has no body")?;
    main.append_child(&board)?;

    let (w, t, d) = (window.clone(), trust, doc.clone());
    let on_resize = Closure::<dyn FnMut()>::new(move || post_height(&w, &t, &d));
    let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref())?;
    let root: Element = doc.document_element().ok_or("no root element")?;
    observer.observe(&root);
    observer.observe(&board);
    FRAME.with(|f| {
        *f.borrow_mut() = Some(FramePage {
            _listeners: listeners,
            _observer: observer,
            _on_resize: on_resize,
        })
    });
    Ok(())
}

/// Gives the board the fragment's attributes (and takes away those it no longer has), and
/// answers whom the frame now trusts.
fn follow_fragment(window: &Window, doc: &Document, board: &Element) -> Result<Trust, JsValue> {
    let params = fragment_params(&window.location().hash()?);
    // A live game is the server's own framable page: this frame becomes it, as its policy
    // frames nothing itself.
    let value = |name: &str| {
        params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    if let Ok(crate::config::Config {
        mode: crate::config::Mode::Live { frame },
        ..
    }) = crate::config::read(value, "")
    {
        window.location().replace(&frame)?;
    }
    for name in ATTRIBUTES {
        match params.iter().find(|(n, _)| n == name) {
            Some((_, value)) => board.set_attribute(name, value)?,
            None => board.remove_attribute(name)?,
        }
    }
    let parent = params
        .iter()
        .find(|(n, _)| n == "parent")
        .map(|(_, v)| v.as_str());
    let referrer = web_sys::Url::new(&doc.referrer()).ok().map(|u| u.origin());
    Ok(Trust::new(parent, referrer.as_deref()))
}

fn post_height(window: &Window, trust: &RefCell<Trust>, doc: &Document) {
    let Some(body) = doc.body() else { return };
    let height = body.get_bounding_client_rect().height().ceil().max(0.0);
    post(
        window,
        trust,
        &message("size", &[("height", JsValue::from_f64(height))]),
    );
}

/// `{shatar: 1, event, ...fields}`: what the frame tells its parent.
fn message(event: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&object, &"shatar".into(), &JsValue::from(FRAME_PROTOCOL));
    let _ = js_sys::Reflect::set(&object, &"event".into(), &event.into());
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&object, &(*name).into(), value);
    }
    object.into()
}

fn post(window: &Window, trust: &RefCell<Trust>, message: &JsValue) {
    let trust = &trust.borrow();
    // Not framed: nobody to tell.
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == *window {
        return;
    }
    if let Err(e) = parent.post_message(message, trust.target_origin()) {
        web_sys::console::warn_2(&"shatar embed: could not tell the page".into(), &e);
    }
}
