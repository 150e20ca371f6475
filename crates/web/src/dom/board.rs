//! The board as SVG, built node by node (`createElementNS`, text through `textContent`,
//! never markup), and patched cell by cell: a move touches the cells it changes.
//!
//! Dragging is the view's own business (a floating copy of the piece follows the
//! pointer); what it means is decided by the board component ([`crate::board`]), which
//! hears a press and a release on squares from [`super::board_widget`].

use shatar_rules::{Color, GameKind, Piece, xiangqi};

use crate::num::Num;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, KeyboardEvent, PointerEvent};

use super::listen::closest_with;
use super::svg::{CELL, Frame, add, svg, svg_el};
use crate::carried::carries;
use crate::glyphs::{PieceSet, glyph};
use crate::settings::{Coordinates, Looks, Theme};
use crate::view::{BoardView, CellKind, CellView, Geometry, Marks};
use shatar_rules::{AnyPiece, Cell};

/// Room for coordinates outside the board: left and bottom for the 8x8 board's ranks and
/// files, top and bottom for Xiangqi's file numbers.
const MARGIN: f64 = 32.0;
/// A press that moves further than this (in CSS pixels) is a drag, not a click.
const DRAG_THRESHOLD_PX: f64 = 4.0;

/// What forces a rebuild instead of a patch: a change of drawing, not of position.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Style {
    bottom: Color,
    pieces: PieceSet,
    theme: Theme,
    coordinates: Coordinates,
    face_to_face: bool,
}

struct CellDom {
    g: Element,
    piece: Option<Element>,
    shown: Option<AnyPiece>,
    marks: Marks,
    label: String,
}

struct Drag {
    from: Cell,
    start: (f64, f64),
    moved: bool,
    ghost: Element,
}

/// What a key pressed on the board means; the page turns it into its messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// Enter or Space on a cell: a click there (pick up, put down).
    Press(Cell),
    /// Escape: let go of the piece in hand.
    LetGo,
}

pub struct BoardDom {
    doc: Document,
    /// The one cell in the tab order (a roving tabindex): where the keyboard is on the board.
    roving: Option<Cell>,
    holder: Element,
    svg: Option<Element>,
    /// The author's arrows, drawn over the pieces.
    arrows: Option<Element>,
    /// Indexed by [`BoardDom::slot`]: rank by rank from White's or Red's side.
    cells: Vec<CellDom>,
    files: usize,
    /// Where the board's own files (the Xiangqi pieces) are: the page's folder, or an
    /// embed's site.
    asset_base: String,
    style: Option<Style>,
    view: Option<BoardView>,
    drag: Option<Drag>,
}

impl BoardDom {
    pub fn new(doc: Document, holder: Element) -> BoardDom {
        BoardDom {
            doc,
            holder,
            roving: None,
            svg: None,
            arrows: None,
            cells: Vec::new(),
            files: 8,
            asset_base: String::new(),
            style: None,
            view: None,
            drag: None,
        }
    }

    /// Where to fetch the board's own files from (`https://club.example/shatar/`); the
    /// page's own folder by default.
    pub fn set_asset_base(&mut self, base: &str) {
        self.asset_base = base.to_string();
    }

    pub fn svg(&self) -> Option<&Element> {
        self.svg.as_ref()
    }

    pub fn render(&mut self, view: &BoardView, looks: &Looks) -> Result<(), JsValue> {
        let style = Style {
            bottom: view.bottom,
            pieces: looks.pieces,
            theme: looks.theme,
            coordinates: looks.coordinates,
            face_to_face: looks.face_to_face,
        };
        let rebuilt = self.style != Some(style)
            || self
                .view
                .as_ref()
                .is_none_or(|v| v.geometry != view.geometry);
        if rebuilt {
            self.build(view, style)?;
        }
        for cell in &view.cells {
            self.patch(cell, style)?;
        }
        if rebuilt || self.view.as_ref().is_none_or(|v| v.arrows != view.arrows) {
            self.draw_arrows(view, style)?;
        }
        if let Some(svg) = &self.svg {
            svg.set_attribute(
                "data-interactive",
                if view.interactive { "true" } else { "false" },
            )?;
        }
        self.view = Some(view.clone());
        Ok(())
    }

