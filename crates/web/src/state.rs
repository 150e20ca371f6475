//! The page as a state machine: [`update`] takes the state and one [`Msg`] (a click, a
//! worker reply, a restored save) and returns the [`Effect`]s the browser layer must carry
//! out (post to the worker, save, play a sound, copy). Plain Rust, tested natively; the
//! DOM layer renders [`crate::view`] of the state and knows no rules. The board is the
//! board component ([`crate::board`]): this page tells it who may move, and decides what
//! a move made on it means (the clock is pressed, a claim goes with it, the computer
//! answers, the game is saved).

mod draws;
mod engine;
mod handoff;
pub mod import;
pub mod persist;
mod play;
mod said;
#[cfg(test)]
mod tests;
mod timing;
mod update;

use shatar_rules::notation::PieceLetters;
use shatar_rules::{Color, EndReason, GameKind, Outcome, Ruleset};

use crate::carried::NotCarried;
pub use handoff::HandoffRequest;
use shatar_rules::{AnyGamePosition, GameMove, MoveStyle};

pub use self::draws::{DrawOffer, can_claim, can_offer};
pub use self::engine::{Analysis, AnalysisLine, EngineCommand};
pub use self::timing::{LOW_TIME_MS, Timing};
pub use self::update::Update;
use crate::board::{Answer, Board, BoardEvent, BoardMsg, HostQuestion, Movable};
pub use crate::board::{MoveSaid, Nav, Play, PromotionChoice, Sound, Status, TypedReply};
use crate::engine_client::{EngineEvent, EngineStatus, Token};
use crate::game::{Game, ImportError};
use crate::i18n::{self, Lang};
use crate::saved;
use crate::settings::{GameSetup, Looks, Opponent, TimeControl};

/// Where a saved state that could not be restored is set aside, for a bug report.
pub const SET_ASIDE_KEY: &str = "shatar.game.set-aside";

/// The page's state, grouped as chessground groups its own: the board (the game's record
/// and what the player has in hand on it), the game in play, what else the player has on
/// screen, the searches asked of the worker, the preferences, and what this browser keeps.
pub struct AppState {
    pub board: Board,
    pub session: Session,
    pub ui: Ui,
    pub searches: Searches,
    pub prefs: Prefs,
    pub storage: Storage,
    /// The time of the message being handled, in the browser layer's milliseconds.
    pub now_ms: u64,
    /// A new version of the site, once the service worker has one waiting.
    pub update: Option<Update>,
}

/// The game in play and what belongs to it alone, which a new game replaces.
pub struct Session {
    /// The game's rules, opponent, side and time control (saved with the game, not with
    /// the preferences).
    pub setup: GameSetup,
    /// The player's side against the computer; `None` when two people play.
    pub human: Option<Color>,
    /// Makes the computer's choices at a level repeatable within one game.
    pub seed: u64,
    /// The day the game started, as PGN writes it (`2026.11.29`).
    pub date: String,
    /// The game's clock, when it is timed.
    pub timing: Option<Timing>,
    /// The player's next move comes with a draw claim (2017 art. 9.2.a, 9.3.a).
    pub claim_armed: bool,
    /// A draw offer waiting for an answer.
    pub draw_offer: Option<DrawOffer>,
    /// The plies after which a draw was offered, written `{(=)}` in the record (art. 9.1.2).
    pub offers: Vec<usize>,
}

/// What the player has on screen besides the board.
pub struct Ui {
    pub hint: Option<Hint>,
    pub dialog: Option<Dialog>,
    /// An import under way: a file being read, or one to pick a game from.
    pub importing: Option<import::Importing>,
    pub notice: Option<Notice>,
}

