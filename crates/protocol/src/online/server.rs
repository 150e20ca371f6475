//! What the server says.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::endings::{EndNote, Proposal};
use super::error::ErrorKind;
use super::ids::{ChallengeId, GameId, PlayerId, Secret};
use super::lobby::{LiveGame, LobbyChallenge, MyGame};
use super::outcome::OutcomeWire;
use super::seat::Side;
use super::time_control::TimeControlWire;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMessage {
    /// The answer to `Hello`; `secret` only when the player is new: the one time the
    /// server sends it.
    Welcome {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<Secret>,
    },
    ChallengeCreated {
        challenge: ChallengeId,
    },
    /// A challenge was accepted: sent to the one who accepted it (as the answer) and to
    /// the challenger (unasked), each with its own side.
    GameStarted {
        challenge: ChallengeId,
        game: GameId,
        side: Side,
    },
    /// The game as it stands: the answer to `Watch`.
    Game(GameSnapshot),
    /// A move was played in a watched game (committed to the database before it is sent);
    /// `outcome` when the move ended the game.
    Moved {
        game: GameId,
        ply: u32,
        #[serde(rename = "move")]
        text: String,
        clock: ClockView,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<OutcomeWire>,
    },
    /// A watched game ended off the board: resignation, a flag, an agreed or claimed
    /// draw, an abandoned game.
    Ended {
        game: GameId,
        outcome: OutcomeWire,
        clock: ClockView,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<EndNote>,
    },
    /// The answer to a move or a resignation that was played; what it did comes to the
    /// game's watchers as `Moved` or `Ended`.
    Accepted,
    Error {
        error: ErrorKind,
    },
    /// `by` proposed something in a watched game.
    Proposed {
        game: GameId,
        proposal: Proposal,
        by: Side,
    },
    /// `by` declined its opponent's proposal. (A proposal that lapses needs no message:
    /// the opponent's move that lapses it is the notice.)
    Declined {
        game: GameId,
        proposal: Proposal,
        by: Side,
    },
    /// Moves were taken back by agreement: the game has `ply` moves now.
    TookBack {
        game: GameId,
        ply: u32,
        clock: ClockView,
    },
    /// `by`'s draw claim was wrong: `added_ms` went to its opponent's clock (2017 art.
    /// 9.5.2), and the claim stands as a draw offer (9.1.2.c).
    ClaimRefused {
        game: GameId,
        by: Side,
        added_ms: u64,
        clock: ClockView,
    },
    /// The game ended with no result before both sides had moved.
    Aborted {
        game: GameId,
    },
    /// A rematch of a watched game was agreed: `rematch` is the new game.
    Rematch {
        game: GameId,
        rematch: GameId,
    },
    /// In a watched game that is not over, the player of `side` has come back (`gone_ms`
    /// is `None`) or has had no connection to the server for `gone_ms`.
    Presence {
        game: GameId,
        side: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gone_ms: Option<u64>,
    },
    /// The answer to `WatchLobby`: the open challenges that pass its filter.
    Lobby {
        challenges: Vec<LobbyChallenge>,
    },
    /// A challenge was opened in the lobby.
    Listed(LobbyChallenge),
    /// A listed challenge was taken or cancelled.
    Unlisted {
        challenge: ChallengeId,
    },
    /// The answer to `MyGames`.
    MyGames {
        games: Vec<MyGame>,
    },
    /// The answer to `LiveGames`.
    LiveGames {
        games: Vec<LiveGame>,
    },
    /// The answer to `GetPgn`.
    Pgn {
        game: GameId,
        text: String,
    },
    /// A watched event changed (`WatchEvent`): its revision now. The page reads it again.
    EventChanged {
        event: crate::events::EventId,
        revision: u64,
    },
    /// An event's game of the player's started (sent to both players' connections): the
    /// round, the board, the game and the player's side.
    EventGameStarted {
        event: crate::events::EventId,
        round: u32,
        board: u32,
        game: GameId,
        side: Side,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub game: GameId,
    #[serde(with = "crate::kind_id")]
    pub kind: GameKind,
    pub time_control: TimeControlWire,
    pub white: PlayerId,
    pub black: PlayerId,
    /// In the wire's notation, from the game's initial position.
    pub moves: Vec<String>,
    pub clock: ClockView,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeWire>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<EndNote>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_name: Option<String>,
    /// The proposals waiting for an answer, and who made each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<(Side, Proposal)>,
    /// The players with no connection to the server, and for how long: in a game not yet
    /// over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gone: Vec<(Side, u64)>,
    /// The plies the game must have before a claim against an absent opponent takes it or
    /// draws it; before them such a claim aborts the game (no one wins a game by the
    /// absence of someone who never played it). 0 from a server that said nothing of it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub absence_claims_from: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The clocks when the message was written: each side's time left (its unspent delay
/// included) and whose clock runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub running: Option<Side>,
}
