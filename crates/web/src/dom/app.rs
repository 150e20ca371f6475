//! The game's page: turns DOM events into [`Msg`]s, runs [`update_at`], renders the views and
//! carries out the effects.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use shatar_rules::Color;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Event, Window};

use super::board_widget::{BoardWidget, Targets};
use super::engine::{self, EngineHandle};
use super::listen::{Interval, Listener, Timeout, closest_with};

/// How often a running clock is looked at.
const TICK_MS: i32 = 100;
use super::app_panel::PanelDom;
use super::{
    effects, forms, fresh_seed_and_date, games, handoff, now_ms, page_text, service_worker, texts,
};
use crate::i18n::Lang;
use crate::state::{
    AppState, Dialog, Effect, EngineCommand, ExportHow, ExportKind, Msg, SET_ASIDE_KEY, update_at,
};
use crate::view;

pub(super) struct App {
    window: Window,
    doc: Document,
    state: AppState,
    /// The board, with its listeners: what it is told becomes [`Msg::Board`].
    board: BoardWidget,
    panel: PanelDom,
    speaker: effects::Speaker,
    engine: Option<EngineHandle>,
    /// Where this tab's game is kept.
    shelf: games::Shelf,
    pub(super) listeners: Vec<Listener>,
    /// Ticks the game's clock while it runs.
    _ticker: Option<Interval>,
    /// Brings back the import of a large file after a frame has passed.
    import_timer: Option<Timeout>,
    /// The page gives way to its build with Xiangqi once the message at hand is handled.
    leaving: Option<super::handoff::Handoff>,
    looks_shown: Option<crate::settings::Looks>,
    /// The language the page's static texts are in.
    lang_shown: Option<Lang>,
}

thread_local! {
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let window = web_sys::window().ok_or("shatar: no window")?;
    let doc = window.document().ok_or("shatar: no document")?;
    // The module is also loaded by its browser tests, on a page that is not the app's.
    if !super::is_page(&doc, "app") {
        return Ok(());
    }
    // What the page's first build handed over, if this is the build with Xiangqi.
    let handoff = handoff::take(&window);
    wasm_bindgen_futures::spawn_local(async move {
        let handed = handoff.as_ref().map(|h| (h.game.clone(), h.saved.clone()));
        let claimed = games::claim(&window, handed).await;
        let request = handoff.and_then(|h| h.request);
        if let Err(e) = begin(window, doc, claimed, request) {
            web_sys::console::error_2(&"shatar: the page did not start".into(), &e);
        }
    });
    Ok(())
}

