//! The game in progress as stored in local storage, written after every change and read
//! at start-up: JSON with a format number, so that a save from another version is
//! recognised and reported instead of misread.

use serde::{Deserialize, Serialize};
use shatar_protocol::RecordWire;
use shatar_rules::{Color, Outcome};

use crate::game::Game;
use crate::notes::Notes;
use crate::settings::{GameSetup, Looks};

/// Bumped on any change an older page could misread.
///
/// 2: the glossary's names (docs/architecture.md): `record` (was `game`) and its `kind`
/// (was `ruleset`), the setup's `kind` (was `ruleset`).
pub const FORMAT: u32 = 2;

/// The formats this version reads: format 1's fields are read under their old names
/// (serde aliases), so a save from before the renames restores.
pub const READS: core::ops::RangeInclusive<u32> = 1..=FORMAT;

fn readable(format: Option<u32>) -> bool {
    format.is_some_and(|f| READS.contains(&f))
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub format: u32,
    pub setup: GameSetup,
    #[serde(default)]
    pub looks: Looks,
    #[serde(with = "option_color")]
    pub human: Option<Color>,
    #[serde(with = "color")]
    pub orientation: Color,
    pub seed: u64,
    pub date: String,
    /// Read as `game` too, its name in format 1.
    #[serde(alias = "game")]
    pub record: RecordWire,
    /// How the game ended off the board (resignation, agreement, a claim, a flag), when
    /// it did: the moves do not record it.
    #[serde(default, with = "shatar_protocol::option_outcome")]
    pub ending: Option<Outcome>,
    /// The clock as it stood at the last save, restored paused (see [`SavedClock`]).
    #[serde(default)]
    pub clock: Option<SavedClock>,
    /// Plies after which a draw was offered.
    #[serde(default)]
    pub offers: Vec<usize>,
    /// The tags an imported record was given, exactly ([`crate::notes::Notes`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// Its comments, annotations and variations, as PGN move text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// A clock saved between two visits. A reload never costs a player time and never gives
/// any: the clock comes back paused at what it showed when the page was hidden (the page
/// saves it then), or at the last move if the page was not closed cleanly (then the side
/// to move gets back the time since its turn began). The players resume it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    pub base_ms: [u64; 2],
    pub period: [usize; 2],
    pub moves_in_period: [u32; 2],
    #[serde(with = "color")]
    pub to_move: Color,
    pub delay_used_ms: u64,
    pub flags: [bool; 2],
    pub marks: Vec<u64>,
}

/// Why a save cannot be restored, in words for the notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    NotJson(String),
    Format { found: Option<u32> },
    Game(String),
    Notes(String),
}

impl core::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RestoreError::NotJson(e) => write!(f, "it is not readable: {e}"),
            RestoreError::Format { found: Some(v) } => {
                write!(
                    f,
                    "it was written in save format {v}; this version reads formats 1 to {FORMAT}"
                )
            }
            RestoreError::Format { found: None } => f.write_str("it has no save format number"),
            RestoreError::Game(e) => write!(f, "its moves do not replay: {e}"),
            RestoreError::Notes(e) => write!(f, "its comments do not read: {e}"),
        }
    }
}

/// A save that has been read and checked: its game replays.
pub struct Restored {
    pub saved: Saved,
    pub game: Game,
}

/// The save as stored.
pub fn write(saved: &Saved) -> String {
    serde_json::to_string(saved).expect("the save holds nothing serde_json cannot write")
}

/// The preferences every game of this browser shares (the looks and the language), as
/// stored apart from the games.
pub fn encode_prefs(looks: &Looks) -> String {
    serde_json::to_string(looks).expect("the looks hold nothing serde_json cannot write")
}

/// Where a browser keeps the preferences of every game (and of the online page).
pub const PREFS_KEY: &str = "shatar.prefs";

/// Where this browser keeps its online identity (id and secret, as JSON): shared by every
/// tab and by the online and event pages, so that a reload, a second tab or an event joined
/// by its link is the same player.
pub const ONLINE_IDENTITY_KEY: &str = "shatar.online.identity";

