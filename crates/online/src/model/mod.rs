//! The online page as a state machine: [`Model::update`] takes one [`Msg`] (a frame from
//! the server, the socket opening or closing, a click) and returns the [`Effect`]s the
//! browser layer carries out (send a frame, open the socket again later, keep the
//! player's identity). The board and the move list are a board component
//! ([`shatar_web::board`]) that follows the server's game: the page tells it who may move
//! (the player's seat, while no move of the player's is on its way), and sends the
//! server the moves made on it. Plain Rust, tested natively.

use shatar_protocol::Envelope;
use shatar_protocol::online::{
    ChallengeId, ClientMessage, ClockView, ColorChoice, Credentials, EndNote, ErrorKind, GameId,
    LiveGame, LobbyChallenge, LobbyFilter, MyGame, PlayerId, Proposal, ServerMessage,
    TimeControlWire,
};
use shatar_rules::{Color, GameKind, Outcome, Ruleset};
use shatar_web::board::{Board, BoardMsg, Movable, MoveSaid, Sound};
use shatar_web::game::Game;
use shatar_web::i18n::Lang;
use shatar_web::settings::Looks;

use crate::address::{Intent, game_query};

mod followed;
mod live;
mod lobby;

pub use live::LIVE_REFRESH_MS;

/// The first wait before the socket is opened again, doubled after each failure up to
/// [`MAX_RETRY_MS`]: a server that restarts is found again within a second, one that is
/// down is not hammered.
pub const FIRST_RETRY_MS: u64 = 500;
pub const MAX_RETRY_MS: u64 = 30_000;

/// How the page stands with the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    /// The socket is open and the player known.
    Ready,
    /// The socket closed; it is opened again after a wait. `ever` when this page has
    /// reached the server before: otherwise there may be no server at all (a static host).
    Lost {
        attempt: u32,
        ever: bool,
    },
}

/// What the page shows besides the link's state.
#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    /// The form to make a challenge.
    Start,
    /// A challenge made, waiting for someone to open its link.
    Waiting { challenge: ChallengeId },
    /// A challenge link being taken up, or a game being fetched.
    Joining,
    /// The live games being played, to watch one.
    Live,
    /// Boxed: the other screens are a few bytes.
    Followed(Box<Followed>),
}

/// A game on the server, as this page follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Followed {
    pub game: GameId,
    pub kind: GameKind,
    /// The player's side; `None` when watching.
    pub seat: Option<Color>,
    pub time_control: TimeControlWire,
    pub clock: ClockView,
    /// When `clock` was received, in the browser layer's milliseconds.
    pub clock_at_ms: u64,
    pub outcome: Option<Outcome>,
    /// How an ending off the board came about (an abort, an absent player), when it did.
    pub note: Option<EndNote>,
    /// The moves the server has announced; the board may be one ahead (the player's move
    /// on its way).
    pub announced: usize,
    /// Draws, takebacks and rematches proposed and not yet answered, and by whom.
    pub proposals: Vec<(Color, Proposal)>,
    /// The names the players gave, White's first.
    pub names: [Option<String>; 2],
    /// The last wrong draw claim: who made it and the time it gave the opponent.
    pub refused_claim: Option<(Color, u64)>,
    /// Each player's absence from the server (White's first); `None` while it is connected.
    pub gone: [Option<Absence>; 2],
    /// The plies before which a claim against an absent opponent aborts the game.
    pub absence_claims_from: usize,
}

/// A player with no connection to the server, as the server last told it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Absence {
    /// How long it had been gone by the server's word...
    pub gone_ms: u64,
    /// ...heard at this time of the browser layer's.
    pub heard_at_ms: u64,
}

impl Absence {
    /// How long it has been gone at `now_ms`, the page's time.
    pub fn at(self, now_ms: u64) -> u64 {
        self.gone_ms
            .saturating_add(now_ms.saturating_sub(self.heard_at_ms))
    }
}

