//! `<shatar-board>` in the browser. The element's class is a few lines of JS
//! (www/shatar-board.js: a class extending `HTMLElement` cannot be written in Rust); it
//! makes a [`Board`] with the element and its shadow root, and drops it when the element
//! leaves the page. Everything else is here: the attributes are read by
//! [`crate::config`], each mode's state is plain Rust, and this layer only draws
//! and listens. [`start_page`] runs the two pages of our own that host boards: the iframe
//! form and the snippet builder.

pub mod builder;
pub mod frame_page;
mod input;
mod parts;
mod shared_engine;
mod sheets;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, ShadowRoot};

use self::parts::Parts;
use self::shared_engine::SharedEngine;
use crate::config::{self, ATTRIBUTES, Config, Lang, Mode, PgnSource};
use crate::scheduler::BoardId;
use crate::viewer::{Viewer, ViewerMsg};
use crate::{Detail, HostEvent, play_events, save_key, start_play};
use shatar_web::board::{BoardMsg, BoardView};
use shatar_web::dom::board_widget::{BoardWidget, Targets};
use shatar_web::dom::fetch::{describe, fetch_text};
use shatar_web::dom::listen::Listener;
use shatar_web::dom::texts;
use shatar_web::pgn_file::{PgnFileReader, STEP_BYTES, Step};
use shatar_web::state::{AppState, Effect, Msg, SaveFailure, update_at};
use shatar_web::tf;

/// Called by shatar-board.js once the module is ready, with the build's names for the files
/// the boards fetch (`plain=hashed` pairs, [`shatar_web::files`]): the iframe page and the
/// builder page say who they are in `<body data-shatar-page>`; a club's page says nothing
/// and only has its elements.
#[wasm_bindgen(js_name = startPage)]
pub fn start_page(files: &str) -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    shatar_web::dom::files::set(files).map_err(|e| format!("shatar: {e}"))?;
    let window = web_sys::window().ok_or("shatar: no window")?;
    let doc = window.document().ok_or("shatar: no document")?;
    match shatar_web::dom::page_name(&doc).as_deref() {
        Some("frame") => frame_page::start(&window, &doc),
        Some("builder") => builder::start(&window, &doc),
        _ => Ok(()),
    }
}

/// One `<shatar-board>`: owned by its element (JS), freed when the element leaves.
#[wasm_bindgen]
pub struct Board {
    cell: Rc<BoardCell>,
}

struct BoardCell {
    inner: RefCell<Inner>,
    /// Messages that arrived while the board was busy, handled right after.
    queue: RefCell<VecDeque<ElementMsg>>,
}

/// What the element hears: its attributes, its buttons, its board (whatever the mode:
/// the widget's input, an iframe's parent), what was fetched.
enum ElementMsg {
    /// The attributes (or the element's text) changed.
    Reload,
    /// The snippet's game again, from the start.
    NewGame,
    App(Msg),
    View(ViewerMsg),
    /// The board's messages, for whichever mode is shown.
    Board(BoardMsg),
    /// A `src` PGN arrived, for the configuration of generation `generation`.
    Fetched {
        generation: u64,
        text: Result<String, String>,
    },
    /// The next slice of a PGN being read, for the configuration of generation `generation`.
    ReadStep {
        generation: u64,
    },
}

enum Content {
    Loading,
    /// A PGN read a slice at a time, so that a club's page is never frozen by a large one.
    Reading(Box<PgnFileReader>),
    Failed(String),
    Play {
        state: Box<AppState>,
        save_key: String,
    },
    /// Boxed: the other modes are a few bytes.
    View(Box<Viewer>),
    Diagram(BoardView),
    /// The server's `live.html` at this address, framed.
    Live(String),
}

struct Inner {
    id: BoardId,
    host: HtmlElement,
    /// Where shatar-board.js was loaded from: the worker comes from there too.
    base: String,
    config: Option<Config>,
    /// Bumped by every reload: a PGN fetched for an older configuration is dropped.
    generation: u64,
    content: Content,
    parts: Parts,
    /// The board, with its listeners: what it is told becomes [`ElementMsg::Board`].
    board: BoardWidget,
    engine: Option<Rc<SharedEngine>>,
    _listeners: Vec<Listener>,
}