/// Stored preferences; `None` when they do not read (another version's: the defaults do).
pub fn decode_prefs(text: &str) -> Option<Looks> {
    serde_json::from_str(text).ok()
}

/// What the list of games in progress says of a saved game, read without replaying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The key's own part: `shatar.games.<id>`.
    pub id: String,
    pub game: shatar_rules::GameKind,
    pub opponent: crate::settings::Opponent,
    /// The player against the computer, when one is.
    pub human: Option<Color>,
    /// The names an imported record gives.
    pub white: Option<String>,
    pub black: Option<String>,
    pub plies: usize,
    /// The day it began (`2026.12.01`).
    pub date: String,
    /// Ended: by the moves or off the board. Only unfinished games are listed.
    pub finished: bool,
}

/// The summary of save `text` stored under `id`; `None` for a text that is no save of this
/// format (another version's, or damaged: restoring it says why).
pub fn summary(id: &str, text: &str) -> Option<Summary> {
    let saved: Saved = serde_json::from_str(text).ok()?;
    if !readable(Some(saved.format)) {
        return None;
    }
    let name = |tag: &str| crate::notes::known_tag(&saved.tags, tag);
    // Cheap enough for a list of a few games: replaying says whether the moves ended it.
    let finished = saved.ending.is_some()
        || Game::from_wire(&saved.record).is_ok_and(|g| g.outcome().is_some());
    Some(Summary {
        id: id.to_string(),
        game: saved.record.kind,
        opponent: saved.setup.opponent,
        human: saved.human,
        white: name("White").or_else(|| name("Red")),
        black: name("Black"),
        plies: saved.record.moves.len(),
        date: saved.date,
        finished,
    })
}

/// The game a save is of, if it reads as a save of this format: which build of the page
/// must restore it (see [`crate::carried`]).
pub fn game_kind(text: &str) -> Option<shatar_rules::GameKind> {
    #[derive(Deserialize)]
    struct Probe {
        format: Option<u32>,
        #[serde(alias = "game")]
        record: RecordWire,
    }
    let probe: Probe = serde_json::from_str(text).ok()?;
    readable(probe.format).then_some(probe.record.kind)
}

pub fn decode(text: &str) -> Result<Restored, RestoreError> {
    // The format number first: a save from another version may not fit this layout.
    #[derive(Deserialize)]
    struct Probe {
        format: Option<u32>,
    }
    let probe: Probe =
        serde_json::from_str(text).map_err(|e| RestoreError::NotJson(e.to_string()))?;
    if !readable(probe.format) {
        return Err(RestoreError::Format {
            found: probe.format,
        });
    }
    let saved: Saved =
        serde_json::from_str(text).map_err(|e| RestoreError::NotJson(e.to_string()))?;
    let mut game = Game::from_wire(&saved.record).map_err(RestoreError::Game)?;
    if let Some(outcome) = saved.ending {
        game.set_outcome(outcome);
    }
    let notes = Notes::from_saved(saved.tags.clone(), saved.notes.as_deref())
        .map_err(RestoreError::Notes)?;
    game.set_notes(notes);
    Ok(Restored { saved, game })
}

mod color {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shatar_rules::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(D::Error::custom(format!(
                "unknown colour \"{other}\" (expected white or black)"
            ))),
        }
    }
}

mod option_color {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shatar_rules::Color;

    #[derive(Serialize, Deserialize)]
    struct Wrap(#[serde(with = "super::color")] Color);

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        c.map(Wrap).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(c)| c))
    }
}

/// Whether this tab's saved game is of a game this build leaves out, so that the page must
/// be played by the other build. A save this build cannot read is this build's to report.
pub fn needs_other_build(saved: Option<&str>) -> bool {
    if crate::carried::carries(shatar_rules::GameKind::Xiangqi) {
        return false;
    }
    saved
        .and_then(game_kind)
        .is_some_and(|game| !crate::carried::carries(game))
}
