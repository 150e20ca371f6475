//! A new event's settings: what the director sent, every setting left out taken from the
//! game's own text (`shatar_pairing::defaults`), every one checked.

use shatar_pairing::defaults::{self, EventDefaults, Format, System};
use shatar_pairing::round_robin::Cycles;
use shatar_pairing::scoring::ScoreSystem;
use shatar_protocol::events::{
    ByeValue, EventError, EventSettings, MAX_EVENT_NAME_CHARS, MAX_NO_SHOW_MINUTES, MAX_ROUNDS,
    NewEvent, ScoringWire, SystemWire,
};
use shatar_rules::{GameKind, Ruleset};

use super::record;
use crate::wire::{BonusWire, PeriodWire, TimeControlWire, normalize_text};

/// A Swiss's rounds when the director names none: the Tongliao event's seven (issue 56);
/// no text sets a number.
pub const DEFAULT_SWISS_ROUNDS: u32 = 7;

fn game_of(kind: GameKind) -> defaults::Game {
    match kind {
        GameKind::Board8(Ruleset::Mongolian) => defaults::Game::Mongolian,
        GameKind::Board8(Ruleset::MongolianFolk) => defaults::Game::MongolianFolk,
        GameKind::Board8(Ruleset::Chess) => defaults::Game::Chess,
        GameKind::Xiangqi => defaults::Game::Xiangqi,
    }
}

fn format_of(system: SystemWire) -> Format {
    match system {
        SystemWire::Dutch | SystemWire::Axf => Format::Swiss,
        SystemWire::RoundRobin | SystemWire::DoubleRoundRobin => Format::RoundRobin,
        SystemWire::Knockout => Format::Knockout,
    }
}

fn system_wire(system: System) -> SystemWire {
    match system {
        System::Dutch => SystemWire::Dutch,
        System::Axf => SystemWire::Axf,
        System::RoundRobin(Cycles::Single) => SystemWire::RoundRobin,
        System::RoundRobin(_) => SystemWire::DoubleRoundRobin,
        System::Knockout => SystemWire::Knockout,
    }
}

/// The time control of an event that names none: AXF 2008 ch. 2 §2 一's 80 minutes and 30
/// seconds a move for Xiangqi; the 2017 rules and the folk rules name none, so a rapid
/// 15 minutes and 10 seconds a move, a club evening's (docs/rules.md).
pub fn default_time_control(game: GameKind) -> TimeControlWire {
    let (base_ms, bonus_ms) = match game {
        GameKind::Xiangqi => (80 * 60_000, 30_000),
        GameKind::Board8(_) => (15 * 60_000, 10_000),
    };
    TimeControlWire::live(vec![PeriodWire {
        moves: None,
        base_ms,
        bonus: BonusWire::Increment { ms: bonus_ms },
    }])
}

/// A text field, held to the display names' characters and `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<Option<String>, EventError> {
    normalize_text(value, max).map_err(|why| EventError::BadText {
        field: field.into(),
        why,
    })
}

