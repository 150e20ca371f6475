//! The page's words: games, systems, time controls, tie-breaks, the server's refusals
//! and the forms' complaints, in the page's language.

use shatar_protocol::events::{EventError, SystemWire};
use shatar_protocol::online::{BonusWire, TimeControlWire};
use shatar_rules::{GameKind, Ruleset};
use shatar_web::i18n::Lang;
use shatar_web::{t, tf};

use crate::forms::Why;
use crate::model::Problem;

pub fn game_name(lang: Lang, game: GameKind) -> &'static str {
    match game {
        GameKind::Board8(Ruleset::Mongolian) => t!(lang, "ruleset.mongolian"),
        GameKind::Board8(Ruleset::MongolianFolk) => t!(lang, "ruleset.mongolian-folk"),
        GameKind::Board8(Ruleset::Chess) => t!(lang, "ruleset.chess"),
        GameKind::Xiangqi => t!(lang, "ruleset.xiangqi"),
    }
}

pub(super) fn system_name(lang: Lang, system: SystemWire) -> &'static str {
    match system {
        SystemWire::Dutch => t!(lang, "event.system-dutch"),
        SystemWire::Axf => t!(lang, "event.system-axf"),
        SystemWire::RoundRobin => t!(lang, "event.system-round-robin"),
        SystemWire::DoubleRoundRobin => t!(lang, "event.system-double-round-robin"),
        SystemWire::Knockout => t!(lang, "event.system-knockout"),
    }
}

fn minutes(lang: Lang, ms: u64) -> String {
    if ms.is_multiple_of(60_000) {
        tf!(lang, "time.minutes", n = (ms / 60_000).to_string())
    } else {
        tf!(lang, "time.seconds", n = (ms / 1000).to_string())
    }
}