/// Something to tell the player, worded by the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    BadAddress(String),
    /// The server refused a request.
    Refused(ErrorKind),
    /// A frame this page could not read (another build's server).
    Unreadable(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The socket opened.
    Opened,
    /// The socket closed or could not open.
    Closed,
    /// A text frame from the server.
    Frame(String),
    /// The board and the move list: a move, browsing, a flip.
    Board(BoardMsg),
    Challenge {
        kind: GameKind,
        time_control: TimeControlWire,
        color: ColorChoice,
        /// Listed in the lobby too, not only sent by link.
        open: bool,
    },
    /// Takes up a challenge from the lobby.
    Accept(ChallengeId),
    /// Withdraws the player's own challenge.
    Cancel(ChallengeId),
    /// Opens one of the player's games.
    Open(GameId),
    /// Shows the lobby's challenges of these games and speeds only (none listed: all).
    FilterLobby(LobbyFilter),
    /// The name shown to others; blank clears it.
    SetName(String),
    /// Back to the start form (after a game, or instead of waiting).
    Leave,
    Resign,
    Propose(Proposal),
    Answer {
        proposal: Proposal,
        accept: bool,
    },
    /// A draw claim as things stand (2017 art. 9.2, 9.3).
    ClaimDraw,
    Abort,
    /// The opponent is gone: the win (`true`) or a draw.
    ClaimAbsence(bool),
    /// The game's record, to download.
    DownloadPgn,
    /// Time passes: the clocks are drawn again.
    Tick,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Open the socket now.
    Connect,
    /// Open it after this many milliseconds.
    ConnectAfter(u64),
    /// Send this frame.
    Send(String),
    /// Keep the player's identity (JSON of [`Credentials`]) for this browser.
    KeepIdentity(String),
    /// Put this query in the address, so that a reload comes back to the same place.
    SetQuery(String),
    Sound(Sound),
    Download {
        file_name: String,
        text: String,
    },
    /// Keep the name the player gave for this browser (blank: none).
    KeepName(String),
}

/// Which page the model drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The player's page (`online.html`): it has an identity, plays, challenges.
    Play,
    /// The watch-only page a club's site frames (`live.html`): it never introduces itself,
    /// so it makes no player and holds no secret, and it keeps its address.
    Watch,
}

/// Where "back" leads from a game: the start, or the list of live games the visitor came
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    Start,
    Live,
}

pub struct Model {
    /// The game on the table, as the board shows it.
    pub board: Board,
    /// The last move played on the board, as a screen reader hears it.
    pub said: Option<MoveSaid>,
    /// The player's looks (pieces, notation, sound) and the page's language.
    pub looks: Looks,
    pub lang: Lang,
    pub page: Page,
    pub home: Home,
    pub link: Link,
    pub screen: Screen,
    pub problem: Option<Problem>,
    pub player: Option<PlayerId>,
    identity: Option<Credentials>,
    /// What the address asked for, carried out once the server knows the player.
    intent: Intent,
    next_id: u32,
    /// Requests sent and not yet answered, and what each asked.
    asked: Vec<(u32, Asked)>,
    pub now_ms: u64,
    /// The open challenges of the lobby, as the server lists them.
    pub lobby: Vec<LobbyChallenge>,
    /// Which of the lobby's challenges the player wants to see.
    pub lobby_filter: LobbyFilter,
    /// The player's unfinished games.
    pub my_games: Vec<MyGame>,
    /// The name the player gave, once the server took it.
    pub name: Option<String>,
    /// The live games, as the server last listed them, and whose (none: anyone's).
    pub live: Vec<LiveGame>,
    pub live_players: Vec<PlayerId>,
    /// When the list was last asked for.
    live_asked_ms: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Hello,
    Challenge,
    Accept,
    Watch,
    Move,
    /// Anything about the game on the table whose refusal only needs saying.
    GameRequest,
    Lobby,
    Name,
    Live,
}

impl Model {
    /// The page as it opens, in `lang` with the player's `looks`: `identity` is what this
    /// browser kept (if it reads).
    pub fn new(
        looks: Looks,
        lang: Lang,
        intent: Result<Intent, String>,
        identity: Option<&str>,
        now_ms: u64,
    ) -> (Model, Vec<Effect>) {
        let (intent, problem) = match intent {
            Ok(intent) => (intent, None),
            Err(why) => (Intent::Start, Some(Problem::BadAddress(why))),
        };
        let screen = match intent {
            Intent::Start => Screen::Start,
            Intent::Accept(_) | Intent::Follow(_) => Screen::Joining,
            Intent::Live => Screen::Live,
        };
        let mut board = Board::new(Game::new(Ruleset::default()));
        board.set_lang(lang);
        let model = Model {
            board,
            said: None,
            looks,
            lang,
            page: Page::Play,
            home: match intent {
                Intent::Live => Home::Live,
                _ => Home::Start,
            },
            link: Link::Connecting,
            screen,
            problem,
            player: None,
            identity: identity.and_then(|text| serde_json::from_str(text).ok()),
            intent,
            next_id: 1,
            asked: Vec::new(),
            now_ms,
            lobby: Vec::new(),
            lobby_filter: LobbyFilter::default(),
            my_games: Vec::new(),
            name: None,
            live: Vec::new(),
            live_players: Vec::new(),
            live_asked_ms: None,
        };
        (model, vec![Effect::Connect])
    }

