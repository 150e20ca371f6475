//! The status line: whose turn it is and what they may do, or how the game ended.

use shatar_rules::GameKind;

use crate::board::{Play, Status};
use crate::game::Game;
use crate::i18n::Lang;
use crate::names::{result_text, side_name};
use crate::settings::Points;
use crate::state::AppState;
use crate::{t, tf};
use shatar_rules::GameMove;

pub(crate) fn status(state: &AppState) -> String {
    status_text(state.prefs.lang, state.board.game().kind(), &state.status())
}

/// The status line in words: "Your move", "Black to move: check".
pub fn status_text(lang: Lang, kind: GameKind, status: &Status) -> String {
    let (side, check, play) = match status {
        Status::Over {
            outcome,
            ruling,
            points,
        } => return result_words(lang, kind, *outcome, ruling.as_deref(), *points),
        Status::Browsing { ply, total } => {
            return tf!(
                lang,
                "status.viewing",
                ply = ply.to_string(),
                total = total.to_string()
            );
        }
        Status::OverTheBoard => return t!(lang, "status.over-the-board").to_string(),
        Status::Playing { side, check, play } => (side_name(lang, kind, *side), *check, *play),
    };
    let long = |m: GameMove| format!("{}-{}", m.from().name(kind), m.to().name(kind));
    let text = match play {
        Play::ComputerThinking => t!(lang, "status.computer-thinking").to_string(),
        Play::OpensWith(a, b) => tf!(
            lang,
            "status.opens-with",
            side = side,
            first = long(a),
            second = long(b)
        ),
        Play::MustPlay(only) => tf!(lang, "status.must-play", side = side, move = long(only)),
        Play::YourMove => t!(lang, "status.your-move").to_string(),
        Play::ToMove => tf!(lang, "status.to-move", side = side),
    };
    if check {
        tf!(lang, "status.check", status = text)
    } else {
        text
    }
}

/// How `game` ended, with the Xiangqi repetition ruling that decided it, if one did, and
/// the match points when `points` asks for them ("Red wins by checkmate (2–0)").
pub fn game_result_text(
    lang: Lang,
    game: &Game,
    outcome: shatar_rules::Outcome,
    points: Points,
) -> String {
    let ruling = game.ruling();
    result_words(lang, game.kind(), outcome, ruling.as_deref(), points)
}

fn result_words(
    lang: Lang,
    kind: GameKind,
    outcome: shatar_rules::Outcome,
    ruling: Option<&str>,
    points: Points,
) -> String {
    let result = result_text(lang, outcome, kind);
    let result = match points {
        Points::None => result,
        Points::TwoOneZero => {
            let (white, black) = match outcome.result {
                shatar_rules::GameResult::WhiteWins => (2, 0),
                shatar_rules::GameResult::BlackWins => (0, 2),
                shatar_rules::GameResult::Draw => (1, 1),
            };
            tf!(
                lang,
                "result.points",
                result = result,
                white = white.to_string(),
                black = black.to_string()
            )
        }
    };
    match ruling {
        Some(ruling) => tf!(lang, "result.ruling", result = result, ruling = ruling),
        None => result,
    }
}
