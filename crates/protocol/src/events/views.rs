//! What the server tells about an event: the whole event, and what is computed from it
//! (standings, crosstable, a round's pairings, ranks after each round, a player's card).
//! Points and tie-break values travel as exact decimal text (`"4.5"`, `"12.25"`), as the
//! pairing crate computes them, so no page rounds a tie away.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::EventId;
use super::actions::{ByeRequest, PenaltyKind, ResultWire};
use super::error::EventError;
use super::settings::EventSettings;
use crate::online::{GameId, PlayerId, Secret, Side};

/// The server's answer, in an [`Envelope`](crate::Envelope) of
/// [`EVENTS_PROTOCOL_VERSION`](super::EVENTS_PROTOCOL_VERSION).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventReply {
    /// An event was made: its public id, and the director's token (shown once; only its
    /// hash is kept).
    Created {
        event: EventId,
        director: Secret,
    },
    Event(EventView),
    Standings(StandingsView),
    Crosstable(CrosstableView),
    Round(RoundView),
    Ranks(RanksView),
    /// The event and all it computes in one read (`GET /api/events/{id}/all`): what the
    /// event page reads at each change, one request rather than four, so that a club's
    /// room behind one address stays within the server's limits per address.
    All(Box<AllView>),
    Card(CardView),
    /// A player joined: its number in the event.
    Joined {
        number: u32,
    },
    Error {
        error: EventError,
    },
}

/// The event with its standings (after the last round paired), crosstable and ranks after
/// each round, all of one revision (`event.revision`, the answer's `ETag`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllView {
    pub event: EventView,
    pub standings: StandingsView,
    pub crosstable: CrosstableView,
    pub ranks: RanksView,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventView {
    pub event: EventId,
    pub settings: EventSettings,
    /// Bumped by every change: what a watcher compares.
    pub revision: u64,
    pub ended: bool,
    pub players: Vec<PlayerView>,
    pub rounds: Vec<RoundView>,
    pub penalties: Vec<PenaltyView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The number in the event (order of entry): what actions name.
    pub number: u32,
    /// The pairing number (TRF's starting rank): by rating in a Swiss and a knockout, the
    /// order of entry (the lots) in a round robin.
    pub start_rank: u32,
    pub name: String,
    pub rating: u16,
    pub club: String,
    /// The online identity, for an online event's players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<PlayerId>,
    /// The first round the player could be paired in (a late entry's is after 1).
    pub entered_round: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
    /// Requested byes and temporary withdrawals, by round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<(u32, ByeRequest)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundView {
    pub round: u32,
    /// Online: when the games start (epoch milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at_ms: Option<u64>,
    /// By board; the pairing-allocated bye, if any, last.
    pub boards: Vec<BoardView>,
    /// The players' numbers in alphabetical order of name, each with its board: the list
    /// pinned up beside the by-board one, for finding one's own name.
    pub by_name: Vec<(u32, u32)>,
    /// Every board has a result.
    pub finished: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    pub board: u32,
    pub white: u32,
    /// `None`: `white` has the pairing-allocated bye.
    #[serde(default)]
    pub black: Option<u32>,
    /// Online: the game on the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// The result that stands (the last entered); `None` while the game goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultView>,
    /// Every result entered at this board, oldest first: corrections never erase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<ResultView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResultSource {
    /// The director entered it.
    Director,
    /// The game on the server ended.
    Game,
    /// The game on the server was not started by a player within the no-show time.
    NoShow,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    /// Its place in the event's log: what a correction names in `replaces`.
    pub seq: u64,
    pub result: ResultWire,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub source: ResultSource,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break_winner: Option<Side>,
    pub entered_at_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyView {
    pub seq: u64,
    pub player: u32,
    pub round: u32,
    pub penalty: PenaltyKind,
    pub reason: String,
    pub entered_at_ms: u64,
}

/// The standings after `round`, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsView {
    pub round: u32,
    /// The columns after the points, in the event's order (`DE`, `BH/C1`, `小分`…).
    pub tie_breaks: Vec<String>,
    pub rows: Vec<StandingRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// Shared by players whom every tie-break leaves level.
    pub rank: u32,
    pub number: u32,
    pub name: String,
    pub club: String,
    pub rating: u16,
    pub points: String,
    /// One per tie-break, in order; empty where it is void.
    pub values: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
}

/// Everyone's every round, in the order of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrosstableView {
    pub rounds: u32,
    pub rows: Vec<CrossRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossRow {
    pub rank: u32,
    pub number: u32,
    pub name: String,
    pub points: String,
    pub cells: Vec<Cell>,
}

/// One round of one player, as a crosstable prints it: `12w1` (the opponent's rank, the
/// colour, the score), `+`/`-` for forfeits, `H`/`Z`/`F`/`U` for byes, blank when absent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Side>,
    /// `1`, `½`, `0` (or the event's points), `+`, `-`, `H`, `Z`, `F`, `U`, `*` (not
    /// finished), or empty.
    pub score: String,
}

/// Each player's rank after each round (the progress table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RanksView {
    /// `(number, name, ranks after rounds 1, 2, …)`.
    pub players: Vec<(u32, String, Vec<u32>)>,
}

/// A player's card: every round, with the opponent and the points so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    pub player: PlayerView,
    pub rank: u32,
    pub points: String,
    pub rounds: Vec<CardRound>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRound {
    pub round: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Side>,
    pub cell: Cell,
    /// The points after this round.
    pub running: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
}
