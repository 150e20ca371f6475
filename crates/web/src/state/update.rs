//! A new version of the site, offered rather than imposed: the service worker installs it
//! in the background, and the page switches only when the player says so, so a game is
//! never swapped from under them.

use super::{AppState, timing};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Installed and waiting for the player's word.
    Ready,
    /// Accepted: the page reloads once the new version has taken over.
    Applying,
}

pub(super) fn ready(state: &mut AppState) {
    // Once accepted, a second notice from the browser must not offer it again.
    if state.update.is_none() {
        state.update = Some(Update::Ready);
    }
}

/// Whether the player's acceptance goes through; the caller then saves the game and asks
/// for the switch, in that order.
pub(super) fn accept(state: &mut AppState) -> bool {
    if state.update != Some(Update::Ready) {
        return false;
    }
    state.update = Some(Update::Applying);
    // The reload is as good as closing the page: the clock stops where it is and is saved
    // so, whether or not the browser gets to fire pagehide.
    timing::pause(state);
    true
}