/// Starts the page with this tab's game, and carries out what the first build was asked.
fn begin(
    window: Window,
    doc: Document,
    claimed: games::Claimed,
    request: Option<crate::state::HandoffRequest>,
) -> Result<(), JsValue> {
    let games::Claimed { shelf, saved } = claimed;
    #[cfg(not(feature = "xiangqi"))]
    if crate::saved::needs_other_build(saved.as_deref()) {
        let handoff = handoff::Handoff {
            game: shelf.id().to_string(),
            saved,
            request: None,
        };
        // Its lock goes with it: the other build takes it up.
        drop(shelf);
        return handoff::give_way(&doc, &handoff);
    }
    let holder = doc
        .get_element_by_id("board")
        .ok_or("shatar: the app's page has no #board")?;
    let typed_form = doc
        .get_element_by_id("typed")
        .ok_or("shatar: the app's page has no #typed")?;
    let typed_field = doc
        .get_element_by_id("typed-move")
        .and_then(|i| i.dyn_into::<web_sys::HtmlInputElement>().ok())
        .ok_or("shatar: the app's page has no #typed-move")?;
    let targets = Targets {
        holder: &holder,
        clicks: &doc,
        keys: &window,
        typed: Some((&typed_form, typed_field)),
    };
    // The app is found when the board speaks (after `APP` is set, below).
    let board = BoardWidget::new(&doc, targets, |msg| dispatch(&current(), Msg::Board(msg)))?;
    let (seed, date) = fresh_seed_and_date();
    let app = Rc::new(RefCell::new(App {
        window: window.clone(),
        doc: doc.clone(),
        state: AppState::new(seed, date.clone()),
        board,
        panel: PanelDom::new(doc.clone()),
        speaker: effects::Speaker::default(),
        engine: None,
        shelf,
        listeners: Vec::new(),
        _ticker: None,
        import_timer: None,
        leaving: None,
        looks_shown: None,
        lang_shown: None,
    }));
    let weak = Rc::downgrade(&app);
    let engine = EngineHandle::new(engine::app_worker_urls(), move |event| {
        dispatch(&weak, Msg::Engine(event))
    })?;
    app.borrow_mut().engine = Some(engine);
    let listeners = listen_all(&app, &window, &doc)?;
    app.borrow_mut().listeners = listeners;
    // Ten times a second, as a clock shows tenths under ten seconds; nothing is done
    // while no clock runs.
    let weak = Rc::downgrade(&app);
    let ticker = Interval::new(&window, TICK_MS, move || {
        let running = weak.upgrade().is_some_and(|app| {
            app.try_borrow().is_ok_and(|a| {
                a.state
                    .session
                    .timing
                    .as_ref()
                    .is_some_and(|t| t.clock.running.is_some())
            })
        });
        if running {
            dispatch(&weak, Msg::Tick);
        }
    })?;
    app.borrow_mut()._ticker = Some(ticker);
    APP.with(|cell| *cell.borrow_mut() = Some(app.clone()));
    let (query, browser) = (
        page_text::query_lang(&window),
        page_text::browser_langs(&window),
    );
    // Both in one go: the language is settled (and its texts fetched) once the save is read.
    QUEUED.with(|q| q.borrow_mut().push_back(Msg::Languages { query, browser }));
    let weak = Rc::downgrade(&app);
    dispatch(&weak, Msg::Restore { saved, seed, date });
    dispatch(&weak, Msg::Prefs(effects::load(&window, games::PREFS_KEY)));
    if let Some(request) = request {
        dispatch(&weak, request.into_msg());
    }
    refresh_others(&weak);
    service_worker::start(service_worker_hooks(&weak), &window, &doc);
    Ok(())
}

/// What the service worker's side may do to the app: send it messages, and hand it
/// listeners, which it removes when it goes.
fn service_worker_hooks(app: &Weak<RefCell<App>>) -> service_worker::Hooks {
    let (to_dispatch, to_keep) = (app.clone(), app.clone());
    service_worker::Hooks {
        dispatch: Rc::new(move |msg| dispatch(&to_dispatch, msg)),
        keep: Rc::new(move |listener| {
            let Some(app) = to_keep.upgrade() else { return };
            match app.try_borrow_mut() {
                Ok(mut app) => app.listeners.push(listener),
                // Never while a message is handled: these run from the browser's own events.
                Err(_) => web_sys::console::warn_1(
                    &"shatar: busy; a service worker listener was dropped".into(),
                ),
            }
        }),
    }
}

/// Looks again for the other games in progress, and tells the state.
fn refresh_others(app: &Weak<RefCell<App>>) {
    let Some((window, own)) = app.upgrade().and_then(|a| {
        let a = a.try_borrow().ok()?;
        Some((a.window.clone(), a.shelf.id().to_string()))
    }) else {
        return;
    };
    let app = app.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let others = games::others(&window, &own).await;
        dispatch(&app, Msg::OtherGames(others));
    });
}

/// For the end-to-end test of recovery: the worker vanishes as if it had crashed without
/// a word, mid-search or not.
#[wasm_bindgen]
pub fn debug_kill_engine_worker() {
    APP.with(|cell| {
        if let Some(app) = cell.borrow().as_ref()
            && let Ok(app) = app.try_borrow()
            && let Some(engine) = &app.engine
        {
            engine.kill_worker_for_test();
        }
    });
}

