//! Xiangqi moves and the stack list move generation fills.

use core::fmt;

use super::square::Square;

/// A move: from one point to another. Nothing else is needed: no promotion, no castling,
/// and a capture is whatever stands on the target. Displayed in ICCS coordinates (`h2e2`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Bounds the pseudo-legal moves of any position, which the generator lists before testing
/// legality: two chariots and two cannons reach at most 17 points each (8 along the rank,
/// 9 along the file), two horses 8 each, five soldiers 3 each, two advisors and two
/// elephants 4 each, the general 4: 119 at the very most, and fewer in fact (no two
/// pieces can reach 17 points at once). 160 leaves a margin.
pub const MAX_MOVES: usize = 160;

/// A list of moves on the stack: move generation allocates nothing.
pub type MoveList = crate::stack_list::StackList<Move, MAX_MOVES>;

impl crate::stack_list::Filler for Move {
    const FILLER: Move = {
        let a0 = match Square::new(0) {
            Some(sq) => sq,
            None => panic!("a0 exists"),
        };
        Move::new(a0, a0)
    };
}
