//! The HTTP side: the WebSocket API at `/ws`, and the built site from `--site`.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Extension;
use axum::Router;
use axum::extract::ws::close_code;
use axum::extract::{Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::watch;

use crate::hub::Hub;
use crate::limits::Limiter;
use crate::origin::Origins;
use crate::proxy::ClientAddr;
use crate::wire::MAX_FRAME_BYTES;
use crate::{compress, headers, session};

/// Who may open a WebSocket, and how often.
pub struct Gate {
    pub origins: Origins,
    pub limiter: Arc<Limiter>,
    /// The listen address, as an `Origin`'s `host:port` would name it.
    pub own: String,
}

const READ_BUFFER_BYTES: usize = 8 * 1024;

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    stopping: watch::Receiver<bool>,
    gate: Arc<Gate>,
}

pub fn router(
    hub: Arc<Hub>,
    stopping: watch::Receiver<bool>,
    site: Option<PathBuf>,
    gate: Gate,
) -> Router {
    let gate = Arc::new(gate);
    let downloads = Router::new()
        .route("/api/games/{file}", get(crate::download::pgn))
        .with_state(hub.clone());
    let api = Router::new()
        .route("/ws", get(websocket))
        .with_state(App {
            hub,
            stopping,
            gate,
        })
        .merge(downloads);
    match site {
        Some(dir) => api.fallback_service(
            Router::new()
                // Precompressed at build time; nothing compressed here (compress.rs).
                .fallback_service(compress::site_files(dir))
                .layer(middleware::from_fn(site_headers)),
        ),
        None => {
            api.fallback(|| async { (StatusCode::NOT_FOUND, "no site is served here (--site)") })
        }
    }
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    request: HeaderMap,
    State(app): State<App>,
) -> Response {
    let gate = &app.gate;
    let origin = request.get(header::ORIGIN).map(HeaderValue::as_bytes);
    let host = request.get(header::HOST).map(HeaderValue::as_bytes);
    if !gate.origins.admits(origin, host, &gate.own) {
        return (StatusCode::FORBIDDEN, "this site's pages may not play here").into_response();
    }
    // tungstenite reads through a 128 KiB buffer by default: with messages of at most
    // 4 KiB that was most of a game's memory under shatar-load. A larger frame is an
    // error of its own kind, on which the session sends 1009 and closes.
    let upgrade = upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES);
    match gate.limiter.connect(client) {
        Ok(limit) => {
            upgrade.on_upgrade(move |socket| session::run(socket, app.hub, app.stopping, limit))
        }
        // Refused in the protocol, which a page reads, unlike an HTTP status.
        Err(error) => upgrade.on_upgrade(move |mut socket| async move {
            let frame = session::refusal(0, error);
            session::farewell(&mut socket, Some(frame), close_code::AGAIN, "").await;
        }),
    }
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
