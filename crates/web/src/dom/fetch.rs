//! Fetching a text file (a language's texts, a viewer's PGN), with errors in words.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// How long a server may take to answer and send the whole file.
pub const TIMEOUT_MS: i32 = 20_000;

/// The body of `url` as text, or why not ("HTTP 404 Not Found", the browser's message,
/// "no answer within 20 s"): a server that never answers is given up on.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let abort = web_sys::AbortController::new().map_err(|e| describe(&e))?;
    let init = web_sys::RequestInit::new();
    init.set_signal(Some(&abort.signal()));
    let timed_out = std::rc::Rc::new(std::cell::Cell::new(false));
    let flag = timed_out.clone();
    // Owned here: dropped (and cleared) when the fetch ends either way.
    let _timer = super::listen::Timeout::new(&window, TIMEOUT_MS, move || {
        flag.set(true);
        abort.abort();
    })
    .map_err(|e| describe(&e))?;
    let why = |e: JsValue| {
        if timed_out.get() {
            format!("no answer within {} s", TIMEOUT_MS / 1000)
        } else {
            describe(&e)
        }
    };
    let response = JsFuture::from(window.fetch_with_str_and_init(url, &init))
        .await
        .map_err(why)?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!(
            "HTTP {} {}",
            response.status(),
            response.status_text()
        ));
    }
    let text = JsFuture::from(response.text().map_err(|e| describe(&e))?)
        .await
        .map_err(why)?;
    text.as_string()
        .ok_or_else(|| "the answer is not text".to_string())
}

/// A JavaScript error in words: its message, else its debug form.
pub fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}