    /// The player's identity, once this browser has one: what the link to another device
    /// carries.
    pub fn credentials(&self) -> Option<&Credentials> {
        self.identity.as_ref()
    }

    pub fn followed(&self) -> Option<&Followed> {
        match &self.screen {
            Screen::Followed(followed) => Some(followed),
            _ => None,
        }
    }

    /// Each side's time left now, White's first, and whose clock runs.
    pub fn clocks(&self) -> Option<(u64, u64, Option<Color>)> {
        let followed = self.followed()?;
        let c = followed.clock;
        let spent = self.now_ms.saturating_sub(followed.clock_at_ms);
        let running = c.running.map(Color::from);
        let less = |ms: u64, side: Color| {
            if running == Some(side) && followed.outcome.is_none() {
                ms.saturating_sub(spent)
            } else {
                ms
            }
        };
        Some((
            less(c.white_ms, Color::White),
            less(c.black_ms, Color::Black),
            running.filter(|_| followed.outcome.is_none()),
        ))
    }

    pub fn update(&mut self, msg: Msg, now_ms: u64) -> Vec<Effect> {
        self.now_ms = self.now_ms.max(now_ms);
        let mut effects = Vec::new();
        match msg {
            Msg::Opened => match self.page {
                Page::Play => {
                    let player = self.identity.clone();
                    self.send(Asked::Hello, ClientMessage::Hello { player }, &mut effects);
                }
                Page::Watch => {
                    self.link = Link::Ready;
                    self.resume(&mut effects);
                }
            },
            Msg::Closed => {
                let (attempt, ever) = match self.link {
                    Link::Lost { attempt, ever } => (attempt + 1, ever),
                    Link::Ready => (0, true),
                    Link::Connecting => (0, false),
                };
                self.link = Link::Lost { attempt, ever };
                // What was asked is lost with the socket: a move is found again, or not,
                // in the game the server sends back.
                self.asked.clear();
                effects.push(Effect::ConnectAfter(retry_delay(attempt)));
            }
            Msg::Frame(text) => self.hear(&text, &mut effects),
            Msg::Board(msg) => self.board_msg(msg, &mut effects),
            Msg::Challenge {
                kind,
                time_control,
                color,
                open,
            } => {
                let message = ClientMessage::CreateChallenge {
                    kind,
                    time_control,
                    color,
                    open,
                };
                self.problem = None;
                self.send(Asked::Challenge, message, &mut effects);
            }
            Msg::Accept(challenge) => {
                self.problem = None;
                self.screen = Screen::Joining;
                self.intent = Intent::Accept(challenge);
                let message = ClientMessage::AcceptChallenge { challenge };
                self.send(Asked::Accept, message, &mut effects);
            }
            Msg::Cancel(challenge) => {
                let message = ClientMessage::CancelChallenge { challenge };
                self.send(Asked::Lobby, message, &mut effects);
                if matches!(self.screen, Screen::Waiting { challenge: c } if c == challenge) {
                    self.screen = Screen::Start;
                }
            }
            Msg::Open(game) => {
                self.problem = None;
                self.screen = Screen::Joining;
                self.intent = Intent::Follow(game);
                self.send(Asked::Watch, ClientMessage::Watch { game }, &mut effects);
            }
            Msg::FilterLobby(filter) => self.filter_lobby(filter, &mut effects),
            Msg::SetName(name) => {
                let name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
                if self.name != name {
                    effects.push(Effect::KeepName(name.clone().unwrap_or_default()));
                }
                self.name = name.clone();
                // Before the server knows the player, the name goes with the Hello's answer.
                if self.link == Link::Ready {
                    self.send(Asked::Name, ClientMessage::SetName { name }, &mut effects);
                }
            }
            Msg::Leave if self.home == Home::Live => {
                self.problem = None;
                self.show_live(&mut effects);
            }
            Msg::Leave => {
                self.screen = Screen::Start;
                self.intent = Intent::Start;
                self.problem = None;
                effects.push(Effect::SetQuery(String::new()));
                self.refresh_start(&mut effects);
            }
            Msg::Resign
            | Msg::Propose(_)
            | Msg::Answer { .. }
            | Msg::ClaimDraw
            | Msg::Abort
            | Msg::ClaimAbsence(_)
            | Msg::DownloadPgn => self.game_request(msg, &mut effects),
            Msg::Tick => self.refresh_live(&mut effects),
        }
        if self.page == Page::Watch {
            // A framed page keeps the address its club gave it.
            effects.retain(|e| !matches!(e, Effect::SetQuery(_)));
        }
        self.sync_board();
        effects
    }

