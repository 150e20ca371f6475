//! What a client asks.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::endings::Proposal;
use super::ids::{ChallengeId, GameId, PlayerId, Secret};
use super::lobby::LobbyFilter;
use super::seat::ColorChoice;
use super::time_control::TimeControlWire;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// The first message of a connection: who the client is, or `None` for a new player,
    /// which the server answers with a fresh id and secret for the client to keep.
    Hello {
        #[serde(default)]
        player: Option<Credentials>,
    },
    /// Offers a game to whoever opens the challenge's link; `open` lists it in the lobby
    /// too.
    CreateChallenge {
        /// Read as `game` too, its name in protocol 1.
        #[serde(with = "crate::kind_id", alias = "game")]
        kind: GameKind,
        time_control: TimeControlWire,
        color: ColorChoice,
        #[serde(default)]
        open: bool,
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
    /// A draw, a takeback or a rematch, for the opponent to answer. Proposing what the
    /// opponent has already proposed accepts it.
    Propose {
        game: GameId,
        proposal: Proposal,
    },
    /// Accepts or declines the opponent's pending proposal.
    Answer {
        game: GameId,
        proposal: Proposal,
        accept: bool,
    },
    /// The player to move claims a draw by repetition or the move-count rule (2017 art.
    /// 9.2, 9.3): as things stand, or by announcing `move` (on ply `ply`), which is played
    /// whatever the verdict (9.5.2). A wrong claim gives the opponent two minutes (9.5.2)
    /// and stands as a draw offer (9.1.2.c).
    ClaimDraw {
        game: GameId,
        ply: u32,
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        text: Option<String>,
    },
    /// Ends a game that the player has not yet moved in, with no result.
    Abort {
        game: GameId,
    },
    /// The opponent has had no connection for a while: the player takes the win, or
    /// (`win: false`) calls it a draw.
    ClaimAbsence {
        game: GameId,
        win: bool,
    },
    /// Withdraws the player's own open challenge.
    CancelChallenge {
        challenge: ChallengeId,
    },
    /// The open challenges that pass `filter`, then each one listed or removed; a second
    /// request replaces the filter.
    WatchLobby {
        #[serde(default)]
        filter: LobbyFilter,
    },
    /// Stops the lobby's news.
    LeaveLobby,
    /// The name shown for the player (trimmed, at most 24 characters); `None` or blank
    /// clears it.
    SetName {
        #[serde(default)]
        name: Option<String>,
    },
    /// The player's unfinished games.
    MyGames,
    /// The live games being played now, newest first: those of `players` when it names
    /// some (at most [`LIVE_PLAYERS_MAX`](super::LIVE_PLAYERS_MAX)), else anyone's. Asked
    /// by anyone, introduced or not: what a club's page shows.
    LiveGames {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        players: Vec<PlayerId>,
    },
    /// The game's record as PGN, with each move's clock.
    GetPgn {
        game: GameId,
    },
    /// Follows a club event (issue 56): answered `Accepted`, then `EventChanged` each
    /// time it changes (a pairing, a result, a player), after which the page reads the
    /// event again over HTTP. Asked by anyone, introduced or not.
    WatchEvent {
        event: crate::events::EventId,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Credentials {
    pub id: PlayerId,
    pub secret: Secret,
}
