//! One client's WebSocket: its requests answered in order, and the messages of the games
//! it watches and of its challenges written between them.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::{mpsc, watch};

use crate::hub::{Hub, Outbox};
use crate::ids::PlayerId;
use crate::wire::{self, ClientMessage, ErrorKind, Refused, ServerMessage};

struct Session {
    hub: Arc<Hub>,
    /// Who said `Hello`; `None` before: such a connection may only watch.
    player: Option<PlayerId>,
    outbox: Outbox,
}

/// Serves one connection until the client leaves or the server stops.
pub async fn run(mut socket: WebSocket, hub: Arc<Hub>, mut stopping: watch::Receiver<bool>) {
    let (outbox, mut unasked) = mpsc::unbounded_channel::<Arc<str>>();
    let mut session = Session {
        hub,
        player: None,
        outbox,
    };
    loop {
        let frame = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => session.answer(text.as_str()).await,
                Some(Ok(Message::Binary(_))) => refusal(0, ErrorKind::NotText),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(frame) = unasked.recv() => frame.to_string(),
            _ = stopping.changed() => break,
        };
        if socket.send(Message::Text(frame.into())).await.is_err() {
            break;
        }
    }
}

fn refusal(id: u32, error: ErrorKind) -> String {
    wire::encode(id, &ServerMessage::Error { error })
}

impl Session {
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
            ClientMessage::Watch { game } => Ok(ServerMessage::Game(
                hub.watch(game, self.outbox.clone()).await?,
            )),
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
