//! The lobby of open challenges, and a player's list of its games.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use super::ids::{ChallengeId, GameId, PlayerId};
use super::seat::ColorChoice;
use super::seat::Side;
use super::time_control::{BonusWire, TimeControlWire};

/// A game kind on its own (`"xiangqi"`), for lists of kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind(#[serde(with = "crate::kind_id")] pub GameKind);

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

/// Which open challenges a lobby watcher hears of: empty lists let every kind or speed
/// through.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyFilter {
    /// Read as `games` too, its name in protocol 1.
    #[serde(default, alias = "games")]
    pub kinds: Vec<Kind>,
    #[serde(default)]
    pub speeds: Vec<Speed>,
}

impl LobbyFilter {
    pub fn admits(&self, challenge: &LobbyChallenge) -> bool {
        (self.kinds.is_empty() || self.kinds.contains(&Kind(challenge.kind)))
            && (self.speeds.is_empty() || self.speeds.contains(&challenge.speed))
    }
}

/// An open challenge as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyChallenge {
    pub challenge: ChallengeId,
    /// Written `game` to a client of protocol 1 (the server's `wire::encode`).
    #[serde(with = "crate::kind_id", alias = "game")]
    pub kind: GameKind,
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
    #[serde(with = "crate::kind_id")]
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

/// Why a list of player ids was refused ([`parse_players`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersError {
    /// The list's `position`-th id (from 1, blanks not counted) is none; `text` is what it
    /// was, cut to 40 characters: a list is anyone's text, and only so much is repeated back.
    BadId { position: usize, text: String },
    /// The list has `count` ids, more than [`LIVE_PLAYERS_MAX`].
    TooMany { count: usize },
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayersError::BadId { position, text } => write!(
                f,
                "id {position} of the list, {text:?}, is no player id (32 lowercase hex digits)"
            ),
            PlayersError::TooMany { count } => {
                write!(f, "{count} player ids, more than {LIVE_PLAYERS_MAX}")
            }
        }
    }
}

impl core::error::Error for PlayersError {}

/// The players of a list of live games, as an address writes them: ids separated by
/// commas, each trimmed, blanks skipped (an empty list asks for anyone's games). At most
/// [`LIVE_PLAYERS_MAX`]; the first bad id is named before the count is looked at.
pub fn parse_players(text: &str) -> Result<Vec<PlayerId>, PlayersError> {
    let players = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .enumerate()
        .map(|(i, id)| {
            id.parse().map_err(|_| PlayersError::BadId {
                position: i + 1,
                text: id.chars().take(40).collect(),
            })
        })
        .collect::<Result<Vec<PlayerId>, PlayersError>>()?;
    if players.len() > LIVE_PLAYERS_MAX {
        return Err(PlayersError::TooMany {
            count: players.len(),
        });
    }
    Ok(players)
}

/// A live game being played now (no correspondence), as a list of them shows it to
/// anyone who might watch it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveGame {
    pub game: GameId,
    #[serde(with = "crate::kind_id")]
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

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;

    use super::*;

    const A: &str = "0123456789abcdef0123456789abcdef";
    const B: &str = "fedcba9876543210fedcba9876543210";

    #[test]
    fn a_list_of_players_is_ids_between_commas_blanks_skipped() {
        let (a, b): (PlayerId, PlayerId) = (A.parse().unwrap(), B.parse().unwrap());
        assert_eq!(parse_players(""), Ok(vec![]));
        assert_eq!(parse_players(" , ,"), Ok(vec![]));
        assert_eq!(parse_players(A), Ok(vec![a]));
        assert_eq!(parse_players(&format!(" {A}, {B},")), Ok(vec![a, b]));
        assert_eq!(parse_players(&format!("{A},,{A}")), Ok(vec![a, a]));
        let full = vec![A; LIVE_PLAYERS_MAX].join(",");
        assert_eq!(parse_players(&full).map(|p| p.len()), Ok(LIVE_PLAYERS_MAX));
    }

    #[test]
    fn a_bad_list_of_players_says_which_id_or_how_many() {
        let bad = parse_players(&format!("{A}, ,{}", B.to_uppercase())).unwrap_err();
        assert_eq!(
            bad,
            PlayersError::BadId {
                position: 2,
                text: B.to_uppercase()
            }
        );
        assert_eq!(
            bad.to_string(),
            format!(
                "id 2 of the list, \"{}\", is no player id (32 lowercase hex digits)",
                B.to_uppercase()
            )
        );
        // Anyone's text: only its start is repeated back.
        let long = "x".repeat(1000);
        assert_eq!(
            parse_players(&long),
            Err(PlayersError::BadId {
                position: 1,
                text: "x".repeat(40)
            })
        );
        let over = vec![A; LIVE_PLAYERS_MAX + 1].join(",");
        let too_many = parse_players(&over).unwrap_err();
        assert_eq!(
            too_many,
            PlayersError::TooMany {
                count: LIVE_PLAYERS_MAX + 1
            }
        );
        assert_eq!(
            too_many.to_string(),
            format!(
                "{} player ids, more than {LIVE_PLAYERS_MAX}",
                LIVE_PLAYERS_MAX + 1
            )
        );
        // A bad id is named before the count is looked at.
        let both = format!("{over},nope");
        assert!(matches!(
            parse_players(&both),
            Err(PlayersError::BadId { position, .. }) if position == LIVE_PLAYERS_MAX + 2
        ));
    }
}