thread_local! {
    static NEXT_ID: std::cell::Cell<BoardId> = const { std::cell::Cell::new(1) };
    /// The boards on the page, for the iframe page that commands its one board.
    static BOARDS: RefCell<Vec<Weak<BoardCell>>> = const { RefCell::new(Vec::new()) };
}

#[wasm_bindgen]
impl Board {
    /// Draws the board the element's attributes ask for into `root`.
    #[wasm_bindgen(constructor)]
    pub fn new(host: HtmlElement, root: ShadowRoot, base: String) -> Result<Board, JsValue> {
        let doc = host.owner_document().ok_or("shatar-board: no document")?;
        sheets::style_board(&doc, &root)?;
        let parts = Parts::build(&doc, &root)?;
        // The board speaks to its element, found once it is made (below).
        let this: Rc<RefCell<Weak<BoardCell>>> = Rc::default();
        let to = this.clone();
        let targets = Targets {
            holder: &parts.board_holder,
            clicks: &root,
            keys: &parts.frame,
            typed: None,
        };
        let board = BoardWidget::new(&doc, targets, move |msg| {
            let weak = to.borrow().clone();
            dispatch(&weak, ElementMsg::Board(msg));
        })?;
        board.set_asset_base(&base);
        let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
        let cell = Rc::new_cyclic(|weak: &Weak<BoardCell>| {
            let listeners = input::listen(weak, &root, &parts).unwrap_or_else(|e| {
                web_sys::console::error_2(&"shatar-board: could not listen".into(), &e);
                Vec::new()
            });
            BoardCell {
                inner: RefCell::new(Inner {
                    id,
                    host,
                    base,
                    config: None,
                    generation: 0,
                    content: Content::Loading,
                    parts,
                    board,
                    engine: None,
                    _listeners: listeners,
                }),
                queue: RefCell::new(VecDeque::new()),
            }
        });
        *this.borrow_mut() = Rc::downgrade(&cell);
        BOARDS.with(|b| {
            let mut boards = b.borrow_mut();
            boards.retain(|w| w.strong_count() > 0);
            boards.push(Rc::downgrade(&cell));
        });
        dispatch(&Rc::downgrade(&cell), ElementMsg::Reload);
        Ok(Board { cell })
    }

    /// The element's attributes or text changed.
    pub fn reload(&self) {
        dispatch(&Rc::downgrade(&self.cell), ElementMsg::Reload);
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        if let Ok(inner) = self.cell.inner.try_borrow()
            && let Some(engine) = &inner.engine
        {
            engine.unregister(inner.id);
        }
    }
}

/// The first board on the page (the iframe page's only one): its flip and go-to.
pub(crate) fn command_first_board(command: &crate::frame::Command) {
    use crate::frame::Command;
    let Some(cell) = BOARDS.with(|b| b.borrow().iter().find_map(Weak::upgrade)) else {
        return;
    };
    let msg = match command {
        Command::Flip => BoardMsg::Flip,
        Command::GoTo { ply } => BoardMsg::GoTo(*ply),
        Command::ReportHeight => return,
    };
    dispatch(&Rc::downgrade(&cell), ElementMsg::Board(msg));
}

fn dispatch(weak: &Weak<BoardCell>, msg: ElementMsg) {
    let Some(cell) = weak.upgrade() else { return };
    cell.queue.borrow_mut().push_back(msg);
    let mut events = Vec::new();
    {
        // Busy: the running dispatch drains the queue before it returns.
        let Ok(mut inner) = cell.inner.try_borrow_mut() else {
            return;
        };
        loop {
            let Some(msg) = cell.queue.borrow_mut().pop_front() else {
                break;
            };
            events.extend(inner.handle(weak, msg));
            if let Err(e) = inner.render() {
                web_sys::console::error_2(&"shatar-board: render failed".into(), &e);
            }
        }
    }
    // Fired with nothing borrowed: the page's listeners may change the element at once.
    let host = cell.inner.borrow().host.clone();
    for event in events {
        fire(&host, &event);
    }
}

