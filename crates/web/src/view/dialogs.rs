//! What the dialogs show beyond their fixed text: the import dialog's error and the games
//! of a file to pick from. (The promotion picker is the board's:
//! [`crate::board::promotion_view`].)

use crate::state::{AppState, Dialog};

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
