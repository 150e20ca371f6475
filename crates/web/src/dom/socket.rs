//! The WebSocket to a Shatar server (the online and event pages), its listeners owned and taken off when it is
//! dropped (no `Closure::forget`).

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, MessageEvent, WebSocket};

use super::listen::Listener;

pub struct Socket {
    ws: WebSocket,
    _listeners: Vec<Listener>,
}

/// What the socket tells the page.
pub enum Heard {
    Opened,
    Closed,
    Frame(String),
}

/// Opens the socket at `url`, each thing heard handed to `dispatch` as the page's own
/// message (`M: From<Heard>`); `None` when the browser would not even create it (a bad
/// address), logged: the page then takes it as closed, and tries again later.
pub fn connect<M: From<Heard> + 'static>(
    url: &str,
    dispatch: impl Fn(M) + Clone + 'static,
) -> Option<Socket> {
    match Socket::open(url, move |heard| dispatch(M::from(heard))) {
        Ok(socket) => Some(socket),
        Err(e) => {
            web_sys::console::warn_2(&"shatar: the socket did not open".into(), &e);
            None
        }
    }
}

impl Socket {
    pub fn open(url: &str, on: impl Fn(Heard) + Clone + 'static) -> Result<Socket, JsValue> {
        let ws = WebSocket::new(url)?;
        let target: &web_sys::EventTarget = &ws;
        let mut listeners = Vec::new();
        let f = on.clone();
        listeners.push(Listener::new(target, "open", move |_: Event| {
            f(Heard::Opened)
        })?);
        let f = on.clone();
        listeners.push(Listener::new(target, "message", move |e: Event| {
            if let Some(text) = e
                .dyn_ref::<MessageEvent>()
                .and_then(|m| m.data().as_string())
            {
                f(Heard::Frame(text));
            }
        })?);
        // An error is always followed by `close`: the page hears of it once.
        let f = on;
        listeners.push(Listener::new(target, "close", move |_: Event| {
            f(Heard::Closed)
        })?);
        Ok(Socket {
            ws,
            _listeners: listeners,
        })
    }

    pub fn send(&self, text: &str) -> Result<(), JsValue> {
        self.ws.send_with_str(text)
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let _ = self.ws.close();
    }
}
