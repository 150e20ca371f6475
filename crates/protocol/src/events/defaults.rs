//! What an event takes for every setting its director leaves out: the game's own text
//! (`shatar_pairing::defaults`) and the choices written in docs/tournaments.md. One
//! function, [`NewEvent::filled`], called by the server when it creates the event and by
//! the event page to show those values on the creation form before it is sent: the two
//! cannot drift apart.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use shatar_pairing::defaults::{self, EventDefaults, Format, System};
use shatar_pairing::round_robin::Cycles;
use shatar_pairing::scoring::ScoreSystem;
use shatar_rules::{GameKind, Ruleset};

use super::settings::{ByeValue, EventSettings, NewEvent, ScoringWire, SystemWire};
use crate::online::{BonusWire, PeriodWire, TimeControlWire};

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

impl NewEvent {
    /// These settings with every one left out taken from the game's own text, and the
    /// ones a system fixes set (a round robin's and a knockout's rounds follow from the
    /// players, 0 here; they take no late entry, 1). Nothing is checked: the server does
    /// that on what this returns.
    pub fn filled(&self) -> EventSettings {
        let game = self.game.unwrap_or_default();
        let asked = self.system.map_or(Format::Swiss, format_of);
        let defaults = EventDefaults::new(game_of(game), asked);
        let system = self.system.unwrap_or(system_wire(defaults.system));
        let swiss = system.is_swiss();
        let rounds = if swiss {
            self.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS)
        } else {
            0
        };
        let scoring = self.scoring.unwrap_or(match defaults.scoring {
            s if s == ScoreSystem::AXF => ScoringWire::TwoOneZero,
            _ => ScoringWire::OneHalfZero,
        });
        let tie_breaks: Vec<String> = self.tie_breaks.clone().unwrap_or_else(|| {
            // The first is the points, which every standings sorts by first.
            defaults
                .tie_breaks
                .iter()
                .skip(1)
                .map(|tb| tb.label.clone())
                .collect()
        });
        EventSettings {
            name: self.name.clone(),
            game,
            online: self.online,
            system,
            rounds,
            scoring,
            tie_breaks,
            bye: self.bye.unwrap_or(ByeValue::Win),
            // Half the rounds, rounded up: a player may still catch up.
            late_entry_until: if swiss {
                self.late_entry_until.unwrap_or(rounds.div_ceil(2))
            } else {
                1
            },
            no_show_minutes: self.no_show_minutes.or(defaults.no_show_forfeit_minutes),
            time_control: self
                .time_control
                .clone()
                .unwrap_or_else(|| default_time_control(game)),
        }
    }
}
