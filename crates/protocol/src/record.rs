//! A game's record on the wire ([`RecordWire`]): where it started and the moves played
//! since; and how a game ended.
//!
//! The worker rebuilds the whole game for every request instead of keeping one of its
//! own: the page stays the only owner of the game, and the repetition history the search
//! needs comes with it.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shatar_rules::{EndReason, GameKind, GameResult, Outcome};

/// A game's record as played so far (the glossary's *record*, on the wire).
///
/// `{"kind":"mongolian","fen":null,"moves":["e2e4","e7e5","g1f3"]}`, or
/// `{"kind":"xiangqi","moves":["h2e2","h9g7"]}`; `fen` and `moves` may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordWire {
    /// The game kind: an 8x8 ruleset or Xiangqi. Read as `ruleset` too, its name before
    /// protocol 5 and save format 2, so that saved games and older pages still read.
    #[serde(with = "crate::kind_id", alias = "ruleset")]
    pub kind: GameKind,
    /// The position the game started from; `None` for the game's initial position (under
    /// the 2017 rules that is before the compulsory first round, art. 1.2).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played since, oldest first: UCI notation for the 8x8 games, ICCS
    /// (`h2e2`, ranks 0–9 from Red's side) for Xiangqi.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl RecordWire {
    /// The game's initial position and no moves.
    pub fn startpos(kind: impl Into<GameKind>) -> RecordWire {
        RecordWire {
            kind: kind.into(),
            fen: None,
            moves: Vec::new(),
        }
    }
}

// The rules crate stays free of serde, so its result types are described here with
// serde's remote derive. The derived code matches every variant, so a variant added to
// the rules crate fails to compile here rather than going missing from the protocol.

/// `"1-0"`, `"0-1"` or `"1/2-1/2"`, as PGN writes it.
#[derive(Serialize, Deserialize)]
#[serde(remote = "GameResult")]
pub(crate) enum GameResultDef {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

/// The variant name: `"Checkmate"`, `"FivefoldRepetition"`, ...
#[derive(Serialize, Deserialize)]
#[serde(remote = "EndReason")]
pub(crate) enum EndReasonDef {
    Checkmate,
    KnightMate,
    Stalemate,
    NoLegalMove,
    DeadPosition,
    BareKing,
    ThreefoldRepetition,
    FiftyMoves,
    FivefoldRepetition,
    SeventyFiveMoves,
    PerpetualCheck,
    Resignation,
    Agreement,
    TimeForfeit,
    TimeoutVsInsufficientMaterial,
    BothFlags,
    ForbiddenRepetition,
    RepetitionDraw,
    NaturalMoveLimit,
}

/// `{"result":"1-0","reason":"Checkmate"}`.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Outcome")]
pub(crate) struct OutcomeDef {
    #[serde(with = "GameResultDef")]
    result: GameResult,
    #[serde(with = "EndReasonDef")]
    reason: EndReason,
}

/// Remote definitions cannot sit inside an `Option` by themselves: these wrap them.
macro_rules! optional {
    ($module:ident, $ty:ty, $def:literal) => {
        pub mod $module {
            use super::*;

            #[derive(Serialize, Deserialize)]
            struct Wrap(#[serde(with = $def)] $ty);

            pub fn serialize<S: Serializer>(value: &Option<$ty>, s: S) -> Result<S::Ok, S::Error> {
                value.map(Wrap).serialize(s)
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<$ty>, D::Error> {
                Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(v)| v))
            }
        }
    };
}

optional!(option_outcome, Outcome, "OutcomeDef");
optional!(option_end_reason, EndReason, "EndReasonDef");
optional!(option_game_result, GameResult, "GameResultDef");
