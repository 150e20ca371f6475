//! `<shatar-board mode="live" src="...">`: a live game, or the games being played, on a
//! Shatar server. The board frames the server's watch-only page, `live.html`, which talks
//! to its own server: the club's page needs no WebSocket of its own, and its policy only
//! `frame-src` for the server (docs/hosting.md). This reads the link a club was given
//! into the address of that page.

use shatar_protocol::online::{GameId, PlayerId, parse_players};
use shatar_web::i18n::Lang;

use crate::after_scheme;

/// What `src` may be, for the error that says so.
pub const EXPECTED: &str = "expected a game's link for spectators (https://…/online.html?game=…), \
     a list's link (https://…/live.html?players=…) or a Shatar server's address (https://…/)";

/// The address of `live.html` that shows what `src` names, in `lang`: a game's link for
/// spectators (`…/online.html?game=<id>`, or `…/live.html?game=<id>`), a list's link
/// (`…/online.html?live&players=<id>,<id>`, `…/live.html?players=…`) or the server's own
/// address (`https://shatar.example/`: all its live games). `Err` says what is wrong.
pub fn frame_address(src: &str, lang: Lang) -> Result<String, String> {
    let src = src.trim();
    let rest = after_scheme(src).ok_or_else(|| EXPECTED.to_string())?;
    let without_fragment = src.split('#').next().unwrap_or_default();
    let (path, query) = without_fragment
        .split_once('?')
        .unwrap_or((without_fragment, ""));
    // A host of its own, then a directory or one of the server's two pages.
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if host_end == 0 {
        return Err(EXPECTED.to_string());
    }
    let page_dir = path
        .strip_suffix("online.html")
        .or_else(|| path.strip_suffix("live.html"))
        .filter(|dir| dir.ends_with('/') && dir.len() > src.len() - rest.len() + 1);
    let directory = if let Some(dir) = page_dir {
        dir.to_string()
    } else if path.ends_with('/') {
        path.to_string()
    } else if !path[src.len() - rest.len()..].contains('/') {
        format!("{path}/")
    } else {
        return Err(EXPECTED.to_string());
    };
    let mut game: Option<GameId> = None;
    let mut listed = String::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match name {
            "game" => {
                game = Some(
                    value
                        .parse()
                        .map_err(|_| format!("game={value:?} is no game id (32 hex digits)"))?,
                );
            }
            "players" => {
                // A second `players=` adds to the list, read once at the end.
                if !listed.is_empty() {
                    listed.push(',');
                }
                listed.push_str(value);
            }
            // The online page's own words (`live`, `lang`...) say nothing the frame needs.
            _ => {}
        }
    }
    let players: Vec<PlayerId> = match listed.is_empty() {
        true => Vec::new(),
        false => parse_players(&listed).map_err(|e| format!("players: {e}"))?,
    };
    let what = match (game, players.is_empty()) {
        (Some(game), _) => format!("game={game}"),
        (None, true) => String::new(),
        (None, false) => {
            let ids: Vec<String> = players.iter().map(ToString::to_string).collect();
            format!("players={}", ids.join(","))
        }
    };
    let lang = format!("lang={}", lang.id());
    Ok(match what.is_empty() {
        true => format!("{directory}live.html?{lang}"),
        false => format!("{directory}live.html?{what}&{lang}"),
    })
}
