//! The board as a page draws it: each cell with its piece, its marks and what a screen
//! reader says of it, for a board's record ([`view`]) or for a position nobody moves in
//! ([`still_board`]); and the promotion picker's pieces.

use shatar_rules::{Color, GameKind, Piece, Role};

use crate::game::Snapshot;
use crate::geometry::{CellKind, Geometry};
use crate::i18n::Lang;
use crate::names::{colored_piece, role_name};
use crate::{t_key, tf};
use shatar_rules::{AnyPiece, Cell, GameMove};

use super::Board;

/// Marks on a cell, each drawn in its own way (not by colour alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub selected: bool,
    /// A legal destination of the selected piece; `capture` when a piece stands there.
    pub destination: bool,
    pub capture: bool,
    pub last_move: bool,
    pub check: bool,
    pub hint: bool,
    /// A piece the player may pick up now.
    pub movable: bool,
    /// A square an author marked on a diagram.
    pub highlight: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    pub cell: Cell,
    /// `e4`, or the Xiangqi point `e3`: for `data-square`.
    pub name: String,
    pub piece: Option<AnyPiece>,
    pub light: bool,
    pub col: u8,
    pub row: u8,
    pub marks: Marks,
    pub label: String,
}

impl CellView {
    /// `wN`, `bP`, `rC`, or empty, for `data-piece`.
    pub fn piece_code(&self) -> String {
        self.piece.map(AnyPiece::code).unwrap_or_default()
    }
}

impl Marks {
    /// `label` followed by the marks a screen reader should hear, in the order they
    /// matter: "e4, empty, move here", "f7, black boy, capture, last move".
    pub fn spoken(self, lang: Lang, label: String) -> String {
        [
            (self.selected, t_key!("mark.selected")),
            (self.capture, t_key!("mark.capture")),
            (self.destination && !self.capture, t_key!("mark.move-here")),
            (self.check, t_key!("mark.check")),
            (self.last_move, t_key!("mark.last-move")),
            (self.highlight, t_key!("mark.marked")),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .fold(label, |label, (_, mark)| {
            tf!(lang, "square.mark", label = label, mark = lang.text(mark))
        })
    }
}

fn label(lang: Lang, game: GameKind, name: &str, piece: Option<AnyPiece>) -> String {
    match piece {
        Some(p) => tf!(
            lang,
            "square.piece",
            square = name,
            piece = colored_piece(lang, game, p)
        ),
        None => tf!(lang, "square.empty", square = name),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub geometry: Geometry,
    pub bottom: Color,
    /// Row by row from the top of the picture.
    pub cells: Vec<CellView>,
    /// The board takes pointer input (the player's turn, live position).
    pub interactive: bool,
    /// Arrows an author drew, from one cell to another.
    pub arrows: Vec<(Cell, Cell)>,
}

/// The board's record at the ply shown, with the piece in hand, where it may go, the
/// pieces that may move, and the host's `hint` (a move suggested in the live position).
pub fn view(board: &Board, hint: Option<GameMove>) -> BoardView {
    let snapshot = board.game.snapshot(board.shown_ply());
    let live = !board.is_browsing();
    let legal = if board.can_move() {
        board.game.legal_moves()
    } else {
        Vec::new()
    };
    let destinations: Vec<Cell> = match board.selected {
        Some(from) => legal
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect(),
        None => Vec::new(),
    };
    let hint = hint.filter(|_| live);
    let game = board.game.kind();
    let cells = cells(
        snapshot,
        board.lang,
        game,
        board.orientation,
        |sq, piece| Marks {
            selected: board.selected == Some(sq),
            destination: destinations.contains(&sq),
            capture: destinations.contains(&sq) && piece.is_some(),
            hint: hint.is_some_and(|m| m.from() == sq || m.to() == sq),
            movable: legal.iter().any(|m| m.from() == sq),
            ..Marks::default()
        },
    );
    let geometry = Geometry::of(game);
    BoardView {
        geometry,
        bottom: board.orientation,
        cells,
        interactive: board.can_move(),
        arrows: Vec::new(),
    }
}

/// A board nobody moves on: a viewer's position or a diagram, with the squares and arrows
/// its author marked.
pub fn still_board(
    snapshot: Snapshot,
    lang: Lang,
    bottom: Color,
    highlights: &[Cell],
    arrows: &[(Cell, Cell)],
) -> BoardView {
    let game = snapshot.position.kind();
    let cells = cells(snapshot, lang, game, bottom, |sq, _| Marks {
        highlight: highlights.contains(&sq),
        ..Marks::default()
    });
    BoardView {
        geometry: Geometry::of(game),
        bottom,
        cells,
        interactive: false,
        arrows: arrows.to_vec(),
    }
}

/// The cells of `snapshot`, row by row from the top of the picture, with the last move and
/// a king in check marked, and whatever else `marks` adds.
fn cells(
    snapshot: Snapshot,
    lang: Lang,
    game: GameKind,
    bottom: Color,
    marks: impl Fn(Cell, Option<AnyPiece>) -> Marks,
) -> Vec<CellView> {
    let geometry = Geometry::of(game);
    let position = snapshot.position;
    let checked_king = position.checked_king();
    let mut cells: Vec<CellView> = (0..geometry.ranks)
        .flat_map(|rank| (0..geometry.files).map(move |file| Cell::new(file, rank)))
        .map(|cell| {
            let (col, row) = geometry.place(cell.file, cell.rank, bottom);
            let piece = position.piece_at(cell);
            let marks = Marks {
                last_move: snapshot
                    .last_move
                    .is_some_and(|m| m.from() == cell || m.to() == cell),
                check: checked_king == Some(cell),
                ..marks(cell, piece)
            };
            let name = cell.name(game);
            let label = marks.spoken(lang, label(lang, game, &name, piece));
            let light = cell.square().is_some_and(|sq| sq.is_light())
                && geometry.cells == CellKind::Squares;
            CellView {
                cell,
                name,
                piece,
                light,
                col,
                row,
                marks,
                label,
            }
        })
        .collect();
    cells.sort_by_key(|c| (c.row, c.col));
    cells
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionView {
    pub color: Color,
    /// `(role, piece code like "wQ", accessible name)`.
    pub choices: Vec<(Role, String, String)>,
}

/// The promotion picker, while the player chooses a piece.
pub fn promotion_view(board: &Board) -> Option<PromotionView> {
    let p = board.promotion.as_ref()?;
    let color = board.game.turn();
    let ruleset = board.game.kind().board8().unwrap_or_default();
    let choices = p
        .roles
        .iter()
        .map(|&role| {
            let piece = Piece::new(color, role);
            let code = piece.code().iter().map(|&b| char::from(b)).collect();
            (role, code, role_name(board.lang, ruleset, role).to_string())
        })
        .collect();
    Some(PromotionView { color, choices })
}
