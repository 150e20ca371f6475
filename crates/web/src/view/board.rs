//! The game page's board: the board component's view ([`crate::board::view`]) with the
//! hint the engine gave.

pub use crate::board::view::{BoardView, CellView, Marks, still_board};
use crate::state::{AppState, Hint};

pub fn board(state: &AppState) -> BoardView {
    let hint = match &state.ui.hint {
        Some(Hint::Move { mv }) => Some(*mv),
        _ => None,
    };
    crate::board::view::view(&state.board, hint)
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Color, Role, Ruleset};

    use super::*;
    use crate::board::BoardMsg;
    use crate::i18n::Lang;
    use crate::names::role_name;
    use crate::state::update;

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
            update(&mut state, BoardMsg::Flip.into());
        }
        update(&mut state, BoardMsg::Flip.into());
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
