//! Our own drawings of the pieces, as data the DOM layer turns into SVG elements.
//!
//! Every drawing lives in the 100 x 100 box of a square and carries no colours: the classes
//! `pc-body`, `pc-line`, `pc-mark` and `pc-text` are coloured by `www/pieces.css` through the
//! `white` / `black` class of the enclosing `.piece` group, so one drawing serves both sides
//! and a theme can recolour the set without touching the data.

use shatar_rules::Role;

/// The drawing styles offered in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    #[default]
    Traditional,
    International,
    Letters,
}

impl PieceSet {
    pub const ALL: [PieceSet; 3] = [
        PieceSet::Traditional,
        PieceSet::International,
        PieceSet::Letters,
    ];

    /// The stable name saved in the settings.
    pub const fn id(self) -> &'static str {
        match self {
            PieceSet::Traditional => "traditional",
            PieceSet::International => "international",
            PieceSet::Letters => "letters",
        }
    }

    pub fn from_id(id: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|set| set.id() == id)
    }

    pub const fn label(self) -> &'static str {
        match self {
            PieceSet::Traditional => "Traditional Mongolian",
            PieceSet::International => "International",
            PieceSet::Letters => "Letters",
        }
    }
}

/// One SVG element of a drawing, in a 100 x 100 box (the square), the piece standing on
/// its bottom with some margin. Colours come from CSS classes, not from the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub tag: &'static str,
    pub attrs: &'static [(&'static str, &'static str)],
    pub text: Option<&'static str>,
}

/// The drawing of `role` in `set`; the same shapes serve both colours (CSS colours them by the
/// `white`/`black` class on the enclosing group).
pub fn glyph(set: PieceSet, role: Role) -> &'static [Shape] {
    match set {
        PieceSet::Traditional => match role {
            Role::King => NOYAN,
            Role::Queen => BERSE,
            Role::Rook => TEREG,
            Role::Bishop => TEMEE,
            Role::Knight => MORI,
            Role::Pawn => KHUU,
        },
        PieceSet::International => match role {
            Role::King => KING,
            Role::Queen => QUEEN,
            Role::Rook => ROOK,
            Role::Bishop => BISHOP,
            Role::Knight => KNIGHT,
            Role::Pawn => PAWN,
        },
        PieceSet::Letters => match role {
            Role::King => LETTER_K,
            Role::Queen => LETTER_Q,
            Role::Rook => LETTER_R,
            Role::Bishop => LETTER_B,
            Role::Knight => LETTER_N,
            Role::Pawn => LETTER_P,
        },
    }
}

// The macros keep each drawing readable as a list of shapes; numbers are written bare and
// turned into the attribute strings at compile time.
macro_rules! class {
    (body) => {
        "pc-body"
    };
    (line) => {
        "pc-line"
    };
    (mark) => {
        "pc-mark"
    };
}

macro_rules! path {
    ($class:ident, $d:literal) => {
        Shape {
            tag: "path",
            attrs: &[("class", class!($class)), ("d", $d)],
            text: None,
        }
    };
}

macro_rules! circle {
    ($class:ident, $cx:literal, $cy:literal, $r:literal) => {
        Shape {
            tag: "circle",
            attrs: &[
                ("class", class!($class)),
                ("cx", stringify!($cx)),
                ("cy", stringify!($cy)),
                ("r", stringify!($r)),
            ],
            text: None,
        }
    };
}

macro_rules! ellipse {
    ($class:ident, $cx:literal, $cy:literal, $rx:literal, $ry:literal) => {
        Shape {
            tag: "ellipse",
            attrs: &[
                ("class", class!($class)),
                ("cx", stringify!($cx)),
                ("cy", stringify!($cy)),
                ("rx", stringify!($rx)),
                ("ry", stringify!($ry)),
            ],
            text: None,
        }
    };
}

macro_rules! rect {
    ($class:ident, $x:literal, $y:literal, $w:literal, $h:literal, $rx:literal) => {
        Shape {
            tag: "rect",
            attrs: &[
                ("class", class!($class)),
                ("x", stringify!($x)),
                ("y", stringify!($y)),
                ("width", stringify!($w)),
                ("height", stringify!($h)),
                ("rx", stringify!($rx)),
            ],
            text: None,
        }
    };
}