/// Handles `msg` and whatever it sets off. A message raised while the app is busy (an
/// event fired synchronously by an effect) is queued and handled right after.
pub(super) fn dispatch(app: &Weak<RefCell<App>>, msg: Msg) {
    QUEUED.with(|q| q.borrow_mut().push_back(msg));
    let Some(app) = app.upgrade() else { return };
    // Busy: the running dispatch drains the queue before it returns.
    let Ok(mut inner) = app.try_borrow_mut() else {
        return;
    };
    while let Some(msg) = QUEUED.with(|q| q.borrow_mut().pop_front()) {
        let effects = update_at(&mut inner.state, msg, now_ms());
        if let Err(e) = inner.render() {
            web_sys::console::error_2(&"shatar: render failed".into(), &e);
        }
        for effect in effects {
            inner.perform(effect);
        }
    }
    if let Err(e) = inner.settle() {
        web_sys::console::error_2(&"shatar: render failed".into(), &e);
    }
    if let Some(handoff) = inner.leaving.take() {
        drop(inner);
        leave(app, &handoff);
    }
}

/// This build steps aside for the one with Xiangqi: every listener, timer and the worker
/// go with the app, then the other build starts with the game and the request.
fn leave(app: Rc<RefCell<App>>, handoff: &super::handoff::Handoff) {
    let doc = app.borrow().doc.clone();
    QUEUED.with(|q| q.borrow_mut().clear());
    APP.with(|cell| cell.borrow_mut().take());
    drop(app);
    #[cfg(not(feature = "xiangqi"))]
    if let Err(e) = handoff::give_way(&doc, handoff) {
        web_sys::console::error_2(&"shatar: cannot hand the page over".into(), &e);
    }
    #[cfg(feature = "xiangqi")]
    let _ = (doc, handoff);
}

thread_local! {
    /// Messages waiting for the app, in order.
    static QUEUED: RefCell<VecDeque<Msg>> = const { RefCell::new(VecDeque::new()) };
}

/// The page's app, once started (a dangling reference before, and after it has left).
fn current() -> Weak<RefCell<App>> {
    APP.with(|cell| cell.borrow().as_ref().map(Rc::downgrade))
        .unwrap_or_default()
}

impl App {
    fn weak(&self) -> Weak<RefCell<App>> {
        current()
    }

    /// A message for the app, handled once the one at hand is (the app is busy now).
    fn tell(&self, msg: Msg) {
        dispatch(&self.weak(), msg);
    }

    fn tell_others(&self) {
        refresh_others(&self.weak());
    }

    fn render(&mut self) -> Result<(), JsValue> {
        let looks = self.state.prefs.looks;
        let board = view::board(&self.state);
        self.board.render(&board, &looks)?;
        self.panel.render(
            &view::panel(&self.state),
            &looks,
            board.bottom,
            self.state.prefs.lang,
        )?;
        forms::sync_dialogs(
            &self.doc,
            self.state.ui.dialog.as_ref(),
            view::dialog_error(&self.state).as_deref(),
            &self.state.session.setup,
            self.state.prefs.lang,
            || view::pick_titles(&self.state),
        )
    }

    /// After the messages of one event: the page's fixed texts in its language, the
    /// settings form, and the word that the board takes moves. Another language's texts
    /// come in their own file: until it is in, the page stays hidden rather than speak
    /// the wrong language.
    fn settle(&mut self) -> Result<(), JsValue> {
        let looks = self.state.prefs.looks;
        let lang = self.state.prefs.lang;
        let weak = APP.with(|cell| cell.borrow().as_ref().map(Rc::downgrade));
        let texts_ready = texts::ready_or_fetch("", lang, move || {
            if let Some(weak) = weak {
                dispatch(&weak, Msg::Tick);
            }
        });
        if let Some(body) = self.doc.body() {
            body.toggle_attribute_with_force("data-texts-pending", !texts_ready)?;
        }
        if !texts_ready {
            return Ok(());
        }
        if self.lang_shown != Some(lang) {
            page_text::translate(&self.doc, lang)?;
            self.lang_shown = Some(lang);
        }
        if self.looks_shown != Some(looks) {
            forms::fill_looks(&self.doc, &looks)?;
            if let Some(body) = self.doc.body() {
                body.class_list()
                    .toggle_with_force("face-to-face", looks.face_to_face)?;
            }
            self.looks_shown = Some(looks);
        }
        // Tests and scripts wait for this: the board takes moves from here on.
        if let Some(svg) = self.board.svg() {
            svg.set_attribute("data-ready", "true")?;
        }
        Ok(())
    }

