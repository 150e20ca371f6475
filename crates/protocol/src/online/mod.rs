//! The messages between a client (the page, a test, a bot) and the Shatar server
//! (`crates/server`, issue 22): typed and versioned as the worker's are, in the same
//! [`Envelope`](crate::Envelope), so a page from another build hears "different versions"
//! rather than "malformed".
//!
//! Each WebSocket text frame holds one envelope in JSON, its body in serde's external
//! tagging: `{"v":1,"id":3,"body":{"Watch":{"game":"…"}}}`. `id` pairs a reply with its
//! request (a client numbers its requests from 1); what the server sends unasked (a move
//! in a watched game, a challenge accepted) carries 0.
//!
//! These types hold no server state: the page and the server share them.

mod client;
mod endings;
mod error;
pub mod ids;
mod lobby;
pub mod names;
mod outcome;
mod seat;
mod server;
pub mod time_control;

pub use client::{ClientMessage, Credentials};
pub use endings::{ABSENCE_CLAIM_MS, EndNote, Proposal};
pub use error::ErrorKind;
pub use ids::{BadId, ChallengeId, GameId, PlayerId, Secret};
pub use lobby::{
    Kind, LIVE_GAMES_MAX, LIVE_PLAYERS_MAX, LiveGame, LobbyChallenge, LobbyFilter, MyGame,
    PlayersError, Speed, parse_players,
};
pub use names::{BadName, MAX_NAME_CHARS, normalize_name, normalize_text};
pub use outcome::OutcomeWire;
pub use seat::{ColorChoice, Side};
pub use server::{ClockView, GameSnapshot, ServerMessage};
pub use time_control::{BadTimeControl, BonusWire, PeriodWire, TimeControlWire};

/// Bumped on any change a peer from another build could misread. Separate from the
/// worker's [`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION): a server outlives many pages.
///
/// 2: the glossary's names (docs/architecture.md): a game kind is `kind`, never `game`,
/// which is a game's id (`CreateChallenge.kind`, `LobbyChallenge.kind`,
/// `LobbyFilter.kinds`, each read under its old name too).
pub const ONLINE_PROTOCOL_VERSION: u32 = 2;

/// The oldest version the server still reads and answers in its own shapes: a page that
/// the service worker cached before a release talks to the new server until it reloads.
pub const OLDEST_ONLINE_PROTOCOL_VERSION: u32 = 1;

/// The largest message a client may send, in bytes: ten times the largest sound one (a
/// challenge with four periods). Larger ones get a typed refusal.
pub const MAX_MESSAGE_BYTES: usize = 4096;

#[cfg(test)]
mod tests;

impl crate::Versioned for ClientMessage {
    const VERSION: u32 = ONLINE_PROTOCOL_VERSION;
}

impl crate::Versioned for ServerMessage {
    const VERSION: u32 = ONLINE_PROTOCOL_VERSION;
}