    /// Who may move on the board: the player in its seat, while the game goes on and no
    /// move of the player's waits for the server's word; nobody when watching.
    pub fn movable(&self) -> Movable {
        match self.followed() {
            Some(followed)
                if followed.outcome.is_none()
                    && followed.note.is_none()
                    && self.board.game().len() == followed.announced =>
            {
                followed.seat.map_or(Movable::Nobody, Movable::Only)
            }
            _ => Movable::Nobody,
        }
    }

    fn sync_board(&mut self) {
        self.board.set_lang(self.lang);
        self.board.set_movable(self.movable());
    }

    /// Whether time passing changes what the page shows: a clock runs, or the list of
    /// live games is due again.
    pub fn wants_ticks(&self) -> bool {
        self.screen == Screen::Live || self.clocks().is_some_and(|(_, _, r)| r.is_some())
    }

    fn send(&mut self, asked: Asked, message: ClientMessage, effects: &mut Vec<Effect>) {
        let id = self.next_id;
        self.next_id += 1;
        self.asked.push((id, asked));
        let text = serde_json::to_string(&Envelope::new(id, message))
            .expect("client messages hold no map with non-string keys");
        effects.push(Effect::Send(text));
    }

    fn hear(&mut self, text: &str, effects: &mut Vec<Effect>) {
        let envelope: Envelope<ServerMessage> = match serde_json::from_str(text) {
            Ok(envelope) => envelope,
            Err(e) => {
                self.problem = Some(Problem::Unreadable(e.to_string()));
                return;
            }
        };
        let asked = self
            .asked
            .iter()
            .position(|(id, _)| *id == envelope.id && envelope.id != 0)
            .map(|i| self.asked.remove(i).1);
        match envelope.body {
            ServerMessage::Welcome { player, secret } => {
                self.player = Some(player);
                if let Some(secret) = secret {
                    let credentials = Credentials { id: player, secret };
                    let text =
                        serde_json::to_string(&credentials).expect("credentials are two strings");
                    effects.push(Effect::KeepIdentity(text));
                    self.identity = Some(credentials);
                }
                self.link = Link::Ready;
                if let Some(name) = self.name.clone() {
                    let name = Some(name);
                    self.send(Asked::Name, ClientMessage::SetName { name }, effects);
                }
                self.resume(effects);
                self.refresh_start(effects);
            }
            ServerMessage::ChallengeCreated { challenge } => {
                self.screen = Screen::Waiting { challenge };
                self.send(Asked::Lobby, ClientMessage::MyGames, effects);
            }
            ServerMessage::GameStarted { game, .. } => {
                self.screen = Screen::Joining;
                self.intent = Intent::Follow(game);
                effects.push(Effect::SetQuery(game_query(game)));
                self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            }
            ServerMessage::Game(snapshot) => self.sit(snapshot, effects),
            ServerMessage::Moved {
                game,
                ply,
                text,
                clock,
                outcome,
            } => self.moved(game, ply, &text, clock, outcome.map(|o| o.0), effects),
            ServerMessage::Ended {
                game,
                outcome,
                clock,
                note,
            } => self.ended(game, Some(outcome.0), note, clock, effects),
            ServerMessage::Aborted { game } => {
                let clock = self.followed().map(|t| t.clock);
                if let Some(clock) = clock {
                    self.ended(game, None, Some(EndNote::Aborted), clock, effects);
                }
            }
            ServerMessage::Proposed { game, proposal, by } => {
                self.proposed(game, proposal, by.into(), effects);
            }
            ServerMessage::Declined { game, proposal, by } => {
                self.declined(game, proposal, Color::from(by).other());
            }
            ServerMessage::TookBack { game, .. } => {
                // The game is fetched whole: the board, the clocks and what was proposed.
                if self.followed().is_some_and(|t| t.game == game) {
                    self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
                }
            }
            ServerMessage::ClaimRefused {
                game,
                by,
                added_ms,
                clock,
            } => self.claim_refused(game, by.into(), added_ms, clock),
            ServerMessage::Rematch { game, rematch } => {
                if self.followed().is_some_and(|t| t.game == game) {
                    self.intent = Intent::Follow(rematch);
                    self.screen = Screen::Joining;
                    effects.push(Effect::SetQuery(game_query(rematch)));
                    self.send(
                        Asked::Watch,
                        ClientMessage::Watch { game: rematch },
                        effects,
                    );
                }
            }
            ServerMessage::Presence {
                game,
                side,
                gone_ms,
            } => self.presence(game, side.into(), gone_ms),
            ServerMessage::Lobby { mut challenges } => {
                // The answer to an earlier filter's request, if the player changed it since.
                challenges.retain(|c| self.lobby_filter.admits(c));
                self.lobby = challenges;
            }
            ServerMessage::Listed(challenge) => self.listed(challenge),
            ServerMessage::Unlisted { challenge } => {
                self.lobby.retain(|c| c.challenge != challenge);
            }
            ServerMessage::MyGames { games } => self.my_games = games,
            ServerMessage::LiveGames { games } => self.live_listed(games),
            ServerMessage::Pgn { game, text } => effects.push(Effect::Download {
                file_name: format!("shatar-{game}.pgn"),
                text,
            }),
            ServerMessage::EventGameStarted { game, .. } => self.event_game(game, effects),
            // The event's own page follows events; this page only plays their games.
            ServerMessage::EventChanged { .. } => {}
            ServerMessage::Accepted => {}
            ServerMessage::Error { error } => self.refused(asked, error, effects),
        }
    }