/// A time control in words: `15 min + 10 s`.
pub fn control_text(lang: Lang, control: &TimeControlWire) -> String {
    if let Some(days) = control.days_per_move {
        return tf!(lang, "event.days-per-move", n = days.to_string());
    }
    let periods: Vec<String> = control
        .periods
        .iter()
        .map(|p| {
            let base = minutes(lang, p.base_ms);
            let base = match p.moves {
                Some(n) => tf!(lang, "time.moves-in", n = n.to_string(), time = base),
                None => base,
            };
            match p.bonus {
                BonusWire::None => base,
                BonusWire::Increment { ms } => {
                    tf!(
                        lang,
                        "time.increment",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
                BonusWire::SimpleDelay { ms } => {
                    tf!(
                        lang,
                        "time.delay",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
                BonusWire::Bronstein { ms } => {
                    tf!(
                        lang,
                        "time.bronstein",
                        base = base,
                        bonus = (ms / 1000).to_string()
                    )
                }
            }
        })
        .collect();
    match periods.as_slice() {
        [] => t!(lang, "time.untimed").to_string(),
        [one] => one.clone(),
        [first, rest @ ..] => tf!(lang, "time.then", first = first, second = rest.join(", ")),
    }
}

/// What a tie-break column is (its code as C.07 and TRF-2026 write it, with its
/// modifiers: `BH/C1`), for the column's tooltip and the table's notes.
pub fn tie_break_text(lang: Lang, label: &str) -> String {
    let (code, modifiers) = label.split_once('/').unwrap_or((label, ""));
    let name = match code {
        "DE" => t!(lang, "event.tb-de"),
        "WIN" => t!(lang, "event.tb-win"),
        "WON" => t!(lang, "event.tb-won"),
        "BPG" => t!(lang, "event.tb-bpg"),
        "BWG" => t!(lang, "event.tb-bwg"),
        "GE" => t!(lang, "event.tb-ge"),
        "PS" => t!(lang, "event.tb-ps"),
        "BH" | "对手分" => t!(lang, "event.tb-bh"),
        "FB" => t!(lang, "event.tb-fb"),
        "AOB" => t!(lang, "event.tb-aob"),
        "SB" | "小分" => t!(lang, "event.tb-sb"),
        "KS" => t!(lang, "event.tb-ks"),
        "ARO" => t!(lang, "event.tb-aro"),
        "TPR" => t!(lang, "event.tb-tpr"),
        "PTP" => t!(lang, "event.tb-ptp"),
        "APRO" => t!(lang, "event.tb-apro"),
        "APPO" => t!(lang, "event.tb-appo"),
        "FOUL" => t!(lang, "event.tb-foul"),
        "DEB" => t!(lang, "event.tb-deb"),
        _ => return label.to_string(),
    };
    let mut text = name.to_string();
    for m in modifiers.split('/').filter(|m| !m.is_empty()) {
        let n = m.get(1..).unwrap_or_default();
        let part = match m.chars().next() {
            Some('C') if !n.is_empty() => tf!(lang, "event.tb-cut", n = n),
            Some('M') if !n.is_empty() => tf!(lang, "event.tb-median", n = n),
            _ => m.to_string(),
        };
        text = format!("{text} ({part})");
    }
    text
}

pub(super) fn field_name(lang: Lang, field: &str) -> &'static str {
    match field {
        "name" => t!(lang, "event.field-name"),
        "rating" => t!(lang, "event.field-rating"),
        "rounds" => t!(lang, "event.field-rounds"),
        "round" => t!(lang, "event.field-round"),
        "board" => t!(lang, "event.field-board"),
        "player" => t!(lang, "event.field-player"),
        "result" => t!(lang, "event.field-result"),
        "boards" => t!(lang, "event.field-boards"),
        "amount" => t!(lang, "event.field-amount"),
        "base_minutes" | "increment_seconds" => t!(lang, "event.field-time"),
        "no_show_minutes" => t!(lang, "event.field-no-show"),
        "late_entry_until" => t!(lang, "event.field-late"),
        _ => t!(lang, "event.field-other"),
    }
}

/// The server's refusal in the page's language. The reasons the pairing crate gives (a
/// refused pairing, a tie-break unknown) are its own words, quoted.
pub fn error_text(lang: Lang, error: &EventError) -> String {
    let n = |v: u32| v.to_string();
    match error {
        EventError::Malformed { detail } => tf!(lang, "event.error-malformed", detail = detail),
        EventError::TooLarge { max_bytes } => {
            tf!(lang, "event.error-too-large", max = max_bytes.to_string())
        }
        EventError::VersionMismatch { .. } => t!(lang, "event.error-version").into(),
        EventError::UnknownEvent => t!(lang, "event.error-unknown-event").into(),
        EventError::NotDirector => t!(lang, "event.error-not-director").into(),
        EventError::BadCredentials => t!(lang, "event.error-bad-credentials").into(),
        EventError::BadText { field, .. } | EventError::BadSetting { field, .. } => {
            let why = match error {
                EventError::BadSetting { why, .. } => why.clone(),
                _ => String::new(),
            };
            tf!(
                lang,
                "event.error-bad-field",
                field = field_name(lang, field),
                why = why
            )
        }
        EventError::BadTieBreak { why } => tf!(lang, "event.error-tie-break", why = why),
        EventError::TooManyPlayers { max } => {
            tf!(lang, "event.error-too-many-players", max = n(*max))
        }
        EventError::TooManyRounds { max } => {
            tf!(lang, "event.error-too-many-rounds", max = n(*max))
        }
        EventError::TooManyEntries { max } => tf!(lang, "event.error-log-full", max = n(*max)),
        EventError::RateLimited { retry_after_ms } => tf!(
            lang,
            "event.error-rate-limited",
            s = retry_after_ms.div_ceil(1000).to_string()
        ),
        EventError::UnknownPlayer { player } => {
            tf!(lang, "event.error-unknown-player", player = n(*player))
        }
        EventError::UnknownRound { round } => {
            tf!(lang, "event.error-unknown-round", round = n(*round))
        }
        EventError::UnknownBoard { round, board } => tf!(
            lang,
            "event.error-unknown-board",
            round = n(*round),
            board = n(*board)
        ),
        EventError::NotNextRound { expected } => {
            tf!(lang, "event.error-not-next-round", round = n(*expected))
        }
        EventError::RoundNotFinished { round, boards } => {
            let boards: Vec<String> = boards.iter().map(|b| b.to_string()).collect();
            tf!(
                lang,
                "event.error-round-not-finished",
                round = n(*round),
                boards = lang.list(&boards)
            )
        }
        EventError::NoMoreRounds { rounds } => {
            tf!(lang, "event.error-no-more-rounds", rounds = n(*rounds))
        }
        EventError::CannotPair { why } => tf!(lang, "event.error-cannot-pair", why = why),
        EventError::BadPairing { why } => tf!(lang, "event.error-bad-pairing", why = why),
        EventError::RoundStarted { round } => {
            tf!(lang, "event.error-round-started", round = n(*round))
        }
        EventError::OrderLocked => t!(lang, "event.error-order-locked").into(),
        EventError::LateEntryClosed { round } => {
            tf!(lang, "event.error-late-closed", round = n(*round))
        }
        EventError::AlreadyJoined { number } => {
            tf!(lang, "event.error-already-joined", number = n(*number))
        }
        EventError::NotOnline => t!(lang, "event.error-not-online").into(),
        EventError::RoundPaired { round } => {
            tf!(lang, "event.error-round-paired", round = n(*round))
        }
        EventError::ResultChanged { .. } => t!(lang, "event.error-result-changed").into(),
        EventError::ReasonRequired => t!(lang, "event.error-reason").into(),
        EventError::TieBreakWinner => t!(lang, "event.error-tie-break-winner").into(),
        EventError::Ended => t!(lang, "event.error-ended").into(),
        EventError::Withdrawn { round } => tf!(lang, "event.error-withdrawn", round = n(*round)),
        EventError::Busy | EventError::Unavailable => t!(lang, "event.error-busy").into(),
    }
}

pub(super) fn problem_text(lang: Lang, problem: &Problem) -> String {
    match problem {
        Problem::BadAddress(what) => tf!(lang, "event.bad-address", what = what),
        Problem::Refused(e) => error_text(lang, e),
        Problem::Form(e) => {
            let why = match e.why {
                Why::Missing => t!(lang, "event.why-missing"),
                Why::NotANumber => t!(lang, "event.why-number"),
                Why::UnknownChoice => t!(lang, "event.why-choice"),
            };
            tf!(
                lang,
                "event.bad-field",
                field = field_name(lang, e.field),
                why = why
            )
        }
        Problem::Network(why) => tf!(lang, "event.no-server", why = why),
        Problem::Unreadable(what) => tf!(lang, "event.unreadable", what = what),
    }
}
