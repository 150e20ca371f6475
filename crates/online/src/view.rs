//! What the online page shows, as plain data computed from the [`Model`]: the DOM layer
//! compares one view with the last and touches only what differs. Every text is worded
//! here, in the page's language; names and links are shown as text, never as markup.

use shatar_protocol::online::ErrorKind;
use shatar_rules::Color;
use shatar_web::i18n::Lang;
use shatar_web::view::clocks::clock_text;
use shatar_web::view::{
    BoardView, MoveRow, PromotionView, board, game_result_text, move_rows, promotion_view,
    side_name,
};
use shatar_web::{t, tf};

use crate::address::{challenge_link, game_link};
use crate::model::{Link, Model, Problem, Screen};

/// Which part of the page is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Start,
    Waiting,
    Joining,
    Table,
}

impl Part {
    /// The `data-part` of the section shown.
    pub fn id(self) -> &'static str {
        match self {
            Part::Start => "start",
            Part::Waiting => "waiting",
            Part::Joining => "joining",
            Part::Table => "table",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineView {
    pub part: Part,
    /// `connecting`, `ready`, `lost` or `none`: for the stylesheet and the tests.
    pub link_state: &'static str,
    pub link_text: String,
    pub problem: Option<String>,
    /// The challenge's link, while waiting for someone to open it.
    pub challenge_link: Option<String>,
    pub table: Option<TableView>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub board: BoardView,
    pub promotion: Option<PromotionView>,
    pub rows: Vec<MoveRow>,
    pub shown_ply: usize,
    /// The names at the top and at the bottom of the board.
    pub names: (String, String),
    /// The clocks at the top and at the bottom, and whether each runs.
    pub clocks: ((String, bool), (String, bool)),
    pub status: String,
    pub result: Option<String>,
    pub can_resign: bool,
    pub watch_link: String,
}

/// The page's view; `page_url` is the online page's address without its query.
pub fn view(model: &Model, page_url: &str) -> OnlineView {
    let lang = model.app.prefs.lang;
    let (link_state, link_text) = match model.link {
        Link::Connecting => ("connecting", t!(lang, "online.connecting")),
        Link::Ready => ("ready", t!(lang, "online.ready")),
        Link::Lost { ever: true, .. } => ("lost", t!(lang, "online.reconnecting")),
        Link::Lost { ever: false, .. } => ("none", t!(lang, "online.no-server")),
    };
    let part = match &model.screen {
        Screen::Start => Part::Start,
        Screen::Waiting { .. } => Part::Waiting,
        Screen::Joining => Part::Joining,
        Screen::Table(_) => Part::Table,
    };
    OnlineView {
        part,
        link_state,
        link_text: link_text.to_string(),
        problem: model.problem.as_ref().map(|p| problem_text(lang, p)),
        challenge_link: match &model.screen {
            Screen::Waiting { challenge } => Some(challenge_link(page_url, *challenge)),
            _ => None,
        },
        table: table_view(model, page_url),
    }
}

fn table_view(model: &Model, page_url: &str) -> Option<TableView> {
    let table = model.table()?;
    let app = &model.app;
    let lang = app.prefs.lang;
    let bottom = app.ui.orientation;
    let top = bottom.other();
    let name = |c: Color| match table.seat {
        Some(seat) if seat == c => t!(lang, "player.you").to_string(),
        Some(_) => t!(lang, "online.opponent").to_string(),
        None => side_name(lang, table.kind, c).to_string(),
    };
    let (white_ms, black_ms, running) = model.clocks()?;
    let clock = |c: Color| {
        let ms = c.fold(white_ms, black_ms);
        (clock_text(ms), running == Some(c))
    };
    let result = app
        .session
        .game
        .outcome()
        .map(|o| game_result_text(lang, &app.session.game, o, app.prefs.looks.points));
    let status = match table.seat {
        None => t!(lang, "online.watching").to_string(),
        Some(_) if result.is_some() => String::new(),
        Some(seat) if app.session.game.turn() == seat => t!(lang, "online.your-move").to_string(),
        Some(_) => t!(lang, "online.their-move").to_string(),
    };
    let status = match table.seat {
        Some(seat) => {
            let side = side_name(lang, table.kind, seat).to_lowercase();
            let you_play = tf!(lang, "online.you-play", side = side);
            format!("{you_play} {status}").trim().to_string()
        }
        None => status,
    };
    Some(TableView {
        board: board(app),
        promotion: app.ui.promotion.as_ref().map(|p| promotion_view(app, p)),
        rows: move_rows(app),
        shown_ply: app.shown_ply(),
        names: (name(top), name(bottom)),
        clocks: (clock(top), clock(bottom)),
        status,
        can_resign: table.seat.is_some() && result.is_none(),
        result,
        watch_link: game_link(page_url, table.game),
    })
}

fn problem_text(lang: Lang, problem: &Problem) -> String {
    match problem {
        Problem::BadAddress(error) => tf!(lang, "online.bad-address", error = error),
        Problem::Refused(error) => tf!(lang, "online.refused", error = error_text(lang, error)),
        Problem::Unreadable(error) => tf!(lang, "online.unreadable", error = error),
    }
}

/// A refusal in the page's language; the rarer ones, which only a bug or another program
/// causes, in the server's own words.
fn error_text(lang: Lang, error: &ErrorKind) -> String {
    let key = match error {
        ErrorKind::UnknownChallenge => t!(lang, "online.error.unknown-challenge"),
        ErrorKind::OwnChallenge => t!(lang, "online.error.own-challenge"),
        ErrorKind::UnknownGame => t!(lang, "online.error.unknown-game"),
        ErrorKind::NotYourTurn | ErrorKind::StalePly { .. } => {
            t!(lang, "online.error.not-your-turn")
        }
        ErrorKind::IllegalMove { .. } => t!(lang, "online.error.illegal"),
        ErrorKind::GameOver { .. } => t!(lang, "online.error.game-over"),
        ErrorKind::Unavailable => t!(lang, "online.error.unavailable"),
        ErrorKind::VersionMismatch { .. } => t!(lang, "online.error.version"),
        other => return other.to_string(),
    };
    key.to_string()
}
