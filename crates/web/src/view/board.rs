//! The game page's board: the board component's view ([`crate::board::view`]) with the
//! hint the engine gave.

pub use crate::board::view::{BoardView, CellView, Marks, still_board};
use crate::settings::Looks;
use crate::state::{AppState, Hint, Msg, update};
use crate::view::board_svg::{self, Style};
use crate::view::canvas::Markup;

pub fn board(state: &AppState) -> BoardView {
    let hint = match &state.ui.hint {
        Some(Hint::Move { mv }) => Some(*mv),
        _ => None,
    };
    crate::board::view::view(&state.board, hint)
}

/// The board a fresh page draws first (no saved game, the default looks and language) as
/// HTML, taking no input yet: the built page carries it in `#board` until the WebAssembly
/// draws its own over it (`examples/static_board.rs`, `scripts/post-build.sh`).
pub fn start_markup() -> Result<String, &'static str> {
    let (view, looks) = start_view();
    let mut markup = Markup::default();
    let drawn = board_svg::draw(&mut markup, &view, Style::of(&view, &looks), None)?;
    Ok(markup.html(drawn.svg))
}

/// What [`start_markup`] draws: a fresh page's first board and looks, taking no input.
pub fn start_view() -> (BoardView, Looks) {
    let mut state = AppState::new(0, String::new());
    update(
        &mut state,
        Msg::Restore {
            saved: None,
            seed: 0,
            date: String::new(),
        },
    );
    let mut view = board(&state);
    view.interactive = false;
    (view, state.prefs.looks)
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

    /// The board the built page carries before its WebAssembly arrives: the golden file is
    /// what `examples/static_board.rs` prints (rewrite it with
    /// `cargo run -p shatar-web --example static_board > crates/web/tests/golden/start-board.html`
    /// after a deliberate change of the drawing, and look at it). The browser test
    /// `the_static_board_is_the_first_drawing` checks that the DOM draws the same markup.
    #[test]
    fn the_start_board_markup_is_the_golden_one() {
        let markup = start_markup().expect("the 8x8 board draws");
        let golden = include_str!("../../tests/golden/start-board.html");
        assert_eq!(markup, golden.trim_end());
        // What it must say whatever the golden file holds: White at the bottom with the
        // light square at the right hand (2017 art. 2.1), the default pieces, English, and
        // no input taken until the page's own drawing.
        assert!(markup.starts_with(
            "<svg viewBox=\"0 0 832 832\" class=\"board checkered\" role=\"grid\" aria-label=\"Board\" data-bottom=\"white\" data-interactive=\"false\">"
        ));
        assert!(
            markup
                .contains("class=\"sq light\" transform=\"translate(732 700)\" data-square=\"h1\"")
        );
        assert!(markup.contains("data-square=\"a8\" data-piece=\"bR\""));
        assert!(markup.contains("aria-label=\"g1, white horse\""));
        assert_eq!(markup.matches("role=\"gridcell\"").count(), 64);
        assert_eq!(markup.matches("<g class=\"piece ").count(), 32);
        assert_eq!(markup.matches("tabindex=\"0\"").count(), 1);
        assert!(!markup.contains("data-ready"));
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