/// The searches asked of the worker, and what came back.
pub struct Searches {
    pub analysis: Option<Analysis>,
    pub engine_status: EngineStatus,
    /// The search the worker is running for us, and why.
    running: Option<(Token, engine::JobKey)>,
    /// A job that failed for good: not retried until something changes.
    failed: Option<engine::JobKey>,
    next_token: Token,
    /// Bumped whenever the game changes other than by a move at its end (new game, import,
    /// takeback), so that a search of the old game is never mistaken for one of the new.
    generation: u64,
}

/// The player's preferences, which hold for every game of this browser.
pub struct Prefs {
    pub looks: Looks,
    /// The language the page speaks: see [`crate::i18n::negotiate`].
    pub lang: Lang,
    /// What the address and the browser said of the language ([`Msg::Languages`]), kept
    /// to weigh against the stored choice once a save is restored.
    lang_hints: (Option<String>, Vec<String>),
}

/// What this browser keeps: the writes made, the one that failed, the other games.
pub struct Storage {
    last_saved: String,
    /// How many times the save has been encoded: a tick of the clock encodes nothing.
    encoded: u64,
    /// The preferences as last written ([`Effect::SavePrefs`]).
    last_prefs: String,
    /// Why the last write of the game failed, until one succeeds: shown all the while, with
    /// the way to keep the game (its PGN).
    pub save_failed: Option<SaveFailure>,
    /// The other unfinished games this browser keeps that no other tab holds.
    pub others: Vec<saved::Summary>,
    /// Whether the game just replaced by [`AppState::start_from`] was unfinished: what
    /// the [`Effect::Shelve`] that follows says.
    shelved_unfinished: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    Thinking,
    /// The move the engine suggests in the position shown; the view writes it.
    Move {
        mv: GameMove,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    /// The import dialog; `error` is why the last text given could not be read (worded by
    /// the view, in the language shown).
    Import {
        error: Option<ImportError>,
    },
    /// A PGN file is being read: `read` bytes of `total`.
    Reading {
        read: usize,
        total: usize,
    },
    /// A file of several games: the player picks one ([`Ui::importing`]); `error` is
    /// why the last one picked could not be opened.
    PickGame {
        error: Option<ImportError>,
    },
    /// The other games in progress ([`Storage::others`]), to continue or discard.
    Games,
}

/// What the player is told, as data: the view words it in the language shown
/// ([`crate::view::notices`]), so a language switch re-words a notice already on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    Imported,
    /// Another tab wrote this tab's game ([`Msg::GameForked`]).
    GameForked,
    /// The save could not be read; it is set aside under [`SET_ASIDE_KEY`].
    RestoreFailed {
        error: String,
    },
    /// Repeating the Xiangqi cycle once more loses the game for `loser` (AXF 2008 ch. 4).
    RepetitionWarning {
        loser: Color,
        ruling: String,
    },
    /// The engine failed for good: the notice offers to try again.
    EngineFailed {
        reason: String,
    },
    /// The engine answered a move the rules refuse.
    EngineImpossible {
        mv: String,
        error: String,
    },
    /// A wrong draw claim (art. 9.5); `credited` is the side given time for it, if clocks run.
    ClaimRejected {
        credited: Option<Color>,
    },
    ComputerAccepts,
    ComputerDeclines,
}

impl Notice {
    pub fn level(&self) -> NoticeLevel {
        match self {
            Notice::RestoreFailed { .. }
            | Notice::EngineFailed { .. }
            | Notice::EngineImpossible { .. } => NoticeLevel::Error,
            _ => NoticeLevel::Info,
        }
    }

    /// Whether the notice offers to try the engine again.
    pub fn offers_retry(&self) -> bool {
        matches!(self, Notice::EngineFailed { .. })
    }
}

