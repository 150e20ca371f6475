//! What the event page's address asks for: `?event=<id>` (an event's public view),
//! `#director=<token>` (its director's, the token in the fragment that browsers never send
//! to a server), `&embed=standings|pairings|crosstable` (one part for a club's page), or
//! nothing (the form to create an event). A bad address is refused with what was wrong.

use core::fmt;

use shatar_protocol::events::EventId;

/// The one part an embed shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Embed {
    Standings,
    Pairings,
    Crosstable,
}

impl Embed {
    pub fn from_id(id: &str) -> Option<Embed> {
        match id {
            "standings" => Some(Embed::Standings),
            "pairings" => Some(Embed::Pairings),
            "crosstable" => Some(Embed::Crosstable),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Embed::Standings => "standings",
            Embed::Pairings => "pairings",
            Embed::Crosstable => "crosstable",
        }
    }
}

/// What the page was opened for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// `None`: the form to create an event.
    pub event: Option<EventId>,
    /// The director's token, from the fragment.
    pub director: Option<String>,
    pub embed: Option<Embed>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAddress {
    pub parameter: &'static str,
    pub value: String,
}

impl fmt::Display for BadAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={:?}", self.parameter, self.value)
    }
}

/// The longest director's token read from an address: the server's are 32 hex digits.
const MAX_TOKEN_CHARS: usize = 64;

/// Reads `?event=` and `&embed=` (as `URLSearchParams` gives them) and the fragment
/// (`#director=TOKEN`, as `location.hash` gives it).
pub fn read(
    event: Option<&str>,
    embed: Option<&str>,
    fragment: &str,
) -> Result<Address, BadAddress> {
    // An address is anyone's text: only so much of it is repeated back.
    let bad = |parameter, value: &str| BadAddress {
        parameter,
        value: value.chars().take(40).collect(),
    };
    let event = match event {
        Some(text) => Some(text.parse().map_err(|_| bad("event", text))?),
        None => None,
    };
    let embed = match embed {
        Some(text) => Some(Embed::from_id(text).ok_or_else(|| bad("embed", text))?),
        None => None,
    };
    let director = match fragment.trim_start_matches('#').strip_prefix("director=") {
        Some(token)
            if !token.is_empty()
                && token.len() <= MAX_TOKEN_CHARS
                && token.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Some(token.to_string())
        }
        Some(token) => return Err(bad("director", token)),
        None => None,
    };
    Ok(Address {
        event,
        director,
        embed,
    })
}

/// The public link of `event` on the page at `page_url` (its address without query).
pub fn public_link(page_url: &str, event: EventId) -> String {
    format!("{page_url}?event={event}")
}

/// The director's link: the public one with the token in the fragment.
pub fn director_link(page_url: &str, event: EventId, token: &str) -> String {
    format!("{page_url}?event={event}#director={token}")
}
