//! The game in progress as stored in local storage, written after every change and read
//! at start-up: JSON with a format number, so that a save from another version is
//! recognised and reported instead of misread.

use serde::{Deserialize, Serialize};
use shatar_protocol::Game as WireGame;
use shatar_rules::{Color, EndReason, Outcome};

use crate::game::Game;
use crate::settings::{GameSetup, Looks};
use crate::state::AppState;

/// Bumped on any change an older page could misread.
pub const FORMAT: u32 = 1;

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
    pub game: WireGame,
    /// The side that resigned: the one ending the moves do not record.
    #[serde(default, with = "option_color")]
    pub resigned: Option<Color>,
}

/// Why a save cannot be restored, in words for the notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    NotJson(String),
    Format { found: Option<u32> },
    Game(String),
}

impl core::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RestoreError::NotJson(e) => write!(f, "it is not readable: {e}"),
            RestoreError::Format { found: Some(v) } => {
                write!(f, "it was written in save format {v}; this version reads format {FORMAT}")
            }
            RestoreError::Format { found: None } => f.write_str("it has no save format number"),
            RestoreError::Game(e) => write!(f, "its moves do not replay: {e}"),
        }
    }
}

/// A save that has been read and checked: its game replays.
pub struct Restored {
    saved: Saved,
    game: Game,
}

pub fn encode(state: &AppState) -> String {
    let resigned = state.game.outcome().filter(|o| o.reason == EndReason::Resignation).and_then(|o| {
        [Color::White, Color::Black].into_iter().find(|c| o.result == shatar_rules::GameResult::win_for(c.other()))
    });
    let saved = Saved {
        format: FORMAT,
        setup: state.setup,
        looks: state.looks,
        human: state.human,
        orientation: state.orientation,
        seed: state.seed,
        date: state.date.clone(),
        game: state.game.to_wire(),
        resigned,
    };
    serde_json::to_string(&saved).expect("the save holds nothing serde_json cannot write")
}

pub fn decode(text: &str) -> Result<Restored, RestoreError> {
    // The format number first: a save from another version may not fit this layout.
    #[derive(Deserialize)]
    struct Probe {
        format: Option<u32>,
    }
    let probe: Probe = serde_json::from_str(text).map_err(|e| RestoreError::NotJson(e.to_string()))?;
    if probe.format != Some(FORMAT) {
        return Err(RestoreError::Format { found: probe.format });
    }
    let saved: Saved = serde_json::from_str(text).map_err(|e| RestoreError::NotJson(e.to_string()))?;
    let mut game = Game::from_wire(&saved.game).map_err(RestoreError::Game)?;
    if let Some(loser) = saved.resigned {
        game.set_outcome(Outcome::win(loser.other(), EndReason::Resignation));
    }
    Ok(Restored { saved, game })
}

impl Restored {
    pub fn apply(self, state: &mut AppState) {
        let Restored { saved, game } = self;
        state.setup = saved.setup.normalised();
        state.looks = saved.looks;
        state.human = saved.human;
        state.orientation = saved.orientation;
        state.seed = saved.seed;
        state.date = saved.date;
        state.game = game;
    }
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
            other => Err(D::Error::custom(format!("unknown colour \"{other}\" (expected white or black)"))),
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
