//! The list of live games being played on the server: the online page's `?live`, and what
//! a club frames (`live.html`). It is asked for again every [`LIVE_REFRESH_MS`] while shown;
//! a game of it opens to be watched.

use shatar_protocol::online::{ClientMessage, LiveGame};

use super::{Asked, Effect, Model, Screen};
use crate::address::{Intent, live_query};

/// How often the list is asked for again while it is shown: games start and end.
pub const LIVE_REFRESH_MS: u64 = 10_000;

impl Model {
    /// Shows the list, asking for it now.
    pub(super) fn show_live(&mut self, effects: &mut Vec<Effect>) {
        self.screen = Screen::Live;
        self.intent = Intent::Live;
        effects.push(Effect::SetQuery(live_query(&self.live_players)));
        self.ask_live(effects);
    }

    pub(super) fn ask_live(&mut self, effects: &mut Vec<Effect>) {
        if self.link != super::Link::Ready {
            return;
        }
        self.live_asked_ms = Some(self.now_ms);
        let players = self.live_players.clone();
        self.send(Asked::Live, ClientMessage::LiveGames { players }, effects);
    }

    /// On a tick: the list again, when it is shown and old.
    pub(super) fn refresh_live(&mut self, effects: &mut Vec<Effect>) {
        let due = self
            .live_asked_ms
            .is_none_or(|at| self.now_ms.saturating_sub(at) >= LIVE_REFRESH_MS);
        if self.screen == Screen::Live && due {
            self.ask_live(effects);
        }
    }

    pub(super) fn live_listed(&mut self, games: Vec<LiveGame>) {
        self.live = games;
    }
}