    fn perform(&mut self, effect: Effect) {
        match effect {
            Effect::Engine(command) => {
                let Some(engine) = &self.engine else { return };
                match command {
                    EngineCommand::Submit(job) => engine.submit(job),
                    EngineCommand::Cancel => engine.cancel(),
                    EngineCommand::NewGame(game) => engine.new_game(game),
                }
            }
            Effect::Save(text) => {
                let result = self.shelf.store(&text);
                let failed = self.state.storage.save_failed.is_some();
                match result {
                    Ok(()) if failed => self.tell(Msg::Saved),
                    Ok(()) => {}
                    Err(why) => self.tell(Msg::SaveFailed(why)),
                }
            }
            Effect::SavePrefs(text) => {
                if let Err(why) = self.shelf.store_prefs(&text) {
                    web_sys::console::warn_1(
                        &format!("shatar: preferences not saved: {why:?}").into(),
                    );
                }
            }
            Effect::Shelve { keep } => {
                self.shelf.shelve(keep);
                self.tell_others();
            }
            Effect::SwitchGame { id, keep } => self.shelf.switch_to(&id, keep),
            Effect::DiscardGame(id) => {
                let (window, app) = (self.window.clone(), self.weak());
                wasm_bindgen_futures::spawn_local(async move {
                    games::discard(&window, &id).await;
                    refresh_others(&app);
                });
            }
            Effect::ContinueImport => {
                let app = self.weak();
                self.import_timer =
                    Timeout::new(&self.window, 0, move || dispatch(&app, Msg::ImportStep))
                        .map_err(|e| web_sys::console::error_2(&"shatar: import".into(), &e))
                        .ok();
            }
            Effect::SetAside(text) => {
                if let Err(why) = effects::store(&self.window, SET_ASIDE_KEY, &text) {
                    web_sys::console::warn_1(&format!("shatar: not set aside: {why:?}").into());
                }
            }
            Effect::Sound(sound) => self.speaker.play(sound),
            Effect::Copy(text) => effects::copy(&self.window, &text),
            Effect::Download { file_name, text } => effects::download(&self.doc, &file_name, &text),
            Effect::ApplyUpdate => service_worker::apply_update(&self.window),
            Effect::Handoff(request) => {
                self.leaving = Some(handoff::Handoff {
                    game: self.shelf.id().to_string(),
                    saved: Some(crate::state::persist::encode(&self.state)),
                    request: Some(request),
                });
            }
        }
    }
}

