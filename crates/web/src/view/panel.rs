//! Everything beside the board, as one value the DOM layer compares with the last: the
//! title and status, the players, the move list, the buttons that work, the notice, the
//! clocks and the live region's texts.

use shatar_rules::{Color, GameKind};

use super::analysis::{AnalysisView, analysis_view};
use super::clocks::{ClockView, clock_view, moves_made, time_warning};
use super::games;
use super::moves::{MoveRow, move_announcement, move_rows};
use super::notices::{NoticeView, notice_view};
use super::status::{game_result_text, status};
use super::typed;
use crate::board::{PromotionView, promotion_view};
use crate::i18n::Lang;
use crate::names::{ruleset_name, side_name};
use crate::state::{AppState, Dialog, Hint, Update};
use crate::{t, tf};
use shatar_rules::MoveStyle;

/// Everything beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelView {
    pub title: String,
    pub status: String,
    /// The result with its reason, once the game is over.
    pub result: Option<String>,
    pub moves: Vec<MoveRow>,
    /// The language of the move list's piece letters, when not the page's.
    pub moves_lang: Option<Lang>,
    /// The ply shown (0: the start), to highlight in the move list.
    pub shown_ply: usize,
    pub can_go_back: bool,
    pub can_go_forward: bool,
    pub can_take_back: bool,
    pub can_resign: bool,
    pub can_hint: bool,
    pub hint: Option<String>,
    pub thinking: bool,
    pub analysis: Option<AnalysisView>,
    pub promotion: Option<PromotionView>,
    pub dialog: Option<Dialog>,
    pub notice: Option<NoticeView>,
    pub engine: String,
    pub players: (String, String),
    pub sound: bool,
    /// The mute switch's text: "Sound: on".
    pub sound_label: &'static str,
    /// White's and Black's clocks, in a timed game.
    pub clocks: Option<(ClockView, ClockView)>,
    pub clock_paused: bool,
    /// Whether the game's rules have draw claims at all (the 2017 rules, FIDE); the folk
    /// rules and Xiangqi end their draws by themselves, so their claim buttons are hidden.
    pub has_claims: bool,
    pub can_claim: bool,
    pub claim_armed: bool,
    pub can_offer: bool,
    /// "White offers a draw", while an offer waits.
    pub offer: Option<String>,
    /// The page is only the clock of a game on a real board.
    pub clock_only: bool,
    /// Moves made on each side's clock, over the board: "3 moves".
    pub presses: (String, String),
    /// The side the computer plays, if it plays.
    pub computer: Option<Color>,
    /// The offer's answer is for someone at this device (two players; the computer
    /// answers its own).
    pub offer_answerable: bool,
    /// A new version of the site waits for the player's word.
    pub update: Option<UpdatePrompt>,
    /// The last move, for the screen reader's live region.
    pub announcement: Option<String>,
    /// The typed move box's answer.
    pub typed_reply: Option<String>,
    /// "White: less than 10 seconds", while the running clock is low, for the live region.
    pub time_warning: Option<String>,
    /// The game is not being saved: why, and how to keep it.
    pub save_failed: Option<String>,
    /// The other games in progress, and the button that lists them.
    pub others: Vec<games::OtherGame>,
    pub others_button: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdatePrompt {
    pub text: &'static str,
    /// The Reload button works until it has been pressed once.
    pub can_reload: bool,
}

fn update_prompt(lang: Lang, update: Update) -> UpdatePrompt {
    match update {
        Update::Ready => UpdatePrompt {
            text: t!(lang, "update.ready"),
            can_reload: true,
        },
        Update::Applying => UpdatePrompt {
            text: t!(lang, "update.applying"),
            can_reload: false,
        },
    }
}

