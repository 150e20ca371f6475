//! A real server on an ephemeral port of 127.0.0.1, its database in a temporary
//! directory and its time moved by hand, and clients that speak to it over WebSockets.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

pub use crate::data::Data;
use futures_util::{SinkExt, StreamExt};
use shatar_rules::GameKind;
use shatar_server::ids::{ChallengeId, GameId, PlayerId};
use shatar_server::limits::{AddressLimits, Limits, Rate};
use shatar_server::time::{ManualTime, TimeSource};
use shatar_server::wire::{
    BonusWire, ClientMessage, ColorChoice, Credentials, Envelope, ErrorKind, GameSnapshot,
    PeriodWire, ServerMessage, Side, TimeControlWire,
};
use shatar_server::{Config, Running};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Longer than any answer takes; a test that waits this long has failed.
const PATIENCE: Duration = Duration::from_secs(10);

pub async fn start(data: &Data, site: Option<&Path>, time: Arc<ManualTime>) -> Running {
    start_with(data, site, time).await
}

pub async fn start_with(data: &Data, site: Option<&Path>, time: Arc<dyn TimeSource>) -> Running {
    start_config(data, site, time, |_| {}).await
}

/// Limits that the other tests' scripted games never meet (time is moved by hand, so
/// buckets refill only when a test says so); the limits' own tests set theirs.
pub fn roomy_limits() -> Limits {
    let roomy = Rate {
        burst: 100_000,
        per_second: 1_000,
    };
    Limits {
        per_connection: roomy,
        per_address: Some(AddressLimits {
            connections: roomy,
            messages: roomy,
            open: 100_000,
            requests: roomy,
            sockets: 100_000,
        }),
        ..Limits::default()
    }
}

/// A server whose configuration `adjust` changes first.
pub async fn start_config(
    data: &Data,
    site: Option<&Path>,
    time: Arc<dyn TimeSource>,
    adjust: impl FnOnce(&mut Config),
) -> Running {
    let mut config = Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: data.path().to_path_buf(),
        database: data.database(),
        site_dir: site.map(Path::to_path_buf),
        limits: roomy_limits(),
        ..Config::default()
    };
    adjust(&mut config);
    shatar_server::start(config, time)
        .await
        .expect("the server starts")
}

/// Where a server listens: one started in this process, or a binary's.
pub trait Address {
    fn addr(&self) -> SocketAddr;
}

impl Address for Running {
    fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Address for SocketAddr {
    fn addr(&self) -> SocketAddr {
        *self
    }
}

pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    last_id: u32,
    /// Unasked messages read while waiting for an answer.
    unasked: VecDeque<ServerMessage>,
    /// Notices of a player's coming and going, kept apart: any test may get them when a
    /// connection closes, and only the tests of presence read them.
    presence: VecDeque<ServerMessage>,
    pub credentials: Option<Credentials>,
}

impl Client {
    pub async fn connect(server: &impl Address) -> Client {
        let url = format!("ws://{}/ws", server.addr());
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the WebSocket opens");
        Client {
            socket,
            last_id: 0,
            unasked: VecDeque::new(),
            presence: VecDeque::new(),
            credentials: None,
        }
    }

    /// The WebSocket itself, for frames the protocol does not name.
    pub fn socket(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.socket
    }

    /// A connection that says Hello as a new player and keeps the credentials it gets.
    pub async fn player(server: &impl Address) -> Client {
        let mut client = Client::connect(server).await;
        let ServerMessage::Welcome {
            player,
            secret: Some(secret),
        } = client.request(ClientMessage::Hello { player: None }).await
        else {
            panic!("a new player gets an id and a secret");
        };
        client.credentials = Some(Credentials { id: player, secret });
        client
    }

    /// A new connection of a known player.
    pub async fn again(server: &impl Address, credentials: &Credentials) -> Client {
        let mut client = Client::connect(server).await;
        let welcome = client
            .request(ClientMessage::Hello {
                player: Some(credentials.clone()),
            })
            .await;
        assert_eq!(
            welcome,
            ServerMessage::Welcome {
                player: credentials.id,
                secret: None
            }
        );
        client.credentials = Some(credentials.clone());
        client
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("the frame is sent");
    }

    pub async fn send_frame(&mut self, message: Message) {
        self.socket.send(message).await.expect("the frame is sent");
    }