macro_rules! letter {
    ($letter:literal) => {
        &[
            circle!(body, 50, 50, 40),
            Shape {
                tag: "text",
                attrs: &[
                    ("class", "pc-text"),
                    ("x", "50"),
                    ("y", "52"),
                    ("text-anchor", "middle"),
                    ("dominant-baseline", "central"),
                    ("font-size", "54"),
                    ("font-weight", "bold"),
                ],
                text: Some($letter),
            },
        ]
    };
}

// ---------------------------------------------------------------------------------------
// Traditional Mongolian set: carved figures on a common plinth, animals in profile facing
// right. The lord stands tallest, as in the folk set, but the boy is drawn bigger than the
// set's proportions would make him: at 32 px a 2.8 : 4.5 figure is a speck.

/// Drawn last so it hides where each figure meets it.
const PLINTH: Shape = rect!(body, 16, 84, 68, 9, 2.5);

/// The lord, seated, in a robe and a peaked hat with a finial.
static NOYAN: &[Shape] = &[
    path!(
        body,
        "M24 86 C24 70 28 56 37 49 Q43 45 50 45 Q57 45 63 49 C72 56 76 70 76 86 Z"
    ),
    path!(line, "M38 53 Q39 64 50 66 Q61 64 62 53"),
    path!(line, "M28 77 Q50 70 72 77"),
    circle!(body, 50, 36, 9.5),
    circle!(mark, 46.5, 37, 1.3),
    circle!(mark, 53.5, 37, 1.3),
    path!(body, "M40 27 Q41 17 50 11 Q59 17 60 27 Z"),
    path!(
        body,
        "M33 23 Q34 31 50 31 Q66 31 67 23 Q60 26 50 26 Q40 26 33 23 Z"
    ),
    path!(line, "M35 24 Q41 26.5 50 26.5 Q59 26.5 65 24"),
    circle!(body, 50, 8, 3.5),
    PLINTH,
];

/// The guardian lion, sitting up, with a scalloped mane and its tail raised behind it.
static BERSE: &[Shape] = &[
    path!(
        body,
        "M25.2 66.6 C12.2 66.6 6.8 55.8 10 45 C12.2 41.7 14.4 40.6 16.5 41.7 C14.4 47.1 15.4 57.9 26.2 59 Z"
    ),
    path!(
        body,
        "M9 43.9 A3.5 3.5 0 0 1 9 36.3 A3.5 3.5 0 0 1 15.4 34.2 A3.5 3.5 0 0 1 19.8 39.6 A3.5 3.5 0 0 1 16.5 45 Z"
    ),
    path!(
        body,
        "M17.6 86 C12.2 68.7 19.8 53.6 34.9 51.4 C43.5 50.4 47.8 45 52.2 38.5 L71.6 42.8 \
         C77 51.4 77 60.1 73.8 68.7 L74.8 78.4 Q81.3 79.5 81.3 86 Z"
    ),
    path!(line, "M43.5 86 C47.8 73 43.5 60.1 30.6 57.9"),
    path!(line, "M64 86 L64 68.7"),
    path!(
        body,
        "M75.9 32 A5 5 0 0 1 73.7 40.6 A5 5 0 0 1 67.3 47 A5 5 0 0 1 58.6 49.3 A5 5 0 0 1 50 47 \
         A5 5 0 0 1 43.6 40.6 A5 5 0 0 1 41.4 32 A5 5 0 0 1 43.6 23.4 A5 5 0 0 1 50 17 A5 5 0 0 1 58.6 14.7 \
         A5 5 0 0 1 67.3 17 A5 5 0 0 1 73.7 23.4 A5 5 0 0 1 75.9 32 Z"
    ),
    circle!(body, 61.9, 20.1, 3.8),
    path!(
        body,
        "M59.7 26.6 C61.9 20.1 70.5 19 75.9 23.4 L83.5 27.7 C87.8 29.8 87.8 37.4 83.5 39.6 L74.8 42.8 \
         C67.3 45 59.7 40.6 59.7 33.1 Z"
    ),
    path!(
        line,
        "M74.8 42.8 C67.3 45 59.7 40.6 59.7 33.1 L59.7 26.6 C61.9 20.1 70.5 19 75.9 23.4"
    ),
    path!(
        line,
        "M50 25 Q53 29 52 34 M46.5 35 Q49.5 39 49.5 43 M54 42 Q56.5 45 59.5 46"
    ),
    circle!(mark, 71.6, 27.7, 1.9),
    ellipse!(mark, 85.6, 31.5, 1.7, 2.2),
    path!(line, "M75.9 38.5 Q80.2 39.6 84.6 37.4"),
    PLINTH,
];

