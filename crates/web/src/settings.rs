//! The player's choices: what game against whom, and how the board looks. Each choice is
//! an enum with a stable id, the form it takes in the saved state and in the dialogs.

use serde::{Deserialize, Serialize};
use shatar_rules::notation::PieceLetters;
use shatar_rules::{Color, Ruleset};

use crate::glyphs::PieceSet;

/// The computer's strongest level (the engine's `Level` range).
pub const MAX_LEVEL: u8 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// The engine at a level from 1 to [`MAX_LEVEL`].
    Computer { level: u8 },
    /// Two people on this device.
    Friend,
}

/// A choice offered in a form: an enum whose variants have stable ids, the `value` of the
/// form's options and the saved state's words.
macro_rules! choice {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $id:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $id)] $variant),+
        }

        impl $name {
            pub const fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id),+
                }
            }

            pub fn from_id(id: &str) -> Option<$name> {
                match id {
                    $($id => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

choice!(
    /// The side the player takes against the computer.
    SideChoice { White => "white", Black => "black", Random => "random" }
);

/// Chosen in the new-game dialog and kept with the game; the clocks that run it are a
/// later issue's (clocks and the arbiter), so for now it is recorded, not enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    Untimed,
    /// Base minutes and a Fischer increment in seconds (2017 art. 6.3.1).
    Increment {
        minutes: u32,
        seconds: u32,
    },
    /// Base minutes and a simple delay in seconds (2017 art. 6.3.2).
    Delay {
        minutes: u32,
        seconds: u32,
    },
}

impl TimeControl {
    pub const PRESETS: [(&'static str, TimeControl); 6] = [
        ("untimed", TimeControl::Untimed),
        ("5+3", TimeControl::Increment { minutes: 5, seconds: 3 }),
        ("10+5", TimeControl::Increment { minutes: 10, seconds: 5 }),
        ("15+10", TimeControl::Increment { minutes: 15, seconds: 10 }),
        ("30+0", TimeControl::Increment { minutes: 30, seconds: 0 }),
        ("25d5", TimeControl::Delay { minutes: 25, seconds: 5 }),
    ];

    pub fn id(self) -> &'static str {
        TimeControl::PRESETS.iter().find(|(_, tc)| *tc == self).map_or("custom", |(id, _)| id)
    }

    pub fn from_id(id: &str) -> Option<TimeControl> {
        TimeControl::PRESETS.iter().find(|(i, _)| *i == id).map(|(_, tc)| *tc)
    }

    /// The PGN `TimeControl` tag, when PGN can say it (it has no delay form).
    pub fn pgn_tag(self) -> Option<String> {
        match self {
            TimeControl::Untimed => Some("-".into()),
            TimeControl::Increment { minutes, seconds } => Some(format!("{}+{seconds}", minutes * 60)),
            TimeControl::Delay { .. } => None,
        }
    }
}

choice!(
    /// The squares: checkered with the light square at each right hand (2017 art. 2.1), or
    /// uncoloured as in the folk description of the board.
    #[derive(Default)]
    Theme { #[default] Checkered => "checkered", Uncoloured => "uncoloured" }
);

choice!(
    #[derive(Default)]
    Coordinates { #[default] Outside => "outside", Inside => "inside", Off => "off" }
);

/// What one game is: its rules, the opponent, the player's side and time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    #[serde(with = "shatar_protocol::ruleset_id")]
    pub ruleset: Ruleset,
    pub opponent: Opponent,
    pub side: SideChoice,
    pub time_control: TimeControl,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            ruleset: Ruleset::Mongolian,
            opponent: Opponent::Computer { level: 3 },
            side: SideChoice::White,
            time_control: TimeControl::Untimed,
        }
    }
}

impl GameSetup {
    /// The level is clamped into range: a setup may come from an old or edited save.
    pub fn normalised(mut self) -> GameSetup {
        if let Opponent::Computer { level } = &mut self.opponent {
            *level = (*level).clamp(1, MAX_LEVEL);
        }
        self
    }

    /// The side the player takes, `coin` deciding a random choice.
    pub fn human_side(self, coin: bool) -> Color {
        match self.side {
            SideChoice::White => Color::White,
            SideChoice::Black => Color::Black,
            SideChoice::Random if coin => Color::White,
            SideChoice::Random => Color::Black,
        }
    }
}

/// How the page looks and sounds; not part of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Looks {
    #[serde(with = "piece_set_id")]
    pub pieces: PieceSet,
    pub theme: Theme,
    pub coordinates: Coordinates,
    #[serde(with = "letters_id")]
    pub notation: PieceLetters,
    pub sound: bool,
    /// Two players on one phone or tablet: the top player's side turned round.
    pub face_to_face: bool,
}

impl Default for Looks {
    fn default() -> Self {
        Looks {
            pieces: PieceSet::Traditional,
            theme: Theme::Checkered,
            coordinates: Coordinates::Outside,
            notation: PieceLetters::English,
            sound: true,
            face_to_face: false,
        }
    }
}

macro_rules! id_serde {
    ($module:ident, $ty:ty, $what:literal) => {
        mod $module {
            use serde::{Deserialize, Deserializer, Serializer, de::Error};

            pub fn serialize<S: Serializer>(value: &$ty, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(value.id())
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let id = String::deserialize(d)?;
                <$ty>::from_id(&id).ok_or_else(|| D::Error::custom(format!("unknown {} \"{id}\"", $what)))
            }
        }
    };
}

id_serde!(piece_set_id, crate::glyphs::PieceSet, "piece set");
id_serde!(letters_id, shatar_rules::notation::PieceLetters, "notation");

#[cfg(test)]
mod tests {
    use super::*;

    /// The form's option values, the saved words and the ids are one and the same.
    #[test]
    fn choices_are_saved_by_their_ids() {
        for theme in [Theme::Checkered, Theme::Uncoloured] {
            assert_eq!(Theme::from_id(theme.id()), Some(theme));
            assert_eq!(serde_json::to_string(&theme).unwrap(), format!("\"{}\"", theme.id()));
        }
        for c in [Coordinates::Outside, Coordinates::Inside, Coordinates::Off] {
            assert_eq!(serde_json::from_str::<Coordinates>(&format!("\"{}\"", c.id())).unwrap(), c);
        }
        for side in [SideChoice::White, SideChoice::Black, SideChoice::Random] {
            assert_eq!(SideChoice::from_id(side.id()), Some(side));
        }
        for (id, tc) in TimeControl::PRESETS {
            assert_eq!(TimeControl::from_id(id), Some(tc));
            assert_eq!(tc.id(), id);
        }
        assert!(serde_json::from_str::<Looks>(r#"{"pieces":"wooden"}"#).unwrap_err().to_string().contains("wooden"));
    }

    #[test]
    fn levels_from_old_or_edited_saves_are_clamped() {
        let setup = GameSetup { opponent: Opponent::Computer { level: 42 }, ..GameSetup::default() };
        assert_eq!(setup.normalised().opponent, Opponent::Computer { level: MAX_LEVEL });
    }
}
