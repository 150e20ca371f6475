//! One client's WebSocket: its requests answered in order, and the messages of the games
//! it watches and of its challenges written between them.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use tokio::sync::watch;

use crate::hub::{self, Hub, Outbox, Unasked};
use crate::ids::{GameId, PlayerId};
use crate::limits::{self, Over};
use crate::wire::{self, ClientMessage, ErrorKind, Refused, ServerMessage};

struct Session {
    hub: Arc<Hub>,
    /// Who said `Hello`; `None` before: such a connection may only watch.
    player: Option<PlayerId>,
    outbox: Outbox,
    /// The games this connection follows, to leave them when it closes.
    watching: HashSet<GameId>,
    /// The club events this connection follows (issue 56).
    events: Vec<shatar_protocol::events::EventId>,
    /// The protocol version of the client's last message, which every frame to it is
    /// written in (`wire::for_version`): an older page still reads what it is sent.
    version: u32,
}

/// The most events one connection follows: a club's page shows one or two.
const MAX_WATCHED_EVENTS: usize = 8;

/// What the loop does after one event.
enum Step {
    Send(Message),
    Nothing,
    /// Close with this code and reason, after this refusal if any.
    Close(Option<String>, u16, &'static str),
    End,
}

/// Serves one connection until the client leaves, falls silent or floods, or the server
/// stops.
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    mut stopping: watch::Receiver<bool>,
    mut limit: limits::Connection,
) {
    let timeouts = limit.timeouts();
    let (outbox, mut unasked) = hub::outbox(limit.outbox_frames());
    let mut session = Session {
        hub,
        player: None,
        outbox,
        watching: HashSet::new(),
        events: Vec::new(),
        version: wire::ONLINE_PROTOCOL_VERSION,
    };
    // tokio's clock, not the TimeSource: these bound real waiting on a real socket.
    let first_message = tokio::time::sleep(timeouts.first_message);
    let silence = tokio::time::sleep(timeouts.silence);
    tokio::pin!(first_message, silence);
    let mut spoke = false;
    let start = tokio::time::Instant::now();
    let mut ping = tokio::time::interval_at(start + timeouts.ping_every, timeouts.ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let step = tokio::select! {
            incoming = socket.recv() => {
                silence.as_mut().reset(tokio::time::Instant::now() + timeouts.silence);
                match incoming {
                    Some(Ok(message @ (Message::Text(_) | Message::Binary(_)))) => {
                        spoke = true;
                        match limit.admit() {
                            Ok(()) => Step::Send(Message::Text(session.frame(&message).await.into())),
                            Err(Over { error, close }) => {
                                let frame = refusal(request_id(&message), error);
                                if close {
                                    Step::Close(Some(frame), close_code::POLICY, "rate limited")
                                } else {
                                    Step::Send(Message::Text(frame.into()))
                                }
                            }
                        }
                    }
                    // Answered by tungstenite itself, but counted: a ping costs a read and
                    // a pong's write. Nothing answers a refused one; enough close.
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => match limit.admit() {
                        Err(Over { close: true, .. }) => {
                            Step::Close(None, close_code::POLICY, "rate limited")
                        }
                        _ => Step::Nothing,
                    },
                    Some(Err(error)) if too_large(&error) => {
                        Step::Close(None, close_code::SIZE, "frame too large")
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => Step::End,
                }
            },
            Some(next) = unasked.recv() => match next {
                Unasked::Frame(frame) => Step::Send(Message::Text(frame.to_string().into())),
                Unasked::FellBehind => {
                    Step::Close(Some(refusal(0, ErrorKind::FellBehind)), close_code::AGAIN, "")
                }
            },
            _ = &mut first_message, if !spoke => {
                Step::Close(None, close_code::POLICY, "no request in time")
            }
            _ = &mut silence => Step::Close(None, close_code::AWAY, "silent too long"),
            _ = ping.tick() => Step::Send(Message::Ping(Default::default())),
            _ = stopping.changed() => Step::End,
        };
        let step = match step {
            Step::Send(Message::Text(text)) => Step::Send(Message::Text(
                wire::for_version(session.version, text.to_string()).into(),
            )),
            Step::Close(Some(frame), code, reason) => Step::Close(
                Some(wire::for_version(session.version, frame)),
                code,
                reason,
            ),
            step => step,
        };
        match step {
            Step::Send(message) => {
                if socket.send(message).await.is_err() {
                    break;
                }
            }
            Step::Nothing => {}
            Step::Close(frame, code, reason) => {
                farewell(&mut socket, frame, code, reason).await;
                break;
            }
            Step::End => break,
        }
    }
    drop(unasked);
    session.hub.leave(&session.watching, &session.outbox).await;
}

/// Whether a read failed on a frame or message over the size limit (axum's error wraps
/// tungstenite's), which the client is told with 1009 rather than a bare close.
fn too_large(error: &axum::Error) -> bool {
    use std::error::Error;
    matches!(
        error
            .source()
            .and_then(|e| e.downcast_ref::<tungstenite::Error>()),
        Some(tungstenite::Error::Capacity(_))
    )
}

pub fn refusal(id: u32, error: ErrorKind) -> String {
    wire::encode(id, &ServerMessage::Error { error })
}

/// The id to answer a message under that is not read further.
fn request_id(message: &Message) -> u32 {
    match message {
        Message::Text(text) => wire::request_id(text.as_str()),
        _ => 0,
    }
}

/// The refusal that ends a connection if any, then its close with `code`, each given a
/// second: a client that reads nothing must not hold the task. Then, for at most a second
/// and 64 frames, what the client still sends is read until its own close: dropped at
/// once, the socket would answer the client's next write (a pong to a ping it had not read
/// yet) with a reset, and the client could lose the close frame it had not read.
pub async fn farewell(socket: &mut WebSocket, frame: Option<String>, code: u16, reason: &str) {
    let close = Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }));
    let patience = std::time::Duration::from_secs(1);
    let refusal = frame.map(|frame| Message::Text(frame.into()));
    for message in refusal.into_iter().chain([close]) {
        if !matches!(
            tokio::time::timeout(patience, socket.send(message)).await,
            Ok(Ok(()))
        ) {
            return;
        }
    }
    let _ = tokio::time::timeout(patience, async {
        for _ in 0..64 {
            match socket.recv().await {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
}

impl Session {
    async fn frame(&mut self, message: &Message) -> String {
        match message {
            Message::Text(text) => self.answer(text.as_str()).await,
            _ => refusal(0, ErrorKind::NotText),
        }
    }

    /// The answer to one frame: never a panic, every refusal typed.
    async fn answer(&mut self, text: &str) -> String {
        match wire::decode(text) {
            Ok(envelope) => {
                self.version = envelope.v;
                let reply = self
                    .serve(envelope.body)
                    .await
                    .unwrap_or_else(|error| ServerMessage::Error { error });
                wire::encode(envelope.id, &reply)
            }
            Err(Refused { id, error }) => refusal(id, error),
        }
    }

    async fn serve(&mut self, request: ClientMessage) -> Result<ServerMessage, ErrorKind> {
        let hub = self.hub.clone();
        match request {
            ClientMessage::Hello { player } => {
                if self.player.is_some() {
                    return Err(ErrorKind::AlreadyIntroduced);
                }
                let (player, secret) = hub.introduce(player).await?;
                self.player = Some(player);
                hub.register(player, self.outbox.clone());
                Ok(ServerMessage::Welcome { player, secret })
            }
            ClientMessage::Watch { game } => {
                let snapshot = hub.watch(game, self.outbox.clone()).await?;
                self.watching.insert(game);
                Ok(ServerMessage::Game(snapshot))
            }
            ClientMessage::CreateChallenge {
                kind,
                time_control,
                color,
                open,
            } => {
                let challenge = hub
                    .create_challenge(self.player()?, kind, time_control, color, open)
                    .await?;
                Ok(ServerMessage::ChallengeCreated { challenge })
            }
            ClientMessage::AcceptChallenge { challenge } => {
                let (game, side) = hub.accept_challenge(self.player()?, challenge).await?;
                Ok(ServerMessage::GameStarted {
                    challenge,
                    game,
                    side,
                })
            }
            ClientMessage::Move { game, ply, text } => {
                hub.play(game, self.player()?, ply, &text).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::Resign { game } => {
                hub.resign(game, self.player()?).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::Propose { game, proposal } => {
                hub.propose(game, self.player()?, proposal).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::Answer {
                game,
                proposal,
                accept,
            } => {
                hub.answer(game, self.player()?, proposal, accept).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::ClaimDraw { game, ply, text } => {
                hub.claim_draw(game, self.player()?, ply, text.as_deref())
                    .await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::Abort { game } => {
                hub.abort(game, self.player()?).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::ClaimAbsence { game, win } => {
                hub.claim_absence(game, self.player()?, win).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::CancelChallenge { challenge } => {
                hub.cancel_challenge(self.player()?, challenge).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::WatchLobby { filter } => Ok(ServerMessage::Lobby {
                challenges: hub.watch_lobby(self.outbox.clone(), filter).await?,
            }),
            ClientMessage::LeaveLobby => {
                hub.leave_lobby(&self.outbox);
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::SetName { name } => {
                hub.set_name(self.player()?, name.as_deref()).await?;
                Ok(ServerMessage::Accepted)
            }
            ClientMessage::MyGames => Ok(ServerMessage::MyGames {
                games: hub.my_games(self.player()?).await?,
            }),
            ClientMessage::LiveGames { players } => Ok(ServerMessage::LiveGames {
                games: hub.live_games(&players).await?,
            }),
            ClientMessage::GetPgn { game } => Ok(ServerMessage::Pgn {
                game,
                text: hub.pgn(game).await?,
            }),
            ClientMessage::WatchEvent { event } => {
                if !self.events.contains(&event) {
                    if self.events.len() >= MAX_WATCHED_EVENTS {
                        return Err(ErrorKind::malformed(format_args!(
                            "a connection follows at most {MAX_WATCHED_EVENTS} events"
                        )));
                    }
                    self.events.push(event);
                    hub.watch_event(event, self.outbox.clone());
                }
                Ok(ServerMessage::Accepted)
            }
        }
    }

    fn player(&self) -> Result<PlayerId, ErrorKind> {
        self.player.ok_or(ErrorKind::NotIntroduced)
    }
}
