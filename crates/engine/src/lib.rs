//! The engine: search over the rules core.
//!
//! A placeholder until the engine issue fills it in with a real search. What is here is
//! honest about that: it picks a legal move, it does not look for a good one.

use shatar_rules::{Move, Position, Rules};

/// The first legal move in generation order, or `None` when the game is over.
/// Lets the CLI and the worker wire up a "play a move" path before there is a search.
pub fn first_legal_move<R: Rules>(pos: &Position<R>) -> Option<Move> {
    pos.legal_moves().first().copied()
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Mongolian, Position};

    use super::*;

    #[test]
    fn picks_a_legal_move_of_the_first_round() {
        let pos = Position::<Mongolian>::new();
        let m = first_legal_move(&pos).expect("the initial position has moves");
        assert!(pos.is_legal(m));
    }
}
