//! What the online page's address asks for: `?challenge=<id>` (a link a challenger sent:
//! take the other seat), `?game=<id>` (a game to play on or to watch), `?live` (the games
//! being played), or nothing (the page to make a challenge from). A bad address is refused with what was wrong, and the
//! page opens at its start instead.

use core::fmt;

use shatar_protocol::online::{
    ChallengeId, Credentials, GameId, LIVE_PLAYERS_MAX, PlayerId, PlayersError, parse_players,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Make a challenge.
    Start,
    Accept(ChallengeId),
    Follow(GameId),
    /// The list of live games (`?live`, with `&players=<id>,<id>` for some players'
    /// only): what a club's page shows.
    Live,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAddress {
    pub parameter: &'static str,
    pub value: String,
}

impl fmt::Display for BadAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the address's {}={:?} is no id (32 lowercase hex digits)",
            self.parameter, self.value
        )
    }
}

/// Reads the parameters the page was opened with (as `URLSearchParams` gives them); `live`
/// is whether the address has a `live` parameter (its value is not read).
pub fn intent(
    challenge: Option<&str>,
    game: Option<&str>,
    live: bool,
) -> Result<Intent, BadAddress> {
    let bad = |parameter, value: &str| BadAddress {
        parameter,
        // An address is anyone's text: only so much of it is repeated back.
        value: value.chars().take(40).collect(),
    };
    if let Some(text) = game {
        return text
            .parse()
            .map(Intent::Follow)
            .map_err(|_| bad("game", text));
    }
    if let Some(text) = challenge {
        return text
            .parse()
            .map(Intent::Accept)
            .map_err(|_| bad("challenge", text));
    }
    Ok(if live { Intent::Live } else { Intent::Start })
}

/// The players a list of live games is of: `players=<id>,<id>` (blank: anyone's).
pub fn players(text: Option<&str>) -> Result<Vec<PlayerId>, BadAddress> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    parse_players(text).map_err(|e| BadAddress {
        parameter: "players",
        value: match e {
            PlayersError::BadId { text, .. } => text,
            PlayersError::TooMany { count } => {
                format!("{count} ids (at most {LIVE_PLAYERS_MAX})")
            }
        },
    })
}

/// The query of the list of live games of `players`.
pub fn live_query(players: &[PlayerId]) -> String {
    let ids: Vec<String> = players.iter().map(ToString::to_string).collect();
    match ids.is_empty() {
        true => String::from("?live"),
        false => format!("?live&players={}", ids.join(",")),
    }
}

/// The fragment of the link that moves a player's identity to another device:
/// `#identity=<id>.<secret>`. A fragment never reaches a server, nor its logs.
pub fn identity_link(page_url: &str, credentials: &Credentials) -> String {
    format!(
        "{page_url}#identity={}.{}",
        credentials.id,
        credentials.secret.reveal()
    )
}

/// Reads an identity link's fragment (with or without its `#`); `None` when the fragment
/// carries none, an error when it carries a bad one.
pub fn identity_from_fragment(fragment: &str) -> Option<Result<Credentials, BadAddress>> {
    let value = fragment.trim_start_matches('#').strip_prefix("identity=")?;
    // A secret, even a mangled one, is not repeated back.
    let bad = || BadAddress {
        parameter: "identity",
        value: String::from("…"),
    };
    let Some((id, secret)) = value.split_once('.') else {
        return Some(Err(bad()));
    };
    Some(match (id.parse(), secret.parse()) {
        (Ok(id), Ok(secret)) => Ok(Credentials { id, secret }),
        _ => Err(bad()),
    })
}

/// The query that brings a reload back to `game`.
pub fn game_query(game: GameId) -> String {
    format!("?game={game}")
}

/// The link a challenger sends: the online page at `page_url` (without its query).
pub fn challenge_link(page_url: &str, challenge: ChallengeId) -> String {
    format!("{page_url}?challenge={challenge}")
}

/// The link a spectator opens.
pub fn game_link(page_url: &str, game: GameId) -> String {
    format!("{page_url}{}", game_query(game))
}
