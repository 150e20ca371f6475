//! The event API's requests: the body of the answer whatever its status (a refusal is a
//! typed body, which the model reads), or the browser's reason when none came.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use shatar_web::dom::fetch::describe;

pub async fn request(
    method: &str,
    path: &str,
    bearer: Option<&str>,
    body: Option<&str>,
) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let headers = web_sys::Headers::new().map_err(|e| describe(&e))?;
    if let Some(token) = bearer {
        headers
            .set("Authorization", &format!("Bearer {token}"))
            .map_err(|e| describe(&e))?;
    }
    if let Some(body) = body {
        headers
            .set("Content-Type", "application/json")
            .map_err(|e| describe(&e))?;
        init.set_body(&JsValue::from_str(body));
    }
    init.set_headers(&headers);
    let response = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|e| describe(&e))?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| "not a response".to_string())?;
    let status = response.status();
    let text = JsFuture::from(response.text().map_err(|e| describe(&e))?)
        .await
        .map_err(|e| describe(&e))?
        .as_string()
        .unwrap_or_default();
    if text.is_empty() {
        return Err(format!("HTTP {status} {}", response.status_text()));
    }
    Ok(text)
}