    fn slot(&self, cell: Cell) -> usize {
        usize::from(cell.rank) * self.files + usize::from(cell.file)
    }

    fn build(&mut self, view: &BoardView, style: Style) -> Result<(), JsValue> {
        self.drag = None;
        let frame = Frame::of(view.geometry, style);
        let theme = match (view.geometry.cells, style.theme) {
            (CellKind::Intersections, _) => "board xiangqi",
            (CellKind::Squares, Theme::Checkered) => "board checkered",
            (CellKind::Squares, Theme::Uncoloured) => "board uncoloured",
        };
        let board = svg(
            &self.doc,
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
            ],
        )?;
        self.files = usize::from(view.geometry.files);
        let mut cells: Vec<Option<CellDom>> = view.cells.iter().map(|_| None).collect();
        // A build without Xiangqi never draws its board: the test leaves the code out.
        if carries(GameKind::Xiangqi) && view.geometry.cells == CellKind::Intersections {
            super::xiangqi_board::ensure_symbols(&self.holder, &self.asset_base);
            add(
                &board,
                &super::xiangqi_board::lines(&self.doc, view.geometry, view.bottom, frame)?,
            )?;
        }
        for row in view.cells.chunks(self.files) {
            let row_el = svg(&self.doc, "g", &[("role", "row")])?;
            for cell in row {
                let g = self.cell_frame(cell, view.geometry, frame, style)?;
                row_el.append_child(&g)?;
                let slot = self.slot(cell.cell);
                cells[slot] = Some(CellDom {
                    g,
                    piece: None,
                    shown: None,
                    marks: Marks::default(),
                    label: String::new(),
                });
            }
            board.append_child(&row_el)?;
        }
        match (view.geometry.cells, style.coordinates) {
            (_, Coordinates::Off) => {}
            (CellKind::Intersections, _) if carries(GameKind::Xiangqi) => {
                add(
                    &board,
                    &super::xiangqi_board::file_numbers(
                        &self.doc,
                        view.geometry,
                        view.bottom,
                        frame,
                    )?,
                )?;
            }
            (CellKind::Intersections, _) => {}
            (CellKind::Squares, Coordinates::Outside) => {
                add(&board, &self.outside_coordinates(view)?)?
            }
            (CellKind::Squares, Coordinates::Inside) => {}
        }
        self.cells = cells
            .into_iter()
            .map(|c| c.expect("the view covers every square"))
            .collect();
        // The promotion picker lives in the holder too and stays above the board.
        match &self.svg {
            Some(old) => self.holder.replace_child(&board, old).map(drop)?,
            None => self.holder.prepend_with_node_1(&board)?,
        }
        self.svg = Some(board);
        self.style = Some(style);
        self.view = None;
        // The keyboard comes in at the bottom left of the picture, or where it was.
        let bottom_left = view
            .cells
            .iter()
            .find(|c| c.col == 0 && c.row == view.geometry.ranks - 1)
            .map(|c| c.cell);
        let known = |cell: Cell| view.cells.iter().any(|c| c.cell == cell);
        if let Some(cell) = self.roving.filter(|&c| known(c)).or(bottom_left) {
            self.roving = Some(cell);
            let slot = self.slot(cell);
            self.cells[slot].g.set_attribute("tabindex", "0")?;
        }
        Ok(())
    }

    /// A key on the board: arrows move the keyboard from square to square as the board is
    /// drawn (up is up on the screen); Enter, Space and Escape are for the page to act on.
    pub fn on_key(&mut self, e: &Event) -> Option<BoardKey> {
        let k = e.dyn_ref::<KeyboardEvent>()?;
        if k.alt_key() || k.ctrl_key() || k.meta_key() {
            return None;
        }
        let here =
            self.cell_named(&closest_with(e, "data-square")?.get_attribute("data-square")?)?;
        let (dc, dr): (i16, i16) = match k.key().as_str() {
            "Enter" | " " => {
                e.prevent_default();
                return Some(BoardKey::Press(here));
            }
            "Escape" => return Some(BoardKey::LetGo),
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, -1),
            "ArrowDown" => (0, 1),
            _ => return None,
        };
        e.prevent_default();
        let view = self.view.as_ref()?;
        let cell = view.cells.iter().find(|c| c.cell == here)?;
        let (col, row) = (i16::from(cell.col) + dc, i16::from(cell.row) + dr);
        let next = view
            .cells
            .iter()
            .find(|c| i16::from(c.col) == col && i16::from(c.row) == row)?
            .cell;
        self.focus(next);
        None
    }

    fn focus(&mut self, cell: Cell) {
        if let Some(old) = self.roving.replace(cell) {
            let _ = self.cells[self.slot(old)].g.set_attribute("tabindex", "-1");
        }
        let g = &self.cells[self.slot(cell)].g;
        let _ = g.set_attribute("tabindex", "0");
        if let Some(el) = g.dyn_ref::<web_sys::SvgElement>() {
            let _ = el.focus();
        }
    }

    /// A cell's fixed parts: background, highlight, destination marks, and coordinates
    /// drawn inside when asked. A Xiangqi point is a cell centred on its crossing, with a
    /// round highlight.
    fn cell_frame(
        &self,
        cell: &CellView,
        geometry: Geometry,
        frame: Frame,
        style: Style,
    ) -> Result<Element, JsValue> {
        let x = frame.dx + f64::from(cell.col) * CELL;
        let y = frame.dy + f64::from(cell.row) * CELL;
        let points = geometry.cells == CellKind::Intersections;
        let shade = match (points, cell.light) {
            (true, _) => "sq point",
            (false, true) => "sq light",
            (false, false) => "sq dark",
        };
        let g = svg(
            &self.doc,
            "g",
            &[
                ("role", "gridcell"),
                ("class", shade),
                (
                    "transform",
                    &format!("translate({} {})", Num::<2>(x), Num::<2>(y)),
                ),
                ("data-square", &cell.name),
                ("data-piece", ""),
                ("tabindex", "-1"),
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
            let el = svg(&self.doc, tag, attrs)?;
            el.set_attribute("aria-hidden", "true")?;
            g.append_child(&el)?;
        }
        if style.coordinates == Coordinates::Inside && !points {
            let (file, rank) = cell.name.split_at(1);
            if cell.col == 0 {
                add(&g, &self.label("coord rank", "6", "20", rank)?)?;
            }
            if cell.row == geometry.ranks - 1 {
                add(&g, &self.label("coord file", "92", "94", file)?)?;
            }
        }
        Ok(g)
    }

    fn label(&self, class: &str, x: &str, y: &str, text: &str) -> Result<Element, JsValue> {
        let t = svg(
            &self.doc,
            "text",
            &[
                ("class", class),
                ("x", x),
                ("y", y),
                ("aria-hidden", "true"),
            ],
        )?;
        t.set_text_content(Some(text));
        Ok(t)
    }

    /// Rank numbers down the left, file letters along the bottom, read from the cells
    /// drawn there so they follow the orientation.
    fn outside_coordinates(&self, view: &BoardView) -> Result<Element, JsValue> {
        let g = svg(
            &self.doc,
            "g",
            &[("class", "coords"), ("aria-hidden", "true")],
        )?;
        let bottom_row = view.geometry.ranks - 1;
        for cell in &view.cells {
            let (file, rank) = cell.name.split_at(1);
            if cell.col == 0 {
                let y = Num::<2>(f64::from(cell.row) * CELL + CELL / 2.0).to_string();
                add(
                    &g,
                    &self.label("", &Num::<2>(MARGIN / 2.0).to_string(), &y, rank)?,
                )?;
            }
            if cell.row == bottom_row {
                let x = Num::<2>(MARGIN + f64::from(cell.col) * CELL + CELL / 2.0).to_string();
                let y = Num::<2>(f64::from(view.geometry.ranks) * CELL + MARGIN / 2.0).to_string();
                add(&g, &self.label("", &x, &y, file)?)?;
            }
        }
        Ok(g)
    }

    fn patch(&mut self, cell: &CellView, style: Style) -> Result<(), JsValue> {
        let doc = self.doc.clone();
        let slot = self.slot(cell.cell);
        let dom = &mut self.cells[slot];
        if dom.shown != cell.piece {
            if let Some(old) = dom.piece.take() {
                old.remove();
            }
            if let Some(piece) = cell.piece {
                let el = any_piece_element(&doc, piece, style.pieces, style.face_to_face)?;
                dom.g.append_child(&el)?;
                dom.piece = Some(el);
            }
            dom.shown = cell.piece;
            dom.g.set_attribute("data-piece", &cell.piece_code())?;
        }
        if dom.marks != cell.marks {
            let list = dom.g.class_list();
            let m = cell.marks;
            for (class, on) in [
                ("selected", m.selected),
                ("dest", m.destination),
                ("capture", m.capture),
                ("last", m.last_move),
                ("check", m.check),
                ("hint", m.hint),
                ("movable", m.movable),
                ("marked", m.highlight),
            ] {
                list.toggle_with_force(class, on)?;
            }
            dom.g
                .set_attribute("aria-selected", if m.selected { "true" } else { "false" })?;
            dom.marks = m;
        }
        if dom.label != cell.label {
            dom.g.set_attribute("aria-label", &cell.label)?;
            dom.label = cell.label.clone();
        }
        Ok(())
    }

    /// Each arrow runs from the middle of one cell towards the middle of another, its head
    /// stopping short so the piece there stays visible.
    fn draw_arrows(&mut self, view: &BoardView, style: Style) -> Result<(), JsValue> {
        if let Some(old) = self.arrows.take() {
            old.remove();
        }
        let Some(board) = &self.svg else {
            return Ok(());
        };
        if view.arrows.is_empty() {
            return Ok(());
        }
        let layer = svg_el(&self.doc, "g", "arrows")?;
        let frame = Frame::of(view.geometry, style);
        let centre = |cell: Cell| {
            view.cells.iter().find(|c| c.cell == cell).map(|c| {
                (
                    frame.dx + f64::from(c.col) * CELL + CELL / 2.0,
                    frame.dy + f64::from(c.row) * CELL + CELL / 2.0,
                )
            })
        };
        let name = |cell: Cell| {
            view.cells
                .iter()
                .find(|c| c.cell == cell)
                .map_or("", |c| c.name.as_str())
        };
        for &(from, to) in &view.arrows {
            let (Some((x1, y1)), Some((x2, y2))) = (centre(from), centre(to)) else {
                continue;
            };
            let length = (x2 - x1).hypot(y2 - y1);
            if length == 0.0 {
                continue;
            }
            let (ux, uy) = ((x2 - x1) / length, (y2 - y1) / length);
            let (head, half) = (34.0, 20.0);
            let (bx, by) = (x2 - ux * head, y2 - uy * head);
            let line = [("x1", x1), ("y1", y1), ("x2", bx), ("y2", by)]
                .map(|(k, v)| (k, Num::<2>(v).to_string()));
            let attrs: Vec<(&str, &str)> = line.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let shaft = svg(&self.doc, "line", &attrs)?;
            shaft.set_attribute("class", "shaft")?;
            let points = format!(
                "{},{} {},{} {},{}",
                Num::<2>(x2),
                Num::<2>(y2),
                Num::<2>(bx - uy * half),
                Num::<2>(by + ux * half),
                Num::<2>(bx + uy * half),
                Num::<2>(by - ux * half)
            );
            let tip = svg(
                &self.doc,
                "polygon",
                &[("class", "head"), ("points", &points)],
            )?;
            let g = svg(
                &self.doc,
                "g",
                &[
                    ("class", "arrow"),
                    ("data-arrow", &format!("{}{}", name(from), name(to))),
                ],
            )?;
            add(&g, &shaft)?;
            add(&g, &tip)?;
            add(&layer, &g)?;
        }
        board.append_child(&layer)?;
        self.arrows = Some(layer);
        Ok(())
    }

    /// Whether the board drawn takes pointer input (a piece may move).
    pub fn interactive(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.interactive)
    }

    /// Whether `cell` is drawn as the piece picked up.
    pub fn is_selected(&self, cell: Cell) -> bool {
        self.view
            .as_ref()
            .and_then(|v| v.cells.iter().find(|c| c.cell == cell))
            .is_some_and(|c| c.marks.selected)
    }

    /// The cell drawn with this `data-square` name.
    pub fn cell_named(&self, name: &str) -> Option<Cell> {
        self.view
            .as_ref()?
            .cells
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.cell)
    }

    /// The cell under a point of the page, if it is on the board.
    pub fn square_at(&self, client_x: f64, client_y: f64) -> Option<Cell> {
        let (svg, view, style) = (self.svg.as_ref()?, self.view.as_ref()?, self.style?);
        let (x, y) = self.to_user(svg, client_x, client_y)?;
        let frame = Frame::of(view.geometry, style);
        let col = ((x - frame.dx) / CELL).floor();
        let row = ((y - frame.dy) / CELL).floor();
        if col < 0.0 || row < 0.0 {
            return None;
        }
        view.cells
            .iter()
            .find(|c| f64::from(c.col) == col && f64::from(c.row) == row)
            .map(|c| c.cell)
    }

    fn to_user(&self, svg: &Element, client_x: f64, client_y: f64) -> Option<(f64, f64)> {
        let rect = svg.get_bounding_client_rect();
        let frame = Frame::of(self.view.as_ref()?.geometry, self.style?);
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let (x, y) = (client_x - rect.left(), client_y - rect.top());
        Some((
            x * frame.width / rect.width(),
            y * frame.height / rect.height(),
        ))
    }

    /// Lifts the piece on `from` to follow the pointer until [`BoardDom::end_drag`].
    pub fn begin_drag(&mut self, from: Cell, client_x: f64, client_y: f64) -> Result<(), JsValue> {
        self.cancel_drag();
        let Some(svg) = self.svg.clone() else {
            return Ok(());
        };
        let Some(piece) = self
            .cells
            .get(self.slot(from))
            .and_then(|c| c.piece.clone())
        else {
            return Ok(());
        };
        let ghost: Element = piece.clone_node_with_deep(true)?.dyn_into()?;
        let wrapper = svg_el(&self.doc, "g", "ghost")?;
        wrapper.append_child(&ghost)?;
        svg.append_child(&wrapper)?;
        self.drag = Some(Drag {
            from,
            start: (client_x, client_y),
            moved: false,
            ghost: wrapper,
        });
        self.move_drag(client_x, client_y)?;
        if let Some(d) = &mut self.drag {
            d.moved = false;
        }
        Ok(())
    }

    /// Moves the lifted piece; returns nothing the state needs until the drop.
    pub fn move_drag(&mut self, client_x: f64, client_y: f64) -> Result<(), JsValue> {
        let Some(svg) = self.svg.clone() else {
            return Ok(());
        };
        let Some((x, y)) = self.to_user(&svg, client_x, client_y) else {
            return Ok(());
        };
        let Some(drag) = &mut self.drag else {
            return Ok(());
        };
        let (dx, dy) = (client_x - drag.start.0, client_y - drag.start.1);
        if !drag.moved && dx.hypot(dy) >= DRAG_THRESHOLD_PX {
            drag.moved = true;
            let slot = usize::from(drag.from.rank) * self.files + usize::from(drag.from.file);
            self.cells[slot].g.class_list().add_1("lifted")?;
            drag.ghost.class_list().add_1("moving")?;
        }
        if drag.moved {
            drag.ghost.set_attribute(
                "transform",
                &format!(
                    "translate({} {})",
                    Num::<2>(x - CELL / 2.0),
                    Num::<2>(y - CELL / 2.0)
                ),
            )?;
        }
        Ok(())
    }

    /// Ends a drag: the square it ended over and whether it was a drag at all.
    pub fn end_drag(&mut self, client_x: f64, client_y: f64) -> Option<(Option<Cell>, bool)> {
        let moved = self.drag.as_ref()?.moved;
        let over = self.square_at(client_x, client_y);
        self.cancel_drag();
        Some((over, moved))
    }

    pub fn cancel_drag(&mut self) {
        if let Some(drag) = self.drag.take() {
            drag.ghost.remove();
            let _ = self
                .cells
                .get(self.slot(drag.from))
                .map(|c| c.g.class_list().remove_1("lifted"));
        }
    }

    pub fn dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// A `pointermove` on the board: a lifted piece follows it.
    pub fn on_pointer_move(&mut self, e: &Event) {
        if let Some(p) = e.dyn_ref::<PointerEvent>()
            && self.dragging()
        {
            e.prevent_default();
            let _ = self.move_drag(f64::from(p.client_x()), f64::from(p.client_y()));
        }
    }

    /// A `pointerup` or `pointercancel` on the board: the square the press ended over
    /// (`None`: off the board, or cancelled) and whether it was a drag, for the state's
    /// `SquareUp`; `None` when no press of ours was going on.
    pub fn on_pointer_end(&mut self, e: &Event) -> Option<(Option<Cell>, bool)> {
        let p = e.dyn_ref::<PointerEvent>()?;
        if e.type_() == "pointercancel" {
            self.cancel_drag();
            return Some((None, true));
        }
        self.end_drag(f64::from(p.client_x()), f64::from(p.client_y()))
    }
}

