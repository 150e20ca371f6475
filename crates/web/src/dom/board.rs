//! The board as SVG, built node by node (`createElementNS`, text through `textContent`,
//! never markup), and patched cell by cell: a move touches the cells it changes.
//!
//! Dragging is the view's own business (a floating copy of the piece follows the
//! pointer); what it means is decided by the board component ([`crate::board`]), which
//! hears a press and a release on squares from [`super::board_widget`].

use shatar_rules::{GameKind, Piece};

use crate::num::Num;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, KeyboardEvent, PointerEvent};

use super::listen::closest_with;
use super::svg::{add, svg, svg_el};
use crate::carried::carries;
use crate::glyphs::PieceSet;
use crate::settings::{Coordinates, Looks};
use crate::view::board_svg::{self, CELL, Frame, Style};
use crate::view::{BoardView, CellKind, CellView, Marks};
use shatar_rules::{AnyPiece, Cell};

/// A press that moves further than this (in CSS pixels) is a drag, not a click.
const DRAG_THRESHOLD_PX: f64 = 4.0;

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
        let style = Style::of(view, looks);
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
        let drawn = board_svg::draw(&mut self.doc.clone(), view, style, self.roving)?;
        let board = drawn.svg;
        self.files = usize::from(view.geometry.files);
        // A build without Xiangqi never draws its board: the test leaves the code out.
        if carries(GameKind::Xiangqi) && view.geometry.cells == CellKind::Intersections {
            super::xiangqi_board::ensure_symbols(&self.holder, &self.asset_base);
            let lines = super::xiangqi_board::lines(&self.doc, view.geometry, view.bottom, frame)?;
            board.prepend_with_node_1(&lines)?;
            if style.coordinates != Coordinates::Off {
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
        }
        let mut cells: Vec<Option<CellDom>> = view.cells.iter().map(|_| None).collect();
        for (cell, (g, piece)) in view.cells.iter().zip(drawn.cells) {
            let slot = self.slot(cell.cell);
            cells[slot] = Some(CellDom {
                g,
                piece,
                shown: cell.piece,
                marks: cell.marks,
                label: cell.label.clone(),
            });
        }
        self.cells = cells
            .into_iter()
            .map(|c| c.expect("the view covers every square"))
            .collect();
        // The promotion picker lives in the holder too and stays above the board. The
        // first drawing replaces the board the built page carried (the same picture, from
        // the same code: `examples/static_board.rs`) in one go, without a flash.
        let old = match &self.svg {
            Some(old) => Some(old.clone()),
            None => self.holder.query_selector(":scope > svg.board")?,
        };
        match old {
            Some(old) => self.holder.replace_child(&board, &old).map(drop)?,
            None => self.holder.prepend_with_node_1(&board)?,
        }
        self.svg = Some(board);
        self.style = Some(style);
        self.view = None;
        self.roving = drawn.roving;
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

    fn patch(&mut self, cell: &CellView, style: Style) -> Result<(), JsValue> {
        let mut doc = self.doc.clone();
        let slot = self.slot(cell.cell);
        let dom = &mut self.cells[slot];
        if dom.shown != cell.piece {
            if let Some(old) = dom.piece.take() {
                old.remove();
            }
            if let Some(piece) = cell.piece {
                let el = board_svg::any_piece(&mut doc, piece, style.pieces, style.face_to_face)?;
                dom.g.append_child(&el)?;
                dom.piece = Some(el);
            }
            dom.shown = cell.piece;
            dom.g.set_attribute("data-piece", &cell.piece_code())?;
        }
        if dom.marks != cell.marks {
            let list = dom.g.class_list();
            let m = cell.marks;
            for (class, on) in board_svg::mark_classes(m) {
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
    add(
        &icon,
        &board_svg::piece_element(&mut doc.clone(), piece, set, false)?,
    )?;
    Ok(icon)
}
