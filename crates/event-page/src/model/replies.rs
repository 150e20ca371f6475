//! What the server answers, read: the event and its computed views, the answers to the
//! director's and the players' requests, and the socket's frames.

use shatar_protocol::Envelope;
use shatar_protocol::events::{EventError, EventReply};
use shatar_protocol::online::{Credentials, ServerMessage};

use super::{Done, Effect, FIRST_RETRY_MS, Model, Pending, Problem, Read, Role};

impl Model {
    pub(super) fn reply(&mut self, answer: Result<String, String>) -> Option<EventReply> {
        let text = match answer {
            Ok(text) => text,
            Err(why) => {
                self.problem = Some(Problem::Network(why));
                return None;
            }
        };
        match serde_json::from_str::<Envelope<EventReply>>(&text) {
            Ok(Envelope { body, .. }) => match body {
                EventReply::Error { error } => {
                    self.problem = Some(Problem::Refused(error));
                    None
                }
                body => Some(body),
            },
            Err(e) => {
                let head: String = text.chars().take(80).collect();
                self.problem = Some(Problem::Unreadable(format!("{e}: {head}")));
                None
            }
        }
    }

    pub(super) fn on_read(&mut self, read: Read, answer: Result<String, String>) -> Vec<Effect> {
        // A card that cannot be read (a player not in the event) is no news.
        let quiet = !matches!(read, Read::All);
        let before = self.problem.clone();
        let Some(body) = self.reply(answer) else {
            // Many pages behind one address (a club's room) may be asked to wait: the
            // page reads again after the wait the server gives, once.
            if let Some(Problem::Refused(EventError::RateLimited { retry_after_ms })) = self.problem
            {
                self.problem = before;
                if !self.reading_again {
                    self.reading_again = true;
                    return vec![Effect::ReadAgainIn(retry_after_ms.max(FIRST_RETRY_MS))];
                }
                return Vec::new();
            }
            if quiet {
                self.problem = before;
            }
            return Vec::new();
        };
        match (read, body) {
            (Read::All, EventReply::All(all)) => {
                if matches!(self.problem, Some(Problem::Network(_))) {
                    self.problem = None;
                }
                let shatar_protocol::events::AllView {
                    event,
                    standings,
                    crosstable,
                    ranks,
                } = *all;
                self.event = Some(event);
                self.standings = Some(standings);
                self.crosstable = Some(crosstable);
                self.ranks = Some(ranks);
            }
            (Read::Card(_), EventReply::Card(v)) => self.card = Some(v),
            (_, other) => {
                self.problem = Some(Problem::Unreadable(format!("{other:?}")));
            }
        }
        Vec::new()
    }

    pub(super) fn on_posted(&mut self, answer: Result<String, String>) -> Vec<Effect> {
        let pending = core::mem::replace(&mut self.pending, Pending::None);
        let Some(body) = self.reply(answer) else {
            return Vec::new();
        };
        self.problem = None;
        match (pending, body) {
            (Pending::Create, EventReply::Created { event, director }) => {
                let token = director.reveal();
                self.event_id = Some(event);
                self.role = Role::Director(token.clone());
                self.created = true;
                let mut effects = vec![Effect::ReplaceAddress(format!(
                    "?event={event}#director={token}"
                ))];
                effects.extend(self.read_all());
                // The socket that found the server was closed (`Effect::CloseSocket`): one
                // now opens to watch the event (`Msg::Opened`).
                effects.push(Effect::OpenSocket);
                effects
            }
            (Pending::Action(form), EventReply::Event(view)) => {
                self.event = Some(view);
                self.done = Some(Done::Saved);
                // The computed views changed with it: read with the event (one request).
                let mut effects = self.read_all();
                effects.push(Effect::ClearForm(form));
                effects
            }
            (Pending::Join, EventReply::Joined { number }) => {
                self.done = Some(Done::Joined(number));
                self.read_all()
            }
            (_, other) => {
                self.problem = Some(Problem::Unreadable(format!("{other:?}")));
                Vec::new()
            }
        }
    }

    pub(super) fn on_frame(&mut self, text: &str) -> Vec<Effect> {
        let Ok(Envelope { body, .. }) = serde_json::from_str::<Envelope<ServerMessage>>(text)
        else {
            return Vec::new();
        };
        match body {
            ServerMessage::EventChanged { event, revision }
                if Some(event) == self.event_id
                    && self.event.as_ref().is_none_or(|e| e.revision != revision) =>
            {
                self.read_all()
            }
            ServerMessage::Welcome {
                player,
                secret: Some(secret),
            } => {
                let credentials = Credentials { id: player, secret };
                let stored = serde_json::to_string(&credentials).expect("credentials serialize");
                self.identity = Some(credentials);
                let mut effects = vec![Effect::StoreIdentity(stored)];
                if let Pending::Identity(name) =
                    core::mem::replace(&mut self.pending, Pending::None)
                {
                    effects.extend(self.join(name));
                }
                effects
            }
            _ => Vec::new(),
        }
    }
}