impl Frame {
    fn of(geometry: Geometry, style: Style) -> Frame {
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

/// A piece of any game: an 8x8 glyph, or a Xiangqi disc from the symbols of
/// `xiangqi/pieces.svg` ([`super::xiangqi_board`]).
fn any_piece_element(
    doc: &Document,
    piece: AnyPiece,
    set: PieceSet,
    turned: bool,
) -> Result<Element, JsValue> {
    match piece {
        AnyPiece::Board8(p) => piece_element(doc, p, set, turned),
        AnyPiece::Xiangqi(p) if carries(GameKind::Xiangqi) => xiangqi_piece(doc, p, set, turned),
        AnyPiece::Xiangqi(_) => Err("shatar: this build draws no Xiangqi piece".into()),
    }
}

fn xiangqi_piece(
    doc: &Document,
    piece: xiangqi::Piece,
    set: PieceSet,
    turned: bool,
) -> Result<Element, JsValue> {
    let colour = piece.color.fold("red", "black");
    let g = svg(
        doc,
        "g",
        &[
            ("class", &format!("piece xq-piece {colour}")),
            ("aria-hidden", "true"),
        ],
    )?;
    if turned && piece.color == Color::Black {
        g.set_attribute("transform", "rotate(180 50 50)")?;
    }
    let href = format!("#{}", super::xiangqi_board::symbol_id(piece, set));
    add(
        &g,
        &svg(
            doc,
            "use",
            &[("href", &href), ("width", "100"), ("height", "100")],
        )?,
    )?;
    Ok(g)
}

/// A piece drawn from its glyph; both colours share the shapes, CSS colours them. Face to
/// face, Black's pieces are turned round for the player sitting opposite.
pub fn piece_element(
    doc: &Document,
    piece: Piece,
    set: PieceSet,
    turned: bool,
) -> Result<Element, JsValue> {
    let colour = piece.color.name();
    let g = svg(
        doc,
        "g",
        &[
            ("class", &format!("piece {colour}")),
            ("aria-hidden", "true"),
        ],
    )?;
    if turned && piece.color == Color::Black {
        g.set_attribute("transform", "rotate(180 50 50)")?;
    }
    for shape in glyph(set, piece.role) {
        let el = svg(doc, shape.tag, shape.attrs)?;
        if let Some(text) = shape.text {
            el.set_text_content(Some(text));
        }
        g.append_child(&el)?;
    }
    Ok(g)
}

/// A small stand-alone picture of a piece (the promotion picker's buttons).
pub fn piece_icon(doc: &Document, piece: Piece, set: PieceSet) -> Result<Element, JsValue> {
    let icon = svg(
        doc,
        "svg",
        &[
            ("viewBox", "0 0 100 100"),
            ("class", "piece-icon"),
            ("aria-hidden", "true"),
        ],
    )?;
    add(&icon, &piece_element(doc, piece, set, false)?)?;
    Ok(icon)
}
