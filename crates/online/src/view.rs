//! What the online page shows, as plain data computed from the [`Model`]: the DOM layer
//! compares one view with the last and touches only what differs. Every text is worded
//! here, in the page's language; names and links are shown as text, never as markup.

use shatar_protocol::online::{
    ABSENCE_CLAIM_MS, ColorChoice, EndNote, ErrorKind, Proposal, Speed, TimeControlWire,
};
use shatar_rules::Color;
use shatar_rules::MoveStyle;
use shatar_web::board::view::view as board_view;
use shatar_web::board::{BoardView, PromotionView, promotion_view};
use shatar_web::i18n::Lang;
use shatar_web::settings::TimeControl;
use shatar_web::view::clocks::clock_text;
use shatar_web::view::moves::announcement;
use shatar_web::view::{MoveRow, game_result_text, move_rows_of, ruleset_name, side_name};
use shatar_web::{t, tf};

use crate::address::{challenge_link, game_link};
use crate::model::{Home, Link, Model, Problem, Screen};

/// Which part of the page is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Start,
    Waiting,
    Joining,
    Followed,
    Live,
}

impl Part {
    /// The `data-part` of the section shown.
    pub fn id(self) -> &'static str {
        match self {
            Part::Start => "start",
            Part::Waiting => "waiting",
            Part::Joining => "joining",
            Part::Followed => "table",
            Part::Live => "live",
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
    /// The link's QR code, for a phone's camera: its width in modules and an SVG path of
    /// its dark modules.
    pub challenge_qr: Option<(usize, String)>,
    pub followed: Option<FollowedView>,
    /// The lobby's open challenges, the player's own last.
    pub lobby: Vec<Row>,
    /// The player's unfinished games, those waiting for the player's move first.
    pub my_games: Vec<Row>,
    /// The live games being played, newest first.
    pub live: Vec<Row>,
    pub name: String,
    /// The link that moves this player to another device (its secret in the fragment).
    pub identity_link: Option<String>,
    /// The player's id, which a club lists its members' games by (no secret).
    pub player_id: Option<String>,
}

/// A line of the lobby or of the player's games, and what its button does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub text: String,
    /// `data-accept`, `data-cancel` or `data-open`, with the id it carries.
    pub action: (&'static str, String),
    pub button: String,
    /// The player's move is awaited (a game), or the challenge is the player's own.
    pub marked: bool,
}

/// What the table's buttons may do now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Can {
    pub resign: bool,
    pub offer_draw: bool,
    pub claim_draw: bool,
    pub take_back: bool,
    pub abort: bool,
    pub claim_absence: bool,
    /// The opponent has gone before the game got going: the claim aborts it.
    pub abort_absent: bool,
    pub rematch: bool,
    /// Back to the start: after the game, or between the moves of a correspondence game.
    pub leave: bool,
    /// Back to the list of live games the game was opened from.
    pub to_live: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowedView {
    pub board: BoardView,
    pub promotion: Option<PromotionView>,
    pub rows: Vec<MoveRow>,
    /// The last move played here, for a screen reader's live region.
    pub announcement: Option<String>,
    pub shown_ply: usize,
    /// The names at the top and at the bottom of the board.
    pub names: (String, String),
    /// The clocks at the top and at the bottom, and whether each runs.
    pub clocks: ((String, bool), (String, bool)),
    pub status: String,
    pub result: Option<String>,
    pub can: Can,
    /// The opponent's proposal waiting for the player's answer.
    pub asked: Option<(Proposal, String)>,
    /// What the player proposed, waiting for the opponent, or the last wrong claim.
    pub note: Option<String>,
    /// Which player has lost its connection, and what the opponent may do about it.
    pub presence: Option<String>,
    pub watch_link: String,
}

/// The page's view; `page_url` is the online page's address without its query.
pub fn view(model: &Model, page_url: &str) -> OnlineView {
    let lang = model.lang;
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
        Screen::Followed(_) => Part::Followed,
        Screen::Live => Part::Live,
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
        challenge_qr: match &model.screen {
            Screen::Waiting { challenge } => qr_path(&challenge_link(page_url, *challenge)),
            _ => None,
        },
        followed: followed_view(model, page_url),
        lobby: lobby_rows(model, lang),
        my_games: game_rows(model, lang),
        live: live_rows(model, lang),
        name: model.name.clone().unwrap_or_default(),
        identity_link: model
            .credentials()
            .map(|c| crate::address::identity_link(page_url, c)),
        player_id: model.player.map(|p| p.to_string()),
    }
}

