//! A notice in words: the state keeps what happened ([`Notice`]), and this turns it into the
//! language shown each time the page is drawn.

use shatar_rules::GameKind;

use crate::i18n::Lang;
use crate::names::side_name;
use crate::state::{Notice, NoticeLevel, SET_ASIDE_KEY};
use crate::{t, tf};

/// What the notice line shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeView {
    pub level: NoticeLevel,
    pub text: String,
    /// The notice offers to try the engine again.
    pub retry: bool,
}

pub fn notice_view(lang: Lang, game: GameKind, notice: &Notice) -> NoticeView {
    NoticeView {
        level: notice.level(),
        text: words(lang, game, notice),
        retry: notice.offers_retry(),
    }
}

fn words(lang: Lang, game: GameKind, notice: &Notice) -> String {
    match notice {
        Notice::Imported => t!(lang, "notice.imported").to_string(),
        Notice::GameForked => t!(lang, "notice.game-forked").to_string(),
        Notice::RestoreFailed { error } => tf!(
            lang,
            "notice.restore-failed",
            error = error,
            key = SET_ASIDE_KEY
        ),
        Notice::RepetitionWarning { loser, ruling } => tf!(
            lang,
            "notice.repetition-warning",
            side = side_name(lang, game, *loser),
            ruling = ruling
        ),
        Notice::EngineFailed { reason } => tf!(lang, "notice.engine-failed", reason = reason),
        Notice::EngineImpossible { mv, error } => {
            tf!(lang, "notice.engine-impossible", move = mv, error = error)
        }
        Notice::ClaimRejected { credited: None } => t!(lang, "notice.claim-rejected").to_string(),
        Notice::ClaimRejected {
            credited: Some(side),
        } => tf!(
            lang,
            "notice.claim-rejected-time",
            side = side_name(lang, game, *side)
        ),
        Notice::ComputerAccepts => t!(lang, "notice.computer-accepts").to_string(),
        Notice::ComputerDeclines => t!(lang, "notice.computer-declines").to_string(),
    }
}
