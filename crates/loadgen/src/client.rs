//! One player's WebSocket: requests answered by id, the unasked moves of its game read on
//! the way.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use shatar_protocol::Envelope;
use shatar_protocol::online::{ClientMessage, ErrorKind, ServerMessage};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Longer than any answer should take even at the most the server holds.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    last_id: u32,
    /// The highest ply of a `Moved` seen unasked, plus one.
    pub seen_plies: u32,
    pub ended: bool,
}

/// What went wrong with a connection: the run counts these, it does not stop.
#[derive(Debug)]
pub enum Failure {
    Connect(String),
    Closed,
    Timeout,
    Refused(ErrorKind),
    Unexpected(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Connect(e) => write!(f, "cannot connect: {e}"),
            Failure::Closed => f.write_str("the server closed the connection"),
            Failure::Timeout => write!(f, "no answer in {} s", PATIENCE.as_secs()),
            Failure::Refused(e) => write!(f, "refused: {e}"),
            Failure::Unexpected(m) => write!(f, "unexpected answer: {m}"),
        }
    }
}

impl Client {
    pub async fn connect(server: SocketAddr) -> Result<Client, Failure> {
        let url = format!("ws://{server}/ws");
        let (socket, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| Failure::Timeout)?
            .map_err(|e| Failure::Connect(e.to_string()))?;
        Ok(Client {
            socket,
            last_id: 0,
            seen_plies: 0,
            ended: false,
        })
    }

    pub async fn send(&mut self, body: ClientMessage) -> Result<u32, Failure> {
        self.last_id += 1;
        let text = serde_json::to_string(&Envelope::new(self.last_id, body))
            .map_err(|e| Failure::Unexpected(e.to_string()))?;
        self.socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|_| Failure::Closed)?;
        Ok(self.last_id)
    }

    /// The next message, its id and body.
    async fn next(&mut self) -> Result<(u32, ServerMessage), Failure> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .map_err(|_| Failure::Timeout)?;
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let envelope: Envelope<ServerMessage> = serde_json::from_str(text.as_str())
                        .map_err(|e| Failure::Unexpected(e.to_string()))?;
                    self.note(&envelope.body);
                    return Ok((envelope.id, envelope.body));
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return Err(Failure::Closed),
                Some(Ok(_)) => {}
            }
        }
    }

    fn note(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Moved { ply, outcome, .. } => {
                self.seen_plies = self.seen_plies.max(ply + 1);
                self.ended |= outcome.is_some();
            }
            ServerMessage::Ended { .. } => self.ended = true,
            _ => {}
        }
    }

    /// The answer to request `id`; unasked messages before it are noted.
    pub async fn answer(&mut self, id: u32) -> Result<ServerMessage, Failure> {
        loop {
            let (got, body) = self.next().await?;
            if got == id {
                return match body {
                    ServerMessage::Error { error } => Err(Failure::Refused(error)),
                    body => Ok(body),
                };
            }
        }
    }

    pub async fn request(&mut self, body: ClientMessage) -> Result<ServerMessage, Failure> {
        let id = self.send(body).await?;
        self.answer(id).await
    }

    /// Reads unasked messages until the move of ply `ply` has been seen.
    pub async fn see(&mut self, ply: u32) -> Result<(), Failure> {
        while self.seen_plies <= ply {
            self.next().await?;
        }
        Ok(())
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
