//! The start of the page: the lobby's open challenges and the player's unfinished games,
//! asked for whenever the page is at its start and the server knows the player.

use shatar_protocol::online::{ClientMessage, LobbyChallenge, LobbyFilter};

use super::{Asked, Effect, Model, Screen};

impl Model {
    /// The lobby's news and the player's games, when the start is on screen.
    pub(super) fn refresh_start(&mut self, effects: &mut Vec<Effect>) {
        if !matches!(self.screen, Screen::Start | Screen::Waiting { .. })
            || self.link != super::Link::Ready
        {
            return;
        }
        self.watch_lobby(effects);
        self.send(Asked::Lobby, ClientMessage::MyGames, effects);
    }

    fn watch_lobby(&mut self, effects: &mut Vec<Effect>) {
        let filter = self.lobby_filter.clone();
        self.send(Asked::Lobby, ClientMessage::WatchLobby { filter }, effects);
    }

    /// The server lists the challenges that pass `filter` afresh, and only those from then.
    pub(super) fn filter_lobby(&mut self, filter: LobbyFilter, effects: &mut Vec<Effect>) {
        if filter == self.lobby_filter {
            return;
        }
        self.lobby_filter = filter;
        self.lobby.retain(|c| self.lobby_filter.admits(c));
        if self.link == super::Link::Ready {
            self.watch_lobby(effects);
        }
    }

    pub(super) fn listed(&mut self, challenge: LobbyChallenge) {
        // One the server sent under the last filter, before it heard of this one.
        if !self.lobby_filter.admits(&challenge) {
            return;
        }
        if !self
            .lobby
            .iter()
            .any(|c| c.challenge == challenge.challenge)
        {
            self.lobby.push(challenge);
        }
    }

    /// The lobby's challenges that are not the player's own, and those that are.
    pub fn lobby_split(&self) -> (Vec<&LobbyChallenge>, Vec<&LobbyChallenge>) {
        self.lobby
            .iter()
            .partition(|c| Some(c.challenger) != self.player)
    }
}
