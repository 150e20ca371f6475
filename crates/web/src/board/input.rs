//! Moving pieces: click-click and drag-and-drop both arrive as a press and a release on
//! cells. The legal moves come from the rules core; a move that is not among them
//! simply does not happen (the piece snaps back). A move made is told to the host.

use shatar_rules::Role;
use shatar_rules::{Cell, GameMove};

use super::{Board, BoardEvent, PromotionChoice};

pub fn square_down(board: &mut Board, sq: Cell, events: &mut Vec<BoardEvent>) {
    if board.promotion.is_some() {
        return;
    }
    if let Some(from) = board.selected
        && from != sq
        && board.moves_from(from).iter().any(|m| m.to() == sq)
    {
        try_move(board, from, sq, events);
        return;
    }
    if board.moves_from(sq).is_empty() {
        board.selected = None;
    } else {
        board.release_deselects = board.selected == Some(sq);
        board.selected = Some(sq);
    }
}

pub fn square_up(
    board: &mut Board,
    over: Option<Cell>,
    dragged: bool,
    events: &mut Vec<BoardEvent>,
) {
    let Some(from) = board.selected else {
        return;
    };
    match over {
        Some(to) if dragged && to != from => {
            if board.moves_from(from).iter().any(|m| m.to() == to) {
                try_move(board, from, to, events);
            } else {
                // An illegal drop: the piece goes back and lets go.
                board.selected = None;
            }
        }
        Some(to) if to == from && !dragged && board.release_deselects => board.selected = None,
        None if dragged => board.selected = None,
        _ => {}
    }
    board.release_deselects = false;
}

/// Makes `from`-`to`, or opens the promotion picker when the rules offer several pieces.
fn try_move(board: &mut Board, from: Cell, to: Cell, events: &mut Vec<BoardEvent>) {
    let candidates: Vec<GameMove> = board
        .moves_from(from)
        .into_iter()
        .filter(|m| m.to() == to)
        .collect();
    board.selected = None;
    match candidates.as_slice() {
        [] => {}
        [only] => events.push(BoardEvent::Move(*only)),
        several => {
            let roles = several.iter().filter_map(|m| m.promotion()).collect();
            board.promotion = Some(PromotionChoice { from, to, roles });
        }
    }
}

pub fn promote(board: &mut Board, role: Role, events: &mut Vec<BoardEvent>) {
    let Some(choice) = board.promotion.take() else {
        return;
    };
    let chosen =
        board.game.legal_moves().into_iter().find(|m| {
            m.from() == choice.from && m.to() == choice.to && m.promotion() == Some(role)
        });
    if let Some(m) = chosen {
        events.push(BoardEvent::Move(m));
    }
}
