//! What a screen reader hears: each square's label with its marks, and each move in the
//! live region ("3. White camel c4 takes boy f7, check").

use shatar_rules::Ruleset;

use super::*;
use crate::view::{self, move_announcement};

fn label(state: &AppState, square: &str) -> String {
    let board = view::board(state);
    board.cells.iter().find(|c| c.square == sq(square)).map(|c| c.label.clone()).unwrap()
}

#[test]
fn squares_say_their_marks() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(label(&state, "e2"), "e2, white boy");
    update(&mut state, Msg::SquareDown(sq("e2")));
    update(&mut state, Msg::SquareUp { over: Some(sq("e2")), dragged: false });
    assert_eq!(label(&state, "e2"), "e2, white boy, selected");
    assert_eq!(label(&state, "e4"), "e4, empty, move here");
    // Escape lets go of the piece.
    update(&mut state, Msg::Deselect);
    assert_eq!(label(&state, "e4"), "e4, empty");
    click_move(&mut state, "e2", "e4");
    assert_eq!(label(&state, "e4"), "e4, white boy, last move");
    assert_eq!(label(&state, "e2"), "e2, empty, last move");
}

#[test]
fn moves_are_announced_with_captures_checks_and_mate() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(move_announcement(&state.game), None);
    click_move(&mut state, "e2", "e4");
    assert_eq!(move_announcement(&state.game).as_deref(), Some("1. White boy e2 to e4"));
    click_move(&mut state, "e7", "e5");
    assert_eq!(move_announcement(&state.game).as_deref(), Some("1. Black boy e7 to e5"));
    for (from, to) in [("f1", "c4"), ("b8", "c6"), ("d1", "h5"), ("g8", "f6")] {
        click_move(&mut state, from, to);
    }
    click_move(&mut state, "h5", "f7");
    assert_eq!(move_announcement(&state.game).as_deref(), Some("4. White berse h5 takes boy f7, checkmate"));
    assert_eq!(view::panel(&state).announcement, move_announcement(&state.game));

    let mut chess = friends(Ruleset::Chess);
    for (from, to) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5")] {
        click_move(&mut chess, from, to);
    }
    assert_eq!(move_announcement(&chess.game).as_deref(), Some("2. White queen d1 to h5, check"));
}
