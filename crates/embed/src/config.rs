//! What a club's snippet asks for: the `<shatar-board>` attributes, or the same names in
//! an iframe's `embed.html#...` fragment, read into a [`Config`]. Every value is checked
//! here, so a typo shows as a sentence in place of the board ("attribute mode="veiw":
//! expected play, view, diagram or live") and never as a half-working board.

use core::fmt;

use shatar_rules::notation::PieceLetters;
use shatar_rules::{AnyGamePosition, Cell};
use shatar_rules::{Color, GameKind};

use shatar_web::glyphs::PieceSet;
pub use shatar_web::i18n::Lang;
use shatar_web::settings::{Coordinates, Looks, MAX_LEVEL, Notation, Points, Theme};

/// Every attribute the element reads; the others (`id`, `class`, `style`...) are the page's.
pub const ATTRIBUTES: [&str; 17] = [
    "mode",
    "game",
    "fen",
    "pgn",
    "src",
    "orientation",
    "opponent",
    "level",
    "lang",
    "theme",
    "pieces",
    "coordinates",
    "notation",
    "points",
    "move",
    "arrows",
    "highlights",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub mode: Mode,
    /// The game kind (the `game` attribute, the embed's public name for it).
    pub kind: GameKind,
    /// The start (play) or the position shown (diagram), already checked to be legal.
    pub position: Option<AnyGamePosition>,
    /// The side at the bottom; against the computer, the visitor's side too.
    pub orientation: Color,
    pub looks: Looks,
    pub lang: Lang,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Play {
        opponent: Opponent,
    },
    View {
        source: PgnSource,
        start: StartPly,
    },
    Diagram {
        arrows: Vec<(Cell, Cell)>,
        highlights: Vec<Cell>,
    },
    /// A live game or the games being played on a Shatar server: `frame` is the address
    /// of the server's `live.html` that shows it (see [`crate::live`]).
    Live {
        frame: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Computer { level: u8 },
    Friend,
}

/// Where a viewer's games come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnSource {
    /// The `pgn` attribute, or else the element's own text.
    Inline(String),
    /// The `src` attribute: a URL, fetched by the browser layer.
    Url(String),
}

/// The position a viewer opens on (the `move` attribute).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartPly {
    Ply(usize),
    End,
}

/// A value the element cannot use: which attribute, what it held, what was wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrError {
    pub attr: &'static str,
    pub value: String,
    pub problem: String,
}

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A whole PGN or FEN does not belong in the sentence; its start is enough to find it.
        let mut value: String = self.value.chars().take(40).collect();
        if value.len() < self.value.len() {
            value.push('…');
        }
        write!(f, "attribute {}=\"{value}\": {}", self.attr, self.problem)
    }
}

impl std::error::Error for AttrError {}

/// Reads the attributes. `attr` answers an attribute's value (`None`: absent); `text` is
/// the element's own text, an inline PGN's other home.
pub fn read(attr: impl Fn(&str) -> Option<String>, text: &str) -> Result<Config, AttrError> {
    let get = |name: &'static str| attr(name).map(|v| (name, v));
    let ruleset = match get("game") {
        None => GameKind::default(),
        Some((name, v)) => v.trim().parse().map_err(|_| {
            let ids: Vec<&str> = GameKind::ALL.iter().map(|r| r.id()).collect();
            bad(name, &v, format!("expected {}", one_of(&ids)))
        })?,
    };
    let mut looks = Looks {
        sound: false,
        ..Looks::default()
    };
    if let Some((name, v)) = get("theme") {
        looks.theme = choose(name, &v, &[Theme::Checkered, Theme::Uncoloured], |t| t.id())?;
    }
    if let Some((name, v)) = get("pieces") {
        looks.pieces = choose(name, &v, &PieceSet::ALL, |p| p.id())?;
    }
    if let Some((name, v)) = get("coordinates") {
        looks.coordinates = choose(
            name,
            &v,
            &[Coordinates::Outside, Coordinates::Inside, Coordinates::Off],
            |c| c.id(),
        )?;
    }
    if let Some((name, v)) = get("notation") {
        looks.notation = Notation::Fixed(choose(name, &v, &PieceLetters::ALL, |l| l.id())?);
    }
    if let Some((name, v)) = get("points") {
        looks.points = choose(name, &v, &[Points::None, Points::TwoOneZero], |p| p.id())?;
    }
    let orientation = match get("orientation") {
        None => Color::White,
        Some((name, v)) => choose(name, &v, &[Color::White, Color::Black], |c| c.name())?,
    };
    let lang = match get("lang") {
        None => Lang::En,
        Some((name, v)) => choose(name, &v, &Lang::ALL, |l| l.id())?,
    };
    let position = match get("fen") {
        None => None,
        Some((name, v)) => Some(
            AnyGamePosition::from_fen(ruleset, v.trim())
                .map_err(|e| bad(name, &v, e.to_string()))?,
        ),
    };
    let mode = match get("mode") {
        None => Mode::Play {
            opponent: opponent(&get)?,
        },
        Some((name, v)) => match v.trim().to_ascii_lowercase().as_str() {
            "play" => Mode::Play {
                opponent: opponent(&get)?,
            },
            "view" => Mode::View {
                source: source(&get, text)?,
                start: start_ply(&get)?,
            },
            "diagram" => Mode::Diagram {
                arrows: arrows(ruleset, &get)?,
                highlights: highlights(ruleset, &get)?,
            },
            "live" => {
                let Some((src, link)) = get("src") else {
                    return Err(bad("src", "", crate::live::EXPECTED.into()));
                };
                Mode::Live {
                    frame: crate::live::frame_address(&link, lang)
                        .map_err(|why| bad(src, &link, why))?,
                }
            }
            _ => return Err(bad(name, &v, "expected play, view, diagram or live".into())),
        },
    };
    Ok(Config {
        mode,
        kind: ruleset,
        position,
        orientation,
        looks,
        lang,
    })
}

