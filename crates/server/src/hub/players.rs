use std::sync::Arc;

use super::{Hub, Outbox, unavailable};
use crate::ids::{Generate, PlayerId, Secret, hash_secret};
use crate::wire::{Credentials, ErrorKind, ServerMessage};

impl Hub {
    /// A connection's `Hello`: the player its credentials prove, or a new player and the
    /// secret it is to keep.
    pub async fn introduce(
        &self,
        credentials: Option<Credentials>,
    ) -> Result<(PlayerId, Option<Secret>), ErrorKind> {
        let Some(Credentials { id, secret }) = credentials else {
            let id = PlayerId::generate()?;
            let secret = Secret::generate()?;
            self.store()
                .add_player(id, hash_secret(&secret))
                .await
                .map_err(unavailable)?;
            return Ok((id, Some(secret)));
        };
        match self.store().player_secret(id).await.map_err(unavailable)? {
            Some(hash) if hash.matches(&secret) => Ok((id, None)),
            _ => Err(ErrorKind::BadCredentials),
        }
    }

    /// Sends `player`'s unasked messages to `outbox` too, for as long as it is open.
    pub fn register(self: &Arc<Self>, player: PlayerId, outbox: Outbox) {
        self.players()
            .entry(player)
            .or_default()
            .push(outbox.clone());
        if self.presence.arrive(player) {
            self.announce_presence(player);
        }
        // The connection's end is the player's leaving, if it was its last one.
        let hub = self.clone();
        tokio::spawn(async move {
            outbox.closed().await;
            hub.forget_closed(player);
            if hub.presence.leave(player, hub.now_ms()) {
                hub.announce_presence(player);
                hub.withdraw_live_challenges(player).await;
            }
        });
    }

    /// Drops `player`'s closed connections, and the player once it has none.
    fn forget_closed(&self, player: PlayerId) {
        let mut players = self.players();
        if let Some(outboxes) = players.get_mut(&player) {
            outboxes.retain(|o| !o.is_closed());
            if outboxes.is_empty() {
                players.remove(&player);
            }
        }
    }

    pub(super) fn notify(&self, player: PlayerId, message: &ServerMessage) {
        if let Some(outboxes) = self.players().get_mut(&player) {
            Hub::send_all(outboxes, message);
        }
    }

    fn players(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<PlayerId, Vec<Outbox>>> {
        // A panic while the map was held left it whole: its changes are single pushes.
        self.players
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