fn fire(host: &HtmlElement, event: &HostEvent) {
    let detail = js_sys::Object::new();
    for (name, value) in event.detail() {
        let value = match value {
            Detail::Number(n) => JsValue::from_f64(n as f64),
            Detail::Text(text) => JsValue::from_str(&text),
        };
        let _ = js_sys::Reflect::set(&detail, &name.into(), &value);
    }
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    // An `error` stays on the element: a window-wide error handler expects script errors.
    init.set_bubbles(!matches!(event, HostEvent::Error { .. }));
    init.set_composed(true);
    if let Ok(e) = web_sys::CustomEvent::new_with_event_init_dict(event.name(), &init) {
        let _ = host.dispatch_event(&e);
    }
}

impl Inner {
    fn handle(&mut self, weak: &Weak<BoardCell>, msg: ElementMsg) -> Vec<HostEvent> {
        match msg {
            ElementMsg::Reload => self.reload(weak),
            ElementMsg::NewGame => self.new_game(weak),
            ElementMsg::Fetched { generation, .. } if generation != self.generation => Vec::new(),
            ElementMsg::Fetched { text: Err(e), .. } => self.fail(e),
            ElementMsg::Fetched { text: Ok(text), .. } => self.open_viewer(weak, &text),
            ElementMsg::ReadStep { generation } if generation != self.generation => Vec::new(),
            ElementMsg::ReadStep { .. } => self.read_step(weak),
            ElementMsg::View(msg) => {
                if let Content::View(viewer) = &mut self.content {
                    viewer.update(msg);
                }
                Vec::new()
            }
            ElementMsg::App(msg) => self.play(msg),
            ElementMsg::Board(msg) => self.route(msg),
        }
    }

