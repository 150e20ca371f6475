//! The event page's browser layer: it reads the address, fetches and posts, keeps the
//! socket, turns clicks and forms into [`Msg`]s, carries out the [`Effect`]s and draws the
//! [`view`](crate::view). It decides nothing.

mod net;
mod render;

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Element, Event, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, Window,
};

use shatar_web::dom::effects;
use shatar_web::dom::listen::{Listener, Timeout, closest_with};
use shatar_web::dom::socket::{self, Heard, Socket};
use shatar_web::dom::{now_ms, texts};
use shatar_web::i18n::{self, Lang};
use shatar_web::saved::{ONLINE_IDENTITY_KEY, PREFS_KEY, decode_prefs};

use crate::address;
use crate::forms::{Fields, Form};
use crate::model::{Effect, Model, Msg};
use crate::view::view;

struct App {
    window: Window,
    doc: Document,
    model: Model,
    socket: Option<Socket>,
    reconnect: Option<Timeout>,
    read_again: Option<Timeout>,
    /// The page's address without query nor fragment: the base of the links it shows.
    page_url: String,
    socket_url: String,
    shown: render::Shown,
    _listeners: Vec<Listener>,
}

thread_local! {
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

/// Epoch milliseconds: a round's start is said in the server's clock.
fn epoch_ms() -> u64 {
    js_sys::Date::now() as u64
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let window = web_sys::window().ok_or("shatar: no window")?;
    let doc = window.document().ok_or("shatar: no document")?;
    if !shatar_web::dom::is_page(&doc, "event") {
        return Ok(());
    }
    let location = window.location();
    let params = web_sys::UrlSearchParams::new_with_str(&location.search()?)?;
    let address = address::read(
        params.get("event").as_deref(),
        params.get("embed").as_deref(),
        &location.hash()?,
    )
    .map_err(|e| e.to_string());
    let looks = effects::load(&window, PREFS_KEY).and_then(|t| decode_prefs(&t));
    let browser: Vec<String> = window
        .navigator()
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    let lang = i18n::negotiate(
        params.get("lang").as_deref(),
        looks.and_then(|l| l.lang).map(Lang::id),
        &browser,
    );
    let identity = effects::load(&window, ONLINE_IDENTITY_KEY);
    let (model, first) = Model::new(lang, address, identity.as_deref());
    let scheme = if location.protocol()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    let app = Rc::new(RefCell::new(App {
        window: window.clone(),
        doc: doc.clone(),
        model,
        socket: None,
        reconnect: None,
        read_again: None,
        page_url: format!("{}{}", location.origin()?, location.pathname()?),
        socket_url: format!("{scheme}://{}/ws", location.host()?),
        shown: render::Shown::default(),
        _listeners: Vec::new(),
    }));
    let weak = Rc::downgrade(&app);
    let mut listeners = listen(&weak, &doc)?;
    // The director's link opened in a tab that shows the event already changes only the
    // fragment, which loads nothing: the page starts again to read it.
    let reload = window.clone();
    listeners.push(Listener::new(&window, "hashchange", move |_: Event| {
        let _ = reload.location().reload();
    })?);
    for (name, online) in [("online", true), ("offline", false)] {
        let w = weak.clone();
        listeners.push(Listener::new(&window, name, move |_: Event| {
            dispatch(&w, Msg::Network { online });
        })?);
    }
    app.borrow_mut()._listeners = listeners;
    let redraw = weak.clone();
    texts::ready_or_fetch("", lang, move || {
        if let Some(app) = redraw.upgrade() {
            let mut a = app.borrow_mut();
            a.shown = render::Shown::default();
            a.draw();
        }
    });
    app.borrow_mut().perform(&weak, first);
    if !window.navigator().on_line() {
        dispatch(&weak, Msg::Network { online: false });
    }
    app.borrow_mut().draw();
    APP.with(|slot| *slot.borrow_mut() = Some(app));
    Ok(())
}

/// Hands `msg` to the model, carries out what it asks and draws the page again.
fn dispatch(weak: &Weak<RefCell<App>>, msg: Msg) {
    let Some(app) = weak.upgrade() else { return };
    let Ok(mut a) = app.try_borrow_mut() else {
        return;
    };
    let effects = a.model.update(msg, epoch_ms());
    a.perform(weak, effects);
    a.draw();
}

/// The fields of `form` as `(name, value)`; a checkbox is `on` when ticked, else empty.
fn fields_of(form: &Element) -> Result<Fields, JsValue> {
    let mut fields = Vec::new();
    let found = form.query_selector_all("[name]")?;
    for i in 0..found.length() {
        let Some(node) = found.item(i) else { continue };
        if let Some(input) = node.dyn_ref::<HtmlInputElement>() {
            let value = if input.type_() == "checkbox" {
                if input.checked() {
                    "on".into()
                } else {
                    String::new()
                }
            } else {
                input.value()
            };
            fields.push((input.name(), value));
        } else if let Some(select) = node.dyn_ref::<HtmlSelectElement>() {
            fields.push((select.name(), select.value()));
        } else if let Some(area) = node.dyn_ref::<HtmlTextAreaElement>() {
            fields.push((area.name(), area.value()));
        }
    }
    Ok(fields)
}

fn listen(weak: &Weak<RefCell<App>>, doc: &Document) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let w = weak.clone();
    out.push(Listener::new(doc, "submit", move |e: Event| {
        let Some(form) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(kind) = Form::from_id(&form.id()) else {
            return;
        };
        e.prevent_default();
        if let Ok(fields) = fields_of(&form) {
            dispatch(&w, Msg::Submit(kind, fields));
        }
    })?);
    // The creation form's defaults follow the game, the system and the rounds chosen.
    for name in ["input", "change"] {
        let w = weak.clone();
        out.push(Listener::new(doc, name, move |e: Event| {
            let Some(form) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("form").ok().flatten())
                .filter(|f| f.id() == Form::Create.id())
            else {
                return;
            };
            if let Ok(fields) = fields_of(&form) {
                dispatch(&w, Msg::Draft(fields));
            }
        })?);
    }
    let w = weak.clone();
    out.push(Listener::new(doc, "click", move |e: Event| {
        if let Some(el) = closest_with(&e, "data-card")
            && let Some(n) = el.get_attribute("data-card").and_then(|n| n.parse().ok())
        {
            dispatch(&w, Msg::ShowCard(n));
        } else if let Some(el) = closest_with(&e, "data-round")
            && let Some(n) = el.get_attribute("data-round").and_then(|n| n.parse().ok())
        {
            dispatch(&w, Msg::ShowRound(n));
        } else if closest_with(&e, "data-close-card").is_some() {
            dispatch(&w, Msg::HideCard);
        } else if closest_with(&e, "data-print").is_some()
            && let Some(window) = web_sys::window()
        {
            let _ = window.print();
        }
    })?);
    Ok(out)
}

