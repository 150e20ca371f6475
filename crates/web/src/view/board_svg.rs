//! The board's first drawing as SVG, on any [`Canvas`]: the page's DOM builds it when a board
//! is (re)drawn (`dom::board`), and the build writes the start position's into the page with
//! [`super::canvas::Markup`] (`examples/static_board.rs`), so the board is on screen before
//! the WebAssembly arrives and the page's own first drawing is the same picture.

use shatar_rules::{AnyPiece, Cell, Color, GameKind, Piece, xiangqi};

use super::canvas::Canvas;
use super::{BoardView, CellKind, CellView, Geometry, Marks};
use crate::carried::carries;
use crate::glyphs::{PieceSet, glyph};
use crate::num::Num;
use crate::settings::{Coordinates, Looks, Theme};

/// One cell is 100 user units; the glyphs are drawn in that box.
pub const CELL: f64 = 100.0;
/// Room for coordinates outside the board: left and bottom for the 8x8 board's ranks and
/// files, top and bottom for Xiangqi's file numbers.
const MARGIN: f64 = 32.0;

/// What forces a rebuild instead of a patch: a change of drawing, not of position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub bottom: Color,
    pub pieces: PieceSet,
    pub theme: Theme,
    pub coordinates: Coordinates,
    pub face_to_face: bool,
}

impl Style {
    pub fn of(view: &BoardView, looks: &Looks) -> Style {
        Style {
            bottom: view.bottom,
            pieces: looks.pieces,
            theme: looks.theme,
            coordinates: looks.coordinates,
            face_to_face: looks.face_to_face,
        }
    }
}

/// Where the cells sit in the picture: their offset, and the picture's size with room for
/// the coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub dx: f64,
    pub dy: f64,
    pub width: f64,
    pub height: f64,
}

impl Frame {
    pub fn of(geometry: Geometry, style: Style) -> Frame {
        let (w, h) = (
            f64::from(geometry.files) * CELL,
            f64::from(geometry.ranks) * CELL,
        );
        match (geometry.cells, style.coordinates) {
            (_, Coordinates::Off) | (CellKind::Squares, Coordinates::Inside) => Frame {
                dx: 0.0,
                dy: 0.0,
                width: w,
                height: h,
            },
            (CellKind::Squares, Coordinates::Outside) => Frame {
                dx: MARGIN,
                dy: 0.0,
                width: w + MARGIN,
                height: h + MARGIN,
            },
            (CellKind::Intersections, _) => Frame {
                dx: 0.0,
                dy: MARGIN,
                width: w,
                height: h + 2.0 * MARGIN,
            },
        }
    }
}

