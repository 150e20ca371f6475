//! Club events (issue 56): the messages between an event's pages (the director's, the
//! public one, a club's embeds) and the Shatar server, typed and versioned as the online
//! play's are, in the same [`Envelope`](crate::Envelope) with their own version.
//!
//! They travel over HTTP, as JSON: the public reads are `GET`s (cacheable, embeddable on
//! any site), the director's actions `POST`s that carry the director's token in an
//! `Authorization: Bearer` header (never in the address, which logs and referrers keep).
//! A watcher hears that an event changed over the online WebSocket
//! ([`crate::online::ClientMessage::WatchEvent`]) and reads it again.
//!
//! ```text
//! POST /api/events                        NewEvent       -> Created
//! GET  /api/events/{id}                                  -> Event (players, rounds, results)
//! GET  /api/events/{id}/standings[?round=N]              -> Standings
//! GET  /api/events/{id}/crosstable                       -> Crosstable
//! GET  /api/events/{id}/rounds/{n}                       -> Round (by board and by name)
//! GET  /api/events/{id}/ranks                            -> Ranks (after each round)
//! GET  /api/events/{id}/all                              -> All (the four above in one)
//! GET  /api/events/{id}/players/{n}                      -> Card
//! GET  /api/events/{id}.trf                              (TRF-2026)  .trf16 (TRF-16)
//! GET  /api/events/{id}.pgn                              every game played on the server
//! POST /api/events/{id}/director          DirectorAction -> Event
//! POST /api/events/{id}/join              Join           -> Joined
//! ```
//!
//! These types hold no server state: the pages and the server share them.

mod actions;
#[cfg(feature = "event-defaults")]
mod defaults;
mod error;
mod settings;
mod views;

pub use actions::{ByeRequest, DirectorAction, Join, PairWire, PenaltyKind, ResultWire};
#[cfg(feature = "event-defaults")]
pub use defaults::{DEFAULT_SWISS_ROUNDS, default_time_control};
pub use error::EventError;
pub use settings::{ByeValue, EventSettings, NewEvent, ScoringWire, SystemWire};
pub use views::{
    AllView, BoardView, CardRound, CardView, Cell, CrossRow, CrosstableView, EventReply, EventView,
    PenaltyView, PlayerView, RanksView, ResultSource, ResultView, RoundView, StandingRow,
    StandingsView,
};

use crate::online::ids::public_id;

/// Bumped on any change a peer from another build could misread.
pub const EVENTS_PROTOCOL_VERSION: u32 = 1;

/// The most players an event takes: a big open Swiss (Tongliao's had about a hundred;
/// the pairing of 2,000 takes milliseconds, docs/tournaments.md, but every read rebuilds
/// the event).
pub const MAX_PLAYERS: usize = 500;

/// The most rounds: a double round robin of 26 has 50.
pub const MAX_ROUNDS: u32 = 50;

/// The longest event name, club and reason, in characters (after NFC).
pub const MAX_EVENT_NAME_CHARS: usize = 80;
pub const MAX_CLUB_CHARS: usize = 40;
pub const MAX_REASON_CHARS: usize = 200;

/// The most results and penalties an event's log keeps (every correction is a line):
/// a 500-player, 15-round Swiss enters about 4,000 results.
pub const MAX_LOG_ENTRIES: usize = 20_000;

/// The largest request body, in bytes: a manual pairing of 500 players is about 10 KiB.
pub const MAX_BODY_BYTES: usize = 32 * 1024;

/// The longest no-show time a director may set, in minutes (a day: an online event across
/// time zones).
pub const MAX_NO_SHOW_MINUTES: u32 = 24 * 60;

public_id!(
    /// An event: its public link (`event.html?event=…`).
    EventId
);

impl crate::Versioned for DirectorAction {
    const VERSION: u32 = EVENTS_PROTOCOL_VERSION;
}

impl crate::Versioned for EventReply {
    const VERSION: u32 = EVENTS_PROTOCOL_VERSION;
}

impl crate::Versioned for NewEvent {
    const VERSION: u32 = EVENTS_PROTOCOL_VERSION;
}

impl crate::Versioned for Join {
    const VERSION: u32 = EVENTS_PROTOCOL_VERSION;
}

#[cfg(test)]
mod tests;
