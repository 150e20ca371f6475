//! Event listeners that remove themselves: each [`Listener`] owns its closure and takes it
//! off its target when dropped, so nothing is leaked with `Closure::forget`.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, EventTarget};

pub struct Listener {
    target: EventTarget,
    kind: &'static str,
    closure: Closure<dyn FnMut(Event)>,
}

impl Listener {
    pub fn new(
        target: &EventTarget,
        kind: &'static str,
        f: impl FnMut(Event) + 'static,
    ) -> Result<Listener, JsValue> {
        let closure = Closure::<dyn FnMut(Event)>::new(f);
        target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
        Ok(Listener {
            target: target.clone(),
            kind,
            closure,
        })
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(self.kind, self.closure.as_ref().unchecked_ref());
    }
}

/// The element an event happened on, or the nearest ancestor carrying `attribute`.
pub fn closest_with(event: &Event, attribute: &str) -> Option<web_sys::Element> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest(&format!("[{attribute}]")).ok().flatten()
}

/// A repeating timer that stops when dropped.
pub struct Interval {
    window: web_sys::Window,
    id: i32,
    _closure: Closure<dyn FnMut()>,
}

impl Interval {
    pub fn new(
        window: &web_sys::Window,
        every_ms: i32,
        f: impl FnMut() + 'static,
    ) -> Result<Interval, JsValue> {
        let closure = Closure::<dyn FnMut()>::new(f);
        let id = window.set_interval_with_callback_and_timeout_and_arguments_0(
            closure.as_ref().unchecked_ref(),
            every_ms,
        )?;
        Ok(Interval {
            window: window.clone(),
            id,
            _closure: closure,
        })
    }
}

impl Drop for Interval {
    fn drop(&mut self) {
        self.window.clear_interval_with_handle(self.id);
    }
}

/// A timer that fires once, unless dropped first.
pub struct Timeout {
    window: web_sys::Window,
    id: i32,
    _closure: Closure<dyn FnMut()>,
}

impl Timeout {
    pub fn new(
        window: &web_sys::Window,
        after_ms: i32,
        f: impl FnMut() + 'static,
    ) -> Result<Timeout, JsValue> {
        let closure = Closure::<dyn FnMut()>::new(f);
        let id = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            closure.as_ref().unchecked_ref(),
            after_ms,
        )?;
        Ok(Timeout {
            window: window.clone(),
            id,
            _closure: closure,
        })
    }
}

impl Drop for Timeout {
    fn drop(&mut self) {
        self.window.clear_timeout_with_handle(self.id);
    }
}

/// Waits `ms` milliseconds (a timeout, so the page's other tasks, input and painting, run
/// meanwhile); at once if the browser refuses the timeout. The timer's callback is the
/// promise's own resolve function: no closure to own.
pub async fn sleep(window: &web_sys::Window, ms: i32) {
    let mut wake = None;
    let done = js_sys::Promise::new(&mut |resolve, _| wake = Some(resolve));
    if let Some(wake) = wake
        && window
            .set_timeout_with_callback_and_timeout_and_arguments_0(&wake, ms)
            .is_ok()
    {
        let _ = wasm_bindgen_futures::JsFuture::from(done).await;
    }
}
