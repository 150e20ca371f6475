//! A new event's settings: what the director sent, every setting left out taken from the
//! game's own text (`shatar_pairing::defaults`), every one checked.

use shatar_protocol::events::{
    EventError, EventSettings, MAX_EVENT_NAME_CHARS, MAX_NO_SHOW_MINUTES, MAX_ROUNDS, NewEvent,
};

use super::record;
use crate::wire::normalize_text;

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
    // The one function the event page calls too, to show these values before it sends.
    let settings = EventSettings {
        name,
        ..new.filled()
    };
    let swiss = settings.system.is_swiss();
    if swiss && !(1..=MAX_ROUNDS).contains(&settings.rounds) {
        return Err(EventError::setting(
            "rounds",
            format!("from 1 to {MAX_ROUNDS}"),
        ));
    }
    if swiss && !(1..=settings.rounds).contains(&settings.late_entry_until) {
        return Err(EventError::setting(
            "late_entry_until",
            format!("a round from 1 to {}", settings.rounds),
        ));
    }
    if let Some(minutes) = settings.no_show_minutes
        && !(1..=MAX_NO_SHOW_MINUTES).contains(&minutes)
    {
        return Err(EventError::setting(
            "no_show_minutes",
            format!("from 1 to {MAX_NO_SHOW_MINUTES}"),
        ));
    }
    if settings.online && settings.no_show_minutes.is_none() {
        return Err(EventError::setting(
            "no_show_minutes",
            "an online event needs the time after which an absent player forfeits \
             (2017 art. 6.7.1: the regulations set it)",
        ));
    }
    settings
        .time_control
        .to_rules()
        .map_err(|why| EventError::setting("time_control", why))?;
    if settings.tie_breaks.len() > 12 {
        return Err(EventError::setting("tie_breaks", "at most 12"));
    }
    record::order(&settings)?;
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_protocol::events::{DEFAULT_SWISS_ROUNDS, ScoringWire, SystemWire};
    use shatar_rules::GameKind;

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
