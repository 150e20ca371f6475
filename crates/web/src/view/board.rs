//! The board as the page draws it: each cell with its piece, its marks and what a screen
//! reader says of it, for the game played ([`board`]) or for a position nobody moves in
//! ([`still_board`]).

use shatar_rules::{Color, GameKind};

use crate::game::Snapshot;
use crate::geometry::{CellKind, Geometry};
use crate::i18n::Lang;
use crate::names::colored_piece;
use crate::state::{AppState, Hint};
use crate::{t_key, tf};
use shatar_rules::{AnyPiece, Cell};

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

pub fn board(state: &AppState) -> BoardView {
    let snapshot = state.session.game.snapshot(state.shown_ply());
    let live = !state.is_browsing();
    let legal = if state.can_move() {
        state.session.game.legal_moves()
    } else {
        Vec::new()
    };
    let destinations: Vec<Cell> = match state.ui.selected {
        Some(from) => legal
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect(),
        None => Vec::new(),
    };
    let hint = match &state.ui.hint {
        Some(Hint::Move { mv, .. }) if live => Some(*mv),
        _ => None,
    };
    let game = state.session.game.kind();
    let cells = cells(
        snapshot,
        state.prefs.lang,
        game,
        state.ui.orientation,
        |sq, piece| Marks {
            selected: state.ui.selected == Some(sq),
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
        bottom: state.ui.orientation,
        cells,
        interactive: state.can_move(),
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

#[cfg(test)]
mod tests {
    use shatar_rules::{Color, Role, Ruleset};

    use super::*;
    use crate::names::role_name;
    use crate::state::{Msg, update};

    fn at<'a>(board: &'a BoardView, name: &str) -> &'a CellView {
        board
            .cells
            .iter()
            .find(|c| c.name == name)
            .expect("every square is on the board")
    }

    fn fresh() -> AppState {
        AppState::new(1, String::from("2026.11.29"))
    }

    #[test]
    fn initial_position_from_white_side() {
        let board = board(&fresh());
        assert_eq!(board.cells.len(), 64);
        // Drawing order: a8 top left, h1 bottom right.
        assert_eq!(board.cells[0].name, "a8");
        assert_eq!(board.cells[63].name, "h1");
        assert_eq!((board.cells[63].col, board.cells[63].row), (7, 7));
        assert_eq!(at(&board, "e1").piece_code(), "wK");
        assert_eq!(at(&board, "d8").piece_code(), "bQ");
        assert_eq!(at(&board, "e4").piece_code(), "");
        assert_eq!(board.cells.iter().filter(|c| c.piece.is_some()).count(), 32);
    }

    /// 2017 art. 2.1: the light square is at each player's right hand, whichever side is
    /// drawn at the bottom.
    #[test]
    fn light_square_at_each_right_hand() {
        let mut state = fresh();
        for bottom in [Color::White, Color::Black] {
            let board = board(&state);
            assert_eq!(board.bottom, bottom);
            let right_hand = board.cells.last().expect("64 cells");
            assert!(right_hand.light, "{bottom:?}: {} is light", right_hand.name);
            assert!(board.cells[0].light, "the far right-hand corner too");
            assert!(
                board
                    .cells
                    .windows(2)
                    .filter(|w| w[0].row == w[1].row)
                    .all(|w| w[0].light != w[1].light)
            );
            update(&mut state, Msg::Flip);
        }
        update(&mut state, Msg::Flip);
        let flipped = board(&state);
        assert_eq!(flipped.cells[0].name, "h1");
        assert_eq!(flipped.cells[63].name, "a8");
    }

    #[test]
    fn labels_name_the_pieces_as_players_do() {
        let board = board(&fresh());
        assert_eq!(at(&board, "g1").label, "g1, white horse");
        assert_eq!(at(&board, "f8").label, "f8, black camel");
        assert_eq!(at(&board, "e4").label, "e4, empty");
        assert_eq!(role_name(Lang::En, Ruleset::Chess, Role::Knight), "knight");
    }
}
