//! An event's settings: what a director chooses when creating it. Each defaults to what
//! the game's own text says (the pairing crate's `defaults`); the server fills them in.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use shatar_rules::GameKind;

use crate::online::TimeControlWire;

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SystemWire {
    /// FIDE's Dutch system (C.04.3): the Swiss of the 8x8 games.
    Dutch,
    /// AXF's Swiss (积分编排制, AXF 2008 ch. 3 §3): Xiangqi's.
    Axf,
    /// FIDE's Berger tables (C.05 Annex 1), everyone meeting everyone once.
    RoundRobin,
    /// Twice, colours reversed in the second cycle (the first cycle's last two rounds
    /// swapped, as C.05 Annex 1 recommends).
    DoubleRoundRobin,
    /// A seeded bracket, one game a match, a level match decided by tie-break games.
    Knockout,
}

impl SystemWire {
    pub fn is_round_robin(self) -> bool {
        matches!(self, SystemWire::RoundRobin | SystemWire::DoubleRoundRobin)
    }

    pub fn is_swiss(self) -> bool {
        matches!(self, SystemWire::Dutch | SystemWire::Axf)
    }
}

/// What a win, a draw and a loss are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScoringWire {
    /// 1, ½, 0: 2017 art. 10.1 ("unless announced otherwise"), FIDE.
    OneHalfZero,
    /// 2, 1, 0: AXF 2008 ch. 2 §4.1.
    TwoOneZero,
}

/// What the pairing-allocated bye is worth (FIDE C.04.1.c lets an event choose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeValue {
    Win,
    Draw,
    Zero,
}

/// The settings of an event, every one filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    pub name: String,
    #[serde(with = "crate::kind_id")]
    pub game: GameKind,
    /// Played on the server (each round's games start there at the round's time) or at
    /// the board (the director enters the results).
    pub online: bool,
    pub system: SystemWire,
    /// The planned rounds: a Swiss's; a round robin's and a knockout's follow from the
    /// players when the first round is paired.
    pub rounds: u32,
    pub scoring: ScoringWire,
    /// The tie-break order after the points, as C.07 and TRF-2026 write them (`DE`,
    /// `BH/C1`, `SB`; the AXF names `小分`, `对手分`): editable until round one is paired,
    /// locked after.
    pub tie_breaks: Vec<String>,
    pub bye: ByeValue,
    /// Late entries are taken until this round is paired (a player entered then starts
    /// in it); 1 takes none after the start.
    pub late_entry_until: u32,
    /// Minutes after a round's start after which a player who has not made a first move
    /// loses by forfeit (AXF 2008 ch. 2 §6 一: 30; 2017 art. 6.7.1 leaves it to the
    /// event's regulations). `None`: the director enters forfeits by hand.
    pub no_show_minutes: Option<u32>,
    pub time_control: TimeControlWire,
}

/// What a director sends to create an event: a name, a game and where it is played; any
/// setting left out takes the game's own default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewEvent {
    pub name: String,
    /// `None`: the 2017 rules (`mongolian`).
    #[serde(default, with = "option_game", skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    #[serde(default)]
    pub online: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<SystemWire>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<ScoringWire>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_breaks: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<ByeValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_entry_until: Option<u32>,
    /// `Some(0)` is refused; leave it out for the game's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_show_minutes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControlWire>,
}

/// An optional game id (`"xiangqi"`), through [`crate::kind_id`].
mod option_game {
    use serde::{Deserialize, Deserializer, Serializer};
    use shatar_rules::GameKind;

    pub fn serialize<S: Serializer>(game: &Option<GameKind>, s: S) -> Result<S::Ok, S::Error> {
        match game {
            Some(game) => crate::kind_id::serialize(game, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<GameKind>, D::Error> {
        #[derive(Deserialize)]
        struct Id(#[serde(with = "crate::kind_id")] GameKind);
        Ok(Option::<Id>::deserialize(d)?.map(|Id(game)| game))
    }
}