/// The classes a cell's marks put on it, in this order.
pub fn mark_classes(m: Marks) -> [(&'static str, bool); 8] {
    [
        ("selected", m.selected),
        ("dest", m.destination),
        ("capture", m.capture),
        ("last", m.last_move),
        ("check", m.check),
        ("hint", m.hint),
        ("movable", m.movable),
        ("marked", m.highlight),
    ]
}

/// A board as first drawn: the picture, each cell's group and piece in the view's order,
/// and the cell in the tab order.
pub struct Drawn<N> {
    pub svg: N,
    pub cells: Vec<(N, Option<N>)>,
    pub roving: Option<Cell>,
}

/// The whole board of `view`: cells with their pieces, marks and labels, and the 8x8
/// board's coordinates. Xiangqi's lines and file numbers are the DOM's to add (they are
/// drawn only in the browser). The keyboard comes in at `roving` if the board has it, or at
/// the bottom left of the picture.
pub fn draw<C: Canvas>(
    c: &mut C,
    view: &BoardView,
    style: Style,
    roving: Option<Cell>,
) -> Result<Drawn<C::Node>, C::Error>
where
    C::Error: From<&'static str>,
{
    let frame = Frame::of(view.geometry, style);
    let theme = match (view.geometry.cells, style.theme) {
        (CellKind::Intersections, _) => "board xiangqi",
        (CellKind::Squares, Theme::Checkered) => "board checkered",
        (CellKind::Squares, Theme::Uncoloured) => "board uncoloured",
    };
    let board = c.element(
        "svg",
        &[
            (
                "viewBox",
                &format!("0 0 {} {}", Num::<2>(frame.width), Num::<2>(frame.height)),
            ),
            ("class", theme),
            ("role", "grid"),
            ("aria-label", "Board"),
            ("data-bottom", style.bottom.name()),
            (
                "data-interactive",
                if view.interactive { "true" } else { "false" },
            ),
        ],
    )?;
    let bottom_left = view
        .cells
        .iter()
        .find(|c| c.col == 0 && c.row == view.geometry.ranks - 1)
        .map(|c| c.cell);
    let roving = roving
        .filter(|&r| view.cells.iter().any(|c| c.cell == r))
        .or(bottom_left);
    let mut cells = Vec::with_capacity(view.cells.len());
    for row in view.cells.chunks(usize::from(view.geometry.files)) {
        let row_el = c.element("g", &[("role", "row")])?;
        for cell in row {
            let g = cell_frame(
                c,
                cell,
                view.geometry,
                frame,
                style,
                roving == Some(cell.cell),
            )?;
            let piece = match cell.piece {
                Some(p) => {
                    let el = any_piece(c, p, style.pieces, style.face_to_face)?;
                    c.append(&g, &el)?;
                    Some(el)
                }
                None => None,
            };
            c.append(&row_el, &g)?;
            cells.push((g, piece));
        }
        c.append(&board, &row_el)?;
    }
    if (view.geometry.cells, style.coordinates) == (CellKind::Squares, Coordinates::Outside) {
        let coords = outside_coordinates(c, view)?;
        c.append(&board, &coords)?;
    }
    Ok(Drawn {
        svg: board,
        cells,
        roving,
    })
}

/// A cell's fixed parts (background, highlight, destination marks, and coordinates drawn
/// inside when asked) with its marks, piece code and label. A Xiangqi point is a cell
/// centred on its crossing, with a round highlight.
fn cell_frame<C: Canvas>(
    c: &mut C,
    cell: &CellView,
    geometry: Geometry,
    frame: Frame,
    style: Style,
    roving: bool,
) -> Result<C::Node, C::Error> {
    let x = frame.dx + f64::from(cell.col) * CELL;
    let y = frame.dy + f64::from(cell.row) * CELL;
    let points = geometry.cells == CellKind::Intersections;
    let mut class = String::from(match (points, cell.light) {
        (true, _) => "sq point",
        (false, true) => "sq light",
        (false, false) => "sq dark",
    });
    for (name, on) in mark_classes(cell.marks) {
        if on {
            class.push(' ');
            class.push_str(name);
        }
    }
    let g = c.element(
        "g",
        &[
            ("role", "gridcell"),
            ("class", &class),
            (
                "transform",
                &format!("translate({} {})", Num::<2>(x), Num::<2>(y)),
            ),
            ("data-square", &cell.name),
            ("data-piece", &cell.piece_code()),
            ("tabindex", if roving { "0" } else { "-1" }),
            (
                "aria-selected",
                if cell.marks.selected { "true" } else { "false" },
            ),
            ("aria-label", &cell.label),
        ],
    )?;
    let highlight = if points {
        (
            "circle",
            &[("class", "hl"), ("cx", "50"), ("cy", "50"), ("r", "50")][..],
        )
    } else {
        (
            "rect",
            &[
                ("class", "hl"),
                ("x", "2"),
                ("y", "2"),
                ("width", "96"),
                ("height", "96"),
            ][..],
        )
    };
    for (tag, attrs) in [
        (
            "rect",
            &[("class", "bg"), ("width", "100"), ("height", "100")][..],
        ),
        highlight,
        (
            "circle",
            &[("class", "dot"), ("cx", "50"), ("cy", "50"), ("r", "15")][..],
        ),
        (
            "circle",
            &[("class", "ring"), ("cx", "50"), ("cy", "50"), ("r", "44")][..],
        ),
    ] {
        let attrs: Vec<_> = attrs
            .iter()
            .copied()
            .chain([("aria-hidden", "true")])
            .collect();
        let el = c.element(tag, &attrs)?;
        c.append(&g, &el)?;
    }
    if style.coordinates == Coordinates::Inside && !points {
        let (file, rank) = cell.name.split_at(1);
        if cell.col == 0 {
            let t = label(c, "coord rank", "6", "20", rank)?;
            c.append(&g, &t)?;
        }
        if cell.row == geometry.ranks - 1 {
            let t = label(c, "coord file", "92", "94", file)?;
            c.append(&g, &t)?;
        }
    }
    Ok(g)
}

fn label<C: Canvas>(
    c: &mut C,
    class: &str,
    x: &str,
    y: &str,
    text: &str,
) -> Result<C::Node, C::Error> {
    let t = c.element(
        "text",
        &[
            ("class", class),
            ("x", x),
            ("y", y),
            ("aria-hidden", "true"),
        ],
    )?;
    c.set_text(&t, text)?;
    Ok(t)
}

/// Rank numbers down the left, file letters along the bottom, read from the cells drawn
/// there so they follow the orientation.
fn outside_coordinates<C: Canvas>(c: &mut C, view: &BoardView) -> Result<C::Node, C::Error> {
    let g = c.element("g", &[("class", "coords"), ("aria-hidden", "true")])?;
    let bottom_row = view.geometry.ranks - 1;
    for cell in &view.cells {
        let (file, rank) = cell.name.split_at(1);
        if cell.col == 0 {
            let y = Num::<2>(f64::from(cell.row) * CELL + CELL / 2.0).to_string();
            let t = label(c, "", &Num::<2>(MARGIN / 2.0).to_string(), &y, rank)?;
            c.append(&g, &t)?;
        }
        if cell.row == bottom_row {
            let x = Num::<2>(MARGIN + f64::from(cell.col) * CELL + CELL / 2.0).to_string();
            let y = Num::<2>(f64::from(view.geometry.ranks) * CELL + MARGIN / 2.0).to_string();
            let t = label(c, "", &x, &y, file)?;
            c.append(&g, &t)?;
        }
    }
    Ok(g)
}

/// A piece of any game: an 8x8 glyph, or a Xiangqi disc from the symbols of
/// `xiangqi/pieces.svg` (`dom::xiangqi_board`).
pub fn any_piece<C: Canvas>(
    c: &mut C,
    piece: AnyPiece,
    set: PieceSet,
    turned: bool,
) -> Result<C::Node, C::Error>
where
    C::Error: From<&'static str>,
{
    match piece {
        AnyPiece::Board8(p) => piece_element(c, p, set, turned),
        AnyPiece::Xiangqi(p) if carries(GameKind::Xiangqi) => xiangqi_piece(c, p, set, turned),
        AnyPiece::Xiangqi(_) => Err("shatar: this build draws no Xiangqi piece".into()),
    }
}

/// The id of a piece's symbol in `xiangqi/pieces.svg`: the international (pictorial) set for
/// a player who chose the international pieces, the characters otherwise.
pub fn symbol_id(piece: xiangqi::Piece, set: PieceSet) -> String {
    let set = if set == PieceSet::International {
        "international"
    } else {
        "traditional"
    };
    let color = piece.color.fold("red", "black");
    format!("xq-{set}-{color}-{}", piece.role.name())
}

fn xiangqi_piece<C: Canvas>(
    c: &mut C,
    piece: xiangqi::Piece,
    set: PieceSet,
    turned: bool,
) -> Result<C::Node, C::Error> {
    let class = format!("piece xq-piece {}", piece.color.fold("red", "black"));
    let turn = turned && piece.color == Color::Black;
    let g = piece_group(c, &class, turn)?;
    let href = format!("#{}", symbol_id(piece, set));
    let el = c.element(
        "use",
        &[("href", &href), ("width", "100"), ("height", "100")],
    )?;
    c.append(&g, &el)?;
    Ok(g)
}

fn piece_group<C: Canvas>(c: &mut C, class: &str, turned: bool) -> Result<C::Node, C::Error> {
    let mut attrs = vec![("class", class), ("aria-hidden", "true")];
    if turned {
        attrs.push(("transform", "rotate(180 50 50)"));
    }
    c.element("g", &attrs)
}

/// A piece drawn from its glyph; both colours share the shapes, CSS colours them. Face to
/// face, Black's pieces are turned round for the player sitting opposite.
pub fn piece_element<C: Canvas>(
    c: &mut C,
    piece: Piece,
    set: PieceSet,
    turned: bool,
) -> Result<C::Node, C::Error> {
    let class = format!("piece {}", piece.color.name());
    let g = piece_group(c, &class, turned && piece.color == Color::Black)?;
    for shape in glyph(set, piece.role) {
        let el = c.element(shape.tag, shape.attrs)?;
        if let Some(text) = shape.text {
            c.set_text(&el, text)?;
        }
        c.append(&g, &el)?;
    }
    Ok(g)
}
