//! Fetching a text file (a language's texts, a viewer's PGN), with errors in words.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The body of `url` as text, or why not ("HTTP 404 Not Found", the browser's message).
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| describe(&e))?;
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
        .map_err(|e| describe(&e))?;
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