/// The correspondence controls the challenge form offers, in days a move.
pub const CORRESPONDENCE_DAYS: [u32; 4] = [1, 3, 7, 14];

pub fn days_text(lang: Lang, days: u32) -> String {
    tf!(lang, "online.days", n = days.to_string())
}

/// The control of the challenge form's choice `id`: a preset's id, or `<n>d`.
pub fn control_of(id: &str) -> Option<TimeControlWire> {
    if let Some(days) = id.strip_suffix('d').and_then(|d| d.parse().ok()) {
        return Some(TimeControlWire {
            periods: Vec::new(),
            days_per_move: Some(days),
        });
    }
    Some(TimeControlWire::from_rules(
        &TimeControl::from_id(id)?.control()?,
    ))
}

/// The challenge link's QR code: shared with the event page.
pub use shatar_web::qr::qr_path;

fn control_text(lang: Lang, control: &TimeControlWire) -> String {
    if let Some(days) = control.days_per_move {
        return days_text(lang, days);
    }
    TimeControl::PRESETS
        .iter()
        .map(|&(_, tc)| tc)
        .find(|tc| {
            tc.control()
                .map(|c| TimeControlWire::from_rules(&c))
                .as_ref()
                == Some(control)
        })
        .map_or_else(
            || t!(lang, "time.custom").to_string(),
            |tc| tc.describe(lang),
        )
}

/// The live games, each to watch: its players, game, control and moves so far.
fn live_rows(model: &Model, lang: Lang) -> Vec<Row> {
    let anonymous = || t!(lang, "online.anonymous").to_string();
    model
        .live
        .iter()
        .map(|g| Row {
            text: tf!(
                lang,
                "online.live-row",
                white = g.white_name.clone().unwrap_or_else(anonymous),
                black = g.black_name.clone().unwrap_or_else(anonymous),
                game = ruleset_name(lang, g.kind),
                time = control_text(lang, &g.time_control),
                moves = g.plies.div_ceil(2).to_string()
            ),
            action: ("data-open", g.game.to_string()),
            button: t!(lang, "online.watch").to_string(),
            marked: false,
        })
        .collect()
}

fn lobby_rows(model: &Model, lang: Lang) -> Vec<Row> {
    let (others, own) = model.lobby_split();
    let row = |c: &shatar_protocol::online::LobbyChallenge, own: bool| {
        let who = c
            .name
            .clone()
            .unwrap_or_else(|| t!(lang, "online.anonymous").to_string());
        let side = match c.color {
            ColorChoice::White => side_name(lang, c.kind, Color::White).to_string(),
            ColorChoice::Black => side_name(lang, c.kind, Color::Black).to_string(),
            ColorChoice::Random => t!(lang, "side.random").to_string(),
        };
        Row {
            text: tf!(
                lang,
                "online.lobby-row",
                game = ruleset_name(lang, c.kind),
                time = control_text(lang, &c.time_control),
                who = who,
                side = side
            ),
            action: if own {
                ("data-cancel", c.challenge.to_string())
            } else {
                ("data-accept", c.challenge.to_string())
            },
            button: if own {
                t!(lang, "online.cancel").to_string()
            } else {
                t!(lang, "online.accept").to_string()
            },
            marked: own,
        }
    };
    others
        .into_iter()
        .map(|c| row(c, false))
        .chain(own.into_iter().map(|c| row(c, true)))
        .collect()
}

fn game_rows(model: &Model, lang: Lang) -> Vec<Row> {
    let mut games: Vec<_> = model.my_games.iter().collect();
    games.sort_by_key(|g| !g.your_move);
    games
        .into_iter()
        .map(|g| {
            let opponent = g
                .opponent_name
                .clone()
                .unwrap_or_else(|| t!(lang, "online.anonymous").to_string());
            let turn = if g.your_move {
                t!(lang, "online.your-move")
            } else {
                t!(lang, "online.their-move")
            };
            Row {
                text: tf!(
                    lang,
                    "online.game-row",
                    game = ruleset_name(lang, g.kind),
                    time = control_text(lang, &g.time_control),
                    opponent = opponent,
                    turn = turn
                ),
                action: ("data-open", g.game.to_string()),
                button: t!(lang, "online.open").to_string(),
                marked: g.your_move,
            }
        })
        .collect()
}

