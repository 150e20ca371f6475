//! The page's one engine worker, shared by its `play` boards through the
//! [`Scheduler`]: created by the first board that needs the computer, and kept for the
//! page's life (boards come and go; the wasm and the worker stay warm).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;

use crate::scheduler::{BoardId, Order, Scheduler};
use shatar_web::dom::engine::{EngineHandle, WORKER_LOADER, WorkerUrls};
use shatar_web::dom::files;
use shatar_web::engine_client::EngineEvent;
use shatar_web::state::EngineCommand;

type Deliver = Rc<dyn Fn(EngineEvent)>;

pub struct SharedEngine {
    handle: RefCell<Option<EngineHandle>>,
    scheduler: RefCell<Scheduler>,
    /// A page has a few boards: a list is all the map it needs.
    boards: RefCell<Vec<(BoardId, Deliver)>>,
}

thread_local! {
    static ENGINE: RefCell<Option<Rc<SharedEngine>>> = const { RefCell::new(None) };
}

/// The page's engine, started on first use from the site at `base`.
pub fn get(base: &str) -> Result<Rc<SharedEngine>, JsValue> {
    if let Some(engine) = ENGINE.with(|e| e.borrow().clone()) {
        return Ok(engine);
    }
    let engine = Rc::new(SharedEngine {
        handle: RefCell::new(None),
        scheduler: RefCell::new(Scheduler::new()),
        boards: RefCell::new(Vec::new()),
    });
    let weak = Rc::downgrade(&engine);
    let handle = EngineHandle::new(worker_urls(base)?, move |event| {
        if let Some(engine) = weak.upgrade() {
            engine.on_event(event);
        }
    })?;
    *engine.handle.borrow_mut() = Some(handle);
    ENGINE.with(|e| *e.borrow_mut() = Some(engine.clone()));
    Ok(engine)
}

/// Both builds of the worker (the 8x8 one, and the one with Xiangqi that the client
/// switches to when a board plays Xiangqi), as `EngineHandle` wants them.
fn worker_urls(base: &str) -> Result<WorkerUrls, JsValue> {
    Ok(WorkerUrls {
        board8: worker_url(base, None)?.into(),
        xiangqi: worker_url(base, Some("xiangqi"))?.into(),
    })
}

/// A worker must come from the page's own origin. A board on a club's site starts it
/// from a blob script that loads ours from `base` (worker-loader.js reads SHATAR_BASE,
/// and the build from SHATAR_BUILD, as a blob's URL has no query to read it from).
/// `build` is one of worker-loader.js's names, a constant here. The loader is the build's,
/// by its hashed name (shatar-board.js hands the names over).
fn worker_url(base: &str, build: Option<&'static str>) -> Result<String, JsValue> {
    let page = web_sys::window().ok_or("no window")?.location().origin()?;
    let site = web_sys::Url::new(base)?.origin();
    let loader = files::named(WORKER_LOADER);
    if page == site {
        return Ok(match build {
            Some(build) => format!("{base}{loader}?build={build}"),
            None => format!("{base}{loader}"),
        });
    }
    let quoted = serde_json::to_string(base).map_err(|e| e.to_string())?;
    let build = match build {
        Some(build) => format!(
            "self.SHATAR_BUILD = {};\n",
            serde_json::to_string(build).map_err(|e| e.to_string())?
        ),
        None => String::new(),
    };
    let loader = serde_json::to_string(&loader).map_err(|e| e.to_string())?;
    let script = format!(
        "self.SHATAR_BASE = {quoted};\n{build}importScripts(self.SHATAR_BASE + {loader});\n"
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    web_sys::Url::create_object_url_with_blob(&blob)
}

impl SharedEngine {
    pub fn register(&self, board: BoardId, deliver: impl Fn(EngineEvent) + 'static) {
        let mut boards = self.boards.borrow_mut();
        boards.retain(|(b, _)| *b != board);
        boards.push((board, Rc::new(deliver)));
    }

    pub fn unregister(&self, board: BoardId) {
        self.boards.borrow_mut().retain(|(b, _)| *b != board);
        let orders = self.scheduler.borrow_mut().forget(board);
        self.carry_out(orders);
    }

    pub fn command(&self, board: BoardId, command: EngineCommand) {
        let orders = self.scheduler.borrow_mut().command(board, command);
        self.carry_out(orders);
    }

    fn carry_out(&self, orders: Vec<Order>) {
        let handle = self.handle.borrow();
        let Some(handle) = handle.as_ref() else {
            return;
        };
        for order in orders {
            match order {
                Order::Submit(job) => handle.submit(job),
                Order::Cancel => handle.cancel(),
                Order::NewGame(game) => handle.new_game(game),
            }
        }
    }

    fn on_event(&self, event: EngineEvent) {
        let (delivery, orders) = self.scheduler.borrow_mut().event(event);
        self.carry_out(orders);
        let Some(delivery) = delivery else { return };
        // Cloned out first: a board handling its event may register, unregister or command.
        let targets: Vec<Deliver> = match delivery.to {
            Some(board) => self
                .boards
                .borrow()
                .iter()
                .filter(|(b, _)| *b == board)
                .map(|(_, d)| d.clone())
                .collect(),
            None => self
                .boards
                .borrow()
                .iter()
                .map(|(_, d)| d.clone())
                .collect(),
        };
        for deliver in targets {
            deliver(delivery.event.clone());
        }
    }
}
