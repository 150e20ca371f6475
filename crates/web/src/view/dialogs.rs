//! What the dialogs show beyond their fixed text: the import dialog's error, the games of
//! a file to pick from, and the promotion picker's pieces.

use shatar_rules::{Color, Piece, Role};

use crate::names::role_name;
use crate::state::{AppState, Dialog, PromotionChoice};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionView {
    pub color: Color,
    /// `(role, piece code like "wQ", accessible name)`.
    pub choices: Vec<(Role, String, String)>,
}

/// Why the import dialog or the game picker refused what it was given, in the language shown.
pub fn dialog_error(state: &AppState) -> Option<String> {
    match &state.ui.dialog {
        Some(Dialog::Import { error: Some(e) } | Dialog::PickGame { error: Some(e) }) => {
            Some(e.text(state.prefs.lang))
        }
        _ => None,
    }
}

/// The games of the file being imported, as its picker lists them.
pub fn pick_titles(state: &AppState) -> Vec<String> {
    match &state.ui.importing {
        Some(crate::state::import::Importing::Picking { file, .. }) => file
            .games()
            .iter()
            .map(|g| g.title(state.prefs.lang))
            .collect(),
        _ => Vec::new(),
    }
}

pub fn promotion_view(state: &AppState, p: &PromotionChoice) -> PromotionView {
    let color = state.session.game.turn();
    let ruleset = state.session.game.kind().board8().unwrap_or_default();
    let choices = p
        .roles
        .iter()
        .map(|&role| {
            let piece = Piece::new(color, role);
            let code = piece.code().iter().map(|&b| char::from(b)).collect();
            (
                role,
                code,
                role_name(state.prefs.lang, ruleset, role).to_string(),
            )
        })
        .collect();
    PromotionView { color, choices }
}