    /// The board's message, for what the mode shows: a `play` board's game page, a
    /// viewer's board, a diagram that only turns.
    fn route(&mut self, msg: BoardMsg) -> Vec<HostEvent> {
        match &mut self.content {
            Content::View(viewer) => {
                viewer.update(ViewerMsg::Board(msg));
                Vec::new()
            }
            Content::Play { .. } => self.play(Msg::Board(msg)),
            Content::Diagram(_) if msg == BoardMsg::Flip => {
                if let Some(config) = &mut self.config {
                    config.orientation = !config.orientation;
                    if let Some(board) = crate::diagram(config) {
                        self.content = Content::Diagram(board);
                    }
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn reload(&mut self, weak: &Weak<BoardCell>) -> Vec<HostEvent> {
        let host = self.host.clone();
        let text = host.text_content().unwrap_or_default();
        let read = config::read(|name| host.get_attribute(name), &text);
        let config = match read {
            Ok(config) => config,
            Err(e) => {
                self.config = None;
                return self.fail(e.to_string());
            }
        };
        if self.config.as_ref() == Some(&config) && !matches!(self.content, Content::Failed(_)) {
            return Vec::new();
        }
        // A board in another language waits for that language's texts, then reads its
        // attributes again.
        let again = weak.clone();
        if !texts::ready_or_fetch(&self.base, config.lang, move || {
            dispatch(&again, ElementMsg::Reload)
        }) {
            self.config = None;
            self.content = Content::Loading;
            return Vec::new();
        }
        self.generation += 1;
        self.config = Some(config.clone());
        let letters = config.looks.notation.letters(config.lang);
        if config.lang == Lang::MnMong
            || letters == shatar_rules::notation::PieceLetters::MongolianScript
        {
            sheets::declare_mongolian_font(&self.base);
        }
        if let Err(e) = self.parts.set_lang(config.lang) {
            web_sys::console::warn_2(&"shatar: the board's texts could not be set".into(), &e);
        }
        let _ = self
            .parts
            .set_label(&crate::board_name(config.lang, config.kind, &config.mode));
        match &config.mode {
            Mode::Diagram { .. } => {
                self.content =
                    Content::Diagram(crate::diagram(&config).expect("a diagram's configuration"));
                vec![HostEvent::Ready { mode: "diagram" }]
            }
            Mode::View {
                source: PgnSource::Inline(text),
                ..
            } => self.open_viewer(weak, &text.clone()),
            Mode::View {
                source: PgnSource::Url(url),
                ..
            } => {
                self.content = Content::Loading;
                fetch_pgn(weak.clone(), self.generation, url.clone());
                Vec::new()
            }
            Mode::Play { opponent } => self.open_play(weak, &config, *opponent),
            Mode::Live { frame } => {
                self.content = Content::Live(frame.clone());
                vec![HostEvent::Ready { mode: "live" }]
            }
        }
    }

    fn new_game(&mut self, weak: &Weak<BoardCell>) -> Vec<HostEvent> {
        let Some(config) = self.config.clone() else {
            return Vec::new();
        };
        let Mode::Play { opponent } = config.mode else {
            return Vec::new();
        };
        if let Content::Play { save_key, .. } = &self.content
            && let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten())
        {
            let _ = storage.remove_item(save_key);
        }
        self.open_play(weak, &config, opponent)
    }

    fn fail(&mut self, message: String) -> Vec<HostEvent> {
        self.content = Content::Failed(message.clone());
        vec![HostEvent::Error { message }]
    }

    fn open_viewer(&mut self, weak: &Weak<BoardCell>, text: &str) -> Vec<HostEvent> {
        self.content = Content::Reading(Box::new(PgnFileReader::new(text)));
        self.read_step(weak)
    }

    /// Reads a slice of the PGN; the next one comes after the page has had its turn.
    fn read_step(&mut self, weak: &Weak<BoardCell>) -> Vec<HostEvent> {
        let (Some(config), Content::Reading(reader)) = (&self.config, &mut self.content) else {
            return Vec::new();
        };
        let Mode::View { start, .. } = config.mode else {
            return Vec::new();
        };
        let file = match reader.step(STEP_BYTES) {
            Ok(Step::More { .. }) => {
                next_read_step(weak.clone(), self.generation);
                return Vec::new();
            }
            Ok(Step::Done(file)) => file,
            Err(e) => {
                let message = crate::viewer::unreadable(config.lang, &e);
                return self.fail(message);
            }
        };
        match Viewer::from_file(
            file,
            config.kind,
            start,
            config.orientation,
            config.looks,
            config.lang,
        ) {
            Ok(viewer) => {
                self.content = Content::View(Box::new(viewer));
                vec![HostEvent::Ready { mode: "view" }]
            }
            Err(e) => self.fail(e),
        }
    }

    fn open_play(
        &mut self,
        weak: &Weak<BoardCell>,
        config: &Config,
        opponent: config::Opponent,
    ) -> Vec<HostEvent> {
        if matches!(opponent, config::Opponent::Computer { .. }) && self.engine.is_none() {
            let deliver = weak.clone();
            match shared_engine::get(&self.base) {
                Ok(engine) => {
                    engine.register(self.id, move |event| {
                        dispatch(&deliver, ElementMsg::App(Msg::Engine(event)))
                    });
                    self.engine = Some(engine);
                }
                Err(e) => return self.fail(format!("the computer cannot start: {}", describe(&e))),
            }
        }
        let (seed, date) = shatar_web::dom::fresh_seed_and_date();
        let (mut state, effects) =
            start_play(config, opponent, seed, date, shatar_web::dom::now_ms());
        let place = self.host.id();
        let place = if place.is_empty() {
            format!("board-{}", self.id)
        } else {
            place
        };
        let path = web_sys::window()
            .and_then(|w| w.location().pathname().ok())
            .unwrap_or_default();
        let snippet: String = ATTRIBUTES
            .iter()
            .filter_map(|n| self.host.get_attribute(n).map(|v| format!("{n}={v}\n")))
            .collect();
        let key = save_key(&path, &place, &snippet);
        let saved = web_sys::window().and_then(|w| shatar_web::dom::effects::load(&w, &key));
        let mut effects = effects;
        if saved.is_some() {
            // The restored game replaces the fresh one; what the fresh one asked of the
            // engine no longer matters.
            let date = state.session.date.clone();
            effects = update_at(
                &mut state,
                Msg::Restore { saved, seed, date },
                shatar_web::dom::now_ms(),
            );
            state.show_as(config.looks, config.lang, config.orientation);
        }
        self.content = Content::Play {
            state: Box::new(state),
            save_key: key,
        };
        self.perform(effects);
        vec![HostEvent::Ready { mode: "play" }]
    }

    fn play(&mut self, msg: Msg) -> Vec<HostEvent> {
        let Content::Play { state, .. } = &mut self.content else {
            return Vec::new();
        };
        let (before, was_over) = (
            state.board.game().len(),
            state.board.game().outcome().is_some(),
        );
        // A new game against the computer keeps the snippet's setup.
        let effects = update_at(state, msg, shatar_web::dom::now_ms());
        let events = play_events(state, before, was_over);
        self.perform(effects);
        events
    }

    fn perform(&mut self, effects: Vec<Effect>) {
        let Content::Play { save_key, state } = &mut self.content else {
            return;
        };
        for effect in effects {
            match effect {
                Effect::Engine(command) => {
                    if let Some(engine) = &self.engine {
                        engine.command(self.id, command);
                    }
                }
                Effect::Save(text) => {
                    let stored = web_sys::window()
                        .ok_or(SaveFailure::Unavailable)
                        .and_then(|w| shatar_web::dom::effects::store(&w, save_key, &text));
                    // The board says so while its game is not saved (the club's storage is
                    // full); these messages ask for nothing more.
                    let told = match stored {
                        Ok(()) if state.storage.save_failed.is_some() => Some(Msg::Saved),
                        Ok(()) => None,
                        Err(why) => Some(Msg::SaveFailed(why)),
                    };
                    if let Some(msg) = told {
                        update_at(state, msg, shatar_web::dom::now_ms());
                    }
                }
                // No sound, copy, download, update prompt, or games kept apart (the club's
                // page is not the app) on someone else's page.
                _ => {}
            }
        }
    }

    fn render(&mut self) -> Result<(), JsValue> {
        let looks = self.config.as_ref().map(|c| c.looks).unwrap_or_default();
        match &self.content {
            Content::Loading | Content::Reading(_) => self.parts.show_loading(),
            Content::Failed(message) => self.parts.show_error(message),
            Content::Live(address) => self.parts.show_live(address),
            Content::Diagram(view) => {
                self.board.render(view, &looks)?;
                self.parts.show_diagram()
            }
            Content::View(viewer) => {
                let view = viewer.view();
                if let Some(board) = &view.board {
                    self.board.render(board, &looks)?;
                }
                self.parts.show_viewer(&view)
            }
            Content::Play { state, .. } => {
                let board = shatar_web::view::board(state);
                self.board.render(&board, &looks)?;
                let unsaved = shatar_web::view::games::save_reason(state)
                    .map(|reason| tf!(state.prefs.lang, "embed.save-failed", reason = reason));
                let panel = shatar_web::view::panel(state);
                self.parts
                    .show_play(&panel, &board, looks.pieces, unsaved.as_deref())
            }
        }
    }
}

/// Asks for the next slice of a PGN once the page has run its other tasks (a timeout, not a
/// microtask: input and painting get their turn between two slices).
fn next_read_step(weak: Weak<BoardCell>, generation: u64) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(window) = web_sys::window() {
            shatar_web::dom::listen::sleep(&window, 0).await;
        }
        dispatch(&weak, ElementMsg::ReadStep { generation });
    });
}

/// Fetches a viewer's `src`; the answer comes back as a message.
fn fetch_pgn(weak: Weak<BoardCell>, generation: u64, url: String) {
    wasm_bindgen_futures::spawn_local(async move {
        let text = fetch_text(&url)
            .await
            .map_err(|why| format!("could not load the PGN from {url}: {why}"));
        dispatch(&weak, ElementMsg::Fetched { generation, text });
    });
}

/// Unused attribute names are the page's own (`id`, `class`...); this list is what the
/// JS class observes.
#[wasm_bindgen(js_name = observedAttributes)]
pub fn observed_attributes() -> Vec<JsValue> {
    ATTRIBUTES.iter().map(|a| JsValue::from_str(a)).collect()
}
