//! [`Ruleset`]: the runtime name of a game, for options, FEN/PGN tags and the UI.

use core::fmt;
use core::str::FromStr;

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
    /// [`crate::pgn::Game::from_pgn_variant`] reads its tag too.
    pub fn from_pgn_variant(value: &str) -> Option<Ruleset> {
        let v = value.trim();
        let named =
            |r: &Ruleset| r.pgn_variant().is_some_and(|p| p.eq_ignore_ascii_case(v)) || r.id().eq_ignore_ascii_case(v);
        Ruleset::ALL.into_iter().find(named).or_else(|| v.eq_ignore_ascii_case("standard").then_some(Ruleset::Chess))
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
        Ruleset::ALL.into_iter().find(|r| r.id().eq_ignore_ascii_case(s.trim())).ok_or(UnknownRuleset)
    }
}
