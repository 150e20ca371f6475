//! The page's side of the service worker (www/sw.js): registers it, tells the state
//! machine when a new version waits ([`Msg::UpdateReady`]), hands over when the player
//! accepts ([`Effect::ApplyUpdate`](crate::state::Effect::ApplyUpdate)) and reloads once
//! the new version controls the page. It knows the app only through [`Hooks`]: messages go
//! to its dispatch, and the listeners to its list, so they live and die with it.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{
    Document, Event, ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration,
    ServiceWorkerState, Window,
};

use super::listen::Listener;
use crate::state::Msg;

/// How this module reaches the app: its messages, and the owner of its listeners.
#[derive(Clone)]
pub(super) struct Hooks {
    pub dispatch: Rc<dyn Fn(Msg)>,
    /// Keeps a listener for as long as the app lives.
    pub keep: Rc<dyn Fn(Listener)>,
}

/// Registers the worker, from the installable page only (the one linking the manifest):
/// the same module runs on other sites' pages through the embed, where a worker would be
/// looked for on their origin. The app works without it, only not offline: a failure is
/// logged, never raised.
pub(super) fn start(hooks: Hooks, window: &Window, doc: &Document) {
    if !matches!(doc.query_selector("link[rel=manifest]"), Ok(Some(_))) {
        return;
    }
    let Some(container) = container(window) else {
        return;
    };
    // The first worker taking over a fresh page changes nothing on it; only a replacement
    // calls for a reload, or the page would run old code against the new worker's files.
    let mut controlled = container.controller().is_some();
    let location = window.location();
    match Listener::new(&container, "controllerchange", move |_| {
        if std::mem::replace(&mut controlled, true) {
            let _ = location.reload();
        }
    }) {
        Ok(listener) => (hooks.keep)(listener),
        Err(e) => web_sys::console::warn_2(&"shatar: cannot follow the service worker".into(), &e),
    }

    spawn_local(async move {
        let registered = JsFuture::from(container.register("./sw.js"))
            .await
            .and_then(|registration| watch(&hooks, &container, registration.unchecked_into()));
        if let Err(e) = registered {
            web_sys::console::warn_2(&"shatar: no service worker".into(), &e);
        }
    });
}

/// Lets the waiting version take over; `controllerchange` then reloads the page.
pub(super) fn apply_update(window: &Window) {
    let Some(container) = container(window) else {
        return;
    };
    let location = window.location();
    spawn_local(async move {
        let waiting = JsFuture::from(container.get_registration())
            .await
            .ok()
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
            .and_then(|r| r.waiting());
        match waiting {
            Some(worker) => {
                let message = js_sys::Object::new();
                let posted = js_sys::Reflect::set(&message, &"type".into(), &"skip-waiting".into())
                    .and_then(|_| worker.post_message(&message));
                if let Err(e) = posted {
                    web_sys::console::warn_2(&"shatar: cannot start the new version".into(), &e);
                }
            }
            // Another tab let it in already: this page only has to catch up.
            None => {
                let _ = location.reload();
            }
        }
    });
}

/// `None` outside a secure context, where browsers have no `navigator.serviceWorker`.
fn container(window: &Window) -> Option<ServiceWorkerContainer> {
    let navigator = window.navigator();
    js_sys::Reflect::has(&navigator, &"serviceWorker".into())
        .ok()?
        .then(|| navigator.service_worker())
}

/// A version is "ready" when it has installed while an older one controls the page: on a
/// first visit there is nothing to switch from.
fn watch(
    hooks: &Hooks,
    container: &ServiceWorkerContainer,
    registration: ServiceWorkerRegistration,
) -> Result<(), JsValue> {
    if registration.waiting().is_some() && container.controller().is_some() {
        (hooks.dispatch)(Msg::UpdateReady);
    }
    if let Some(installing) = registration.installing() {
        follow(hooks, container, installing)?;
    }
    let (a, c, r) = (hooks.clone(), container.clone(), registration.clone());
    let on_found = Listener::new(&registration, "updatefound", move |_: Event| {
        if let Some(installing) = r.installing()
            && let Err(e) = follow(&a, &c, installing)
        {
            web_sys::console::warn_2(&"shatar: cannot follow the new version".into(), &e);
        }
    })?;
    (hooks.keep)(on_found);
    Ok(())
}

/// Waits for `worker` to finish installing.
fn follow(
    hooks: &Hooks,
    container: &ServiceWorkerContainer,
    worker: ServiceWorker,
) -> Result<(), JsValue> {
    let (a, c, w) = (hooks.clone(), container.clone(), worker.clone());
    let on_state = Listener::new(&worker, "statechange", move |_: Event| {
        if w.state() == ServiceWorkerState::Installed && c.controller().is_some() {
            (a.dispatch)(Msg::UpdateReady);
        }
    })?;
    (hooks.keep)(on_state);
    Ok(())
}