/// Every listener the page needs, owned by the app and removed with it.
fn listen_all(
    app: &Rc<RefCell<App>>,
    window: &Window,
    doc: &Document,
) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let weak = Rc::downgrade(app);

    // Buttons say what they do in data-action (the board's own, and the move list, are the
    // board widget's).
    let w = weak.clone();
    out.push(Listener::new(doc, "click", move |e: Event| {
        if let Some(el) = closest_with(&e, "data-tap") {
            let color = match el.get_attribute("data-tap").as_deref() {
                Some("white") => Color::White,
                _ => Color::Black,
            };
            dispatch(&w, Msg::TapClock(color));
        } else if closest_with(&e, "data-promote").is_some()
            || closest_with(&e, "data-ply").is_some()
        {
            // The board widget's.
        } else if let Some(el) = closest_with(&e, "data-lang") {
            if let Some(lang) = el
                .get_attribute("data-lang")
                .and_then(|id| Lang::from_id(&id))
            {
                if let Some(window) = web_sys::window()
                    && let Err(e) = page_text::forget_query_lang(&window)
                {
                    web_sys::console::warn_2(&"shatar: could not tidy the address".into(), &e);
                }
                dispatch(&w, Msg::ChooseLang(lang));
            }
        } else if let Some(el) = closest_with(&e, "data-game") {
            // A game in progress: continue it or discard it.
            let id = el.get_attribute("data-game").unwrap_or_default();
            match el.get_attribute("data-action").as_deref() {
                Some("continue-game") => dispatch(&w, Msg::ContinueGame(id)),
                Some("discard-game") => dispatch(&w, Msg::DiscardGame(id)),
                _ => {}
            }
        } else if let Some(el) = closest_with(&e, "data-action") {
            let action = el.get_attribute("data-action").unwrap_or_default();
            if let Some(msg) = action_msg(&action) {
                dispatch(&w, msg);
            }
        }
    })?);

    // Closing or leaving the page stops the clock where it is, and saves it so: a reload
    // neither costs nor gives time (see `saved::SavedClock`).
    let w = weak.clone();
    out.push(Listener::new(window, "pagehide", move |_| {
        dispatch(&w, Msg::Suspend)
    })?);

    // Another tab changed what this browser keeps: the list of games in progress follows,
    // and a write to this tab's own game (possible only without Web Locks) forks it.
    let w = weak.clone();
    out.push(Listener::new(window, "storage", move |e: Event| {
        let Some(e) = e.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let key = e.key();
        if key
            .as_deref()
            .is_some_and(|k| !k.starts_with(games::GAMES_PREFIX))
        {
            return;
        }
        let forked = w.upgrade().is_some_and(|app| {
            let Ok(mut a) = app.try_borrow_mut() else {
                return false;
            };
            key.as_deref()
                .is_some_and(|k| a.shelf.noticed_write(k, e.new_value().as_deref()))
        });
        if forked {
            dispatch(&w, Msg::GameForked);
        }
        refresh_others(&w);
    })?);

    out.extend(listen_forms(&weak, doc)?);
    Ok(out)
}

fn action_msg(action: &str) -> Option<Msg> {
    Some(match action {
        "new-game" => Msg::OpenDialog(Dialog::NewGame),
        "games" => Msg::OpenDialog(Dialog::Games),
        "keep-pgn" => Msg::Export(ExportKind::Pgn, ExportHow::Download),
        "import" => Msg::OpenDialog(Dialog::Import { error: None }),
        "takeback" => Msg::TakeBack,
        "resign" => Msg::Resign,
        "hint" => Msg::Hint,
        "analysis" => Msg::ToggleAnalysis,
        "mute" => Msg::ToggleSound,
        "copy-pgn" => Msg::Export(ExportKind::Pgn, ExportHow::Copy),
        "download-pgn" => Msg::Export(ExportKind::Pgn, ExportHow::Download),
        "copy-fen" => Msg::Export(ExportKind::Fen, ExportHow::Copy),
        "download-fen" => Msg::Export(ExportKind::Fen, ExportHow::Download),
        "dismiss" => Msg::DismissNotice,
        "retry-engine" => Msg::RetryEngine,
        "offer-draw" => Msg::OfferDraw,
        "claim-draw" => Msg::ClaimDraw,
        "arm-claim" => Msg::ArmClaim,
        "accept-draw" => Msg::AnswerDraw { accept: true },
        "decline-draw" => Msg::AnswerDraw { accept: false },
        "pause-clock" => Msg::PauseClock,
        "resume-clock" => Msg::ResumeClock,
        "apply-update" => Msg::ApplyUpdate,
        _ => return None,
    })
}

