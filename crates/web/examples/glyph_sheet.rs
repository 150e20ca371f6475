//! A page showing every piece drawing, to look at before shipping a change to them:
//!
//! ```sh
//! cargo run -p shatar-web --example glyph_sheet > /tmp/glyphs/sheet.html
//! cargo run -p shatar-web --example glyph_sheet -- 200 traditional > /tmp/glyphs/zoom.html
//! ```
//!
//! Arguments are square sizes in pixels (default 32 48 96) and set ids (default all). Every
//! set is drawn in both colours on light, dark and uncoloured wooden squares at every size,
//! then as the starting position on both kinds of board at the smallest size, where a
//! player has to tell the pieces apart at a glance. The page is self-contained: the piece
//! colours are the game's own `www/pieces.css`.

use std::fmt::Write as _;

use shatar_rules::{Color, Role};
use shatar_web::glyphs::{PieceSet, Shape, glyph};

const PIECES_CSS: &str = include_str!("../../../www/pieces.css");

/// Light and dark squares as on a chess board, and the traditional board's one wood colour.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const WOOD: &str = "#e8c889";
const GRID: &str = "#5b3c1c";

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

fn main() {
    let mut sizes = Vec::new();
    let mut sets = Vec::new();
    for arg in std::env::args().skip(1) {
        if let Some(set) = PieceSet::from_id(&arg) {
            sets.push(set);
        } else if let Ok(size) = arg.parse::<u32>() {
            sizes.push(size);
        } else {
            eprintln!("usage: glyph_sheet [SIZE_PX ...] [traditional|international|letters ...]");
            std::process::exit(2);
        }
    }
    if sizes.is_empty() {
        sizes = vec![32, 48, 96];
    }
    if sets.is_empty() {
        sets = PieceSet::ALL.to_vec();
    }
    print!("{}", page(&sets, &sizes));
}

fn page(sets: &[PieceSet], sizes: &[u32]) -> String {
    let mut html = String::new();
    html.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Piece drawings</title>\n");
    html.push_str("<style>\n");
    html.push_str(PIECES_CSS);
    html.push_str(
        "body { margin: 12px; font: 13px system-ui, sans-serif; background: #faf6ee; color: #1d1a16; }\n\
         h2 { margin: 10px 0 4px; font-size: 15px; }\n\
         .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 2px 0; }\n\
         .row > span { width: 40px; }\n\
         .pieces { display: flex; }\n\
         svg { display: block; }\n",
    );
    html.push_str("</style></head><body>\n");
    for &set in sets {
        let _ = writeln!(html, "<h2>{}</h2>", esc(set.label()));
        for &size in sizes {
            for (name, fill) in [("light", LIGHT), ("dark", DARK), ("wood", WOOD)] {
                let _ = write!(html, "<div class=\"row\"><span>{size} {name}</span>");
                for color in Color::ALL {
                    html.push_str("<div class=\"pieces\">");
                    for role in ROLES {
                        square(
                            &mut html,
                            set,
                            Some((color, role)),
                            fill,
                            fill == WOOD,
                            size,
                        );
                    }
                    html.push_str("</div>");
                }
                html.push_str("</div>\n");
            }
        }
        html.push_str("<div class=\"row\">");
        let size = sizes.iter().copied().min().unwrap_or(32);
        board(&mut html, set, false, size);
        board(&mut html, set, true, size);
        html.push_str("</div>\n");
    }
    html.push_str("</body></html>\n");
    html
}

/// The starting position, White at the bottom.
fn board(html: &mut String, set: PieceSet, wooden: bool, size: u32) {
    const BACK: [Role; 8] = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    html.push_str("<div>");
    for row in 0..8 {
        html.push_str("<div class=\"pieces\">");
        for (col, back) in BACK.into_iter().enumerate() {
            let piece = match row {
                0 => Some((Color::Black, back)),
                1 => Some((Color::Black, Role::Pawn)),
                6 => Some((Color::White, Role::Pawn)),
                7 => Some((Color::White, back)),
                _ => None,
            };
            let fill = if wooden {
                WOOD
            } else if (row + col) % 2 == 0 {
                LIGHT
            } else {
                DARK
            };
            square(html, set, piece, fill, wooden, size);
        }
        html.push_str("</div>");
    }
    html.push_str("</div>");
}

fn square(
    html: &mut String,
    set: PieceSet,
    piece: Option<(Color, Role)>,
    fill: &str,
    grid: bool,
    size: u32,
) {
    let _ = write!(
        html,
        "<svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 100 100\">"
    );
    let _ = write!(html, "<rect width=\"100\" height=\"100\" fill=\"{fill}\"/>");
    if grid {
        let _ = write!(
            html,
            "<rect width=\"100\" height=\"100\" fill=\"none\" stroke=\"{GRID}\" stroke-width=\"1\" \
             vector-effect=\"non-scaling-stroke\"/>"
        );
    }
    if let Some((color, role)) = piece {
        let _ = write!(html, "<g class=\"piece {}\">", color.fold("white", "black"));
        for shape in glyph(set, role) {
            element(html, shape);
        }
        html.push_str("</g>");
    }
    html.push_str("</svg>");
}

fn element(html: &mut String, shape: &Shape) {
    let _ = write!(html, "<{}", shape.tag);
    for (name, value) in shape.attrs {
        let _ = write!(html, " {name}=\"{}\"", esc(value));
    }
    match shape.text {
        Some(text) => {
            let _ = write!(html, ">{}</{}>", esc(text), shape.tag);
        }
        None => html.push_str("/>"),
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
