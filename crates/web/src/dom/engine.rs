//! The engine worker in the browser: carries out what [`EngineClient`] decides (spawn,
//! terminate, post), feeds it the worker's messages and errors and a 250 ms watchdog
//! tick, and hands its events to the page. No decision is made here.
//!
//! Every listener and timer is owned by [`EngineHandle`] and removed when it is dropped.
//! The callbacks hold only a `Weak` reference to the shared state, so nothing they
//! capture keeps it alive in a cycle.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use shatar_protocol::{Envelope, Header, Request, Response};
use shatar_rules::GameKind;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use crate::engine_client::{EngineClient, EngineEvent, SearchJob, WorkerAction, WorkerBuild};

/// Where each build of the engine worker starts ([`WorkerBuild`]). The URLs are the
/// page's own (a worker must be same-origin), fixed by the page, never built from input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerUrls {
    /// The 8x8 games only: the page's first worker.
    pub board8: Cow<'static, str>,
    /// With Xiangqi: started when Xiangqi is first played, and kept.
    pub xiangqi: Cow<'static, str>,
}

impl WorkerUrls {
    fn of(&self, build: WorkerBuild) -> &str {
        match build {
            WorkerBuild::Board8 => &self.board8,
            WorkerBuild::Xiangqi => &self.xiangqi,
        }
    }
}

/// The worker loader's plain name; the page starts the build's name for it
/// ([`super::files`]), so that it never meets another build's loader.
pub const WORKER_LOADER: &str = "worker-loader.js";

/// The app's workers: the loader initialises the worker's wasm before it installs
/// `onmessage` (www/worker-loader.js, at the site's root, where the app's page is too), and
/// its `build` query names the build (its fixed list is there). Embedded boards pass their
/// own URLs (`shatar_embed`'s `shared_engine`).
pub fn app_worker_urls() -> WorkerUrls {
    let loader = super::files::named(WORKER_LOADER);
    WorkerUrls {
        board8: format!("./{loader}").into(),
        xiangqi: format!("./{loader}?build=xiangqi").into(),
    }
}

/// How often the watchdog looks: well under the shortest thing it times (a search's
/// 2 s grace), and cheap.
const TICK_MS: i32 = 250;

/// The page's engine: a supervised worker (see [`crate::engine_client`]).
pub struct EngineHandle {
    shared: Rc<Shared>,
    interval: i32,
    _tick: Closure<dyn FnMut()>,
    /// Delivers what `submit`, `new_game` and `cancel` could not: they run inside the
    /// page's own handlers, which must not be re-entered by `on_event`.
    flush: Closure<dyn FnMut()>,
}

struct Shared {
    worker_urls: WorkerUrls,
    state: RefCell<State>,
    on_event: RefCell<Box<dyn FnMut(EngineEvent)>>,
    /// Set by `Drop`: a batch being delivered when the page drops the handle stops there.
    closed: Cell<bool>,
    /// The pending `flush` timeout, if one is scheduled.
    flush_timeout: Cell<Option<i32>>,
}

struct State {
    client: EngineClient,
    worker: Option<LiveWorker>,
    /// Events that arose while carrying out the actions of a call that cannot report
    /// them (a worker that could not be created or posted to, inside `submit`).
    pending: Vec<EngineEvent>,
}

/// A worker and its listeners, which go with it.
struct LiveWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Drop for LiveWorker {
    fn drop(&mut self) {
        // Cleared first: a message the worker posted before it was terminated may still
        // be queued, and must not reach the client as if from its successor.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

impl EngineHandle {
    /// Spawns the worker and starts the watchdog. `on_event` is called from worker and
    /// timer callbacks only (never from inside `submit`, `new_game` or `cancel`) and with
    /// nothing here borrowed, because it re-enters the page, which may call `submit`.
    pub fn new(
        worker_urls: WorkerUrls,
        on_event: impl FnMut(EngineEvent) + 'static,
    ) -> Result<EngineHandle, JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let (client, actions) = EngineClient::new(now());
        let shared = Rc::new(Shared {
            worker_urls,
            state: RefCell::new(State {
                client,
                worker: None,
                pending: Vec::new(),
            }),
            on_event: RefCell::new(Box::new(on_event)),
            closed: Cell::new(false),
            flush_timeout: Cell::new(None),
        });
        let weak = Rc::downgrade(&shared);
        // The first worker is created here so that a page that cannot create one at all
        // learns it from the error rather than from a status later.
        for action in actions {
            if let WorkerAction::Spawn(build) = action {
                shared.state.borrow_mut().worker = Some(spawn(&weak, build)?);
            }
        }

        let tick_weak = weak.clone();
        let tick =
            Closure::<dyn FnMut()>::new(move || run(&tick_weak, |client, now| client.tick(now)));
        let interval = window.set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref(),
            TICK_MS,
        )?;
        let flush_weak = weak;
        let flush = Closure::<dyn FnMut()>::new(move || {
            if let Some(shared) = flush_weak.upgrade() {
                shared.flush_timeout.set(None);
            }
            run(&flush_weak, |client, _| (Vec::new(), client.take_events()));
        });
        Ok(EngineHandle {
            shared,
            interval,
            _tick: tick,
            flush,
        })
    }

