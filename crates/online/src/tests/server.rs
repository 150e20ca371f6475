//! The online page's state machine against the real server (started here on a loopback
//! port, its database in a temporary directory), over real WebSockets: each page's
//! effects are carried out as the browser layer would, frames and all.

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use shatar_protocol::online::{ColorChoice, TimeControlWire};
use shatar_rules::{Cell, EndReason, GameKind, Outcome, Ruleset};
use shatar_server::time::ManualTime;
use shatar_server::{Config, Running};
use shatar_web::board::BoardMsg;
use shatar_web::i18n::Lang;
use shatar_web::settings::Looks;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::address::Intent;
use crate::model::{Effect, Link, Model, Msg, Screen};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A page: its model, and its socket while one is open.
struct Page {
    model: Model,
    socket: Option<Socket>,
    url: String,
    kept: Option<String>,
    query: String,
}

impl Page {
    async fn open(server: &Running, intent: Intent, kept: Option<String>) -> Page {
        let (model, effects) =
            Model::new(Looks::default(), Lang::En, Ok(intent), kept.as_deref(), 0);
        let mut page = Page {
            model,
            socket: None,
            url: format!("ws://{}/ws", server.addr),
            kept,
            query: String::new(),
        };
        page.carry_out(effects).await;
        page.settle().await;
        page
    }

    async fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut queue = effects;
        while !queue.is_empty() {
            let mut next = Vec::new();
            for effect in queue {
                match effect {
                    Effect::Connect | Effect::ConnectAfter(_) => {
                        match tokio_tungstenite::connect_async(&self.url).await {
                            Ok((socket, _)) => {
                                self.socket = Some(socket);
                                next.extend(self.model.update(Msg::Opened, 0));
                            }
                            Err(_) => next.extend(self.model.update(Msg::Closed, 0)),
                        }
                    }
                    Effect::Send(text) => {
                        let socket = self.socket.as_mut().expect("sent while connected");
                        socket.send(Message::Text(text.into())).await.unwrap();
                    }
                    Effect::KeepIdentity(text) => self.kept = Some(text),
                    Effect::SetQuery(query) => self.query = query,
                    Effect::Sound(_) | Effect::Download { .. } | Effect::KeepName(_) => {}
                }
            }
            queue = next;
        }
    }

    /// Reads frames until the server has nothing more to say for a moment.
    async fn settle(&mut self) {
        loop {
            let Some(socket) = self.socket.as_mut() else {
                return;
            };
            let frame = tokio::time::timeout(Duration::from_millis(150), socket.next()).await;
            let effects = match frame {
                Err(_) => return,
                Ok(Some(Ok(Message::Text(text)))) => {
                    self.model.update(Msg::Frame(text.to_string()), 0)
                }
                Ok(Some(Ok(_))) => continue,
                Ok(_) => {
                    self.socket = None;
                    self.model.update(Msg::Closed, 0)
                }
            };
            self.carry_out(effects).await;
        }
    }

    async fn click(&mut self, from: &str, to: &str) {
        let kind = self.model.board.game().kind();
        for name in [from, to] {
            let cell = Cell::parse(kind, name).unwrap();
            let mut effects = self.model.update(Msg::Board(BoardMsg::SquareDown(cell)), 0);
            effects.extend(self.model.update(
                Msg::Board(BoardMsg::SquareUp {
                    over: Some(cell),
                    dragged: false,
                }),
                0,
            ));
            self.carry_out(effects).await;
        }
        self.settle().await;
    }

    fn moves(&self) -> Vec<String> {
        self.model.board.game().to_wire().moves
    }
}

async fn settle_all(pages: &mut [&mut Page]) {
    for _ in 0..2 {
        for page in pages.iter_mut() {
            page.settle().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_play_to_mate_through_the_server_while_a_third_watches_and_one_reloads() {
    let data = tempfile::tempdir().unwrap();
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: data.path().to_path_buf(),
        site_dir: None,
        ..Config::default()
    };
    let server = shatar_server::start(config, Arc::new(ManualTime::default()))
        .await
        .unwrap();

    let mut white = Page::open(&server, Intent::Start, None).await;
    assert_eq!(white.model.link, Link::Ready);
    let control = TimeControlWire::from_rules(
        &shatar_web::settings::TimeControl::from_id("5+3")
            .unwrap()
            .control()
            .unwrap(),
    );
    let effects = white.model.update(
        Msg::Challenge {
            kind: GameKind::Board8(Ruleset::Mongolian),
            time_control: control,
            color: ColorChoice::White,
            open: false,
        },
        0,
    );
    white.carry_out(effects).await;
    white.settle().await;
    let Screen::Waiting { challenge } = white.model.screen else {
        panic!("no challenge made: {:?}", white.model.problem);
    };

    let mut black = Page::open(&server, Intent::Accept(challenge), None).await;
    settle_all(&mut [&mut white, &mut black]).await;
    let game = black
        .model
        .followed()
        .expect("the challenge was taken")
        .game;
    assert_eq!(white.model.followed().map(|t| t.game), Some(game));
    assert_eq!(white.query, format!("?game={game}"));
    let mut watcher = Page::open(&server, Intent::Follow(game), None).await;
    assert_eq!(watcher.model.followed().unwrap().seat, None);

    // 2017 art. 1.2: the compulsory first round, then the scholar's mate.
    white.click("e2", "e4").await;
    black.settle().await;
    black.click("e7", "e5").await;
    white.settle().await;
    white.click("f1", "c4").await;
    black.settle().await;
    black.click("b8", "c6").await;

    // White reloads: a new page from the address and the identity this browser kept.
    let kept = white.kept.clone();
    let query = white.query.clone();
    drop(white);
    let game_id = query.strip_prefix("?game=").unwrap().parse().unwrap();
    let mut white = Page::open(&server, Intent::Follow(game_id), kept).await;
    assert_eq!(
        white.model.followed().unwrap().seat,
        Some(shatar_rules::Color::White)
    );
    assert_eq!(white.moves(), ["e2e4", "e7e5", "f1c4", "b8c6"]);

    white.click("d1", "h5").await;
    black.settle().await;
    black.click("g8", "f6").await;
    white.settle().await;
    white.click("h5", "f7").await;
    settle_all(&mut [&mut white, &mut black, &mut watcher]).await;

    let mate = Outcome::win(shatar_rules::Color::White, EndReason::Checkmate);
    for page in [&white, &black, &watcher] {
        assert_eq!(page.moves().len(), 7);
        assert_eq!(page.model.board.game().outcome(), Some(mate));
        assert_eq!(page.model.followed().unwrap().outcome, Some(mate));
    }
    server.stop().await.unwrap();
}
