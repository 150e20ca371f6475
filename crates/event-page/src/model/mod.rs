//! The event page as a state machine: [`Model::update`] takes one [`Msg`] (an answer from
//! the server, a frame from the socket, a form sent, a click) and returns the [`Effect`]s
//! the browser layer carries out (a `GET`, a `POST`, a frame to send, the identity to
//! keep). Plain Rust, tested natively.
//!
//! How it follows the event: it listens, not polls. The online WebSocket's `WatchEvent`
//! brings `EventChanged { revision }` at each change (a pairing, a result, a player); the
//! page then reads the event again over HTTP, in one request (`/all`: the event and its
//! standings, crosstable and ranks), which the server's `ETag`s make cheap when nothing
//! changed. Each time the socket opens the page reads everything again, so a change made
//! while it was closed is not missed. Polling would cost every open page a request every
//! few seconds for the same news, later.

use shatar_protocol::Envelope;
use shatar_protocol::events::{
    CardView, CrosstableView, DirectorAction, EventError, EventId, EventView, Join, NewEvent,
    RanksView, StandingsView,
};
use shatar_protocol::online::{ClientMessage, Credentials};
use shatar_web::i18n::Lang;

use crate::address::{Address, Embed};
use crate::forms::{self, Fields, Form, FormError};

mod replies;

/// The first wait before the socket is opened again, doubled up to [`MAX_RETRY_MS`].
pub const FIRST_RETRY_MS: u64 = 500;
pub const MAX_RETRY_MS: u64 = 30_000;

/// What a `GET` was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// The event, standings, crosstable and ranks in one answer (`/all`): one request a
    /// change, so that a club's room behind one address stays within the server's limits.
    All,
    Card(u32),
}

/// Who the page is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Everyone: the public view (and an online player's "your game").
    Public,
    /// The director, with the token from the address's fragment.
    Director(String),
}

/// Something to tell the reader, worded by the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    BadAddress(String),
    /// The server refused, with its typed reason.
    Refused(EventError),
    /// A form's field that does not read.
    Form(FormError),
    /// The server could not be reached (the browser's words).
    Network(String),
    /// An answer this page could not read (another build's server).
    Unreadable(String),
}