    /// An event's round started a game of the player's (issue 56): the page goes to it,
    /// unless the player is in a game still being played.
    fn event_game(&mut self, game: GameId, effects: &mut Vec<Effect>) {
        if self
            .followed()
            .is_some_and(|t| t.outcome.is_none() && t.note.is_none() && t.game != game)
        {
            return;
        }
        self.intent = Intent::Follow(game);
        self.screen = Screen::Joining;
        effects.push(Effect::SetQuery(game_query(game)));
        self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
    }

    /// Once the server knows the player: what the address asked, or the game on screen
    /// again after a reconnection.
    fn resume(&mut self, effects: &mut Vec<Effect>) {
        match (&self.screen, self.intent) {
            (Screen::Followed(followed), _) => {
                let game = followed.game;
                self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            }
            (_, Intent::Follow(game)) => {
                self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
            }
            (_, Intent::Accept(challenge)) => {
                self.send(
                    Asked::Accept,
                    ClientMessage::AcceptChallenge { challenge },
                    effects,
                );
            }
            (_, Intent::Live) => self.show_live(effects),
            (_, Intent::Start) => {}
        }
    }

    fn refused(&mut self, asked: Option<Asked>, error: ErrorKind, effects: &mut Vec<Effect>) {
        match asked {
            Some(Asked::Hello) if error == ErrorKind::BadCredentials => {
                // This browser's identity is not the server's (a new database): a new one.
                self.identity = None;
                self.send(Asked::Hello, ClientMessage::Hello { player: None }, effects);
                return;
            }
            Some(Asked::Move) => {
                // The board is put back as the server has the game.
                if let Some(followed) = self.followed() {
                    let game = followed.game;
                    self.send(Asked::Watch, ClientMessage::Watch { game }, effects);
                }
            }
            Some(Asked::Watch) if self.home == Home::Live => {
                self.problem = Some(Problem::Refused(error));
                self.show_live(effects);
                return;
            }
            Some(Asked::Accept | Asked::Watch) => {
                self.screen = Screen::Start;
                self.intent = Intent::Start;
                self.problem = Some(Problem::Refused(error));
                self.refresh_start(effects);
                return;
            }
            _ => {}
        }
        self.problem = Some(Problem::Refused(error));
    }
}

/// The wait before the `attempt`th reconnection (from 0).
pub fn retry_delay(attempt: u32) -> u64 {
    FIRST_RETRY_MS
        .saturating_mul(1 << attempt.min(16))
        .min(MAX_RETRY_MS)
}
