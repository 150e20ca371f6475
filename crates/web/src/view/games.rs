//! What the page says of the games this browser keeps: the other games in progress, to
//! continue or discard, and a write that failed.

use shatar_rules::Color;

use crate::i18n::Lang;
use crate::names::{ruleset_name, side_name};
use crate::saved::Summary;
use crate::settings::Opponent;
use crate::state::{AppState, SaveFailure};
use crate::{t, tf};

/// One game of the list of games in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherGame {
    pub id: String,
    /// "Mongolian chess (2017 rules) · You – Computer, level 3 · move 12 · 2026.12.01".
    pub text: String,
}

/// The other games in progress, newest first.
pub fn others(state: &AppState) -> Vec<OtherGame> {
    (state.storage.others.iter())
        .map(|g| OtherGame {
            id: g.id.clone(),
            text: summary_text(state.prefs.lang, g),
        })
        .collect()
}

/// "Games in progress (2)", when there are any.
pub fn others_button(state: &AppState) -> Option<String> {
    (!state.storage.others.is_empty()).then(|| {
        tf!(
            state.prefs.lang,
            "games.button",
            count = state.storage.others.len().to_string()
        )
    })
}

fn summary_text(lang: Lang, g: &Summary) -> String {
    let name = |color: Color, given: &Option<String>| match (given, g.human, g.opponent) {
        (Some(name), _, _) => name.clone(),
        (None, Some(h), _) if h == color => t!(lang, "player.you").to_string(),
        (None, Some(_), Opponent::Computer { level }) => {
            tf!(lang, "player.computer", level = level.to_string())
        }
        _ => side_name(lang, g.game, color).to_string(),
    };
    tf!(
        lang,
        "games.summary",
        game = ruleset_name(lang, g.game),
        white = name(Color::White, &g.white),
        black = name(Color::Black, &g.black),
        number = (g.plies / 2 + 1).to_string(),
        date = g.date.clone()
    )
}

/// Why the game is not saved, and how to keep it, while a write keeps failing.
pub fn save_failed(state: &AppState) -> Option<String> {
    let reason = save_reason(state)?;
    Some(tf!(state.prefs.lang, "notice.save-failed", reason = reason))
}

/// Why the game is not saved: "the browser's storage is full".
pub fn save_reason(state: &AppState) -> Option<String> {
    let lang = state.prefs.lang;
    Some(match state.storage.save_failed.as_ref()? {
        SaveFailure::Full => t!(lang, "save.full").to_string(),
        SaveFailure::Unavailable => t!(lang, "save.unavailable").to_string(),
        SaveFailure::Refused(why) => tf!(lang, "save.refused", error = why.clone()),
    })
}