    pub fn submit(&self, job: SearchJob) {
        self.command(|client, now| client.submit(job, now));
    }

    /// Takes a `Ruleset` too (an 8x8 game).
    pub fn new_game(&self, game: impl Into<GameKind>) {
        let game = game.into();
        self.command(|client, now| client.new_game(game, now));
    }

    pub fn cancel(&self) {
        self.command(|client, now| client.cancel(now));
    }

    /// For the end-to-end test of recovery: terminates the worker behind the client's
    /// back, as a crash that sends no event would. The watchdog notices when a search
    /// passes its deadline unanswered: the running one's, or else the next one's.
    pub fn kill_worker_for_test(&self) {
        if let Ok(state) = self.shared.state.try_borrow()
            && let Some(live) = &state.worker
        {
            live.worker.terminate();
        }
    }

    fn command(&self, step: impl FnOnce(&mut EngineClient, f64) -> Vec<WorkerAction>) {
        let Ok(mut state) = self.shared.state.try_borrow_mut() else {
            // Only reachable if a callback here called the page while borrowed: a bug.
            web_sys::console::error_1(&"shatar: engine handle re-entered".into());
            return;
        };
        let now = now();
        let actions = step(&mut state.client, now);
        let events = state.apply(actions, &Rc::downgrade(&self.shared), now);
        state.pending.extend(events);
        drop(state);
        self.schedule_flush();
    }