/// Something done, to confirm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    Saved,
    Joined(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The answer to a `GET`: its body, whatever its status (errors are typed bodies), or
    /// the browser's reason when there was none.
    Read(Read, Result<String, String>),
    /// The answer to a `POST` (a creation, a director's action, a join).
    Posted(Result<String, String>),
    Opened,
    Closed,
    Frame(String),
    /// A form was sent.
    Submit(Form, Fields),
    /// A player's name clicked: show the player's card.
    ShowCard(u32),
    HideCard,
    /// The round whose pairings show.
    ShowRound(u32),
    /// The wait after a refused read (too many from this address) is over.
    ReadAgain,
    /// The creation form changed: the defaults shown in its empty fields follow it.
    Draft(Fields),
    /// The browser says it is on or off the network (`navigator.onLine`, its `online`
    /// and `offline` events).
    Network {
        online: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// `GET` `path` (under the server's origin), answered by [`Msg::Read`].
    Get {
        path: String,
        read: Read,
    },
    /// `POST` `body` (JSON) to `path`, with the director's token when there is one;
    /// answered by [`Msg::Posted`].
    Post {
        path: String,
        bearer: Option<String>,
        body: String,
    },
    OpenSocket,
    /// Close the socket, on purpose (nothing will be heard of it): the creation form's
    /// socket, once it has said a server is there. The server closes a socket that says
    /// nothing within seconds (`Timeouts::first_message`), and a form has nothing to say.
    CloseSocket,
    ReopenSocketIn(u64),
    /// The server asked for a pause (`RateLimited`): [`Msg::ReadAgain`] after it.
    ReadAgainIn(u64),
    Send(String),
    /// Keep this online identity (JSON credentials) for every page of this browser.
    StoreIdentity(String),
    /// Show this address (the director's link after a creation) without reloading.
    ReplaceAddress(String),
    /// Empty the form that was sent and saved, for the next entry.
    ClearForm(Form),
}

/// What a `POST` is waiting for, to know what its answer means.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    None,
    Create,
    Action(Form),
    Join,
    /// A join waiting for the server to give this browser an identity first.
    Identity(Option<String>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub lang: Lang,
    pub event_id: Option<EventId>,
    pub role: Role,
    pub embed: Option<Embed>,
    pub event: Option<EventView>,
    pub standings: Option<StandingsView>,
    pub crosstable: Option<CrosstableView>,
    pub ranks: Option<RanksView>,
    pub card: Option<CardView>,
    /// The round whose pairings show; `None`: the latest.
    pub round_shown: Option<u32>,
    /// This browser's online identity (the online page's), when it has one.
    pub identity: Option<Credentials>,
    pub problem: Option<Problem>,
    pub done: Option<Done>,
    /// The socket is open.
    pub listening: bool,
    /// The socket has opened once: there is a server at this address. A page that never
    /// reached one may be on a static host (no server at all) and says so at once, as the
    /// online page does, rather than showing a form that fails only when it is sent.
    pub reached: bool,
    /// The browser says it is off the network: that, not "no server", is what to say.
    pub offline: bool,
    /// The creation form as it stands (`forms::draft`): its empty fields show what the
    /// server will take for them.
    pub draft: NewEvent,
    pub attempt: u32,
    /// Just created: show the links (the director's shown once, to keep).
    pub created: bool,
    pending: Pending,
    /// A [`Effect::ReadAgainIn`] is on its way: one is enough.
    reading_again: bool,
}

fn envelope<T: serde::Serialize + shatar_protocol::Versioned>(body: T) -> String {
    serde_json::to_string(&Envelope::new(0, body)).expect("requests serialize")
}

impl Model {
    /// The model for `address` (or why it does not read), with this browser's stored
    /// identity (the online page's, JSON); the effects to start with.
    pub fn new(
        lang: Lang,
        address: Result<Address, String>,
        identity: Option<&str>,
    ) -> (Model, Vec<Effect>) {
        let (address, problem) = match address {
            Ok(a) => (a, None),
            Err(bad) => (
                Address {
                    event: None,
                    director: None,
                    embed: None,
                },
                Some(Problem::BadAddress(bad)),
            ),
        };
        let mut model = Model {
            lang,
            event_id: address.event,
            role: address.director.map_or(Role::Public, Role::Director),
            embed: address.embed,
            event: None,
            standings: None,
            crosstable: None,
            ranks: None,
            card: None,
            round_shown: None,
            identity: identity.and_then(|t| serde_json::from_str(t).ok()),
            problem,
            done: None,
            listening: false,
            reached: false,
            offline: false,
            draft: NewEvent::default(),
            attempt: 0,
            created: false,
            pending: Pending::None,
            reading_again: false,
        };
        // The socket opens for the creation form too: whether it opens says whether a
        // server answers at this address before the director fills the form in.
        let mut effects = if model.event_id.is_some() {
            model.read_all()
        } else {
            Vec::new()
        };
        effects.push(Effect::OpenSocket);
        (model, effects)
    }

    fn path(&self, tail: &str) -> String {
        let id = self.event_id.map(|e| e.to_string()).unwrap_or_default();
        format!("/api/events/{id}{tail}")
    }

    /// Reads the event and everything computed from it, in one request (and the card
    /// shown).
    fn read_all(&mut self) -> Vec<Effect> {
        let mut effects = vec![Effect::Get {
            path: self.path("/all"),
            read: Read::All,
        }];
        if let Some(card) = &self.card {
            let n = card.player.number;
            effects.push(self.card_read(n));
        }
        effects
    }

    fn card_read(&self, number: u32) -> Effect {
        Effect::Get {
            path: self.path(&format!("/players/{number}")),
            read: Read::Card(number),
        }
    }

    pub fn is_director(&self) -> bool {
        matches!(self.role, Role::Director(_))
    }

    /// This browser's player in the event, when it joined.
    pub fn my_number(&self) -> Option<u32> {
        let me = self.identity.as_ref()?.id;
        self.event
            .as_ref()?
            .players
            .iter()
            .find(|p| p.online == Some(me))
            .map(|p| p.number)
    }

    /// The round the director pairs next.
    pub fn next_round(&self) -> u32 {
        self.event.as_ref().map_or(1, |e| e.rounds.len() as u32 + 1)
    }

    fn standing_result(&self, round: u32, board: u32) -> Option<u64> {
        let event = self.event.as_ref()?;
        let round = event.rounds.iter().find(|r| r.round == round)?;
        let board = round.boards.iter().find(|b| b.board == board)?;
        board.result.as_ref().map(|r| r.seq)
    }

    pub fn update(&mut self, msg: Msg, now_ms: u64) -> Vec<Effect> {
        match msg {
            Msg::Read(read, answer) => self.on_read(read, answer),
            Msg::Posted(answer) => self.on_posted(answer),
            Msg::Opened => {
                self.reached = true;
                self.offline = false;
                self.attempt = 0;
                if self.event_id.is_none() && !matches!(self.pending, Pending::Identity(_)) {
                    // The creation form: a server is here, which is all it wanted to
                    // know; the event's own socket opens once it exists.
                    self.listening = false;
                    return vec![Effect::CloseSocket];
                }
                self.listening = true;
                let mut effects = Vec::new();
                if let Some(event) = self.event_id {
                    effects.push(Effect::Send(envelope(ClientMessage::WatchEvent { event })));
                    // Whatever changed while the socket was closed.
                    effects.extend(self.read_all());
                }
                if matches!(self.pending, Pending::Identity(_)) {
                    effects.push(Effect::Send(envelope(ClientMessage::Hello {
                        player: None,
                    })));
                }
                effects
            }
            Msg::Closed => {
                self.listening = false;
                self.attempt = self.attempt.saturating_add(1);
                let wait = FIRST_RETRY_MS
                    .saturating_mul(1 << self.attempt.min(10).saturating_sub(1))
                    .min(MAX_RETRY_MS);
                vec![Effect::ReopenSocketIn(wait)]
            }
            Msg::Frame(text) => self.on_frame(&text),
            Msg::Submit(form, fields) => self.on_submit(form, &fields, now_ms),
            Msg::ShowCard(number) => vec![self.card_read(number)],
            Msg::HideCard => {
                self.card = None;
                Vec::new()
            }
            Msg::ShowRound(round) => {
                self.round_shown = Some(round);
                Vec::new()
            }
            Msg::ReadAgain => {
                self.reading_again = false;
                self.read_all()
            }
            Msg::Draft(fields) => {
                self.draft = forms::draft(&fields);
                Vec::new()
            }
            Msg::Network { online } => {
                self.offline = !online;
                if online && !self.listening {
                    // Back on the network: try now rather than at the end of a long wait.
                    self.attempt = 0;
                    vec![Effect::OpenSocket]
                } else {
                    Vec::new()
                }
            }
        }
    }

    fn join(&mut self, name: Option<String>) -> Vec<Effect> {
        let Some(credentials) = self.identity.clone() else {
            // A browser that never played online: the server gives it an identity first.
            self.pending = Pending::Identity(name);
            return if self.listening {
                vec![Effect::Send(envelope(ClientMessage::Hello {
                    player: None,
                }))]
            } else {
                Vec::new()
            };
        };
        self.pending = Pending::Join;
        vec![Effect::Post {
            path: self.path("/join"),
            bearer: None,
            body: envelope(Join {
                credentials,
                name,
                rating: 0,
                club: None,
            }),
        }]
    }

    fn on_submit(&mut self, form: Form, fields: &Fields, now_ms: u64) -> Vec<Effect> {
        self.done = None;
        self.problem = None;
        match form {
            Form::Create => match forms::new_event(fields) {
                Ok(new) => {
                    self.pending = Pending::Create;
                    vec![Effect::Post {
                        path: "/api/events".into(),
                        bearer: None,
                        body: envelope(new),
                    }]
                }
                Err(e) => {
                    self.problem = Some(Problem::Form(e));
                    Vec::new()
                }
            },
            Form::Join => {
                let name = fields
                    .iter()
                    .find(|(n, _)| n == "name")
                    .map(|(_, v)| v.trim().to_string())
                    .filter(|v| !v.is_empty());
                self.join(name)
            }
            form => {
                let Role::Director(token) = &self.role else {
                    self.problem = Some(Problem::Refused(EventError::NotDirector));
                    return Vec::new();
                };
                let token = token.clone();
                let action = forms::action(form, fields, self.next_round(), now_ms, |r, b| {
                    self.standing_result(r, b)
                });
                match action {
                    Ok(action) => self.act(form, token, action),
                    Err(e) => {
                        self.problem = Some(Problem::Form(e));
                        Vec::new()
                    }
                }
            }
        }
    }

    fn act(&mut self, form: Form, token: String, action: DirectorAction) -> Vec<Effect> {
        self.pending = Pending::Action(form);
        vec![Effect::Post {
            path: self.path("/director"),
            bearer: Some(token),
            body: envelope(action),
        }]
    }
}
