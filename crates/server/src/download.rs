//! `GET /api/games/{id}.pgn`: a game's record as a PGN file, for a link the page (or
//! anyone with the game's link) can download.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::hub::Hub;
use crate::ids::GameId;
use crate::wire::ErrorKind;

/// The PGN file's media type (the PGN standard's own, as lichess serves it).
pub const PGN_TYPE: &str = "application/x-chess-pgn";

pub async fn pgn(State(hub): State<Arc<Hub>>, Path(file): Path<String>) -> Response {
    let Some(game) = file
        .strip_suffix(".pgn")
        .and_then(|id| id.parse::<GameId>().ok())
    else {
        return (StatusCode::NOT_FOUND, "no such game").into_response();
    };
    match hub.pgn(game).await {
        Ok(text) => {
            let disposition = format!("attachment; filename=\"shatar-{game}.pgn\"");
            let mut response = text.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PGN_TYPE));
            if let Ok(value) = HeaderValue::from_str(&disposition) {
                headers.insert(header::CONTENT_DISPOSITION, value);
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            // Names carry the players' text: no browser may read the file as anything else.
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_ORIGIN,
                HeaderValue::from_static("*"),
            );
            response
        }
        Err(ErrorKind::UnknownGame) => (StatusCode::NOT_FOUND, "no such game").into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, e.to_string()).into_response(),
    }
}
