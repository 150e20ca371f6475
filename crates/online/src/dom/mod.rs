//! The online page's browser layer: it opens the socket, turns events into [`Msg`]s,
//! carries out the [`Effect`]s and draws the [`view`](crate::view) of the model. It
//! decides nothing.

mod input;
mod render;

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use web_sys::{Document, Window};

use shatar_web::dom::board_widget::{BoardWidget, Targets};
use shatar_web::dom::effects::{self, Speaker};
use shatar_web::dom::listen::{Interval, Listener, Timeout};
use shatar_web::dom::{now_ms, texts};
use shatar_web::i18n::{self, Lang};
use shatar_web::saved::{PREFS_KEY, decode_prefs};

use crate::address;
use crate::model::{Effect, Model, Msg, Page};
use crate::view::{OnlineView, view};
use render::Shown;
use shatar_web::dom::socket::{self, Heard, Socket};

/// Where this browser keeps its online identity: shared with the event page.
use shatar_web::saved::ONLINE_IDENTITY_KEY as IDENTITY_KEY;

/// The name this browser's player gave, to fill the field and to tell a new server.
const NAME_KEY: &str = "shatar.online.name";

/// Ten times a second, as a clock shows tenths under ten seconds.
const TICK_MS: i32 = 100;

struct App {
    window: Window,
    doc: Document,
    model: Model,
    /// The board, with its listeners: what it is told becomes [`Msg::Board`].
    board: BoardWidget,
    socket: Option<Socket>,
    reconnect: Option<Timeout>,
    speaker: Speaker,
    /// The online page's address without its query: the base of the links it shows.
    page_url: String,
    socket_url: String,
    shown: Shown,
    _ticker: Option<Interval>,
    listeners: Vec<Listener>,
}

thread_local! {
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let window = web_sys::window().ok_or("shatar: no window")?;
    let doc = window.document().ok_or("shatar: no document")?;
    let page = match shatar_web::dom::page_name(&doc).as_deref() {
        Some("online") => Page::Play,
        // live.html: what a club frames, watching only.
        Some("live") => Page::Watch,
        _ => return Ok(()),
    };
    let location = window.location();
    let params = web_sys::UrlSearchParams::new_with_str(&location.search()?)?;
    let intent = match page {
        Page::Play => address::intent(
            params.get("challenge").as_deref(),
            params.get("game").as_deref(),
            params.has("live"),
        ),
        Page::Watch => address::intent(None, params.get("game").as_deref(), true),
    };
    let players = address::players(params.get("players").as_deref());
    let (intent, players) = match (intent, players) {
        (Ok(intent), Ok(players)) => (Ok(intent), players),
        (Err(e), _) | (_, Err(e)) => (Err(e.to_string()), Vec::new()),
    };
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
    // A link from the player's other device brings its identity in the fragment: kept,
    // and taken out of the address at once.
    let fragment = match page {
        Page::Play => location.hash()?,
        Page::Watch => String::new(),
    };
    let (intent, carried) = match address::identity_from_fragment(&fragment) {
        Some(Ok(credentials)) => (intent, serde_json::to_string(&credentials).ok()),
        Some(Err(bad)) => (Err(bad.to_string()), None),
        None => (intent, None),
    };
    if location.hash()?.starts_with("#identity=") {
        let url = format!("{}{}", location.pathname()?, location.search()?);
        window
            .history()?
            .replace_state_with_url(&JsValue::NULL, "", Some(&url))?;
    }
    if let Some(text) = &carried {
        let _ = effects::store(&window, IDENTITY_KEY, text);
    }
    // A framed page has no identity: it only watches.
    let identity = match page {
        Page::Play => carried.or_else(|| effects::load(&window, IDENTITY_KEY)),
        Page::Watch => None,
    };
    let (mut model, first) = Model::new(
        looks.unwrap_or_default(),
        lang,
        intent,
        identity.as_deref(),
        now_ms(),
    );
    model.page = page;
    model.live_players = players;
    let scheme = if location.protocol()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    let holder = doc
        .get_element_by_id("board")
        .ok_or("shatar: the online page has no #board")?;
    let targets = Targets {
        holder: &holder,
        clicks: &doc,
        keys: &doc,
        typed: None,
    };
    // The app is found when the board speaks (after `APP` is set, below).
    let board = BoardWidget::new(&doc, targets, |msg| dispatch(&current(), Msg::Board(msg)))?;
    let app = Rc::new(RefCell::new(App {
        window: window.clone(),
        doc: doc.clone(),
        model,
        board,
        socket: None,
        reconnect: None,
        speaker: Speaker::default(),
        page_url: format!("{}{}", location.origin()?, location.pathname()?),
        socket_url: format!("{scheme}://{}/ws", location.host()?),
        shown: Shown::default(),
        _ticker: None,
        listeners: Vec::new(),
    }));
    let weak = Rc::downgrade(&app);
    if let Some(name) =
        effects::load(&window, NAME_KEY).filter(|n| !n.is_empty() && page == Page::Play)
    {
        let _ = app.borrow_mut().model.update(Msg::SetName(name), now_ms());
    }
    let listeners = input::listen(&weak, &window, &doc, page)?;
    let ticking = weak.clone();
    let ticker = Interval::new(&window, TICK_MS, move || {
        let running = ticking
            .upgrade()
            .is_some_and(|app| app.try_borrow().is_ok_and(|a| a.model.wants_ticks()));
        if running {
            dispatch(&ticking, Msg::Tick);
        }
    })?;
    {
        let mut a = app.borrow_mut();
        a.listeners = listeners;
        a._ticker = Some(ticker);
    }
    let lang = app.borrow().model.lang;
    let redraw = weak.clone();
    // Drawn in English at once, and again when the language's texts are in.
    texts::ready_or_fetch("", lang, move || {
        if let Some(app) = redraw.upgrade() {
            app.borrow_mut().shown = Shown::default();
            app.borrow_mut().draw();
        }
    });
    app.borrow_mut().perform(&weak, first);
    app.borrow_mut().draw();
    APP.with(|slot| *slot.borrow_mut() = Some(app));
    Ok(())
}