/// Why the browser did not keep what the page wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveFailure {
    /// The storage quota is used up.
    Full,
    /// The browser offers no storage (a private window may not).
    Unavailable,
    /// Another refusal, in the browser's words.
    Refused(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeLevel {
    Info,
    Error,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    Pgn,
    Fen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportHow {
    Copy,
    Download,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Start-up: what local storage held, a fresh seed and today's date.
    Restore {
        saved: Option<String>,
        seed: u64,
        date: String,
    },
    /// Before [`Msg::Restore`]: what the page's address (`?lang=`) and the browser say of
    /// the language, weighed against the stored choice.
    Languages {
        query: Option<String>,
        browser: Vec<String>,
    },
    /// After [`Msg::Restore`]: the preferences stored for every game (the looks and the
    /// language), which win over the save's own.
    Prefs(Option<String>),
    /// The player chose a language in the picker: it is used and remembered.
    ChooseLang(Lang),
    /// What the player did on the board, the move list or the typed box.
    Board(BoardMsg),
    TakeBack,
    Resign,
    Hint,
    ToggleAnalysis,
    OpenDialog(Dialog),
    CloseDialog,
    StartGame {
        setup: GameSetup,
        seed: u64,
        date: String,
    },
    Import {
        text: String,
        kind: GameKind,
    },
    /// Read the next slice of the file being imported ([`Effect::ContinueImport`]).
    ImportStep,
    /// Open this game (from 0) of the file being imported.
    PickImported(usize),
    Export(ExportKind, ExportHow),
    SetLooks(Looks),
    /// The mute switch.
    ToggleSound,
    Engine(EngineEvent),
    /// Try again a search that failed for good.
    RetryEngine,
    DismissNotice,
    /// Time passes: flags and low-time warnings are checked.
    Tick,
    PauseClock,
    ResumeClock,
    /// The page is being hidden or closed: the clock stops where it is, and is saved so.
    Suspend,
    /// Over the board: `color` pressed its half of the clock.
    TapClock(Color),
    ClaimDraw,
    /// Announce a claim with the next move.
    ArmClaim,
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
    /// The games in progress that this tab could take up, as the browser layer found them
    /// in storage (at start-up, and whenever another tab changes one).
    OtherGames(Vec<saved::Summary>),
    /// Take up this game in progress in place of the one shown.
    ContinueGame(String),
    /// Delete this game in progress.
    DiscardGame(String),
    /// Writing the game (or the preferences) failed.
    SaveFailed(SaveFailure),
    /// A write succeeded.
    Saved,
    /// Another tab wrote over this tab's game (a browser without Web Locks): this tab goes
    /// on with its own copy, kept under a key of its own.
    GameForked,
    /// A new version of the site is installed and waits for the player's word.
    UpdateReady,
    /// The player accepted it.
    ApplyUpdate,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Engine(EngineCommand),
    /// Store this text as this tab's game (the browser layer's `dom::games` knows its key).
    Save(String),
    /// Keep this unreadable saved text under [`SET_ASIDE_KEY`].
    SetAside(String),
    Sound(Sound),
    Copy(String),
    Download {
        file_name: String,
        text: String,
    },
    /// Store the preferences (JSON of [`Looks`]) for every game of this browser.
    SavePrefs(String),
    /// The game shown is put aside before another takes its place: kept among the games in
    /// progress when `keep` (it is unfinished, with moves), dropped otherwise. The next
    /// [`Effect::Save`] is the new game's.
    Shelve {
        keep: bool,
    },
    /// Put the game shown aside (as [`Effect::Shelve`]) and take up the stored game `id`:
    /// the page starts again with it. Comes after the game's last [`Effect::Save`].
    SwitchGame {
        id: String,
        keep: bool,
    },
    /// Delete the stored game `id`.
    DiscardGame(String),
    /// Send [`Msg::ImportStep`] once the page has drawn a frame: a large file is read a
    /// slice at a time.
    ContinueImport,
    /// Let the waiting version take over; the page reloads when it has. Comes after the
    /// game's last [`Effect::Save`].
    ApplyUpdate,
    /// Give the page, with its game and this request, to the build
    /// that carries its game. Comes after the game's last [`Effect::Save`].
    Handoff(HandoffRequest),
}

impl From<BoardMsg> for Msg {
    fn from(msg: BoardMsg) -> Msg {
        Msg::Board(msg)
    }
}

impl AppState {
    /// A fresh game with the default setup, before anything is restored.
    pub fn new(seed: u64, date: String) -> AppState {
        let setup = GameSetup::default();
        let mut state = AppState {
            // Until the setup's game starts, below.
            board: Board::new(Game::new(Ruleset::Mongolian)),
            session: Session {
                setup,
                human: Some(Color::White),
                seed,
                date,
                timing: None,
                claim_armed: false,
                draw_offer: None,
                offers: Vec::new(),
            },
            ui: Ui {
                hint: None,
                dialog: None,
                importing: None,
                notice: None,
            },
            searches: Searches {
                analysis: None,
                engine_status: EngineStatus::Starting,
                running: None,
                failed: None,
                next_token: 1,
                generation: 0,
            },
            prefs: Prefs {
                looks: Looks::default(),
                lang: Lang::En,
                lang_hints: (None, Vec::new()),
            },
            storage: Storage {
                last_saved: String::new(),
                encoded: 0,
                last_prefs: String::new(),
                save_failed: None,
                others: Vec::new(),
                shelved_unfinished: false,
            },
            now_ms: 0,
            update: None,
        };
        let started = state.start(setup, seed);
        debug_assert!(started.is_ok(), "every build carries the default game");
        state
    }

    /// The game shown is worth keeping among the games in progress: it has moves and has
    /// not ended.
    pub fn is_unfinished(&self) -> bool {
        !self.board.game().is_empty() && self.board.game().outcome().is_none()
    }

    /// The ply the board shows.
    pub fn shown_ply(&self) -> usize {
        self.board.shown_ply()
    }

    pub fn is_browsing(&self) -> bool {
        self.board.is_browsing()
    }

    /// Whose turn it is belongs to a person at this device.
    pub fn human_to_move(&self) -> bool {
        self.session
            .human
            .is_none_or(|h| h == self.board.game().turn())
    }

    /// Who may move on the board: nobody over a real board or watching, else the player
    /// against the computer, or both friends.
    pub fn movable(&self) -> Movable {
        if self.clock_only() || self.spectating() {
            return Movable::Nobody;
        }
        match self.session.human {
            Some(human) => Movable::Only(human),
            None => Movable::Both,
        }
    }

    /// The player may move pieces now.
    pub fn can_move(&self) -> bool {
        self.board.can_move_for(self.movable())
    }

    /// The board hears who may move and the language, as they are now.
    fn sync_board(&mut self) {
        self.board.set_lang(self.prefs.lang);
        self.board.set_movable(self.movable());
    }

    /// A host page of its own (an embedded board) shows the game its way: its looks and
    /// language, seen from `bottom`'s side, whatever a save said.
    pub fn show_as(&mut self, looks: Looks, lang: Lang, bottom: Color) {
        self.prefs.looks = looks;
        self.prefs.lang = lang;
        self.board.set_orientation(bottom);
        self.sync_board();
    }

    /// Watching someone else's online game: the board takes no moves.
    pub fn spectating(&self) -> bool {
        self.session.setup.opponent == Opponent::Online && self.session.human.is_none()
    }

    /// The moves are made on a real board; the page is the clock.
    pub fn clock_only(&self) -> bool {
        self.session.setup.opponent == Opponent::OverTheBoard
    }

    /// A search failed for good: not tried again until something changes or the player
    /// asks.
    pub fn engine_gave_up(&self) -> bool {
        self.searches.failed.is_some()
    }

    pub fn computer_thinking(&self) -> bool {
        matches!(
            self.searches.running,
            Some((_, engine::JobKey::Move { .. }))
        )
    }

    /// Takeback is offered while there is a move of the player's to take back, the game
    /// did not end by resignation, and no clock runs.
    pub fn can_take_back(&self) -> bool {
        let resigned = self
            .board
            .game()
            .outcome()
            .is_some_and(|o| o.reason == EndReason::Resignation);
        // A clock cannot give back the time a move took: timed games have no takeback.
        !resigned && !self.board.game().is_empty() && self.session.timing.is_none()
    }

    pub fn letters(&self) -> PieceLetters {
        self.prefs.looks.notation.letters(self.prefs.lang)
    }

    /// How the move list writes moves: the 8x8 letters and the Xiangqi notation chosen.
    pub fn move_style(&self) -> MoveStyle {
        MoveStyle {
            letters: self.letters(),
            xiangqi: self.prefs.looks.xiangqi_notation.notation(self.prefs.lang),
        }
    }

    /// A move in plain notation (English SAN, or WXF for Xiangqi) as the move list's letters
    /// write it: hints and analysis lines are kept plain and shown this way.
    pub fn render_plain(&self, text: &str, mover: Color) -> String {
        match self.board.game().kind() {
            GameKind::Board8(_) => self.letters().render(text, mover),
            GameKind::Xiangqi => text.to_string(),
        }
    }

    /// Begins a game of `setup` from its ruleset's initial position.
    fn start(&mut self, setup: GameSetup, seed: u64) -> Result<(), NotCarried> {
        self.start_from(setup, seed, None)
    }

    /// Begins a game of `setup` from `position` (an embedded board's FEN), which must be
    /// of the setup's ruleset, or else from the initial position. Nothing changes if this
    /// build does not carry the setup's game.
    pub fn start_from(
        &mut self,
        setup: GameSetup,
        seed: u64,
        position: Option<AnyGamePosition>,
    ) -> Result<(), NotCarried> {
        let setup = setup.normalised();
        let start = position.filter(|p| p.kind() == setup.kind);
        let game = start.map_or_else(|| Game::of(setup.kind), |p| Ok(Game::from_position(p)))?;
        self.storage.shelved_unfinished = self.is_unfinished();
        self.session.setup = setup;
        self.session.seed = seed;
        self.session.human = match setup.opponent {
            Opponent::Computer { .. } | Opponent::Online => Some(setup.human_side(seed & 1 == 0)),
            Opponent::Friend | Opponent::OverTheBoard => None,
        };
        self.board
            .set_orientation(self.session.human.unwrap_or(Color::White));
        self.replace_game(game);
        self.session.timing = setup
            .time_control
            .control()
            .map(|c| Timing::start(c, self.now_ms));
        if self.clock_only() {
            // The players sit down first; White's clock starts when they say (art. 6.6).
            let control = setup
                .time_control
                .control()
                .or_else(|| TimeControl::from_id("5+3")?.control());
            self.session.timing = control.map(|c| Timing::start(c, self.now_ms));
            timing::pause(self);
        }
        self.sync_board();
        Ok(())
    }

    /// Everything that belonged to the previous game goes with it.
    fn replace_game(&mut self, game: Game) {
        self.board.replace(game);
        self.after_history_change();
        self.searches.analysis = self.searches.analysis.take().map(|_| Analysis::default());
    }

    fn after_history_change(&mut self) {
        self.searches.generation += 1;
        self.session.claim_armed = false;
        self.session.draw_offer = None;
        let len = self.board.game().len();
        self.session.offers.retain(|&ply| ply <= len);
        if let Some(t) = &mut self.session.timing {
            t.marks.truncate(len);
        }
        self.board.change(|_| ());
        self.ui.hint = None;
        self.searches.failed = None;
    }

    fn negotiate_lang(&mut self) {
        let (query, browser) = &self.prefs.lang_hints;
        self.prefs.lang = i18n::negotiate(
            query.as_deref(),
            self.prefs.looks.lang.map(Lang::id),
            browser,
        );
    }

    fn notify(&mut self, notice: Notice) {
        self.ui.notice = Some(notice);
    }
}

/// Applies `msg`, then brings the worker's job and the saved copy up to date, at the time
/// of the last message.
pub fn update(state: &mut AppState, msg: Msg) -> Vec<Effect> {
    let now = state.now_ms;
    update_at(state, msg, now)
}

/// [`update`] at `now_ms` (any monotonic milliseconds; the clock is never read here).
pub fn update_at(state: &mut AppState, msg: Msg, now_ms: u64) -> Vec<Effect> {
    state.now_ms = state.now_ms.max(now_ms);
    state.sync_board();
    let mut effects = Vec::new();
    let mut applying_update = false;
    let mut handoff = None;
    let mut switch = None;
    // Only a fallen flag changes what a tick would save (the clock is saved as of its last
    // press or pause): the save is not encoded again at every tick.
    let ticking = matches!(msg, Msg::Tick);
    let ended_before = state.board.game().outcome().is_some();
    match msg {
        Msg::Restore { saved, seed, date } => {
            // The browser may tell of a new version, and of the other games, before the
            // save is read.
            let update = state.update;
            let others = std::mem::take(&mut state.storage.others);
            let hints = std::mem::take(&mut state.prefs.lang_hints);
            restore(state, saved, seed, date, &mut effects);
            state.update = update;
            state.storage.others = others;
            state.prefs.lang_hints = hints;
            state.negotiate_lang();
            // The stored preferences follow ([`Msg::Prefs`]): not overwritten by the save's.
            state.storage.last_prefs = saved::encode_prefs(&state.prefs.looks);
        }
        Msg::Languages { query, browser } => {
            state.prefs.lang_hints = (query, browser);
            state.negotiate_lang();
            // Nothing saved changes, and it comes before the save is read: writing the
            // state now would put a fresh game over the stored one.
            return effects;
        }
        Msg::Prefs(text) => match text.as_deref().and_then(saved::decode_prefs) {
            Some(looks) => {
                state.prefs.looks = looks;
                state.storage.last_prefs = saved::encode_prefs(&looks);
                state.negotiate_lang();
            }
            // None stored yet (or another version's): this save's are written as the
            // browser's.
            None => state.storage.last_prefs.clear(),
        },
        Msg::ChooseLang(lang) => {
            state.prefs.lang = lang;
            state.prefs.looks.lang = Some(lang);
        }
        Msg::Board(msg) => {
            for event in state.board.update(msg) {
                board_event(state, event, &mut effects);
            }
        }
        Msg::TakeBack => take_back(state),
        Msg::Resign => resign(state, &mut effects),
        Msg::Hint => {
            if state.can_move() && state.ui.hint.is_none() {
                state.ui.hint = Some(Hint::Thinking);
            }
        }
        Msg::ToggleAnalysis => {
            state.searches.analysis = if state.searches.analysis.is_some() {
                None
            } else {
                Some(Analysis::default())
            };
        }
        Msg::OpenDialog(dialog) => state.ui.dialog = Some(dialog),
        Msg::CloseDialog => {
            state.ui.dialog = None;
            state.ui.importing = None;
        }
        Msg::StartGame { setup, seed, date } => match state.start(setup, seed) {
            Ok(()) => {
                effects.push(Effect::Shelve {
                    keep: std::mem::take(&mut state.storage.shelved_unfinished),
                });
                state.session.date = date;
                state.ui.dialog = None;
                state.ui.notice = None;
                effects.push(Effect::Engine(EngineCommand::NewGame(
                    state.session.setup.kind,
                )));
            }
            Err(NotCarried(_)) => handoff = Some(HandoffRequest::StartGame { setup, seed, date }),
        },
        Msg::Import { text, kind } => handoff = import::start(state, &text, kind, &mut effects),
        Msg::ImportStep => handoff = import::step(state, &mut effects),
        Msg::PickImported(index) => handoff = import::pick(state, index, &mut effects),
        Msg::Export(kind, how) => effects.push(export(state, kind, how)),
        // The language has its picker: the settings form does not carry it.
        Msg::SetLooks(looks) => {
            state.prefs.looks = Looks {
                lang: state.prefs.looks.lang,
                ..looks
            }
        }
        Msg::ToggleSound => state.prefs.looks.sound = !state.prefs.looks.sound,
        Msg::Engine(event) => engine::on_event(state, event, &mut effects),
        Msg::RetryEngine => state.searches.failed = None,
        Msg::DismissNotice => state.ui.notice = None,
        // Every message checks the clock below.
        Msg::Tick => {}
        Msg::PauseClock | Msg::Suspend => timing::pause(state),
        Msg::ResumeClock => timing::resume(state),
        Msg::TapClock(color) => timing::tap(state, color, &mut effects),
        Msg::ClaimDraw => draws::claim_now(state, &mut effects),
        Msg::ArmClaim => {
            state.session.claim_armed = !state.session.claim_armed && draws::can_claim(state)
        }
        Msg::OfferDraw => draws::offer(state),
        Msg::AnswerDraw { accept } => draws::answer(state, accept, &mut effects),
        Msg::OtherGames(games) => {
            state.storage.others = games;
            if state.storage.others.is_empty() && state.ui.dialog == Some(Dialog::Games) {
                state.ui.dialog = None;
            }
        }
        Msg::ContinueGame(id) => {
            if state.storage.others.iter().any(|g| g.id == id) {
                let keep = state.is_unfinished();
                switch = Some(Effect::SwitchGame { id, keep });
            }
        }
        Msg::DiscardGame(id) => {
            state.storage.others.retain(|g| g.id != id);
            effects.push(Effect::DiscardGame(id));
        }
        Msg::SaveFailed(reason) => state.storage.save_failed = Some(reason),
        Msg::Saved => state.storage.save_failed = None,
        Msg::GameForked => {
            state.notify(Notice::GameForked);
        }
        Msg::UpdateReady => update::ready(state),
        Msg::ApplyUpdate => applying_update = update::accept(state),
    }
    timing::tick(state, &mut effects);
    engine::reconcile(state, &mut effects);
    state.sync_board();
    let flag_fell = !ended_before && state.board.game().outcome().is_some();
    if !ticking || flag_fell {
        let text = persist::encode(state);
        state.storage.encoded += 1;
        // Saved again before a reload even when unchanged: an earlier write may have failed.
        if text != state.storage.last_saved
            || applying_update
            || handoff.is_some()
            || switch.is_some()
        {
            effects.push(Effect::Save(text.clone()));
            state.storage.last_saved = text;
        }
    }
    // Nor are the preferences, which only the player changes.
    let prefs = (!ticking).then(|| saved::encode_prefs(&state.prefs.looks));
    if let Some(prefs) = prefs.filter(|p| *p != state.storage.last_prefs) {
        effects.push(Effect::SavePrefs(prefs.clone()));
        state.storage.last_prefs = prefs;
    }
    if applying_update {
        effects.push(Effect::ApplyUpdate);
    }
    effects.extend(handoff.map(Effect::Handoff));
    effects.extend(switch);
    effects
}

fn restore(
    state: &mut AppState,
    text: Option<String>,
    seed: u64,
    date: String,
    effects: &mut Vec<Effect>,
) {
    let Some(text) = text else {
        *state = AppState::new(seed, date);
        return;
    };
    match saved::decode(&text) {
        Ok(restored) => {
            *state = AppState::new(seed, date);
            restored.apply(state);
            // What was stored is what is there: no need to write it back.
            state.storage.last_saved = persist::encode(state);
        }
        Err(why) => {
            *state = AppState::new(seed, date);
            state.notify(Notice::RestoreFailed {
                error: why.to_string(),
            });
            effects.push(Effect::SetAside(text));
        }
    }
}

/// What the board told the page: a move made is played as this page plays moves; the
/// typed box's questions about the turn and the clocks are answered from the page's state.
fn board_event(state: &mut AppState, event: BoardEvent, effects: &mut Vec<Effect>) {
    match event {
        BoardEvent::Move(m) => play::play(state, m, effects),
        BoardEvent::Ask(HostQuestion::Turn) => {
            let status = state.status();
            state.board.answer(Answer::Turn(status));
        }
        BoardEvent::Ask(HostQuestion::Clocks) => {
            let now = state.now_ms;
            let clocks = state.session.timing.as_ref().map(|t| {
                let read = |c: Color| t.clock.read(c, now).base_ms;
                (read(Color::White), read(Color::Black))
            });
            state.board.answer(Answer::Clocks(clocks));
        }
        // Only [`crate::board::Board::play`] makes these, and [`play::play`] hears them.
        BoardEvent::Sound(_) | BoardEvent::Announce(_) => {}
    }
}

/// Against the computer, back to the player's previous turn; between friends, one move.
fn take_back(state: &mut AppState) {
    if !state.can_take_back() {
        return;
    }
    let human = state.session.human;
    state.board.change(|game| {
        game.take_back();
        if let Some(human) = human {
            while !game.is_empty() && game.turn() != human {
                game.take_back();
            }
        }
    });
    state.after_history_change();
}

/// The player to move resigns; against the computer, the player does, whoever is to move.
fn resign(state: &mut AppState, effects: &mut Vec<Effect>) {
    if state.board.game().outcome().is_some() {
        return;
    }
    let loser = state
        .session
        .human
        .unwrap_or_else(|| state.board.game().turn());
    state
        .board
        .change(|game| game.set_outcome(Outcome::win(loser.other(), EndReason::Resignation)));
    state.after_history_change();
    timing::stop(state);
    if state.prefs.looks.sound {
        effects.push(Effect::Sound(Sound::End));
    }
}

fn export(state: &AppState, kind: ExportKind, how: ExportHow) -> Effect {
    let (text, file_name) = match kind {
        ExportKind::Pgn => (
            pgn_text(state),
            format!("shatar-{}.pgn", state.session.date.replace('.', "-")),
        ),
        ExportKind::Fen => (
            state.board.game().fen_at(state.shown_ply()),
            String::from("shatar-position.fen"),
        ),
    };
    match how {
        ExportHow::Copy => Effect::Copy(text),
        ExportHow::Download => Effect::Download { file_name, text },
    }
}

/// The game as PGN with the seven tags filled in as well as the page knows them.
pub fn pgn_text(state: &AppState) -> String {
    let name = |color: Color| {
        (state.board.game().player_name(color)).unwrap_or_else(|| name_of(state, color))
    };
    let mut tags = vec![
        ("Event", String::from("Casual game")),
        ("Site", String::from("Shatar")),
        ("Date", state.session.date.clone()),
        ("White", name(Color::White)),
        ("Black", name(Color::Black)),
    ];
    match state.session.setup.time_control.control() {
        None => tags.push(("TimeControl", String::from("-"))),
        Some(control) => {
            if let Some(tc) = control.pgn_tag() {
                tags.push(("TimeControl", tc));
            }
            if let Some((name, value)) = control.pgn_extra_tag() {
                tags.push((name, value));
            }
        }
    }
    let marks = state
        .session
        .timing
        .as_ref()
        .map_or(&[][..], |t| &t.marks[..]);
    state.board.game().pgn(
        &tags,
        marks,
        &state.session.offers,
        state.move_style().xiangqi,
    )
}

/// A player's name in the PGN the page writes, when the record gives none.
fn name_of(state: &AppState, color: Color) -> String {
    match (state.session.human, state.session.setup.opponent) {
        (Some(h), _) if h == color => String::from("Player"),
        (Some(_), Opponent::Computer { level }) => format!("Shatar level {level}"),
        _ => String::from(color.fold(
            if state.board.game().kind() == GameKind::Xiangqi {
                "Red"
            } else {
                "White"
            },
            "Black",
        )),
    }
}
