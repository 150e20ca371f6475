//! The worker's JS boundary: decode, [`Handler::handle`], post. Nothing here interprets a
//! request.
//!
//! Two callers: the browser's Web Worker (`run_worker`, replies posted to the page as
//! they come) and Node (`Session`, `perft`, `bench`; replies returned), which benchmarks
//! the engine and plays matches with it (`scripts/bench-wasm.sh`, `scripts/match-fsf.sh`).

use std::cell::RefCell;

use serde::Serialize;
use shatar_engine::{Clock, bench};
use shatar_protocol::{Envelope, ErrorKind, Header, Request, Response};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::Handler;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: a global in a Web Worker and in Node alike, so one binding
    /// serves both (`std::time::Instant` panics on wasm32-unknown-unknown).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

fn now() -> f64 {
    performance_now()
}

/// Owns the `onmessage` handler for as long as the worker lives, instead of leaking it
/// with `Closure::forget`.
struct Worker {
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
    /// The worker's engine and its table, kept from one message to the next.
    static HANDLER: RefCell<Handler> = RefCell::new(Handler::new());
}

/// Called by the loader once the wasm is initialised: installs `onmessage`, then says
/// `Ready`, so the page never posts to a worker that cannot answer yet.
#[wasm_bindgen]
pub fn run_worker() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        // Messages are handled one at a time, each to its end (a search included), so
        // the handler is never borrowed twice.
        HANDLER.with(|handler| {
            answer(
                &mut handler.borrow_mut(),
                event.data(),
                &mut |id, response| post(&reply_to, id, response),
            )
        });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    WORKER.with(|w| {
        *w.borrow_mut() = Some(Worker {
            _on_message: on_message,
        })
    });
    post(&scope, 0, &Response::Ready);
    Ok(())
}

/// The worker's message handler without the worker, for Node: one engine (and its
/// table) per session, kept between requests as in the worker.
#[wasm_bindgen]
pub struct Session {
    handler: Handler,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl Session {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        console_error_panic_hook::set_once();
        Session {
            handler: Handler::new(),
        }
    }

    /// Answers one message exactly as the worker does (an `Envelope<Request>` as a plain
    /// object), and returns the reply envelopes in order: for a search, its `SearchInfo`s
    /// and then its `BestMove`.
    pub fn handle(&mut self, message: JsValue) -> Result<js_sys::Array, JsValue> {
        let replies = js_sys::Array::new();
        let mut failed = None;
        answer(
            &mut self.handler,
            message,
            &mut |id, response| match to_js(id, response) {
                Ok(value) => {
                    replies.push(&value);
                }
                Err(e) => failed = Some(e),
            },
        );
        failed.map_or(Ok(replies), Err)
    }
}

/// Perft for the benchmark (`scripts/bench-wasm.sh`): the same path as a `Perft`
/// request, without the messaging. Nodes as an `f64`, exact below 2^53.
#[wasm_bindgen]
pub fn perft(fen: &str, ruleset: &str, depth: u32) -> Result<f64, JsError> {
    let ruleset = ruleset.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    let mut result = Err(JsError::new("no reply"));
    Handler::new().handle(
        Request::Perft {
            fen: fen.into(),
            kind: ruleset,
            depth,
        },
        &now,
        &mut |response| {
            result = match response {
                Response::PerftResult { nodes, .. } => Ok(nodes as f64),
                Response::Error { error } => Err(JsError::new(&error.to_string())),
                other => Err(JsError::new(&format!("unexpected reply {other:?}"))),
            }
        },
    );
    result
}

/// An `ErrorKind` reply in words, as the page shows it: "move 3 (e2e5) is illegal: ...".
#[wasm_bindgen]
pub fn describe_error(error: JsValue) -> Result<String, JsError> {
    let error: ErrorKind =
        serde_wasm_bindgen::from_value(error).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(error.to_string())
}

/// The figures of one run of the engine's search bench.
#[derive(Serialize)]
struct BenchFigures {
    depth: u32,
    /// The signature: equal natively and in wasm, or the builds search differently.
    nodes: u64,
    time_ms: f64,
}

struct PerformanceClock;

impl Clock for PerformanceClock {
    fn now_ms(&self) -> u64 {
        now() as u64
    }
}

/// The engine's fixed search benchmark of the 8x8 games ([`shatar_engine::bench`]) at
/// `depth` (its own depth when left out): `{depth, nodes, time_ms}`.
#[wasm_bindgen]
pub fn bench(depth: Option<u32>) -> Result<JsValue, JsError> {
    run_bench(depth.unwrap_or(bench::DEPTH), bench::run)
}

/// The same for Xiangqi's bench positions, a signature of their own.
#[wasm_bindgen]
pub fn bench_xiangqi(depth: Option<u32>) -> Result<JsValue, JsError> {
    run_bench(depth.unwrap_or(bench::XIANGQI_DEPTH), bench::run_xiangqi)
}

fn run_bench(
    depth: u32,
    run: fn(&dyn Clock, u32) -> bench::BenchResult,
) -> Result<JsValue, JsError> {
    console_error_panic_hook::set_once();
    let start = now();
    let result = run(&PerformanceClock, depth);
    let figures = BenchFigures {
        depth,
        nodes: result.nodes,
        time_ms: now() - start,
    };
    figures
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The header is read first so that a peer of another protocol version gets
/// `VersionMismatch`, not a puzzling decode error about its body.
fn answer(handler: &mut Handler, data: JsValue, reply: &mut dyn FnMut(u32, &Response)) {
    let malformed = |e: serde_wasm_bindgen::Error| Response::Error {
        error: ErrorKind::Malformed {
            detail: e.to_string(),
        },
    };
    let header: Header = match serde_wasm_bindgen::from_value(data.clone()) {
        Ok(header) => header,
        Err(e) => return reply(0, &malformed(e)),
    };
    if let Err(error) = header.check_version() {
        return reply(header.id, &Response::Error { error });
    }
    match serde_wasm_bindgen::from_value::<Envelope<Request>>(data) {
        Ok(envelope) => handler.handle(envelope.body, &now, &mut |response| {
            reply(header.id, &response)
        }),
        Err(e) => reply(header.id, &malformed(e)),
    }
}

/// Plain objects, numbers and arrays only (no `Map`, no `BigInt`), so the reply survives
/// `postMessage` and `JSON.stringify` alike.
fn to_js(id: u32, response: &Response) -> Result<JsValue, JsValue> {
    Ok(Envelope::new(id, response).serialize(&serde_wasm_bindgen::Serializer::json_compatible())?)
}

fn post(scope: &DedicatedWorkerGlobalScope, id: u32, response: &Response) {
    let sent = to_js(id, response).and_then(|value| scope.post_message(&value));
    if let Err(e) = sent {
        web_sys::console::error_2(&"shatar worker: could not post a reply:".into(), &e);
    }
}