/// The dialogs submit through `method="dialog"`; the button pressed is the submitter.
fn listen_forms(app: &Weak<RefCell<App>>, doc: &Document) -> Result<Vec<Listener>, JsValue> {
    let mut out = Vec::new();
    let form_target = |id: &str| -> Result<web_sys::EventTarget, JsValue> {
        Ok(doc
            .get_element_by_id(id)
            .ok_or_else(|| format!("shatar: index.html has no #{id}"))?
            .into())
    };
    let submitter = |e: &Event| {
        e.dyn_ref::<web_sys::SubmitEvent>()
            .and_then(|s| s.submitter())
            .and_then(|b| b.dyn_into::<web_sys::HtmlButtonElement>().ok())
            .map(|b| b.value())
            .unwrap_or_default()
    };

    let (w, d) = (app.clone(), doc.clone());
    out.push(Listener::new(
        &form_target("new-game-form")?,
        "submit",
        move |e: Event| {
            e.prevent_default();
            let msg = match (submitter(&e).as_str(), forms::read_new_game(&d)) {
                ("start", Ok(setup)) => {
                    let (seed, date) = fresh_seed_and_date();
                    Msg::StartGame { setup, seed, date }
                }
                _ => Msg::CloseDialog,
            };
            dispatch(&w, msg);
        },
    )?);

    let (w, d) = (app.clone(), doc.clone());
    out.push(Listener::new(
        &form_target("new-game-form")?,
        "change",
        move |e: Event| {
            let ruleset = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute("name"));
            if ruleset.as_deref() == Some("ruleset") {
                let lang = w
                    .upgrade()
                    .and_then(|a| a.try_borrow().ok().map(|a| a.state.prefs.lang))
                    .unwrap_or_default();
                if let Err(err) = forms::name_sides(&d, lang) {
                    web_sys::console::warn_2(&"shatar: the sides' names".into(), &err);
                }
            }
        },
    )?);

    let (w, d) = (app.clone(), doc.clone());
    out.push(Listener::new(
        &form_target("import-form")?,
        "submit",
        move |e: Event| {
            e.prevent_default();
            let (text, kind) = match (submitter(&e).as_str(), forms::read_import(&d)) {
                ("import", Ok(read)) => read,
                _ => return dispatch(&w, Msg::CloseDialog),
            };
            // A file chosen is read now, whole, however large: it never goes through the
            // text box, which a browser lays out slowly.
            let Some(file) = forms::chosen_file(&d) else {
                return dispatch(&w, Msg::Import { text, kind });
            };
            let w = w.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                    Ok(text) => {
                        let text = text.as_string().unwrap_or_default();
                        dispatch(&w, Msg::Import { text, kind });
                    }
                    Err(e) => {
                        web_sys::console::warn_2(&"shatar: could not read the file".into(), &e)
                    }
                }
            });
        },
    )?);

    let (w, d) = (app.clone(), doc.clone());
    out.push(Listener::new(
        &form_target("pick-game-form")?,
        "submit",
        move |e: Event| {
            e.prevent_default();
            let msg = match (submitter(&e).as_str(), forms::read_pick(&d)) {
                ("open", Ok(Some(index))) => Msg::PickImported(index),
                ("open", _) => return,
                _ => Msg::CloseDialog,
            };
            dispatch(&w, msg);
        },
    )?);
    let w = app.clone();
    out.push(Listener::new(
        &form_target("games-form")?,
        "submit",
        move |e: Event| {
            e.prevent_default();
            dispatch(&w, Msg::CloseDialog);
        },
    )?);

    // Escape closes a dialog by itself; the state must hear of it.
    for id in [
        forms::NEW_GAME,
        forms::IMPORT,
        forms::PICK_GAME,
        forms::GAMES,
    ] {
        let w = app.clone();
        out.push(Listener::new(&form_target(id)?, "cancel", move |_| {
            dispatch(&w, Msg::CloseDialog)
        })?);
    }

    // The text box and the file are two ways to give the text: one clears the other.
    let d = doc.clone();
    out.push(Listener::new(
        &form_target("import-form")?,
        "input",
        move |e: Event| {
            let name = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.get_attribute("name"));
            if let Err(err) = forms::keep_one_import_source(&d, name.as_deref()) {
                web_sys::console::warn_2(&"shatar: the import form".into(), &err);
            }
        },
    )?);

    let (w, d) = (app.clone(), doc.clone());
    out.push(Listener::new(
        &form_target("looks")?,
        "change",
        move |_| {
            if let Ok(looks) = forms::read_looks(&d) {
                dispatch(&w, Msg::SetLooks(looks));
            }
        },
    )?);
    Ok(out)
}