fn followed_view(model: &Model, page_url: &str) -> Option<FollowedView> {
    let followed = model.followed()?;
    let board = &model.board;
    let game = board.game();
    let lang = model.lang;
    let bottom = board.orientation();
    let top = bottom.other();
    let given = |c: Color| followed.names[usize::from(c == Color::Black)].clone();
    let name = |c: Color| match (followed.seat, given(c)) {
        (Some(seat), _) if seat == c => t!(lang, "player.you").to_string(),
        (_, Some(name)) => name,
        (Some(_), None) => t!(lang, "online.opponent").to_string(),
        (None, None) => side_name(lang, followed.kind, c).to_string(),
    };
    let (white_ms, black_ms, running) = model.clocks()?;
    let clock = |c: Color| {
        let ms = c.fold(white_ms, black_ms);
        let runs = running == Some(c);
        // Correspondence: each move has its days afresh, so the side not to move has them all.
        let text = match followed.time_control.days_per_move {
            Some(days) if !runs => days_text(lang, days),
            _ => clock_text(ms),
        };
        (text, runs)
    };
    let result = match (game.outcome(), followed.note) {
        (_, Some(EndNote::Aborted)) => Some(t!(lang, "online.aborted").to_string()),
        (Some(o), note) => {
            let text = game_result_text(lang, game, o, model.looks.points);
            Some(match note {
                Some(EndNote::Abandoned { .. }) => tf!(lang, "online.abandoned", result = text),
                _ => text,
            })
        }
        (None, _) => None,
    };
    let status = match followed.seat {
        None => t!(lang, "online.watching").to_string(),
        Some(_) if result.is_some() => String::new(),
        Some(seat) if game.turn() == seat => t!(lang, "online.your-move").to_string(),
        Some(_) => t!(lang, "online.their-move").to_string(),
    };
    let status = match followed.seat {
        Some(seat) => {
            let side = side_name(lang, followed.kind, seat).to_lowercase();
            let you_play = tf!(lang, "online.you-play", side = side);
            format!("{you_play} {status}").trim().to_string()
        }
        None => status,
    };
    let style = MoveStyle {
        letters: model.looks.notation.letters(lang),
        xiangqi: model.looks.xiangqi_notation.notation(lang),
    };
    Some(FollowedView {
        board: board_view(board, None),
        promotion: promotion_view(board),
        rows: move_rows_of(game, style),
        announcement: model.said.map(|said| announcement(lang, game.kind(), said)),
        shown_ply: board.shown_ply(),
        names: (name(top), name(bottom)),
        clocks: (clock(top), clock(bottom)),
        status,
        can: can(model, result.is_some()),
        asked: asked(model, lang),
        note: note(model, lang),
        presence: result.is_none().then(|| presence(model, lang)).flatten(),
        result,
        watch_link: game_link(page_url, followed.game),
    })
}

fn can(model: &Model, over: bool) -> Can {
    let Some(followed) = model.followed() else {
        return Can::default();
    };
    let Some(seat) = followed.seat else {
        let from_live = model.home == Home::Live;
        return Can {
            leave: !from_live,
            to_live: from_live,
            ..Can::default()
        };
    };
    let game = model.board.game();
    let mine = |p: Proposal| followed.proposals.contains(&(seat, p));
    let live = !over;
    let my_turn = game.turn() == seat;
    // An abort is for a game the player has not yet moved in (White moves at even plies).
    let moved = game.len() > usize::from(seat == Color::Black);
    let absent = absence_wait_ms(model) == Some(0);
    let begun = game.len() >= followed.absence_claims_from;
    Can {
        resign: live,
        offer_draw: live && !mine(Proposal::Draw),
        claim_draw: live && my_turn && game.claimable_draw().is_some(),
        take_back: live && !game.is_empty() && !mine(Proposal::Takeback),
        abort: live && !moved,
        claim_absence: live && !my_turn && absent && begun,
        abort_absent: live && !my_turn && absent && !begun,
        rematch: over && !mine(Proposal::Rematch),
        leave: over || followed.time_control.days_per_move.is_some(),
        to_live: false,
    }
}

/// How long until the player may claim the game of its opponent who has gone (0: now);
/// `None` when the opponent is there, when watching, and in correspondence, which has
/// no such claims.
fn absence_wait_ms(model: &Model) -> Option<u64> {
    let followed = model.followed()?;
    let opponent = followed.seat?.other();
    let absence = followed.gone[usize::from(opponent == Color::Black)]?;
    let gone = absence.at(model.now_ms);
    match followed.time_control.days_per_move {
        Some(_) => None,
        None => Some(ABSENCE_CLAIM_MS.saturating_sub(gone)),
    }
}

