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
}

/// Serves one connection until the client leaves or the server stops.
pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    mut stopping: watch::Receiver<bool>,
    mut limit: limits::Connection,
) {
    let (outbox, mut unasked) = hub::outbox(limit.outbox_frames());
    let mut session = Session {
        hub,
        player: None,
        outbox,
        watching: HashSet::new(),
    };
    loop {
        let frame = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(message @ (Message::Text(_) | Message::Binary(_)))) => match limit.admit() {
                    Ok(()) => session.frame(&message).await,
                    Err(Over { error, close }) => {
                        let frame = refusal(request_id(&message), error);
                        if close {
                            farewell(&mut socket, frame, close_code::POLICY).await;
                            break;
                        }
                        frame
                    }
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(next) = unasked.recv() => match next {
                Unasked::Frame(frame) => frame.to_string(),
                Unasked::FellBehind => {
                    let frame = refusal(0, ErrorKind::FellBehind);
                    farewell(&mut socket, frame, close_code::AGAIN).await;
                    break;
                }
            },
            _ = stopping.changed() => break,
        };
        if socket.send(Message::Text(frame.into())).await.is_err() {
            break;
        }
    }
    drop(unasked);
    session.hub.leave(&session.watching, &session.outbox).await;
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

/// The refusal that ends a connection, then its close with `code`, each given a second: a
/// client that reads nothing must not hold the task.
pub async fn farewell(socket: &mut WebSocket, frame: String, code: u16) {
    let close = Message::Close(Some(CloseFrame {
        code,
        reason: "".into(),
    }));
    let patience = std::time::Duration::from_secs(1);
    for message in [Message::Text(frame.into()), close] {
        if !matches!(
            tokio::time::timeout(patience, socket.send(message)).await,
            Ok(Ok(()))
        ) {
            return;
        }
    }
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
                game,
                time_control,
                color,
                open,
            } => {
                let challenge = hub
                    .create_challenge(self.player()?, game, time_control, color, open)
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
        }
    }

    fn player(&self) -> Result<PlayerId, ErrorKind> {
        self.player.ok_or(ErrorKind::NotIntroduced)
    }
}
