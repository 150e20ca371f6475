//! [`Ruleset`]: the runtime name of an 8x8 game, and [`GameKind`]: any game the crate plays,
//! Xiangqi included, for options, FEN/PGN tags, the worker protocol and the UI.

use core::fmt;
use core::str::FromStr;

use crate::types::Color;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Inner Mongolia Mongolian Chess Association rules, 2017: the default everywhere.
    #[default]
    Mongolian,
    /// The folk rules digest.
    MongolianFolk,
    /// FIDE chess.
    Chess,
}

impl Ruleset {
    pub const ALL: [Ruleset; 3] = [Ruleset::Mongolian, Ruleset::MongolianFolk, Ruleset::Chess];

    /// The id used in options and URLs (`UCI_Variant`, `?game=`).
    pub const fn id(self) -> &'static str {
        match self {
            Ruleset::Mongolian => "mongolian",
            Ruleset::MongolianFolk => "mongolian-folk",
            Ruleset::Chess => "chess",
        }
    }

    /// The value of the PGN `Variant` tag; FIDE chess writes none.
    pub const fn pgn_variant(self) -> Option<&'static str> {
        match self {
            Ruleset::Mongolian => Some("Mongolian"),
            Ruleset::MongolianFolk => Some("Mongolian Folk"),
            Ruleset::Chess => None,
        }
    }

    /// Reads a PGN `Variant` tag value, case-insensitively: our own values and ids, and
    /// "Standard" or "Chess" for FIDE chess. Xiangqi is no `Ruleset` (its board is not 8x8):
    /// [`GameKind::from_pgn_variant`] reads its tag too.
    pub fn from_pgn_variant(value: &str) -> Option<Ruleset> {
        let v = value.trim();
        let named = |r: &Ruleset| {
            r.pgn_variant().is_some_and(|p| p.eq_ignore_ascii_case(v))
                || r.id().eq_ignore_ascii_case(v)
        };
        Ruleset::ALL
            .into_iter()
            .find(named)
            .or_else(|| v.eq_ignore_ascii_case("standard").then_some(Ruleset::Chess))
    }

    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Mongolian => "Mongolian chess (2017 rules)",
            Ruleset::MongolianFolk => "Mongolian chess (folk rules)",
            Ruleset::Chess => "Chess (FIDE)",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown ruleset id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset;

impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown game: expected mongolian, mongolian-folk or chess")
    }
}

impl core::error::Error for UnknownRuleset {}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;
    fn from_str(s: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(s.trim()))
            .ok_or(UnknownRuleset)
    }
}

/// Any game the crate plays: one of the 8x8 rulesets, or Xiangqi on its own 9x10 board
/// with its own position and move types. Callers that take both dispatch on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Mongolian chess or FIDE chess.
    Board8(Ruleset),
    /// Xiangqi, its repetitions judged under the AXF 2008 rulings.
    Xiangqi,
}

impl Default for GameKind {
    fn default() -> Self {
        GameKind::Board8(Ruleset::default())
    }
}

impl From<Ruleset> for GameKind {
    fn from(ruleset: Ruleset) -> Self {
        GameKind::Board8(ruleset)
    }
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Board8(Ruleset::Mongolian),
        GameKind::Board8(Ruleset::MongolianFolk),
        GameKind::Board8(Ruleset::Chess),
        GameKind::Xiangqi,
    ];

    /// The id used in options, URLs and the worker protocol: the ruleset's, or `xiangqi`.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Board8(r) => r.id(),
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// A side's name in messages: Red moves first in Xiangqi, where [`Color::White`] is Red.
    pub fn side_name(self, side: Color) -> &'static str {
        match self {
            GameKind::Board8(_) => side.name(),
            GameKind::Xiangqi => side.fold("red", "black"),
        }
    }

    /// The 8x8 ruleset, if the game is played on the 8x8 board.
    pub const fn board8(self) -> Option<Ruleset> {
        match self {
            GameKind::Board8(r) => Some(r),
            GameKind::Xiangqi => None,
        }
    }

    /// Reads a PGN `Variant` tag value, case-insensitively: an 8x8 ruleset
    /// ([`Ruleset::from_pgn_variant`]), or "Xiangqi" / "Chinese Chess".
    pub fn from_pgn_variant(value: &str) -> Option<GameKind> {
        if names_xiangqi(value) {
            Some(GameKind::Xiangqi)
        } else {
            Ruleset::from_pgn_variant(value).map(GameKind::Board8)
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Board8(r) => r.name(),
            GameKind::Xiangqi => "Xiangqi (Chinese chess)",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown game id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame;

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown game: expected mongolian, mongolian-folk, chess or xiangqi")
    }
}

impl core::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.id().eq_ignore_ascii_case(s.trim()))
            .ok_or(UnknownGame)
    }
}

/// Whether a `Variant` (or XQBase `Game`) tag value names xiangqi: "Xiangqi" or "Chinese
/// Chess", in any case.
pub fn names_xiangqi(value: &str) -> bool {
    let v = value.trim();
    v.eq_ignore_ascii_case("xiangqi") || v.eq_ignore_ascii_case("chinese chess")
}
