//! The worker's JS boundary: decode, [`handle`], post. Nothing here interprets a request.

use std::cell::RefCell;

use serde::Serialize;
use shatar_protocol::{Envelope, ErrorKind, Header, Request, Response};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::handle;

/// Owns the `onmessage` handler for as long as the worker lives, instead of leaking it
/// with `Closure::forget`.
struct Listener {
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

thread_local! {
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Called by the loader once the wasm is initialised: installs `onmessage`, then says
/// `Ready`, so the page never posts to a worker that cannot answer yet.
#[wasm_bindgen]
pub fn run_worker() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let clock = || reply_to.performance().map_or(0.0, |p| p.now());
        let (id, response) = answer(event.data(), &clock);
        post(&reply_to, id, &response);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    LISTENER.with(|l| *l.borrow_mut() = Some(Listener { _on_message: on_message }));
    post(&scope, 0, &Response::Ready);
    Ok(())
}

/// Perft for the benchmark (`scripts/bench-wasm.sh`, run in Node): the same path as a
/// `Perft` request, without the messaging. Nodes as an `f64`, exact below 2^53.
#[wasm_bindgen]
pub fn perft(fen: &str, ruleset: &str, depth: u32) -> Result<f64, JsError> {
    let ruleset = ruleset.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    match handle(Request::Perft { fen: fen.into(), ruleset, depth }, &|| 0.0) {
        Response::PerftResult { nodes, .. } => Ok(nodes as f64),
        other => Err(JsError::new(&format!("{other:?}"))),
    }
}

/// The header is read first so that a peer of another protocol version gets
/// `VersionMismatch`, not a puzzling decode error about its body.
fn answer(data: JsValue, clock: &dyn Fn() -> f64) -> (u32, Response) {
    let malformed =
        |e: serde_wasm_bindgen::Error| Response::Error { error: ErrorKind::Malformed { detail: e.to_string() } };
    let header: Header = match serde_wasm_bindgen::from_value(data.clone()) {
        Ok(header) => header,
        Err(e) => return (0, malformed(e)),
    };
    if let Err(error) = header.check_version() {
        return (header.id, Response::Error { error });
    }
    match serde_wasm_bindgen::from_value::<Envelope<Request>>(data) {
        Ok(envelope) => (header.id, handle(envelope.body, clock)),
        Err(e) => (header.id, malformed(e)),
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, id: u32, response: &Response) {
    let sent = Envelope::new(id, response)
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .and_then(|value| scope.post_message(&value).map_err(Into::into));
    if let Err(e) = sent {
        web_sys::console::error_2(&"shatar worker: could not post a reply:".into(), &JsValue::from(e));
    }
}