/// The page's app, once started.
fn current() -> Weak<RefCell<App>> {
    APP.with(|slot| slot.borrow().as_ref().map(Rc::downgrade))
        .unwrap_or_default()
}

/// Hands `msg` to the model, carries out what it asks and draws the page again.
fn dispatch(weak: &Weak<RefCell<App>>, msg: Msg) {
    let Some(app) = weak.upgrade() else { return };
    let Ok(mut a) = app.try_borrow_mut() else {
        return;
    };
    let effects = a.model.update(msg, now_ms());
    a.perform(weak, effects);
    a.draw();
}

impl App {
    fn perform(&mut self, weak: &Weak<RefCell<App>>, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Connect => self.connect(weak),
                Effect::ConnectAfter(ms) => {
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
                Effect::Send(text) => {
                    if let Some(socket) = &self.socket
                        && let Err(e) = socket.send(&text)
                    {
                        // The socket's `close` follows: the model hears of it then.
                        web_sys::console::warn_2(&"shatar: a frame was not sent".into(), &e);
                    }
                }
                Effect::KeepIdentity(text) => {
                    if let Err(why) = effects::store(&self.window, IDENTITY_KEY, &text) {
                        web_sys::console::warn_1(
                            &format!("shatar: the online identity was not kept: {why:?}").into(),
                        );
                    }
                }
                Effect::SetQuery(query) => {
                    let url = format!("{}{query}", self.page_url);
                    if let Ok(history) = self.window.history() {
                        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
                    }
                }
                Effect::Download { file_name, text } => {
                    effects::download(&self.doc, &file_name, &text);
                }
                Effect::KeepName(name) => {
                    let _ = effects::store(&self.window, NAME_KEY, &name);
                }
                Effect::Sound(sound) => {
                    if self.model.looks.sound {
                        self.speaker.play(sound);
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
            let effects = self.model.update(Msg::Closed, now_ms());
            self.perform(weak, effects);
        }
    }

    fn draw(&mut self) {
        let view: OnlineView = view(&self.model, &self.page_url);
        let lang = self.model.lang;
        let looks = self.model.looks;
        if let Err(e) = render::render(
            &self.doc,
            &self.board,
            &mut self.shown,
            &view,
            self.model.page,
            lang,
            &looks,
        ) {
            web_sys::console::error_2(&"shatar: the page was not drawn".into(), &e);
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
