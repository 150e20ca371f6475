//! What a screen reader hears: each square's label with its marks, and each move in the
//! live region ("3. White camel c4 takes boy f7, check").

use shatar_rules::Ruleset;

use super::*;
use crate::settings::SideChoice;
use crate::t;
use crate::view::{self, move_announcement};

fn label(state: &AppState, square: &str) -> String {
    let board = view::board(state);
    board
        .cells
        .iter()
        .find(|c| c.cell == sq(square))
        .map(|c| c.label.clone())
        .unwrap()
}

#[test]
fn squares_say_their_marks() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(label(&state, "e2"), "e2, white boy");
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("e2"))));
    update(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("e2")),
            dragged: false,
        }),
    );
    assert_eq!(label(&state, "e2"), "e2, white boy, selected");
    assert_eq!(label(&state, "e4"), "e4, empty, move here");
    // Escape lets go of the piece.
    update(&mut state, Msg::Board(BoardMsg::Deselect));
    assert_eq!(label(&state, "e4"), "e4, empty");
    click_move(&mut state, "e2", "e4");
    assert_eq!(label(&state, "e4"), "e4, white boy, last move");
    assert_eq!(label(&state, "e2"), "e2, empty, last move");
}

#[test]
fn moves_are_announced_with_captures_checks_and_mate() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(move_announcement(state.board.game(), Lang::En), None);
    click_move(&mut state, "e2", "e4");
    assert_eq!(
        move_announcement(state.board.game(), Lang::En).as_deref(),
        Some("1. White boy e2 to e4")
    );
    click_move(&mut state, "e7", "e5");
    assert_eq!(
        move_announcement(state.board.game(), Lang::En).as_deref(),
        Some("1. Black boy e7 to e5")
    );
    for (from, to) in [("f1", "c4"), ("b8", "c6"), ("d1", "h5"), ("g8", "f6")] {
        click_move(&mut state, from, to);
    }
    click_move(&mut state, "h5", "f7");
    assert_eq!(
        move_announcement(state.board.game(), Lang::En).as_deref(),
        Some("4. White berse h5 takes boy f7, checkmate")
    );
    assert_eq!(
        view::panel(&state).announcement,
        move_announcement(state.board.game(), Lang::En)
    );

    let mut chess = friends(Ruleset::Chess);
    for (from, to) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5")] {
        click_move(&mut chess, from, to);
    }
    assert_eq!(
        move_announcement(chess.board.game(), Lang::En).as_deref(),
        Some("2. White queen d1 to h5, check")
    );
}

fn typed(state: &mut AppState, text: &str) -> Option<String> {
    update(state, Msg::Board(BoardMsg::Typed(text.to_string())));
    typed_reply_text(state)
}

#[test]
fn the_typed_box_plays_moves_in_any_notation() {
    let mut state = friends(Ruleset::Mongolian);
    assert_eq!(
        typed(&mut state, "Nf3").unwrap(),
        format!(
            "\"Nf3\" is not a legal move here, nor a question I know. {}",
            t!(Lang::En, "typed.help")
        )
    );
    for text in ["e4", "e7e5", "Ng1-f3", "Nc6", "  f1c4 "] {
        assert_eq!(typed(&mut state, text), None, "{text} is played");
    }
    assert_eq!(
        state
            .board
            .game()
            .move_texts(shatar_rules::MoveStyle::PLAIN),
        ["e4", "e5", "Nf3", "Nc6", "Bc4"]
    );
    assert_eq!(view::panel(&state).typed_reply, None);
}

#[test]
fn the_typed_box_answers_questions_about_the_position() {
    let mut state = friends(Ruleset::Mongolian);
    for text in ["e4", "e5", "Nf3"] {
        typed(&mut state, text);
    }
    assert_eq!(
        typed(&mut state, "where horses").unwrap(),
        "White horse: b1, f3. Black horse: b8, g8"
    );
    assert_eq!(
        typed(&mut state, "Black knights").unwrap(),
        "Black horse: b8, g8"
    );
    assert_eq!(
        typed(&mut state, "white camels").unwrap(),
        "White camel: c1, f1"
    );
    assert_eq!(
        typed(&mut state, "read rank 4").unwrap(),
        "Rank 4: e4 white boy."
    );
    assert_eq!(
        typed(&mut state, "rank 3").unwrap(),
        "Rank 3: f3 white horse."
    );
    assert_eq!(typed(&mut state, "rank 6").unwrap(), "Rank 6 is empty.");
    assert_eq!(
        typed(&mut state, "file e").unwrap(),
        "File e: e1 white noyan, e4 white boy, e5 black boy, e8 black noyan."
    );
    assert_eq!(
        typed(&mut state, "last").unwrap(),
        "2. White horse g1 to f3"
    );
    assert_eq!(
        typed(&mut state, "clocks").unwrap(),
        "This game has no clock."
    );
    assert_eq!(
        typed(&mut state, "turn").unwrap(),
        view::panel(&state).status
    );
    assert_eq!(
        typed(&mut state, "help").unwrap(),
        t!(Lang::En, "typed.help")
    );
}

#[test]
fn the_typed_box_waits_for_the_players_turn() {
    let (mut state, _) = vs_computer(SideChoice::White, 1);
    assert_eq!(typed(&mut state, "d4"), None);
    assert_eq!(
        typed(&mut state, "d5").as_deref(),
        Some("It is not your turn.")
    );
    assert_eq!(state.board.game().len(), 1);
}