/// The cart: a covered box on a big spoked wheel, its shafts resting on the ground.
static TEREG: &[Shape] = &[
    path!(body, "M65.4 48.6 L70.9 48.6 L85.2 83.8 L79.7 83.8 Z"),
    path!(body, "M14.8 37.6 Q17 22.2 44.5 22.2 Q72 22.2 74.2 37.6 Z"),
    rect!(body, 12.6, 37.6, 63.8, 17.6, 1.5),
    path!(
        line,
        "M15 37.6 L74 37.6 M28 37.6 L28 46.4 M44.5 37.6 L44.5 46.4 M61 37.6 L61 46.4"
    ),
    circle!(body, 41.2, 64, 19.8),
    circle!(line, 41.2, 64, 14.9),
    path!(
        line,
        "M41.2 49.1 L41.2 78.8 M26.3 64 L56 64 M30.8 53.5 L51.6 74.5 M51.6 53.5 L30.8 74.5"
    ),
    circle!(body, 41.2, 64, 4.4),
    PLINTH,
];

/// The Bactrian camel, walking: two humps and the long neck dipping before the head, so it
/// cannot be taken for the horse.
static TEMEE: &[Shape] = &[
    path!(
        body,
        "M21 46 C16 50 15 56 16 64 L19 64 C19 58 20 53 23 50 Z"
    ),
    path!(body, "M32 54 L39 54 L42 86 L36 86 Z"),
    path!(body, "M58 54 L65 54 L61 86 L55 86 Z"),
    path!(body, "M24 54 L31 54 L26 86 L20 86 Z"),
    path!(body, "M64 54 L71 54 L73 86 L67 86 Z"),
    path!(
        body,
        "M20 52 C18 45 21 41 25 39 C27 28 31 21 37 21 C43 21 45 31 47 35 C49 29 51 21 57 21 \
         C63 21 65 32 67 38 C70 44 74 48 77 46 C79 42 80 34 83 28 C85 25 90 25 93 28 \
         C95 30 95 34 92 35 L88 35 C86 42 82 50 76 56 C72 60 66 61 60 61 L31 61 C24 61 20 58 20 52 Z"
    ),
    circle!(mark, 87, 29, 1.6),
    PLINTH,
];

/// The horse, walking with its head up, mane and tail.
static MORI: &[Shape] = &[
    path!(body, "M24 46 C13 48 10 60 12 74 C17 66 19 58 26 53 Z"),
    path!(body, "M32 56 L39 56 L42 86 L36 86 Z"),
    path!(body, "M60 56 L67 56 L62 86 L56 86 Z"),
    path!(body, "M24 56 L31 56 L26 86 L20 86 Z"),
    path!(body, "M66 56 L73 56 L75 86 L69 86 Z"),
    path!(
        body,
        "M22 45 C26 40 32 39 40 39 L54 39 C59 33 61 24 65 17 L66 9 L71 14 C78 17 85 25 90 32 \
         C93 36 91 42 86 41 L80 39 C78 41 77 41 76 41 C75 46 76 50 76 54 \
         C76 60 70 64 60 64 L36 64 C27 64 20 59 20 52 C20 49 21 47 22 45 Z"
    ),
    path!(
        line,
        "M60 40 L59.5 36 L63 34.5 L62.5 30.5 L66 29 L65.5 25 L68.5 23"
    ),
    circle!(mark, 75, 23, 1.9),
    PLINTH,
];

/// The boy: a small standing figure, round head and a forelock, no hat.
static KHUU: &[Shape] = &[
    rect!(body, 38.5, 65.3, 8.6, 20.7, 2),
    rect!(body, 52.9, 65.3, 8.6, 20.7, 2),
    path!(
        body,
        "M30.5 76.8 Q31.6 56.1 40.8 50.4 L59.2 50.4 Q68.4 56.1 69.5 76.8 Z"
    ),
    path!(
        line,
        "M38.5 56.1 Q36.2 65.3 38.5 72.2 M61.5 56.1 Q63.8 65.3 61.5 72.2"
    ),
    path!(
        body,
        "M45.4 22.8 Q48.9 12.4 59.2 15.9 Q53.5 18.2 53.5 22.8 Z"
    ),
    circle!(body, 50, 35.4, 13.8),
    circle!(mark, 44.8, 36.6, 1.8),
    circle!(mark, 55.2, 36.6, 1.8),
    PLINTH,
];

