//! The lobby: open challenges listed to whoever watches it, each watcher through its own
//! filter, and a challenger's cancelling of its own challenge.

use std::sync::{Mutex, PoisonError};

use super::{Hub, Outbox, unavailable};
use crate::ids::{ChallengeId, PlayerId};
use crate::wire::{ErrorKind, LobbyChallenge, LobbyFilter, ServerMessage};

/// The connections that watch the lobby, and what each lets through.
#[derive(Default)]
pub struct LobbyWatchers {
    watchers: Mutex<Vec<(Outbox, LobbyFilter)>>,
}

impl LobbyWatchers {
    fn watchers(&self) -> std::sync::MutexGuard<'_, Vec<(Outbox, LobbyFilter)>> {
        // A panic while the list was held left it whole: its changes are single pushes.
        self.watchers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `outbox` hears of challenges that pass `filter`, in place of its earlier filter.
    fn watch(&self, outbox: Outbox, filter: LobbyFilter) {
        let mut watchers = self.watchers();
        watchers.retain(|(o, _)| !o.is_closed() && !o.same_channel(&outbox));
        watchers.push((outbox, filter));
    }

    fn leave(&self, outbox: &Outbox) {
        self.watchers().retain(|(o, _)| !o.same_channel(outbox));
    }

    /// Tells the watchers whose filter it passes of a new open challenge.
    pub fn list(&self, challenge: &LobbyChallenge) {
        let frame: std::sync::Arc<str> =
            crate::wire::encode(0, &ServerMessage::Listed(challenge.clone())).into();
        self.watchers().retain(|(outbox, filter)| {
            !filter.admits(challenge) || outbox.send(frame.clone()).is_ok()
        });
    }

    /// Tells every watcher that `challenge` is gone. (A watcher whose filter never let it
    /// through hears of it too: the lobby keeps no record of who saw what, and an unknown
    /// removal is harmless.)
    pub fn unlist(&self, challenge: ChallengeId) {
        let frame: std::sync::Arc<str> =
            crate::wire::encode(0, &ServerMessage::Unlisted { challenge }).into();
        self.watchers()
            .retain(|(outbox, _)| outbox.send(frame.clone()).is_ok());
    }
}

impl Hub {
    /// The open challenges that pass `filter`; then `outbox` hears of the rest as they
    /// come and go.
    pub async fn watch_lobby(
        &self,
        outbox: Outbox,
        filter: LobbyFilter,
    ) -> Result<Vec<LobbyChallenge>, ErrorKind> {
        // Watching first: a challenge opened while the list is read is heard of, perhaps
        // twice (`Listed` after it is in the list), never missed.
        self.lobby.watch(outbox, filter.clone());
        self.store()
            .lobby(&filter, self.wall_ms())
            .await
            .map_err(unavailable)
    }

    /// Lets the challenges that have waited their time lapse, and the lobby forget those
    /// it listed.
    pub async fn expire_challenges(&self) {
        match self.store().expire_challenges(self.wall_ms()).await {
            Ok(listed) => {
                for challenge in listed {
                    self.lobby.unlist(challenge);
                }
            }
            Err(e) => drop(unavailable(e)),
        }
    }

    pub fn leave_lobby(&self, outbox: &Outbox) {
        self.lobby.leave(outbox);
    }

    /// A player who has gone takes its live open challenges from the lobby with it, as a
    /// lichess seek goes: whoever took one would wait for an absent opponent. Its
    /// correspondence challenges stay (their players come and go), and so do challenges by
    /// link, which a friend may open later.
    pub async fn withdraw_live_challenges(&self, player: PlayerId) {
        let listed = match self
            .store()
            .listed_challenges_of(player, self.wall_ms())
            .await
        {
            Ok(listed) => listed,
            Err(e) => return drop(unavailable(e)),
        };
        for (challenge, control) in listed {
            if control.is_correspondence() {
                continue;
            }
            match self.store().cancel_challenge(challenge, player).await {
                Ok(true) => self.lobby.unlist(challenge),
                Ok(false) => {}
                Err(e) => drop(unavailable(e)),
            }
        }
    }

    /// `player` withdraws its challenge: no one can take it any more, and the lobby
    /// forgets it.
    pub async fn cancel_challenge(
        &self,
        player: PlayerId,
        challenge: ChallengeId,
    ) -> Result<(), ErrorKind> {
        let offer = self
            .store()
            .open_challenge(challenge, self.wall_ms())
            .await
            .map_err(unavailable)?
            .ok_or(ErrorKind::UnknownChallenge)?;
        if offer.challenger != player {
            return Err(ErrorKind::NotYourChallenge);
        }
        if !self
            .store()
            .cancel_challenge(challenge, player)
            .await
            .map_err(unavailable)?
        {
            // Taken (or cancelled) since it was read.
            return Err(ErrorKind::UnknownChallenge);
        }
        if offer.open {
            self.lobby.unlist(challenge);
        }
        Ok(())
    }
}
