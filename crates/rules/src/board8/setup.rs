//! [`Setup`]: a position as written down, not yet checked against any rules.

use core::fmt;

use crate::board::Board;
use crate::types::{Color, Square};

/// Castling rights of FIDE chess: `KQkq` as four bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(0b1111);
    pub const WHITE_KING_SIDE: u8 = 1;
    pub const WHITE_QUEEN_SIDE: u8 = 2;
    pub const BLACK_KING_SIDE: u8 = 4;
    pub const BLACK_QUEEN_SIDE: u8 = 8;

    pub const fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn king_side(color: Color) -> u8 {
        match color {
            Color::White => Self::WHITE_KING_SIDE,
            Color::Black => Self::BLACK_KING_SIDE,
        }
    }
    pub const fn queen_side(color: Color) -> u8 {
        match color {
            Color::White => Self::WHITE_QUEEN_SIDE,
            Color::Black => Self::BLACK_QUEEN_SIDE,
        }
    }
    /// Rights lost when something moves from or to `sq` (a king or rook leaves its
    /// square, or a rook is captured on it).
    pub const fn lost_by_touching(sq: Square) -> u8 {
        match sq {
            Square::E1 => Self::WHITE_KING_SIDE | Self::WHITE_QUEEN_SIDE,
            Square::H1 => Self::WHITE_KING_SIDE,
            Square::A1 => Self::WHITE_QUEEN_SIDE,
            Square::E8 => Self::BLACK_KING_SIDE | Self::BLACK_QUEEN_SIDE,
            Square::H8 => Self::BLACK_KING_SIDE,
            Square::A8 => Self::BLACK_QUEEN_SIDE,
            _ => 0,
        }
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, a subset, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.has(bit) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Everything a FEN says: maybe illegal, maybe not reachable. Turn it into a
/// [`crate::Position`] of a ruleset with `Position::from_setup`, which checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
    /// Plies since the last capture or pawn move (2017 art. 9.3 counts moves of each side).
    pub halfmoves: u32,
    /// Starts at 1 and grows after each Black move.
    pub fullmoves: u32,
}

impl Setup {
    pub fn initial() -> Setup {
        Setup {
            board: Board::initial(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}
