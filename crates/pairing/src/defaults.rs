//! What an event of each game starts with, from that game's own text: the director may
//! change any of it until round one starts.

use alloc::vec::Vec;

use crate::round_robin::Cycles;
use crate::scoring::ScoreSystem;
use crate::tiebreak::{Order, TieBreak, default_order};
use crate::withdrawal::WithdrawalRule;

/// The games an event can be of (the rules crate's `GameKind`, without depending on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// The 2017 Inner Mongolia rules.
    Mongolian,
    MongolianFolk,
    Chess,
    Xiangqi,
}

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// FIDE's Dutch system (C.04.3): the Swiss of the 8x8 games.
    Dutch,
    /// AXF's Swiss (积分编排制): Xiangqi's.
    Axf,
    RoundRobin(Cycles),
    Knockout,
}

/// Whether the event is a Swiss or all-play-all, before the system is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Swiss,
    RoundRobin,
    Knockout,
}

/// An event's starting settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDefaults {
    pub scoring: ScoreSystem,
    pub system: System,
    pub tie_breaks: Vec<TieBreak>,
    pub withdrawal: WithdrawalRule,
    /// Minutes after the start after which an absent player loses by forfeit: AXF 2008
    /// ch. 2 §6 一, 30; the 2017 rules and FIDE leave it to the regulations (`None`: the
    /// director sets it).
    pub no_show_forfeit_minutes: Option<u32>,
}

impl EventDefaults {
    pub fn new(game: Game, format: Format) -> EventDefaults {
        let xiangqi = game == Game::Xiangqi;
        let system = match format {
            Format::Swiss if xiangqi => System::Axf,
            Format::Swiss => System::Dutch,
            Format::RoundRobin => System::RoundRobin(Cycles::Single),
            Format::Knockout => System::Knockout,
        };
        let order = match (xiangqi, format) {
            (true, Format::RoundRobin) => Order::AxfRoundRobin,
            (true, _) => Order::AxfSwiss,
            // The 2017 text gives no order; FIDE chess events announce theirs, and the
            // Mongolian one is a fair start (docs/rules.md).
            (false, _) => Order::Mongolian,
        };
        EventDefaults {
            scoring: if xiangqi {
                ScoreSystem::AXF
            } else {
                ScoreSystem::ONE_HALF_ZERO
            },
            system,
            tie_breaks: default_order(order),
            withdrawal: if xiangqi && format == Format::RoundRobin {
                WithdrawalRule::AxfRoundRobin
            } else {
                WithdrawalRule::ResultsStand
            },
            no_show_forfeit_minutes: xiangqi.then_some(30),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_starts_from_its_own_text() {
        let x = EventDefaults::new(Game::Xiangqi, Format::Swiss);
        assert_eq!(x.scoring, ScoreSystem::AXF);
        assert_eq!(x.system, System::Axf);
        assert_eq!(x.no_show_forfeit_minutes, Some(30));
        assert_eq!(x.tie_breaks[1].label, "对手分");
        let x = EventDefaults::new(Game::Xiangqi, Format::RoundRobin);
        assert_eq!(x.withdrawal, WithdrawalRule::AxfRoundRobin);
        assert_eq!(x.tie_breaks[1].label, "小分");
        let m = EventDefaults::new(Game::Mongolian, Format::Swiss);
        assert_eq!(m.scoring, ScoreSystem::ONE_HALF_ZERO);
        assert_eq!(m.system, System::Dutch);
        assert_eq!(m.tie_breaks.len(), 5);
        assert_eq!(m.no_show_forfeit_minutes, None);
        assert_eq!(
            EventDefaults::new(Game::Chess, Format::Knockout).system,
            System::Knockout
        );
    }
}