pub fn panel(state: &AppState) -> PanelView {
    let game = state.board.game();
    let (save_failed, others, others_button) = (
        games::save_failed(state),
        games::others(state),
        games::others_button(state),
    );
    let kind = game.kind();
    let outcome = game.outcome();
    let shown = state.shown_ply();
    let lang = state.prefs.lang;
    PanelView {
        announcement: move_announcement(game, lang),
        typed_reply: state
            .board
            .typed_reply()
            .map(|r| typed::reply_text(lang, r)),
        time_warning: time_warning(state),
        save_failed,
        others,
        others_button,
        title: ruleset_name(lang, kind).to_string(),
        status: status(state),
        result: outcome.map(|o| game_result_text(lang, game, o, state.prefs.looks.points)),
        moves: move_rows(state),
        moves_lang: match kind {
            GameKind::Board8(_) => lang.other_letters(state.letters()),
            GameKind::Xiangqi => None,
        },
        shown_ply: shown,
        can_go_back: shown > 0,
        can_go_forward: shown < game.len(),
        can_take_back: state.can_take_back(),
        can_resign: outcome.is_none() && !game.is_empty(),
        can_hint: state.can_move() && state.ui.hint.is_none(),
        hint: match &state.ui.hint {
            Some(Hint::Thinking) => Some(t!(lang, "hint.thinking").to_string()),
            Some(Hint::Move { mv }) => {
                let text = game.position().write(*mv, MoveStyle::PLAIN);
                Some(tf!(lang, "hint.move", move = state.render_plain(&text, game.turn())))
            }
            None => None,
        },
        thinking: state.computer_thinking(),
        analysis: state
            .searches
            .analysis
            .as_ref()
            .map(|a| analysis_view(state, a)),
        promotion: promotion_view(&state.board),
        dialog: state.ui.dialog.clone(),
        notice: state
            .ui
            .notice
            .as_ref()
            .map(|n| notice_view(state.prefs.lang, state.board.game().kind(), n)),
        engine: engine_text(state),
        players: players(state),
        sound: state.prefs.looks.sound,
        sound_label: if state.prefs.looks.sound {
            t!(lang, "sound.on")
        } else {
            t!(lang, "sound.off")
        },
        clocks: state.session.timing.as_ref().map(|t| {
            (
                clock_view(lang, kind, t, Color::White, state.now_ms),
                clock_view(lang, kind, t, Color::Black, state.now_ms),
            )
        }),
        clock_paused: state
            .session
            .timing
            .as_ref()
            .is_some_and(|t| t.clock.is_paused())
            && outcome.is_none(),
        has_claims: state.board.game().has_claims(),
        can_claim: crate::state::can_claim(state),
        claim_armed: state.session.claim_armed,
        can_offer: crate::state::can_offer(state),
        offer: state
            .session
            .draw_offer
            .map(|o| tf!(lang, "offer.text", side = side_name(lang, kind, o.by))),
        offer_answerable: state.session.draw_offer.is_some() && state.session.human.is_none(),
        update: state.update.map(|u| update_prompt(lang, u)),
        clock_only: state.clock_only(),
        // One mark per press, White's first.
        presses: {
            let n = state.session.timing.as_ref().map_or(0, |t| t.marks.len());
            (moves_made(lang, n.div_ceil(2)), moves_made(lang, n / 2))
        },
        computer: match state.session.setup.opponent {
            crate::settings::Opponent::Computer { .. } => state.session.human.map(Color::other),
            _ => None,
        },
    }
}

fn players(state: &AppState) -> (String, String) {
    use crate::settings::Opponent;
    let lang = state.prefs.lang;
    let name = |c: Color| {
        // An imported record's names (shown as text, never as markup).
        if let Some(given) = state.board.game().player_name(c) {
            return given;
        }
        match (state.session.human, state.session.setup.opponent) {
            (Some(h), _) if h == c => t!(lang, "player.you").to_string(),
            (Some(_), Opponent::Computer { level }) => {
                tf!(lang, "player.computer", level = level.to_string())
            }
            _ => side_name(lang, state.board.game().kind(), c).to_string(),
        }
    };
    (name(Color::White), name(Color::Black))
}

fn engine_text(state: &AppState) -> String {
    use crate::engine_client::EngineStatus;
    let lang = state.prefs.lang;
    match &state.searches.engine_status {
        EngineStatus::Starting => t!(lang, "engine.starting").to_string(),
        // Ready, but a search failed for good and is not tried again until the player asks.
        EngineStatus::Ready if state.engine_gave_up() => t!(lang, "engine.failed").to_string(),
        EngineStatus::Ready => t!(lang, "engine.ready").to_string(),
        EngineStatus::Thinking => t!(lang, "engine.thinking").to_string(),
        EngineStatus::Restarting { reason } => tf!(lang, "engine.restarting", reason = reason),
        EngineStatus::Unavailable { reason } => tf!(lang, "engine.unavailable", reason = reason),
    }
}
