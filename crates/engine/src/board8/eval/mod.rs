//! Evaluation of the 8x8 games. (Material only, until the tuned evaluation lands.)

use shatar_rules::{Color, Position, Role, Rules};

pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let board = pos.board();
    let mut score = 0;
    for (role, value) in
        [(Role::Pawn, 100), (Role::Knight, 320), (Role::Bishop, 330), (Role::Rook, 500), (Role::Queen, 950)]
    {
        let white = (board.by_role(role) & board.by_color(Color::White)).count() as i32;
        let black = (board.by_role(role) & board.by_color(Color::Black)).count() as i32;
        score += value * (white - black);
    }
    if pos.turn() == Color::White { score } else { -score }
}