// ---------------------------------------------------------------------------------------
// International set: our own turned Staunton-like shapes on a shared foot.

const FOOT: Shape = rect!(body, 21, 83, 58, 9, 2.5);

static KING: &[Shape] = &[
    path!(
        body,
        "M46.5 4 L53.5 4 L53.5 9 L60 9 L60 16 L53.5 16 L53.5 26 L46.5 26 L46.5 16 L40 16 L40 9 L46.5 9 Z"
    ),
    path!(
        body,
        "M28 84 C34 72 37 58 34 44 L66 44 C63 58 66 72 72 84 Z"
    ),
    path!(body, "M34 45 L29 30 Q50 20 71 30 L66 45 Q50 41 34 45 Z"),
    path!(line, "M35 45 Q50 41 65 45 M35 52 Q50 48 65 52"),
    FOOT,
];

static QUEEN: &[Shape] = &[
    path!(
        body,
        "M28 84 C34 72 37 58 34 46 L23 29 L37 40 L37 21 L46 38 L50 16 L54 38 L63 21 L63 40 L77 29 L66 46 \
         C63 58 66 72 72 84 Z"
    ),
    circle!(body, 23, 27, 4.2),
    circle!(body, 37, 19, 4.2),
    circle!(body, 50, 14, 4.2),
    circle!(body, 63, 19, 4.2),
    circle!(body, 77, 27, 4.2),
    path!(line, "M34.5 47 Q50 43 65.5 47 M35 53 Q50 49 65 53"),
    FOOT,
];

static ROOK: &[Shape] = &[
    path!(
        body,
        "M29 84 L33 49 L27 43 L27 23 L36 23 L36 30 L45 30 L45 23 L55 23 L55 30 L64 30 L64 23 \
         L73 23 L73 43 L67 49 L71 84 Z"
    ),
    path!(line, "M28 43 L72 43 M33 49 L67 49"),
    FOOT,
];

static BISHOP: &[Shape] = &[
    path!(
        body,
        "M29 84 C38 74 42 66 42 58 L58 58 C58 66 62 74 71 84 Z"
    ),
    path!(body, "M38 58 C28 47 35 33 50 21 C65 33 72 47 62 58 Z"),
    circle!(body, 50, 16, 5),
    path!(line, "M55 31 L47 44"),
    ellipse!(body, 50, 59, 15, 4),
    ellipse!(line, 50, 59, 15, 4),
    FOOT,
];

/// A horse's head, facing left as knights do in diagrams.
static KNIGHT: &[Shape] = &[
    path!(
        body,
        "M72 84 C76.4 59.8 74.2 35.6 61 20.2 L58.8 8.1 L52.2 14.7 L46.7 8.1 L43.4 18 \
                 C34.6 22.4 28 31.2 21.4 42.2 C18.1 48.8 21.4 54.3 26.9 53.2 L34.6 49.9 \
                 C39 51 43.4 48.8 47.8 45.5 C45.6 57.6 34.6 68.6 30.2 84 Z"
    ),
    path!(line, "M61 21.3 C69.8 35.6 72 57.6 67.6 81.8"),
    circle!(mark, 43.4, 26.8, 2.2),
    circle!(mark, 24.7, 46.6, 1.7),
    FOOT,
];

static PAWN: &[Shape] = &[
    path!(
        body,
        "M30 84 C36 74 42 66 43 58 L57 58 C58 66 64 74 70 84 Z"
    ),
    ellipse!(body, 50, 58, 13, 3.6),
    ellipse!(line, 50, 58, 13, 3.6),
    circle!(body, 50, 44, 12),
    FOOT,
];

// ---------------------------------------------------------------------------------------
// Letters set: the English letters of the notation on a disc.

static LETTER_K: &[Shape] = letter!("K");
static LETTER_Q: &[Shape] = letter!("Q");
static LETTER_R: &[Shape] = letter!("R");
static LETTER_B: &[Shape] = letter!("B");
static LETTER_N: &[Shape] = letter!("N");
static LETTER_P: &[Shape] = letter!("P");

