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
        let filter = LobbyFilter::default();
        self.send(Asked::Lobby, ClientMessage::WatchLobby { filter }, effects);
        self.send(Asked::Lobby, ClientMessage::MyGames, effects);
    }

    pub(super) fn listed(&mut self, challenge: LobbyChallenge) {
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
