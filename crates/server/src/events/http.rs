//! The events' HTTP API (`shatar_protocol::events` has the list): public reads as JSON
//! `GET`s any site may embed (`Access-Control-Allow-Origin: *`, an `ETag` of the event's
//! revision), and the director's and players' `POST`s, whose bodies are versioned
//! envelopes read with a bound. A `POST` from another site's page cannot pass: it carries
//! `Authorization` and a JSON body, which need a CORS preflight this server never answers.

use std::sync::Arc;

use axum::Extension;
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use shatar_pairing::trf::TrfVersion;
use shatar_protocol::Envelope;
use shatar_protocol::events::{
    DirectorAction, EVENTS_PROTOCOL_VERSION, EventError, EventId, EventReply, Join, MAX_BODY_BYTES,
    NewEvent,
};

use super::{Events, views};
use crate::ids::Secret;
use crate::proxy::ClientAddr;
use crate::store::events::EventRecord;

pub fn router(events: Arc<Events>) -> Router {
    Router::new()
        .route("/api/events", post(create))
        .route("/api/events/{file}", get(event))
        .route("/api/events/{id}/standings", get(standings))
        .route("/api/events/{id}/crosstable", get(crosstable))
        .route("/api/events/{id}/rounds/{round}", get(round))
        .route("/api/events/{id}/ranks", get(ranks))
        .route("/api/events/{id}/all", get(all))
        .route("/api/events/{id}/players/{number}", get(card))
        .route("/api/events/{id}/director", post(director))
        .route("/api/events/{id}/join", post(join))
        .with_state(events)
}

fn status(error: &EventError) -> StatusCode {
    match error {
        EventError::Malformed { .. }
        | EventError::VersionMismatch { .. }
        | EventError::BadText { .. }
        | EventError::BadSetting { .. }
        | EventError::BadTieBreak { .. }
        | EventError::UnknownPlayer { .. }
        | EventError::UnknownRound { .. }
        | EventError::UnknownBoard { .. }
        | EventError::ReasonRequired
        | EventError::TieBreakWinner
        | EventError::BadPairing { .. }
        | EventError::NotOnline => StatusCode::BAD_REQUEST,
        EventError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        EventError::NotDirector | EventError::BadCredentials => StatusCode::FORBIDDEN,
        EventError::UnknownEvent => StatusCode::NOT_FOUND,
        EventError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        EventError::Busy | EventError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::CONFLICT,
    }
}

/// The reply as the envelope's JSON, with the headers every answer here has.
fn reply(code: StatusCode, body: &EventReply) -> Response {
    let text = serde_json::to_string(&Envelope::new(0, body))
        .expect("event replies hold no map with non-string keys");
    let mut response = (code, text).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    common_headers(headers);
    if let EventReply::Error {
        error: EventError::RateLimited { retry_after_ms },
    } = body
        && let Ok(value) = HeaderValue::from_str(&retry_after_ms.div_ceil(1000).to_string())
    {
        headers.insert(header::RETRY_AFTER, value);
    }
    response
}

fn common_headers(headers: &mut HeaderMap) {
    // Revalidated each time (the ETag makes that cheap): results change during a round.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Embeddable: a club's page reads the standings from its own origin.
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
}

fn refuse(error: EventError) -> Response {
    reply(status(&error), &EventReply::Error { error })
}

fn parse_id(text: &str) -> Result<EventId, EventError> {
    text.parse().map_err(|_| EventError::UnknownEvent)
}

/// The event's revision as an entity tag, and whether the client has it already.
fn etag(record: &EventRecord, request: &HeaderMap) -> (HeaderValue, bool) {
    let tag = format!("\"r{}\"", record.event.revision);
    let fresh = request
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == tag.as_bytes());
    (
        HeaderValue::from_str(&tag).expect("digits and quotes"),
        fresh,
    )
}

/// A public read of the event: `make` works the answer out from its record.
async fn read(
    events: &Events,
    id: &str,
    request: &HeaderMap,
    make: impl FnOnce(&EventRecord) -> Result<EventReply, EventError>,
) -> Response {
    let record = match parse_id(id) {
        Ok(id) => events.record(id).await,
        Err(e) => Err(e),
    };
    let record = match record {
        Ok(record) => record,
        Err(e) => return refuse(e),
    };
    let (tag, fresh) = etag(&record, request);
    let mut response = if fresh {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        common_headers(response.headers_mut());
        response
    } else {
        match make(&record) {
            Ok(body) => reply(StatusCode::OK, &body),
            Err(e) => return refuse(e),
        }
    };
    response.headers_mut().insert(header::ETAG, tag);
    response
}

/// Reads a bounded body as a versioned envelope of `T`: the version first, so that a
/// page of another build hears so rather than "malformed".
async fn decode<T: serde::de::DeserializeOwned>(body: Body) -> Result<T, EventError> {
    let bytes = axum::body::to_bytes(body, MAX_BODY_BYTES)
        .await
        .map_err(|_| EventError::TooLarge {
            max_bytes: MAX_BODY_BYTES,
        })?;
    #[derive(Deserialize)]
    struct Head {
        v: u32,
    }
    let head: Head = serde_json::from_slice(&bytes).map_err(EventError::malformed)?;
    if head.v != EVENTS_PROTOCOL_VERSION {
        return Err(EventError::VersionMismatch {
            expected: EVENTS_PROTOCOL_VERSION,
            got: head.v,
        });
    }
    let envelope: Envelope<T> = serde_json::from_slice(&bytes).map_err(EventError::malformed)?;
    Ok(envelope.body)
}

