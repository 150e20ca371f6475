//! The lobby of open challenges, and a player's list of its games.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::ids::{ChallengeId, GameId, PlayerId};
use super::seat::ColorChoice;
use super::seat::Side;
use super::time_control::{BonusWire, TimeControlWire};

/// A game id on its own (`"xiangqi"`), for lists of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind(#[serde(with = "crate::ruleset_id")] pub GameKind);

/// How long a game takes, as lichess sorts them: a live control's first period's base
/// time plus forty of its bonuses, or days a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    Classical,
    Correspondence,
}

impl Speed {
    pub fn of(control: &TimeControlWire) -> Speed {
        if control.days_per_move.is_some() {
            return Speed::Correspondence;
        }
        let Some(first) = control.periods.first() else {
            return Speed::Classical;
        };
        let bonus = match first.bonus {
            BonusWire::None => 0,
            BonusWire::Increment { ms }
            | BonusWire::SimpleDelay { ms }
            | BonusWire::Bronstein { ms } => ms,
        };
        let estimate = first.base_ms.saturating_add(bonus.saturating_mul(40));
        match estimate {
            ..180_000 => Speed::Bullet,
            180_000..480_000 => Speed::Blitz,
            480_000..1_500_000 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }
}

/// Which open challenges a lobby watcher hears of: empty lists let every game or speed
/// through.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyFilter {
    #[serde(default)]
    pub games: Vec<Kind>,
    #[serde(default)]
    pub speeds: Vec<Speed>,
}

impl LobbyFilter {
    pub fn admits(&self, challenge: &LobbyChallenge) -> bool {
        (self.games.is_empty() || self.games.contains(&Kind(challenge.game)))
            && (self.speeds.is_empty() || self.speeds.contains(&challenge.speed))
    }
}

/// An open challenge as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyChallenge {
    pub challenge: ChallengeId,
    #[serde(with = "crate::ruleset_id")]
    pub game: GameKind,
    pub time_control: TimeControlWire,
    pub speed: Speed,
    /// The challenger's colour.
    pub color: ColorChoice,
    pub challenger: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One of a player's unfinished games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub game: GameId,
    #[serde(with = "crate::ruleset_id")]
    pub kind: GameKind,
    pub time_control: TimeControlWire,
    pub side: Side,
    pub opponent: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_name: Option<String>,
    /// Moves played so far.
    pub plies: u32,
    /// Whether the player is to move: what a correspondence player looks for.
    pub your_move: bool,
}

/// The most games [`ClientMessage::LiveGames`](super::ClientMessage::LiveGames) lists.
pub const LIVE_GAMES_MAX: usize = 50;

/// The most players a list of live games may be asked for: a club's members.
pub const LIVE_PLAYERS_MAX: usize = 100;

/// A live game being played now (no correspondence), as a list of them shows it to
/// anyone who might watch it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveGame {
    pub game: GameId,
    #[serde(with = "crate::ruleset_id")]
    pub kind: GameKind,
    pub time_control: TimeControlWire,
    pub white: PlayerId,
    pub black: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_name: Option<String>,
    /// Moves played so far.
    pub plies: u32,
}
