//! The player's choices: what game against whom, and how the board looks. Each choice is
//! an enum with a stable id, the form it takes in the saved state and in the dialogs.

use serde::{Deserialize, Serialize};
use shatar_rules::clock::{self, Bonus, Period};
use shatar_rules::notation::PieceLetters;
use shatar_rules::xiangqi::pgn::Notation as XiangqiMoves;
use shatar_rules::{Color, GameKind, Ruleset};

use crate::glyphs::PieceSet;
use crate::i18n::Lang;
use crate::{t, tf};

/// The computer's strongest level (the engine's `Level` range).
pub const MAX_LEVEL: u8 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// The engine at a level from 1 to [`MAX_LEVEL`].
    Computer { level: u8 },
    /// Two people on this device.
    Friend,
    /// Two people at a real board: this device is only their clock ("tap the clock").
    OverTheBoard,
    /// Someone on another device, through a Shatar server, which holds the game and its
    /// clock: the online page's (`crates/online`, which holds a board of its own and not
    /// this page's state).
    Online,
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

choice!(
    /// What each move earns on the clock (2017 art. 6.3).
    #[derive(Default)]
    BonusKind {
        #[default]
        None => "none",
        /// Added after each move (art. 6.3.1).
        Increment => "increment",
        /// Each move first spends this allowance; the base time falls only after it
        /// (art. 6.3.2, "加长").
        Delay => "delay",
        /// The time used, up to this much, is given back after the move.
        Bronstein => "bronstein",
    }
);

/// A time control as the new-game dialog sets it: one period, or a first period with a
/// move count and then one for the rest of the game (art. 6.3), the same bonus in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timed {
    pub base_seconds: u32,
    pub bonus: BonusKind,
    pub bonus_seconds: u32,
    /// Moves to make in the first period; `None`: one period for the whole game.
    #[serde(default)]
    pub moves: Option<u32>,
    /// The second period's time, added when the first period's moves are made.
    #[serde(default)]
    pub then_seconds: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    Untimed,
    Timed(Timed),
}

const fn timed(minutes: u32, bonus: BonusKind, bonus_seconds: u32) -> TimeControl {
    TimeControl::Timed(Timed {
        base_seconds: minutes * 60,
        bonus,
        bonus_seconds,
        moves: None,
        then_seconds: 0,
    })
}

impl TimeControl {
    /// The dialog's presets, by id.
    pub const PRESETS: [(&'static str, TimeControl); 8] = [
        ("untimed", TimeControl::Untimed),
        ("3+2", timed(3, BonusKind::Increment, 2)),
        ("5+3", timed(5, BonusKind::Increment, 3)),
        ("5d3", timed(5, BonusKind::Delay, 3)),
        ("10+5", timed(10, BonusKind::Increment, 5)),
        ("15+10", timed(15, BonusKind::Increment, 10)),
        ("25d5", timed(25, BonusKind::Delay, 5)),
        (
            "40/90+30",
            TimeControl::Timed(Timed {
                base_seconds: 90 * 60,
                bonus: BonusKind::Increment,
                bonus_seconds: 30,
                moves: Some(40),
                then_seconds: 30 * 60,
            }),
        ),
    ];

    /// A preset's id, or `custom`.
    pub fn id(self) -> &'static str {
        TimeControl::PRESETS
            .iter()
            .find(|(_, tc)| *tc == self)
            .map_or("custom", |(id, _)| id)
    }

