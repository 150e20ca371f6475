//! What the board shows, as data: the squares in drawing order with their pieces and
//! colours, and the texts around the board.

use shatar_rules::{Color, Piece, Position, Rules, Ruleset, Square, fen};

/// One square as drawn: `col`/`row` count from the top left corner of the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    pub square: Square,
    pub piece: Option<Piece>,
    pub light: bool,
    pub col: u8,
    pub row: u8,
}

impl SquareView {
    /// `e4`, for `data-square`.
    pub fn name(&self) -> String {
        self.square.to_string()
    }

    /// `wN`, `bP`, or empty, for `data-piece`.
    pub fn piece_code(&self) -> String {
        self.piece.map(|p| p.code().iter().map(|&b| char::from(b)).collect()).unwrap_or_default()
    }

    /// What a screen reader says: `e4, white knight` or `e4, empty`.
    pub fn aria_label(&self) -> String {
        match self.piece {
            Some(p) => format!("{}, {} {}", self.square, p.color.name(), p.role.english_name()),
            None => format!("{}, empty", self.square),
        }
    }
}

/// The 64 squares row by row from the top of the picture, `bottom` being the side whose
/// first rank is drawn at the bottom.
pub fn board_model<R: Rules>(pos: &Position<R>, bottom: Color) -> Vec<SquareView> {
    let mut squares: Vec<SquareView> = Square::ALL
        .iter()
        .map(|&sq| {
            let (file, rank) = (sq.file() as u8, sq.rank() as u8);
            let (col, row) = match bottom {
                Color::White => (file, 7 - rank),
                Color::Black => (7 - file, rank),
            };
            SquareView { square: sq, piece: pos.board().piece_at(sq), light: sq.is_light(), col, row }
        })
        .collect();
    squares.sort_by_key(|s| (s.row, s.col));
    squares
}

/// The line under the board, e.g. "Mongolian chess — 2017 rules: White opens with e2-e4
/// or d2-d4". The opening moves are read from the rules core, not written here.
pub fn status_line<R: Rules>(pos: &Position<R>) -> String {
    let game = match R::RULESET {
        Ruleset::Mongolian => "Mongolian chess — 2017 rules",
        Ruleset::MongolianFolk => "Mongolian chess — folk rules",
        Ruleset::Chess => "Chess — FIDE rules",
    };
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| format!("{}-{}", m.from(), m.to())).collect();
    let side = if pos.turn() == Color::White { "White" } else { "Black" };
    match moves.as_slice() {
        [] => format!("{game}: {side} has no legal move"),
        [only] => format!("{game}: {side} must play {only}"),
        [a, b] => format!("{game}: {side} opens with {a} or {b}"),
        _ => format!("{game}: {side} to move"),
    }
}

pub fn fen_of<R: Rules>(pos: &Position<R>) -> String {
    fen::write(&pos.to_setup())
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Mongolian, Role};

    use super::*;

    fn at<'a>(board: &'a [SquareView], name: &str) -> &'a SquareView {
        board.iter().find(|s| s.name() == name).expect("every square is on the board")
    }

    #[test]
    fn initial_position_from_white_side() {
        let board = board_model(&Position::<Mongolian>::new(), Color::White);
        assert_eq!(board.len(), 64);
        // Drawing order: a8 top left, h1 bottom right.
        assert_eq!(board[0].name(), "a8");
        assert_eq!(board[63].name(), "h1");
        assert_eq!((board[63].col, board[63].row), (7, 7));
        assert_eq!(at(&board, "e1").piece_code(), "wK");
        assert_eq!(at(&board, "d1").piece_code(), "wQ");
        assert_eq!(at(&board, "d8").piece_code(), "bQ");
        assert_eq!(at(&board, "g8").piece, Some(Piece::new(Color::Black, Role::Knight)));
        assert_eq!(at(&board, "e4").piece_code(), "");
        assert_eq!(board.iter().filter(|s| s.piece.is_some()).count(), 32);
    }

    /// 2017 art. 2.1: the light square is at each player's right hand.
    #[test]
    fn light_square_at_each_right_hand() {
        let board = board_model(&Position::<Mongolian>::new(), Color::White);
        assert!(at(&board, "h1").light);
        assert!(at(&board, "a8").light);
        assert!(!at(&board, "a1").light);
        assert!(!at(&board, "h8").light);
        // Neighbours alternate.
        assert!(board.windows(2).filter(|w| w[0].row == w[1].row).all(|w| w[0].light != w[1].light));
    }

    #[test]
    fn black_side_is_the_picture_turned_round() {
        let board = board_model(&Position::<Mongolian>::new(), Color::Black);
        assert_eq!(board[0].name(), "h1");
        assert_eq!(board[63].name(), "a8");
        assert!(board[63].light, "a8 is Black's right-hand corner");
    }

    #[test]
    fn labels_and_texts() {
        let pos = Position::<Mongolian>::new();
        let board = board_model(&pos, Color::White);
        assert_eq!(at(&board, "g1").aria_label(), "g1, white knight");
        assert_eq!(at(&board, "e4").aria_label(), "e4, empty");
        assert_eq!(status_line(&pos), "Mongolian chess — 2017 rules: White opens with e2-e4 or d2-d4");
        assert_eq!(fen_of(&pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    }
}