    /// Soon, from a fresh task: the status change of a command (or its failure), without
    /// waiting up to a tick for it.
    fn schedule_flush(&self) {
        if self.shared.flush_timeout.get().is_some() {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        match window.set_timeout_with_callback_and_timeout_and_arguments_0(
            self.flush.as_ref().unchecked_ref(),
            0,
        ) {
            Ok(id) => self.shared.flush_timeout.set(Some(id)),
            // The next tick delivers them instead.
            Err(e) => {
                web_sys::console::warn_2(&"shatar: could not schedule engine events:".into(), &e)
            }
        }
    }
}

impl Drop for EngineHandle {
    fn drop(&mut self) {
        self.shared.closed.set(true);
        if let Some(window) = web_sys::window() {
            window.clear_interval_with_handle(self.interval);
            if let Some(id) = self.shared.flush_timeout.take() {
                window.clear_timeout_with_handle(id);
            }
        }
        // The page never drops the handle from inside a borrow of ours (it is called
        // with none held), so this succeeds; the closures go with the fields.
        if let Ok(mut state) = self.shared.state.try_borrow_mut() {
            state.worker = None;
        }
    }
}

impl State {
    /// Carries out `actions` in order, and what the client decides when one of them fails
    /// (a worker that cannot be created or posted to counts as a crashed one). Returns
    /// the client's events from those failures.
    fn apply(
        &mut self,
        actions: Vec<WorkerAction>,
        weak: &Weak<Shared>,
        now: f64,
    ) -> Vec<EngineEvent> {
        let mut queue = VecDeque::from(actions);
        let mut events = Vec::new();
        while let Some(action) = queue.pop_front() {
            let failed = match action {
                WorkerAction::Spawn(build) => match spawn(weak, build) {
                    Ok(live) => {
                        self.worker = Some(live);
                        None
                    }
                    Err(e) => Some(format!(
                        "could not start the engine worker: {}",
                        describe(&e)
                    )),
                },
                WorkerAction::Terminate => {
                    self.worker = None;
                    None
                }
                WorkerAction::Post(envelope) => match &self.worker {
                    Some(live) => post(&live.worker, &envelope)
                        .err()
                        .map(|e| format!("could not post to the engine worker: {}", describe(&e))),
                    None => Some("no engine worker to post to".to_string()),
                },
            };
            if let Some(reason) = failed {
                // The client gives up after a few failures in a row, so this ends.
                let (more, more_events) = self.client.on_worker_error(&reason, now);
                queue.extend(more);
                events.extend(more_events);
            }
        }
        events
    }
}

fn spawn(weak: &Weak<Shared>, build: WorkerBuild) -> Result<LiveWorker, JsValue> {
    let url = weak
        .upgrade()
        .map(|s| s.worker_urls.of(build).to_string())
        .ok_or("the engine handle is gone")?;
    let worker = Worker::new(&url)?;
    let message_weak = weak.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let message = decode(event.data());
        run(&message_weak, |client, now| client.on_message(message, now));
    });
    let error_weak = weak.clone();
    // A script that fails to load fires a plain `Event`; a wasm panic or a throw in the
    // worker an `ErrorEvent` with a message.
    let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        let message = event
            .dyn_ref::<ErrorEvent>()
            .map(ErrorEvent::message)
            .unwrap_or_default();
        run(&error_weak, |client, now| {
            client.on_worker_error(&message, now)
        });
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(LiveWorker {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// One step of the client from a callback: carry out its actions with the state
/// borrowed, then deliver the events with nothing borrowed.
fn run(
    weak: &Weak<Shared>,
    step: impl FnOnce(&mut EngineClient, f64) -> (Vec<WorkerAction>, Vec<EngineEvent>),
) {
    let Some(shared) = weak.upgrade() else { return };
    if shared.closed.get() {
        return;
    }
    let events = {
        let Ok(mut state) = shared.state.try_borrow_mut() else {
            web_sys::console::error_1(&"shatar: engine callback re-entered".into());
            return;
        };
        let now = now();
        let mut events = std::mem::take(&mut state.pending);
        let (actions, step_events) = step(&mut state.client, now);
        events.extend(step_events);
        let failures = state.apply(actions, weak, now);
        events.extend(failures);
        events
    };
    shared.deliver(events);
}

impl Shared {
    fn deliver(&self, events: Vec<EngineEvent>) {
        for event in events {
            if self.closed.get() {
                return;
            }
            // The page may have submitted or cancelled while handling an earlier event of
            // this batch: answers for the token it left behind are no longer wanted.
            let wanted = match &event {
                EngineEvent::Info { token, .. }
                | EngineEvent::Best { token, .. }
                | EngineEvent::Failed { token, .. } => self
                    .state
                    .try_borrow()
                    .is_ok_and(|state| state.client.is_current(*token)),
                EngineEvent::Status(_) => true,
            };
            if !wanted {
                continue;
            }
            match self.on_event.try_borrow_mut() {
                Ok(mut on_event) => on_event(event),
                Err(_) => {
                    web_sys::console::error_1(&"shatar: engine event handler re-entered".into())
                }
            }
        }
    }
}

/// The header first, so that a worker of another build is recognised as such even when
/// its body does not decode here: the client needs only `v` and `id` to say so.
///
/// The page reads and writes its messages through JSON text, with the same `serde_json`
/// that reads its saved game: one deserializer for every type keeps the page's wasm small
/// (each deserializer monomorphises every `Deserialize` impl anew).
fn decode(data: JsValue) -> Result<Envelope<Response>, String> {
    let text = js_sys::JSON::stringify(&data).map_err(|e| describe(&e))?;
    let text = String::from(text);
    let header: Header = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if let Err(error) = header.check_version() {
        return Ok(Envelope {
            v: header.v,
            id: header.id,
            body: Response::Error { error },
        });
    }
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// Plain objects only (no `Map`, no `BigInt`), as the worker expects and `postMessage`
/// carries.
fn post(worker: &Worker, envelope: &Envelope<Request>) -> Result<(), JsValue> {
    let text = serde_json::to_string(envelope).map_err(|e| JsValue::from_str(&e.to_string()))?;
    worker.post_message(&js_sys::JSON::parse(&text)?)
}

fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| format!("{error:?}"))
}

/// `performance.now()`: a monotonic clock (`std::time::Instant` panics on wasm32).
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