    pub fn from_id(id: &str) -> Option<TimeControl> {
        TimeControl::PRESETS
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, tc)| *tc)
    }

    /// The clock's rules for this control; `None` when untimed.
    pub fn control(self) -> Option<clock::TimeControl> {
        let TimeControl::Timed(t) = self else {
            return None;
        };
        let ms = |s: u32| u64::from(s) * 1000;
        let bonus = match t.bonus {
            BonusKind::None => Bonus::None,
            BonusKind::Increment => Bonus::Increment {
                ms: ms(t.bonus_seconds),
            },
            BonusKind::Delay => Bonus::SimpleDelay {
                ms: ms(t.bonus_seconds),
            },
            BonusKind::Bronstein => Bonus::Bronstein {
                ms: ms(t.bonus_seconds),
            },
        };
        let periods = match t.moves {
            Some(moves) if moves > 0 => vec![
                Period {
                    moves: Some(moves),
                    base_ms: ms(t.base_seconds),
                    bonus,
                },
                Period {
                    moves: None,
                    base_ms: ms(t.then_seconds),
                    bonus,
                },
            ],
            _ => vec![Period {
                moves: None,
                base_ms: ms(t.base_seconds),
                bonus,
            }],
        };
        Some(clock::TimeControl { periods })
    }

    /// "5 min + 3 s", "25 min, 5 s delay", "40 moves in 90 min + 30 s, then 30 min + 30 s",
    /// "Untimed".
    pub fn describe(self, lang: Lang) -> String {
        let TimeControl::Timed(t) = self else {
            return t!(lang, "time.untimed").to_string();
        };
        let period = |seconds: u32, moves: Option<u32>| {
            let time = duration(lang, seconds);
            let head = match moves {
                Some(1) => tf!(lang, "time.move-in", time = time),
                Some(n) => tf!(lang, "time.moves-in", n = n.to_string(), time = time),
                None => time,
            };
            let bonus = t.bonus_seconds.to_string();
            match t.bonus {
                BonusKind::None => head,
                BonusKind::Increment => tf!(lang, "time.increment", base = head, bonus = bonus),
                BonusKind::Delay => tf!(lang, "time.delay", base = head, bonus = bonus),
                BonusKind::Bronstein => tf!(lang, "time.bronstein", base = head, bonus = bonus),
            }
        };
        match t.moves {
            Some(moves) if moves > 0 => {
                let first = period(t.base_seconds, Some(moves));
                let second = period(t.then_seconds, None);
                tf!(lang, "time.then", first = first, second = second)
            }
            _ => period(t.base_seconds, None),
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
    /// Whether results are also given as match points, as clubs scoring Xiangqi (win 2,
    /// draw 1, loss 0) write them: the settings form's choice, or an embed's attribute.
    #[derive(Default)]
    Points { #[default] None => "none", TwoOneZero => "2-1-0" }
);

choice!(
    #[derive(Default)]
    Coordinates { #[default] Outside => "outside", Inside => "inside", Off => "off" }
);

/// What one game is: its rules, the opponent, the player's side and time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The game kind. Read as `ruleset` too, its name in save format 1.
    #[serde(with = "shatar_protocol::kind_id", alias = "ruleset")]
    pub kind: GameKind,
    pub opponent: Opponent,
    pub side: SideChoice,
    pub time_control: TimeControl,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            kind: GameKind::Board8(Ruleset::Mongolian),
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
    #[serde(with = "notation_id")]
    pub notation: Notation,
    /// How Xiangqi moves are written.
    #[serde(with = "xiangqi_notation_id")]
    pub xiangqi_notation: XiangqiNotation,
    pub points: Points,
    /// The language the player chose in the picker; `None` until they do.
    #[serde(with = "lang_id")]
    pub lang: Option<Lang>,
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
            notation: Notation::Auto,
            xiangqi_notation: XiangqiNotation::Auto,
            points: Points::None,
            lang: None,
            sound: true,
            face_to_face: false,
        }
    }
}

/// Whole minutes as minutes, anything else as seconds.
fn duration(lang: Lang, seconds: u32) -> String {
    if seconds.is_multiple_of(60) {
        tf!(lang, "time.minutes", n = (seconds / 60).to_string())
    } else {
        tf!(lang, "time.seconds", n = seconds.to_string())
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
                <$ty>::from_id(&id)
                    .ok_or_else(|| D::Error::custom(format!("unknown {} \"{id}\"", $what)))
            }
        }
    };
}

id_serde!(piece_set_id, crate::glyphs::PieceSet, "piece set");
id_serde!(notation_id, crate::settings::Notation, "notation");
id_serde!(
    xiangqi_notation_id,
    crate::settings::XiangqiNotation,
    "Xiangqi notation"
);

/// The stored language, written by its tag; an unknown tag reads as no choice, so that a
/// save from a later version with more languages still loads.
mod lang_id {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::i18n::Lang;

    pub fn serialize<S: Serializer>(value: &Option<Lang>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(lang) => s.serialize_some(lang.id()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
        Ok(Option::<String>::deserialize(d)?.and_then(|id| Lang::from_id(&id)))
    }
}

/// The piece letters of the move list: the UI language's own, or a set the player chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    #[default]
    Auto,
    Fixed(PieceLetters),
}