impl App {
    fn perform(&mut self, weak: &Weak<RefCell<App>>, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Get { path, read } => {
                    let w = weak.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        let answer = net::request("GET", &path, None, None).await;
                        dispatch(&w, Msg::Read(read, answer));
                    });
                }
                Effect::Post { path, bearer, body } => {
                    let w = weak.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        let answer =
                            net::request("POST", &path, bearer.as_deref(), Some(&body)).await;
                        dispatch(&w, Msg::Posted(answer));
                    });
                }
                Effect::OpenSocket => self.connect(weak),
                // Dropped, its listeners with it: nothing more is heard of it.
                Effect::CloseSocket => self.socket = None,
                Effect::ReopenSocketIn(ms) => {
                    self.socket = None;
                    let w = weak.clone();
                    let after = i32::try_from(ms).unwrap_or(i32::MAX);
                    self.reconnect = Timeout::new(&self.window, after, move || {
                        if let Some(app) = w.upgrade()
                            && let Ok(mut a) = app.try_borrow_mut()
                        {
                            a.connect(&w);
                        }
                    })
                    .ok();
                }
                Effect::ReadAgainIn(ms) => {
                    let w = weak.clone();
                    let after = i32::try_from(ms).unwrap_or(i32::MAX);
                    self.read_again =
                        Timeout::new(&self.window, after, move || dispatch(&w, Msg::ReadAgain))
                            .ok();
                }
                Effect::Send(text) => {
                    if let Some(socket) = &self.socket
                        && let Err(e) = socket.send(&text)
                    {
                        web_sys::console::warn_2(&"shatar: a frame was not sent".into(), &e);
                    }
                }
                Effect::StoreIdentity(text) => {
                    if let Err(why) = effects::store(&self.window, ONLINE_IDENTITY_KEY, &text) {
                        web_sys::console::warn_1(
                            &format!("shatar: the online identity was not kept: {why:?}").into(),
                        );
                    }
                }
                Effect::ClearForm(form) => {
                    if let Some(form) = self
                        .doc
                        .get_element_by_id(form.id())
                        .and_then(|f| f.dyn_into::<web_sys::HtmlFormElement>().ok())
                    {
                        form.reset();
                    }
                    // The round fields are filled again below.
                    self.shown.forget_rounds();
                }
                Effect::ReplaceAddress(tail) => {
                    let url = format!("{}{tail}", self.page_url);
                    if let Ok(history) = self.window.history() {
                        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
                    }
                }
            }
        }
    }

    fn connect(&mut self, weak: &Weak<RefCell<App>>) {
        self.reconnect = None;
        self.socket = None;
        let w = weak.clone();
        self.socket = socket::connect(&self.socket_url, move |msg| dispatch(&w, msg));
        if self.socket.is_none() {
            let effects = self.model.update(Msg::Closed, epoch_ms());
            self.perform(weak, effects);
        }
    }

    /// Framed on a club's page: tells it the page's height (shatar-event.js and
    /// shatar-frames.js take it), as embed.html does.
    fn post_height(&self) {
        let Some(root) = self.doc.document_element() else {
            return;
        };
        let Ok(Some(parent)) = self.window.parent() else {
            return;
        };
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"event".into(), &"size".into());
        let _ = js_sys::Reflect::set(
            &message,
            &"height".into(),
            &f64::from(root.scroll_height()).into(),
        );
        let _ = parent.post_message(&message, "*");
    }

    fn draw(&mut self) {
        let v = view(&self.model, &self.page_url, now_ms());
        if let Err(e) = render::render(&self.doc, &mut self.shown, &v, self.model.lang) {
            web_sys::console::error_2(&"shatar: the page was not drawn".into(), &e);
        }
        if v.embed.is_some() {
            self.post_height();
        }
    }
}

/// What the socket tells the page, as the page's message (`socket::connect`).
impl From<Heard> for Msg {
    fn from(heard: Heard) -> Msg {
        match heard {
            Heard::Opened => Msg::Opened,
            Heard::Closed => Msg::Closed,
            Heard::Frame(text) => Msg::Frame(text),
        }
    }
}