    /// The next text frame from the server, as it was written.
    pub async fn receive_text(&mut self) -> String {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("the server answers in time")
                .expect("the connection stays open")
                .expect("the frame reads");
            if let Message::Text(text) = frame {
                return text.as_str().to_string();
            }
        }
    }

    /// The next message from the server.
    pub async fn receive(&mut self) -> Envelope<ServerMessage> {
        serde_json::from_str(&self.receive_text().await).expect("the server speaks the protocol")
    }

    /// Whether the server has closed the connection (reading its close frame if any).
    pub async fn closed(&mut self) -> bool {
        loop {
            match tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("in time")
            {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(Message::Text(_))) => return false,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The code of the server's close frame, skipping what comes before it (`None`: the
    /// connection ended without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("in time")
            {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Sends `body` with a fresh id and waits for its answer.
    pub async fn request(&mut self, body: ClientMessage) -> ServerMessage {
        self.last_id += 1;
        let id = self.last_id;
        let text = serde_json::to_string(&Envelope::new(id, body)).unwrap();
        self.send_text(text).await;
        self.answer(id).await
    }

    /// The answer with `id`, keeping what comes unasked before it.
    pub async fn answer(&mut self, id: u32) -> ServerMessage {
        loop {
            let envelope = self.receive().await;
            assert_eq!(envelope.v, shatar_server::wire::ONLINE_PROTOCOL_VERSION);
            if envelope.id == id {
                return envelope.body;
            }
            assert_eq!(
                envelope.id, 0,
                "an answer to no pending request: {envelope:?}"
            );
            self.keep(envelope.body);
        }
    }

    fn keep(&mut self, unasked: ServerMessage) {
        match unasked {
            ServerMessage::Presence { .. } => self.presence.push_back(unasked),
            _ => self.unasked.push_back(unasked),
        }
    }

    /// The next message the server sent unasked, but for presence notices.
    pub async fn unasked(&mut self) -> ServerMessage {
        loop {
            if let Some(message) = self.unasked.pop_front() {
                return message;
            }
            let envelope = self.receive().await;
            assert_eq!(envelope.id, 0, "unasked messages carry id 0: {envelope:?}");
            self.keep(envelope.body);
        }
    }

    /// The next presence notice: the side it is about and how long it has been gone.
    pub async fn presence(&mut self) -> (GameId, Side, Option<u64>) {
        loop {
            if let Some(ServerMessage::Presence {
                game,
                side,
                gone_ms,
            }) = self.presence.pop_front()
            {
                return (game, side, gone_ms);
            }
            let envelope = self.receive().await;
            assert_eq!(envelope.id, 0, "unasked messages carry id 0: {envelope:?}");
            self.keep(envelope.body);
        }
    }

    pub async fn challenge(&mut self, game: GameKind, color: ColorChoice) -> ChallengeId {
        self.challenge_with(game, color, minutes(5)).await
    }

    pub async fn challenge_with(
        &mut self,
        game: GameKind,
        color: ColorChoice,
        time_control: TimeControlWire,
    ) -> ChallengeId {
        let request = ClientMessage::CreateChallenge {
            kind: game,
            time_control,
            color,
            open: false,
        };
        match self.request(request).await {
            ServerMessage::ChallengeCreated { challenge } => challenge,
            other => panic!("no challenge: {other:?}"),
        }
    }

    pub async fn accept(&mut self, challenge: ChallengeId) -> (GameId, Side) {
        match self
            .request(ClientMessage::AcceptChallenge { challenge })
            .await
        {
            ServerMessage::GameStarted { game, side, .. } => (game, side),
            other => panic!("not accepted: {other:?}"),
        }
    }

    pub async fn play(&mut self, game: GameId, ply: u32, text: &str) -> ServerMessage {
        self.request(ClientMessage::Move {
            game,
            ply,
            text: text.into(),
        })
        .await
    }
}

/// `minutes` for all moves, two seconds a move.
pub fn minutes(minutes: u64) -> TimeControlWire {
    TimeControlWire::live(vec![PeriodWire {
        moves: None,
        base_ms: minutes * 60_000,
        bonus: BonusWire::Increment { ms: 2_000 },
    }])
}

/// Two players at a game of `kind`: the challenger has White (Red).
pub struct Game {
    pub id: GameId,
    pub white: Client,
    pub black: Client,
}

impl Game {
    pub async fn start(server: &impl Address, kind: GameKind) -> Game {
        Game::start_with(server, kind, minutes(5)).await
    }

    pub async fn start_with(
        server: &impl Address,
        kind: GameKind,
        control: TimeControlWire,
    ) -> Game {
        let mut white = Client::player(server).await;
        let mut black = Client::player(server).await;
        let challenge = white
            .challenge_with(kind, ColorChoice::White, control)
            .await;
        let (id, side) = black.accept(challenge).await;
        assert_eq!(side, Side::Black);
        let started = white.unasked().await;
        assert_eq!(
            started,
            ServerMessage::GameStarted {
                challenge,
                game: id,
                side: Side::White
            }
        );
        Game { id, white, black }
    }

    /// Plays `moves` from ply `first` on, each side in turn, each move accepted.
    pub async fn play(&mut self, first: u32, moves: &[&str]) {
        for (i, text) in moves.iter().enumerate() {
            let ply = first + i as u32;
            let mover = if ply.is_multiple_of(2) {
                &mut self.white
            } else {
                &mut self.black
            };
            assert_eq!(
                mover.play(self.id, ply, text).await,
                ServerMessage::Accepted,
                "{text}"
            );
        }
    }
}

/// The error a request was refused with.
pub fn refused(message: ServerMessage) -> ErrorKind {
    match message {
        ServerMessage::Error { error } => error,
        other => panic!("not refused: {other:?}"),
    }
}

impl Client {
    /// Follows `game`: its snapshot now.
    pub async fn watch(&mut self, game: GameId) -> GameSnapshot {
        match self.request(ClientMessage::Watch { game }).await {
            ServerMessage::Game(snapshot) => snapshot,
            other => panic!("no game: {other:?}"),
        }
    }

    /// Sends `body` and expects `Accepted`.
    pub async fn accepted(&mut self, body: ClientMessage) {
        let what = format!("{body:?}");
        assert_eq!(self.request(body).await, ServerMessage::Accepted, "{what}");
    }

    pub fn id(&self) -> PlayerId {
        self.credentials.as_ref().expect("a player").id
    }
}

impl Game {
    /// Both players watch the game.
    pub async fn watched(mut self) -> Game {
        self.white.watch(self.id).await;
        self.black.watch(self.id).await;
        self
    }
}

/// A TCP connection to `addr` from the address `from` (its port chosen by the system).
pub async fn tcp_from(from: std::net::IpAddr, addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(from, 0))
        .expect("loopback addresses bind");
    socket.connect(addr).await.expect("the server accepts")
}

/// The status, headers (names in lower case) and body of `GET path`.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, Vec<(String, String)>, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}
