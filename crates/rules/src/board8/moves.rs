//! [`Move`], packed in 16 bits, and [`MoveList`], a fixed-capacity list on the stack.

use core::fmt;

use crate::types::{Role, Square};

/// What kind of move a [`Move`] is. Rulesets that lack a kind never generate it: Mongolian
/// chess has no castling and no en passant, and its only double steps are the first round's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    DoubleStep = 1,
    EnPassant = 2,
    /// Encoded as the king's own move, `e1g1`, as UCI writes it.
    Castle = 3,
    PromoteKnight = 4,
    PromoteBishop = 5,
    PromoteRook = 6,
    PromoteQueen = 7,
}

impl MoveKind {
    pub const fn promotion(role: Role) -> Option<MoveKind> {
        match role {
            Role::Knight => Some(MoveKind::PromoteKnight),
            Role::Bishop => Some(MoveKind::PromoteBishop),
            Role::Rook => Some(MoveKind::PromoteRook),
            Role::Queen => Some(MoveKind::PromoteQueen),
            Role::Pawn | Role::King => None,
        }
    }
}

/// A move: from-square, to-square and kind in 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const _: () = assert!(core::mem::size_of::<Move>() == 2);

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }
    #[inline]
    pub const fn from(self) -> Square {
        // SAFETY: six bits.
        unsafe { Square::new_unchecked((self.0 & 63) as u32) }
    }
    #[inline]
    pub const fn to(self) -> Square {
        // SAFETY: six bits.
        unsafe { Square::new_unchecked((self.0 >> 6 & 63) as u32) }
    }
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::PromoteKnight,
            5 => MoveKind::PromoteBishop,
            6 => MoveKind::PromoteRook,
            _ => MoveKind::PromoteQueen,
        }
    }
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }
    /// The raw 16 bits, for compact storage (transposition tables, messages).
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// UCI coordinates: `g1f3`, `e7e8q`; castling as the king's move `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.lower_char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves any reachable 8x8 position has is 218 (a composed FIDE position);
/// Mongolian chess, without castling, stays below that, so 256 always suffices.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: move generation allocates nothing.
pub type MoveList = crate::stack_list::StackList<Move, MAX_MOVES>;

impl crate::stack_list::Filler for Move {
    const FILLER: Move = Move(0);
}