type Get<'a> = dyn Fn(&'static str) -> Option<(&'static str, String)> + 'a;

fn opponent(get: &Get) -> Result<Opponent, AttrError> {
    let level = match get("level") {
        None => 3,
        Some((name, v)) => match v.trim().parse::<u8>() {
            Ok(level) if (1..=MAX_LEVEL).contains(&level) => level,
            _ => {
                return Err(bad(
                    name,
                    &v,
                    format!("expected a level from 1 to {MAX_LEVEL}"),
                ));
            }
        },
    };
    match get("opponent") {
        None => Ok(Opponent::Computer { level }),
        Some((name, v)) => match v.trim().to_ascii_lowercase().as_str() {
            "computer" => Ok(Opponent::Computer { level }),
            "friend" => Ok(Opponent::Friend),
            _ => Err(bad(name, &v, "expected computer or friend".into())),
        },
    }
}

fn source(get: &Get, text: &str) -> Result<PgnSource, AttrError> {
    if let Some((_, url)) = get("src").filter(|(_, v)| !v.trim().is_empty()) {
        return Ok(PgnSource::Url(url.trim().to_string()));
    }
    match get("pgn") {
        Some((_, pgn)) => Ok(PgnSource::Inline(pgn)),
        None if !text.trim().is_empty() => Ok(PgnSource::Inline(text.to_string())),
        None => Err(bad(
            "pgn",
            "",
            "a viewer needs games: a pgn or src attribute, or PGN text inside the element".into(),
        )),
    }
}

fn start_ply(get: &Get) -> Result<StartPly, AttrError> {
    match get("move") {
        None => Ok(StartPly::Ply(0)),
        Some((name, v)) => match v.trim() {
            "end" | "last" => Ok(StartPly::End),
            n => n.parse().map(StartPly::Ply).map_err(|_| {
                bad(
                    name,
                    &v,
                    "expected a number of plies (0 is the start) or end".into(),
                )
            }),
        },
    }
}

fn square(game: GameKind, attr: &'static str, whole: &str, text: &str) -> Result<Cell, AttrError> {
    let range = if game == GameKind::Xiangqi {
        "a point (a0 to i9)"
    } else {
        "a square (a1 to h8)"
    };
    Cell::parse(game, text).ok_or_else(|| bad(attr, whole, format!("\"{text}\" is not {range}")))
}

fn arrows(game: GameKind, get: &Get) -> Result<Vec<(Cell, Cell)>, AttrError> {
    let Some((name, v)) = get("arrows") else {
        return Ok(Vec::new());
    };
    list(&v)
        .map(|word| {
            let split = word.char_indices().nth(2).map_or(word.len(), |(i, _)| i);
            if word.len() != 4 {
                return Err(bad(
                    name,
                    &v,
                    format!("\"{word}\" is not an arrow: write its two squares, e2e4"),
                ));
            }
            Ok((
                square(game, name, &v, &word[..split])?,
                square(game, name, &v, &word[split..])?,
            ))
        })
        .collect()
}

fn highlights(game: GameKind, get: &Get) -> Result<Vec<Cell>, AttrError> {
    let Some((name, v)) = get("highlights") else {
        return Ok(Vec::new());
    };
    list(&v).map(|word| square(game, name, &v, word)).collect()
}

/// Words separated by spaces or commas.
fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
}

fn choose<T: Copy>(
    attr: &'static str,
    value: &str,
    all: &[T],
    id: impl Fn(T) -> &'static str,
) -> Result<T, AttrError> {
    let wanted = value.trim();
    all.iter()
        .copied()
        .find(|&t| id(t).eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let ids: Vec<&str> = all.iter().map(|&t| id(t)).collect();
            bad(attr, value, format!("expected {}", one_of(&ids)))
        })
}

fn one_of(ids: &[&str]) -> String {
    match ids {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn bad(attr: &'static str, value: &str, problem: String) -> AttrError {
    AttrError {
        attr,
        value: value.to_string(),
        problem,
    }
}
