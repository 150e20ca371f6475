//! What a client asks.

use alloc::string::String;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::ids::{ChallengeId, GameId, PlayerId, Secret};
use super::server::Side;
use super::time_control::TimeControlWire;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// The first message of a connection: who the client is, or `None` for a new player,
    /// which the server answers with a fresh id and secret for the client to keep.
    Hello {
        #[serde(default)]
        player: Option<Credentials>,
    },
    /// Offers a game to whoever opens the challenge's link.
    CreateChallenge {
        #[serde(with = "crate::ruleset_id")]
        game: GameKind,
        time_control: TimeControlWire,
        color: ColorChoice,
    },
    /// Takes the other seat of a challenge: the game starts.
    AcceptChallenge {
        challenge: ChallengeId,
    },
    /// The game as it stands, then each of its moves and its end as they happen: how
    /// players and spectators alike follow a game.
    Watch {
        game: GameId,
    },
    /// A move of the seat whose turn it is, in the wire's notation (UCI; ICCS for
    /// Xiangqi). `ply` is the number of moves the client has seen before it (from 0), so
    /// that a move resent after a reconnection is not played twice.
    Move {
        game: GameId,
        ply: u32,
        #[serde(rename = "move")]
        text: String,
    },
    Resign {
        game: GameId,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Credentials {
    pub id: PlayerId,
    pub secret: Secret,
}

/// The challenger's colour (White or Red is `White`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColorChoice {
    White,
    Black,
    /// Drawn by the server when the challenge is accepted.
    Random,
}

impl ColorChoice {
    /// The challenger's side; `coin` decides a random choice.
    pub fn side(self, coin: bool) -> Side {
        match self {
            ColorChoice::White => Side::White,
            ColorChoice::Black => Side::Black,
            ColorChoice::Random if coin => Side::White,
            ColorChoice::Random => Side::Black,
        }
    }
}
