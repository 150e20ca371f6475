//! Club events (issue 56): a director makes one, enters or admits players, pairs rounds
//! with the event's system (`shatar_pairing`), enters results at the board; online, each
//! round's games start on the server at the round's time and their results come back by
//! themselves. Everything a page reads is worked out afresh from the rows (`record`),
//! which keep every result ever entered.
//!
//! Each change is one transaction behind one conditional statement on the event's
//! revision (`Store::commit_event`): two directors acting at once never both win; the
//! second is worked out again against the first's result, and refused if it no longer
//! holds (a round paired twice, a result entered over another one unseen).

pub mod act;
pub mod http;
pub mod online;
pub mod pair;
mod pgn;
pub mod plan;
pub mod record;
pub mod rounds;
pub mod settings;
pub mod views;

use std::net::IpAddr;
use std::sync::Arc;

use shatar_protocol::events::{DirectorAction, EventError, EventId, Join, NewEvent};

use crate::hub::Hub;
use crate::ids::{Generate, Secret, hash_secret};
use crate::limits::Limiter;
use crate::store::events::{Committed, EventRecord, Write};

/// How many times a change is worked out again when others keep coming first (another
/// process on the same database: within one, changes to an event take turns).
const ATTEMPTS: usize = 8;

/// The locks changes to an event take turns on, by a hash of its id: a fixed number, so
/// that memory does not grow with the events.
const LOCKS: usize = 64;

pub struct Events {
    hub: Arc<Hub>,
    limiter: Arc<Limiter>,
    /// Within this process, one change of an event at a time: twenty directors' entries at
    /// once are twenty changes, none worked out in vain. The revision's conditional
    /// statement still decides between processes.
    turns: Vec<tokio::sync::Mutex<()>>,
}

/// A failure of the server's own: logged, answered as [`EventError::Unavailable`].
pub fn unavailable(e: impl std::fmt::Display) -> EventError {
    eprintln!("shatar-server: events: {e}");
    EventError::Unavailable
}

impl Events {
    pub fn new(hub: Arc<Hub>, limiter: Arc<Limiter>) -> Arc<Events> {
        Arc::new(Events {
            hub,
            limiter,
            turns: (0..LOCKS).map(|_| tokio::sync::Mutex::new(())).collect(),
        })
    }

    /// The turn `id`'s changes take.
    async fn turn(&self, id: EventId) -> tokio::sync::MutexGuard<'_, ()> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        id.hash(&mut hasher);
        self.turns[hasher.finish() as usize % LOCKS].lock().await
    }

    fn store(&self) -> &crate::store::Store {
        self.hub.event_store()
    }

    /// Makes an event: its public id and the director's token (only its hash is kept).
    pub async fn create(
        &self,
        client: IpAddr,
        new: NewEvent,
    ) -> Result<(EventId, Secret), EventError> {
        let settings = settings::settings(new)?;
        self.limiter
            .create_event(client)
            .map_err(|retry_after_ms| EventError::RateLimited { retry_after_ms })?;
        let id = EventId::generate().map_err(unavailable)?;
        let token = Secret::generate().map_err(unavailable)?;
        self.store()
            .create_event(id, hash_secret(&token), &settings, self.hub.wall_ms())
            .await
            .map_err(unavailable)?;
        Ok((id, token))
    }

    pub async fn record(&self, id: EventId) -> Result<EventRecord, EventError> {
        self.store()
            .event(id)
            .await
            .map_err(unavailable)?
            .ok_or(EventError::UnknownEvent)
    }

    /// Works `change` out against the event as it stands and commits it, again while
    /// another change comes first; tells the event's watchers. The event after it.
    async fn change(
        &self,
        id: EventId,
        mut change: impl FnMut(&EventRecord) -> Result<(Vec<Write>, bool), EventError>,
    ) -> Result<EventRecord, EventError> {
        let _turn = self.turn(id).await;
        for _ in 0..ATTEMPTS {
            let record = self.record(id).await?;
            let (writes, after_end) = change(&record)?;
            let committed = self
                .store()
                .commit_event(
                    id,
                    record.event.revision,
                    after_end,
                    &writes,
                    self.hub.wall_ms(),
                )
                .await
                .map_err(unavailable)?;
            if let Committed::Yes { revision } = committed {
                self.hub.event_changed(id, revision);
                return self.record(id).await;
            }
        }
        Err(EventError::Busy)
    }

    /// A director's action, the token checked first (in constant time, as players'
    /// secrets are).
    pub async fn act(
        &self,
        id: EventId,
        token: Option<Secret>,
        action: DirectorAction,
    ) -> Result<EventRecord, EventError> {
        let record = self.record(id).await?;
        match token {
            Some(token) if record.event.director.matches(&token) => {}
            _ => return Err(EventError::NotDirector),
        }
        self.change(id, |record| {
            let plan = act::plan(record, &action, self.hub.wall_ms())?;
            Ok((plan.writes, plan.after_end))
        })
        .await
    }

    /// An online player joins by the event's link: its number in the event.
    pub async fn join(&self, id: EventId, join: Join) -> Result<u32, EventError> {
        let record = self.record(id).await?;
        if !record.event.settings.online {
            return Err(EventError::NotOnline);
        }
        let player = join.credentials.id;
        if !self
            .hub
            .check_player(&join.credentials)
            .await
            .map_err(unavailable)?
        {
            return Err(EventError::BadCredentials);
        }
        let name = match join.name.clone() {
            Some(name) => name,
            None => self
                .hub
                .display_name(player)
                .await
                .map_err(unavailable)?
                .unwrap_or_else(|| format!("Player {}", record.players.len() + 1)),
        };
        let record = self
            .change(id, |record| {
                if let Some(p) = record.players.iter().find(|p| p.player == Some(player)) {
                    return Err(EventError::AlreadyJoined { number: p.number });
                }
                let mut row = act::new_player(record, &name, join.rating, join.club.as_deref())?;
                row.player = Some(player);
                Ok((vec![Write::AddPlayer(row)], false))
            })
            .await?;
        record
            .players
            .iter()
            .find(|p| p.player == Some(player))
            .map(|p| p.number)
            .ok_or(EventError::Unavailable)
    }
}