#[cfg(test)]
mod tests {
    use super::*;

    const TAGS: [&str; 8] = [
        "path", "circle", "ellipse", "rect", "polygon", "polyline", "line", "text",
    ];
    const ATTRS: [&str; 20] = [
        "class",
        "d",
        "points",
        "cx",
        "cy",
        "r",
        "rx",
        "ry",
        "x",
        "y",
        "width",
        "height",
        "x1",
        "y1",
        "x2",
        "y2",
        "text-anchor",
        "dominant-baseline",
        "font-size",
        "font-weight",
    ];
    const CLASSES: [&str; 4] = ["pc-body", "pc-line", "pc-mark", "pc-text"];

    fn all_shapes() -> impl Iterator<Item = (PieceSet, Role, &'static Shape)> {
        PieceSet::ALL.into_iter().flat_map(|set| {
            Role::ALL
                .into_iter()
                .flat_map(move |role| glyph(set, role).iter().map(move |s| (set, role, s)))
        })
    }

    /// The numbers of a path's `d` or a `points` list; every command is absolute, so each
    /// number is a coordinate, a radius or an arc flag.
    fn numbers(value: &str) -> Vec<f64> {
        value
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter(|token| !token.is_empty())
            .map(|token| {
                token
                    .parse()
                    .unwrap_or_else(|_| panic!("not a number: {token:?} in {value:?}"))
            })
            .collect()
    }

    #[test]
    fn every_set_draws_every_role() {
        for set in PieceSet::ALL {
            for role in Role::ALL {
                let shapes = glyph(set, role);
                assert!(
                    shapes
                        .iter()
                        .any(|s| s.attrs.contains(&("class", "pc-body"))),
                    "{set:?} {role:?}"
                );
            }
        }
    }

    #[test]
    fn shapes_use_allowed_tags_attributes_and_classes() {
        for (set, role, shape) in all_shapes() {
            assert!(
                TAGS.contains(&shape.tag),
                "{set:?} {role:?}: tag {}",
                shape.tag
            );
            for (name, value) in shape.attrs {
                assert!(ATTRS.contains(name), "{set:?} {role:?}: attribute {name}");
                if *name == "class" {
                    assert!(CLASSES.contains(value), "{set:?} {role:?}: class {value}");
                }
            }
            assert!(
                shape.attrs.iter().any(|(name, _)| *name == "class"),
                "{set:?} {role:?}: unclassed {shape:?}"
            );
            assert_eq!(
                shape.text.is_some(),
                shape.tag == "text",
                "{set:?} {role:?}"
            );
        }
    }

    #[test]
    fn coordinates_stay_inside_the_square() {
        for (set, role, shape) in all_shapes() {
            for (name, value) in shape.attrs {
                if matches!(
                    *name,
                    "class" | "text-anchor" | "dominant-baseline" | "font-weight"
                ) {
                    continue;
                }
                if *name == "d" {
                    assert!(
                        !value.chars().any(|c| c.is_ascii_lowercase()),
                        "{set:?} {role:?}: relative path command in {value}"
                    );
                }
                let numbers = numbers(value);
                assert!(!numbers.is_empty(), "{set:?} {role:?}: {name}={value:?}");
                for n in numbers {
                    assert!(
                        (0.0..=100.0).contains(&n),
                        "{set:?} {role:?}: {name} has {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn traditional_pieces_are_pairwise_different() {
        for (i, a) in Role::ALL.into_iter().enumerate() {
            for b in Role::ALL.into_iter().skip(i + 1) {
                assert_ne!(
                    glyph(PieceSet::Traditional, a),
                    glyph(PieceSet::Traditional, b),
                    "{a:?} = {b:?}"
                );
            }
        }
    }

    #[test]
    fn letters_are_the_english_notation() {
        for role in Role::ALL {
            let text = glyph(PieceSet::Letters, role).iter().find_map(|s| s.text);
            assert_eq!(
                text,
                Some(role.upper_char().to_string().as_str()),
                "{role:?}"
            );
        }
    }

    #[test]
    fn ids_round_trip() {
        for set in PieceSet::ALL {
            assert_eq!(PieceSet::from_id(set.id()), Some(set));
            assert!(!set.label().is_empty());
        }
        assert_eq!(PieceSet::from_id("staunton"), None);
        assert_eq!(PieceSet::default(), PieceSet::Traditional);
    }
}
