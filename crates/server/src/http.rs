//! The HTTP side: the WebSocket API at `/ws`, and the built site from `--site`.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State, WebSocketUpgrade};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::watch;
use tower_http::services::ServeDir;

use crate::headers;
use crate::hub::Hub;
use crate::session;
use crate::wire::MAX_FRAME_BYTES;

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    stopping: watch::Receiver<bool>,
}

pub fn router(hub: Arc<Hub>, stopping: watch::Receiver<bool>, site: Option<PathBuf>) -> Router {
    let downloads = Router::new()
        .route("/api/games/{file}", get(crate::download::pgn))
        .with_state(hub.clone());
    let api = Router::new()
        .route("/ws", get(websocket))
        .with_state(App { hub, stopping })
        .merge(downloads);
    match site {
        Some(dir) => api.fallback_service(
            Router::new()
                .fallback_service(ServeDir::new(dir).append_index_html_on_directories(true))
                .layer(middleware::from_fn(site_headers)),
        ),
        None => {
            api.fallback(|| async { (StatusCode::NOT_FOUND, "no site is served here (--site)") })
        }
    }
}

async fn websocket(upgrade: WebSocketUpgrade, State(app): State<App>) -> Response {
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| session::run(socket, app.hub, app.stopping))
}

async fn site_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let set = |response: &mut Response, name: HeaderName, value: &'static str| {
        response
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    };
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        set(
            &mut response,
            header::CACHE_CONTROL,
            headers::cache_control(&path),
        );
        if let Some(kind) = headers::content_type(&path) {
            set(&mut response, header::CONTENT_TYPE, kind);
        }
    }
    set(
        &mut response,
        header::CONTENT_SECURITY_POLICY,
        headers::content_security_policy(&path),
    );
    set(&mut response, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(&mut response, header::REFERRER_POLICY, "no-referrer");
    // docs/hosting.md: a club's page loads the board's script and wasm across origins.
    set(&mut response, header::ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    response.into_response()
}
