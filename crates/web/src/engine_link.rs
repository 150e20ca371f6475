//! The page's end of the engine worker: numbers requests, queues them until the worker
//! says `Ready`, and shows the replies in the engine status line.

use std::cell::RefCell;
use std::collections::HashMap;

use serde::Serialize;
use shatar_protocol::{Envelope, ErrorKind, Header, Request, Response};
use wasm_bindgen::prelude::*;
use web_sys::{Element, ErrorEvent, MessageEvent, Worker};

/// The loader initialises the worker's wasm before it installs `onmessage`
/// (www/worker-loader.js, copied to the site root by Trunk).
const WORKER_URL: &str = "./worker-loader.js";

struct Link {
    worker: Worker,
    ready: bool,
    next_id: u32,
    queued: Vec<Envelope<Request>>,
    pending: HashMap<u32, Request>,
    out: Element,
    // Owned here for the page's lifetime rather than leaked with `Closure::forget`.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
}

/// Events arrive from the event loop, never while the link is borrowed, so a failed
/// borrow is a bug to report, not a reason to abort the page.
fn with_link(f: impl FnOnce(&mut Link)) {
    LINK.with(|cell| match cell.try_borrow_mut() {
        Ok(mut link) => {
            if let Some(link) = link.as_mut() {
                f(link);
            }
        }
        Err(_) => web_sys::console::error_1(&"shatar: engine link re-entered".into()),
    });
}

pub fn start(out: Element, first: Request) -> Result<(), JsValue> {
    let worker = Worker::new(WORKER_URL)?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| with_link(|l| l.receive(e.data())));
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(|e: ErrorEvent| {
        with_link(|l| l.show("error", &format!("Engine worker failed: {}", e.message())));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let mut link = Link {
        worker,
        ready: false,
        next_id: 1,
        queued: Vec::new(),
        pending: HashMap::new(),
        out,
        _on_message: on_message,
        _on_error: on_error,
    };
    link.show("starting", "Engine worker: starting…");
    link.send(first);
    LINK.with(|cell| *cell.borrow_mut() = Some(link));
    Ok(())
}

impl Link {
    fn send(&mut self, request: Request) {
        let envelope = Envelope::new(self.next_id, request);
        self.next_id += 1;
        if self.ready {
            self.post(envelope);
        } else {
            self.queued.push(envelope);
        }
    }

    fn post(&mut self, envelope: Envelope<Request>) {
        let posted = envelope
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(JsValue::from)
            .and_then(|value| self.worker.post_message(&value));
        match posted {
            Ok(()) => {
                self.pending.insert(envelope.id, envelope.body);
            }
            Err(e) => web_sys::console::error_2(&"shatar: could not post to the engine worker:".into(), &e),
        }
    }

    fn receive(&mut self, data: JsValue) {
        let header: Result<Header, _> = serde_wasm_bindgen::from_value(data.clone());
        let checked = header.map_err(|e| e.to_string()).and_then(|h| h.check_version().map_err(|e| describe(&e)));
        let envelope = checked
            .and_then(|()| serde_wasm_bindgen::from_value::<Envelope<Response>>(data).map_err(|e| e.to_string()));
        match envelope {
            Ok(envelope) => self.on_response(envelope),
            Err(why) => self.show("error", &format!("Engine worker sent an unreadable reply: {why}")),
        }
    }

    fn on_response(&mut self, envelope: Envelope<Response>) {
        let request = self.pending.remove(&envelope.id);
        match (envelope.body, request) {
            (Response::Ready, _) => {
                self.ready = true;
                self.show("ready", "Engine worker: ready");
                for queued in std::mem::take(&mut self.queued) {
                    self.post(queued);
                }
            }
            (Response::PerftResult { nodes, millis }, Some(Request::Perft { depth, .. })) => {
                let _ = self.out.set_attribute("data-perft-nodes", &nodes.to_string());
                self.show(
                    "ready",
                    &format!("Engine worker: ready — self-check perft({depth}) = {nodes} nodes in {millis:.1} ms"),
                );
            }
            (Response::LegalMoves { moves }, _) => {
                self.show("ready", &format!("Engine worker: legal moves {}", moves.join(" ")))
            }
            (Response::Error { error }, _) => self.show("error", &format!("Engine worker: {}", describe(&error))),
            (other, request) => {
                web_sys::console::warn_1(&format!("shatar: reply {other:?} does not answer {request:?}").into());
            }
        }
    }

    /// Text only: the worker's words may echo a FEN someone typed.
    fn show(&self, state: &str, text: &str) {
        let _ = self.out.set_attribute("data-state", state);
        self.out.set_text_content(Some(text));
    }
}

fn describe(error: &ErrorKind) -> String {
    match error {
        // The one error the player can fix.
        ErrorKind::VersionMismatch { .. } => format!("{error}; reload the page"),
        other => other.to_string(),
    }
}
