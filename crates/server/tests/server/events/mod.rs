//! Club events (issue 56) over real HTTP against the real server: a director's actions,
//! the public reads, races, hostile input, online rounds, a killed server.

mod board;
mod defaults;
mod hostile;
mod kept;
mod killed;
mod online;
mod races;
mod room;
mod systems;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use shatar_protocol::Envelope;
use shatar_protocol::events::{
    DirectorAction, EventError, EventId, EventReply, EventView, Join, NewEvent, ResultWire,
};
use shatar_server::Running;
use shatar_server::ids::Secret;
use shatar_server::time::ManualTime;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{Client, start};

/// A server of its own, its database in a temporary directory, its time moved by hand.
pub async fn fresh() -> (crate::data::Data, Running, Arc<ManualTime>) {
    let data = crate::data::data();
    let time = Arc::new(ManualTime::default());
    let server = start(&data, None, time.clone()).await;
    (data, server, time)
}

pub fn pair(round: u32) -> DirectorAction {
    DirectorAction::PairRound {
        round,
        starts_at_ms: None,
    }
}

/// A result entered with no reason (a game played) at a board without one.
pub fn result(round: u32, board: u32, result: ResultWire) -> DirectorAction {
    DirectorAction::EnterResult {
        round,
        board,
        result,
        reason: None,
        replaces: None,
        tie_break_winner: None,
    }
}

/// Round `round`'s boards as (White, Black), a bye with no Black.
pub fn boards(view: &EventView, round: usize) -> Vec<(u32, Option<u32>)> {
    view.rounds[round - 1]
        .boards
        .iter()
        .map(|b| (b.white, b.black))
        .collect()
}

/// Waits (in real time: the server's task looks once a second) until `ready` holds of the
/// event.
pub async fn until(director: &Director, ready: impl Fn(&EventView) -> bool) -> EventView {
    for _ in 0..100 {
        let view = director.view().await;
        if ready(&view) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the event did not get there: {:?}", director.view().await);
}

/// `client`'s online player joins the event by its link, as `name`.
pub async fn join(director: &Director, client: &Client, name: &str) -> Result<u32, EventError> {
    let join = Join {
        credentials: client.credentials.clone().unwrap(),
        name: Some(name.into()),
        rating: 0,
        club: None,
    };
    let path = format!("/api/events/{}/join", director.event);
    match http(director.addr, "POST", &path, &[], Some(&envelope(&join)))
        .await
        .reply()
    {
        EventReply::Joined { number } => Ok(number),
        EventReply::Error { error } => Err(error),
        other => panic!("{other:?}"),
    }
}

/// Reads `pgn` with pgn-extract and python-chess (scripts/pgn-check.py, as the games'
/// records are read in records.rs): `games` games and no complaint. Skipped with
/// SHATAR_PGN_TOOLS=skip.
pub fn pgn_check(pgn: &str, games: usize) {
    if std::env::var("SHATAR_PGN_TOOLS").as_deref() == Ok("skip") {
        eprintln!("SKIPPED: the event's PGN check (SHATAR_PGN_TOOLS=skip)");
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = root.join("tools/venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run scripts/tools.sh, or set SHATAR_PGN_TOOLS=skip",
        python.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("event.pgn");
    std::fs::write(&file, pgn).unwrap();
    let checked = std::process::Command::new(&python)
        .arg(root.join("scripts/pgn-check.py"))
        .arg(&file)
        .output()
        .expect("scripts/pgn-check.py runs");
    let said = String::from_utf8_lossy(&checked.stdout).into_owned()
        + &String::from_utf8_lossy(&checked.stderr);
    assert!(checked.status.success(), "{said}\n{pgn}");
    assert!(
        said.contains(&format!("pgn-check: {games} games, 0 complaints")),
        "{said}"
    );
}

/// An HTTP answer: status, headers (names in lower case), body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as the events' envelope.
    pub fn reply(&self) -> EventReply {
        let envelope: Envelope<EventReply> = serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {} {}", self.status, self.body));
        assert_eq!(envelope.v, shatar_protocol::events::EVENTS_PROTOCOL_VERSION);
        envelope.body
    }

    pub fn error(&self) -> EventError {
        match self.reply() {
            EventReply::Error { error } => error,
            other => panic!("not refused: {other:?}"),
        }
    }
}

/// One request on a connection of its own.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: Option<&str>,
) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request += &format!("{name}: {value}\r\n");
    }
    if let Some(body) = body {
        request += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    request += "\r\n";
    stream.write_all(request.as_bytes()).await.unwrap();
    if let Some(body) = body {
        stream.write_all(body.as_bytes()).await.unwrap();
    }
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

pub fn envelope<T: serde::Serialize>(body: &T) -> String {
    serde_json::to_string(&serde_json::json!({"v": 1, "id": 0, "body": body})).unwrap()
}

/// A director of one event.
pub struct Director {
    pub addr: SocketAddr,
    pub event: EventId,
    pub token: Secret,
}

impl Director {
    pub async fn create(addr: SocketAddr, new: NewEvent) -> Director {
        let answer = http(addr, "POST", "/api/events", &[], Some(&envelope(&new))).await;
        match answer.reply() {
            EventReply::Created { event, director } => Director {
                addr,
                event,
                token: director,
            },
            other => panic!("no event: {other:?}"),
        }
    }

    pub async fn send(&self, action: &DirectorAction) -> Answer {
        let path = format!("/api/events/{}/director", self.event);
        let auth = format!("Bearer {}", self.token.reveal());
        http(
            self.addr,
            "POST",
            &path,
            &[("Authorization", auth)],
            Some(&envelope(action)),
        )
        .await
    }

    pub async fn act(&self, action: DirectorAction) -> Result<EventView, EventError> {
        match self.send(&action).await.reply() {
            EventReply::Event(view) => Ok(view),
            EventReply::Error { error } => Err(error),
            other => panic!("{other:?}"),
        }
    }

    /// The action, which must pass.
    pub async fn ok(&self, action: DirectorAction) -> EventView {
        let what = format!("{action:?}");
        self.act(action)
            .await
            .unwrap_or_else(|e| panic!("{what}: refused: {e}"))
    }

    /// `GET /api/events/{id}{suffix}`.
    pub async fn get(&self, suffix: &str) -> Answer {
        http(
            self.addr,
            "GET",
            &format!("/api/events/{}{suffix}", self.event),
            &[],
            None,
        )
        .await
    }

    /// The standings (`query`: `""` or `"?round=N"`) as `number:points`, best first.
    pub async fn points(&self, query: &str) -> Vec<String> {
        match self.get(&format!("/standings{query}")).await.reply() {
            EventReply::Standings(s) => s
                .rows
                .iter()
                .map(|r| format!("{}:{}", r.number, r.points))
                .collect(),
            other => panic!("{other:?}"),
        }
    }

    pub async fn view(&self) -> EventView {
        match self.get("").await.reply() {
            EventReply::Event(view) => view,
            other => panic!("{other:?}"),
        }
    }
}
