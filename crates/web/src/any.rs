//! The board's things whatever the game (a cell, the piece on it, a move, a position to
//! draw, how moves are written): the rules crate's run-time game types
//! ([`shatar_rules::any_game`]), which the state machine and the view use for every game
//! alike, asking the rules core for every rule.

pub use shatar_rules::{AnyGamePosition, AnyPiece, Cell, GameMove, MoveStyle};