/// Who is gone from a game still being played, worded for a player or a spectator.
fn presence(model: &Model, lang: Lang) -> Option<String> {
    let followed = model.followed()?;
    let gone = |c: Color| followed.gone[usize::from(c == Color::Black)].is_some();
    let Some(seat) = followed.seat else {
        let sides: Vec<String> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| gone(c))
            .map(|c| {
                tf!(
                    lang,
                    "online.gone.side",
                    side = side_name(lang, followed.kind, c)
                )
            })
            .collect();
        return (!sides.is_empty()).then(|| sides.join(" "));
    };
    if !gone(seat.other()) {
        return None;
    }
    let my_turn = model.board.game().turn() == seat;
    Some(match absence_wait_ms(model) {
        None => t!(lang, "online.gone.offline").to_string(),
        Some(_) if my_turn => t!(lang, "online.gone.left").to_string(),
        Some(0) if model.board.game().len() < followed.absence_claims_from => {
            t!(lang, "online.gone.abort").to_string()
        }
        Some(0) => t!(lang, "online.gone.claim").to_string(),
        Some(ms) => {
            let seconds = ms.div_ceil(1000).to_string();
            tf!(lang, "online.gone.wait", seconds = seconds)
        }
    })
}

/// The opponent's proposal, worded, for the player to answer.
fn asked(model: &Model, lang: Lang) -> Option<(Proposal, String)> {
    let followed = model.followed()?;
    let seat = followed.seat?;
    let &(_, proposal) = followed.proposals.iter().find(|(by, _)| *by != seat)?;
    let text = match proposal {
        Proposal::Draw => t!(lang, "online.asked.draw"),
        Proposal::Takeback => t!(lang, "online.asked.takeback"),
        Proposal::Rematch => t!(lang, "online.asked.rematch"),
    };
    Some((proposal, text.to_string()))
}

/// What the player is waiting for, or the last wrong claim.
fn note(model: &Model, lang: Lang) -> Option<String> {
    let followed = model.followed()?;
    if let Some((by, ms)) = followed.refused_claim {
        let seconds = (ms / 1000).to_string();
        let side = side_name(lang, followed.kind, by);
        return Some(tf!(
            lang,
            "online.claim-refused",
            side = side,
            seconds = seconds
        ));
    }
    let seat = followed.seat?;
    let &(_, proposal) = followed.proposals.iter().find(|(by, _)| *by == seat)?;
    Some(
        match proposal {
            Proposal::Draw => t!(lang, "online.proposed.draw"),
            Proposal::Takeback => t!(lang, "online.proposed.takeback"),
            Proposal::Rematch => t!(lang, "online.proposed.rematch"),
        }
        .to_string(),
    )
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
        ErrorKind::OpponentPresent { wait_ms: Some(ms) } => {
            let seconds = ms.div_ceil(1000).to_string();
            return tf!(lang, "online.error.opponent-present", seconds = seconds);
        }
        ErrorKind::TooLateToAbort => t!(lang, "online.error.too-late-to-abort"),
        ErrorKind::EventGame => t!(lang, "online.error.event-game"),
        ErrorKind::NothingToTakeBack => t!(lang, "online.error.nothing-to-take-back"),
        ErrorKind::WrongClaim { .. } => t!(lang, "online.error.wrong-claim"),
        ErrorKind::RateLimited { .. } | ErrorKind::TooManyConnections { .. } => {
            t!(lang, "online.error.busy")
        }
        ErrorKind::TooManyChallenges { max } => {
            return tf!(
                lang,
                "online.error.too-many-challenges",
                max = max.to_string()
            );
        }
        ErrorKind::TooManyGames { max } => {
            return tf!(lang, "online.error.too-many-games", max = max.to_string());
        }
        other => return other.to_string(),
    };
    key.to_string()
}

/// The lobby filter's speed as its select names it.
pub fn speed_of(value: &str) -> Option<Speed> {
    Some(match value {
        "bullet" => Speed::Bullet,
        "blitz" => Speed::Blitz,
        "rapid" => Speed::Rapid,
        "classical" => Speed::Classical,
        "correspondence" => Speed::Correspondence,
        _ => return None,
    })
}