impl Notation {
    pub fn id(self) -> &'static str {
        match self {
            Notation::Auto => "auto",
            Notation::Fixed(letters) => letters.id(),
        }
    }

    pub fn from_id(id: &str) -> Option<Notation> {
        if id == "auto" {
            Some(Notation::Auto)
        } else {
            PieceLetters::from_id(id).map(Notation::Fixed)
        }
    }

    pub fn letters(self, lang: Lang) -> PieceLetters {
        match self {
            Notation::Auto => lang.letters(),
            Notation::Fixed(letters) => letters,
        }
    }
}

/// How the move list writes Xiangqi: as the UI language does (Chinese notation for
/// Chinese, WXF for the others), or a notation the player chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum XiangqiNotation {
    #[default]
    Auto,
    Fixed(XiangqiMoves),
}

impl XiangqiNotation {
    pub const ALL: [XiangqiNotation; 4] = [
        XiangqiNotation::Auto,
        XiangqiNotation::Fixed(XiangqiMoves::Chinese),
        XiangqiNotation::Fixed(XiangqiMoves::Wxf),
        XiangqiNotation::Fixed(XiangqiMoves::Iccs),
    ];

    pub fn id(self) -> &'static str {
        match self {
            XiangqiNotation::Auto => "auto",
            XiangqiNotation::Fixed(XiangqiMoves::Chinese) => "chinese",
            XiangqiNotation::Fixed(XiangqiMoves::Wxf) => "wxf",
            XiangqiNotation::Fixed(XiangqiMoves::Iccs) => "iccs",
        }
    }

    pub fn from_id(id: &str) -> Option<XiangqiNotation> {
        XiangqiNotation::ALL.into_iter().find(|n| n.id() == id)
    }

    pub fn notation(self, lang: Lang) -> XiangqiMoves {
        match self {
            XiangqiNotation::Auto if lang == Lang::ZhHans => XiangqiMoves::Chinese,
            XiangqiNotation::Auto => XiangqiMoves::Wxf,
            XiangqiNotation::Fixed(n) => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form's option values, the saved words and the ids are one and the same.
    #[test]
    fn choices_are_saved_by_their_ids() {
        for theme in [Theme::Checkered, Theme::Uncoloured] {
            assert_eq!(Theme::from_id(theme.id()), Some(theme));
            assert_eq!(
                serde_json::to_string(&theme).unwrap(),
                format!("\"{}\"", theme.id())
            );
        }
        for c in [Coordinates::Outside, Coordinates::Inside, Coordinates::Off] {
            assert_eq!(
                serde_json::from_str::<Coordinates>(&format!("\"{}\"", c.id())).unwrap(),
                c
            );
        }
        for side in [SideChoice::White, SideChoice::Black, SideChoice::Random] {
            assert_eq!(SideChoice::from_id(side.id()), Some(side));
        }
        for (id, tc) in TimeControl::PRESETS {
            assert_eq!(TimeControl::from_id(id), Some(tc));
            assert_eq!(tc.id(), id);
        }
        let described: Vec<String> = TimeControl::PRESETS
            .iter()
            .map(|(_, tc)| tc.describe(Lang::En))
            .collect();
        assert_eq!(
            described,
            [
                "Untimed",
                "3 min + 2 s",
                "5 min + 3 s",
                "5 min, 3 s delay",
                "10 min + 5 s",
                "15 min + 10 s",
                "25 min, 5 s delay",
                "40 moves in 90 min + 30 s, then 30 min + 30 s"
            ]
        );
        assert!(
            serde_json::from_str::<Looks>(r#"{"pieces":"wooden"}"#)
                .unwrap_err()
                .to_string()
                .contains("wooden")
        );
        let looks: Looks =
            serde_json::from_str(r#"{"notation":"mongolian","lang":"mn-Mong"}"#).unwrap();
        assert_eq!(
            looks.notation,
            Notation::Fixed(PieceLetters::MongolianScript)
        );
        assert_eq!(looks.lang, Some(Lang::MnMong));
        let unknown: Looks = serde_json::from_str(r#"{"lang":"tlh"}"#).unwrap();
        assert_eq!((unknown.lang, unknown.notation), (None, Notation::Auto));
        let round = serde_json::to_string(&looks).unwrap();
        assert_eq!(serde_json::from_str::<Looks>(&round).unwrap(), looks);
    }

    #[test]
    fn levels_from_old_or_edited_saves_are_clamped() {
        let setup = GameSetup {
            opponent: Opponent::Computer { level: 42 },
            ..GameSetup::default()
        };
        assert_eq!(
            setup.normalised().opponent,
            Opponent::Computer { level: MAX_LEVEL }
        );
    }
}