async fn create(
    State(events): State<Arc<Events>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    body: Body,
) -> Response {
    let new: NewEvent = match decode(body).await {
        Ok(new) => new,
        Err(e) => return refuse(e),
    };
    match events.create(client, new).await {
        Ok((event, director)) => reply(StatusCode::OK, &EventReply::Created { event, director }),
        Err(e) => refuse(e),
    }
}

/// `{id}` (the event), `{id}.trf` (TRF-2026), `{id}.trf16`, `{id}.pgn`.
async fn event(
    State(events): State<Arc<Events>>,
    Path(file): Path<String>,
    request: HeaderMap,
) -> Response {
    let (id, extension) = file.split_once('.').unwrap_or((&file, ""));
    let version = match extension {
        "" => {
            return read(&events, id, &request, |r| {
                Ok(EventReply::Event(views::event_view(r)))
            })
            .await;
        }
        "trf" => TrfVersion::Trf2026,
        "trf16" => TrfVersion::Trf16,
        "pgn" => return pgn(&events, id).await,
        _ => return refuse(EventError::UnknownEvent),
    };
    let record = match parse_id(id) {
        Ok(id) => events.record(id).await,
        Err(e) => Err(e),
    };
    match record.and_then(|r| views::trf(&r, version)) {
        Ok(text) => file_response(text, "text/plain; charset=utf-8", &format!("{id}.trf")),
        Err(e) => refuse(e),
    }
}

fn file_response(text: String, kind: &'static str, name: &str) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"shatar-{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    common_headers(headers);
    response
}

async fn pgn(events: &Events, id: &str) -> Response {
    let record = match parse_id(id) {
        Ok(id) => events.record(id).await,
        Err(e) => Err(e),
    };
    match record {
        Ok(record) => match events.pgn(&record).await {
            Ok(text) => file_response(text, crate::download::PGN_TYPE, &format!("{id}.pgn")),
            Err(e) => refuse(e),
        },
        Err(e) => refuse(e),
    }
}

/// `?round=N`: the standings after round N (the last paired when left out).
fn round_query(uri: &Uri) -> Result<Option<u32>, EventError> {
    let Some(query) = uri.query() else {
        return Ok(None);
    };
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("round=") {
            return value
                .parse()
                .map(Some)
                .map_err(|_| EventError::malformed(format_args!("round={value}: not a round")));
        }
    }
    Ok(None)
}

async fn standings(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    uri: Uri,
    request: HeaderMap,
) -> Response {
    let round = match round_query(&uri) {
        Ok(round) => round,
        Err(e) => return refuse(e),
    };
    read(&events, &id, &request, |r| {
        views::standings(r, round).map(EventReply::Standings)
    })
    .await
}

async fn crosstable(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    request: HeaderMap,
) -> Response {
    read(&events, &id, &request, |r| {
        views::crosstable(r).map(EventReply::Crosstable)
    })
    .await
}

async fn round(
    State(events): State<Arc<Events>>,
    Path((id, round)): Path<(String, u32)>,
    request: HeaderMap,
) -> Response {
    read(&events, &id, &request, |r| {
        views::round_view(r, round)
            .map(EventReply::Round)
            .ok_or(EventError::UnknownRound { round })
    })
    .await
}

async fn ranks(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    request: HeaderMap,
) -> Response {
    read(&events, &id, &request, |r| {
        views::ranks(r).map(EventReply::Ranks)
    })
    .await
}

/// The event page's read at each change: one request, not four (the four stay for embeds).
async fn all(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    request: HeaderMap,
) -> Response {
    read(&events, &id, &request, |r| {
        views::all(r).map(|all| EventReply::All(Box::new(all)))
    })
    .await
}

async fn card(
    State(events): State<Arc<Events>>,
    Path((id, number)): Path<(String, u32)>,
    request: HeaderMap,
) -> Response {
    read(&events, &id, &request, |r| {
        views::card(r, number).map(EventReply::Card)
    })
    .await
}

/// The director's token from `Authorization: Bearer <token>`.
fn bearer(request: &HeaderMap) -> Option<Secret> {
    request
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")?
        .trim()
        .parse()
        .ok()
}

async fn director(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    request: HeaderMap,
    body: Body,
) -> Response {
    let id = match parse_id(&id) {
        Ok(id) => id,
        Err(e) => return refuse(e),
    };
    let action: DirectorAction = match decode(body).await {
        Ok(action) => action,
        Err(e) => return refuse(e),
    };
    match events.act(id, bearer(&request), action).await {
        Ok(record) => reply(
            StatusCode::OK,
            &EventReply::Event(views::event_view(&record)),
        ),
        Err(e) => refuse(e),
    }
}

async fn join(State(events): State<Arc<Events>>, Path(id): Path<String>, body: Body) -> Response {
    let id = match parse_id(&id) {
        Ok(id) => id,
        Err(e) => return refuse(e),
    };
    let join: Join = match decode(body).await {
        Ok(join) => join,
        Err(e) => return refuse(e),
    };
    match events.join(id, join).await {
        Ok(number) => reply(StatusCode::OK, &EventReply::Joined { number }),
        Err(e) => refuse(e),
    }
}