pub fn settings(new: NewEvent) -> Result<EventSettings, EventError> {
    let name = text("name", &new.name, MAX_EVENT_NAME_CHARS)?
        .ok_or_else(|| EventError::setting("name", "an event needs a name"))?;
    let game = new.game.unwrap_or_default();
    let asked = new.system.map_or(Format::Swiss, format_of);
    let defaults = EventDefaults::new(game_of(game), asked);
    let system = new.system.unwrap_or(system_wire(defaults.system));
    let rounds = match system {
        SystemWire::Dutch | SystemWire::Axf => {
            let rounds = new.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS);
            if !(1..=MAX_ROUNDS).contains(&rounds) {
                return Err(EventError::setting(
                    "rounds",
                    format!("from 1 to {MAX_ROUNDS}"),
                ));
            }
            rounds
        }
        // Set by the players when round one is paired.
        _ => 0,
    };
    let scoring = new.scoring.unwrap_or(match defaults.scoring {
        s if s == ScoreSystem::AXF => ScoringWire::TwoOneZero,
        _ => ScoringWire::OneHalfZero,
    });
    let tie_breaks = new.tie_breaks.unwrap_or_else(|| {
        defaults
            .tie_breaks
            .iter()
            .skip(1)
            .map(|tb| tb.label.clone())
            .collect()
    });
    let late_entry_until = match system {
        SystemWire::Dutch | SystemWire::Axf => {
            let until = new.late_entry_until.unwrap_or(rounds.div_ceil(2));
            if !(1..=rounds).contains(&until) {
                return Err(EventError::setting(
                    "late_entry_until",
                    format!("a round from 1 to {rounds}"),
                ));
            }
            until
        }
        // Fixed schedules and brackets take nobody after the start.
        _ => 1,
    };
    let no_show_minutes = new.no_show_minutes.or(defaults.no_show_forfeit_minutes);
    if let Some(minutes) = no_show_minutes
        && !(1..=MAX_NO_SHOW_MINUTES).contains(&minutes)
    {
        return Err(EventError::setting(
            "no_show_minutes",
            format!("from 1 to {MAX_NO_SHOW_MINUTES}"),
        ));
    }
    if new.online && no_show_minutes.is_none() {
        return Err(EventError::setting(
            "no_show_minutes",
            "an online event needs the time after which an absent player forfeits \
             (2017 art. 6.7.1: the regulations set it)",
        ));
    }
    let time_control = new
        .time_control
        .unwrap_or_else(|| default_time_control(game));
    time_control
        .to_rules()
        .map_err(|why| EventError::setting("time_control", why))?;
    let settings = EventSettings {
        name,
        game,
        online: new.online,
        system,
        rounds,
        scoring,
        tie_breaks,
        bye: new.bye.unwrap_or(ByeValue::Win),
        late_entry_until,
        no_show_minutes,
        time_control,
    };
    if settings.tie_breaks.len() > 12 {
        return Err(EventError::setting("tie_breaks", "at most 12"));
    }
    record::order(&settings)?;
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(name: &str) -> NewEvent {
        NewEvent {
            name: name.into(),
            ..NewEvent::default()
        }
    }

    #[test]
    fn each_game_starts_from_its_own_text() {
        let m = settings(new("Naadam")).unwrap();
        assert_eq!(m.system, SystemWire::Dutch);
        assert_eq!(m.scoring, ScoringWire::OneHalfZero);
        assert_eq!(m.tie_breaks, ["DE", "BH/C1", "BH", "SB"]);
        assert_eq!(m.rounds, DEFAULT_SWISS_ROUNDS);
        assert_eq!(m.no_show_minutes, None);
        let x = settings(NewEvent {
            game: Some(GameKind::Xiangqi),
            online: true,
            ..new("象棋")
        })
        .unwrap();
        assert_eq!(x.system, SystemWire::Axf);
        assert_eq!(x.scoring, ScoringWire::TwoOneZero);
        // AXF 2008 ch. 2 §6 一: thirty minutes' lateness forfeits.
        assert_eq!(x.no_show_minutes, Some(30));
        assert_eq!(x.tie_breaks[0], "对手分");
        let rr = settings(NewEvent {
            game: Some(GameKind::Xiangqi),
            system: Some(SystemWire::RoundRobin),
            ..new("循环")
        })
        .unwrap();
        assert_eq!(rr.tie_breaks[0], "小分");
        assert_eq!(rr.late_entry_until, 1);
    }

    #[test]
    fn bad_settings_say_which_and_why() {
        assert!(matches!(
            settings(new("  ")),
            Err(EventError::BadSetting { field, .. }) if field == "name"
        ));
        assert!(matches!(
            settings(new(&"x".repeat(MAX_EVENT_NAME_CHARS + 1))),
            Err(EventError::BadText { field, .. }) if field == "name"
        ));
        assert!(matches!(
            settings(NewEvent { rounds: Some(MAX_ROUNDS + 1), ..new("x") }),
            Err(EventError::BadSetting { field, .. }) if field == "rounds"
        ));
        assert!(matches!(
            settings(NewEvent { online: true, ..new("x") }),
            Err(EventError::BadSetting { field, .. }) if field == "no_show_minutes"
        ));
        assert!(matches!(
            settings(NewEvent {
                tie_breaks: Some(vec!["XYZ".into()]),
                ..new("x")
            }),
            Err(EventError::BadTieBreak { .. })
        ));
    }
}
