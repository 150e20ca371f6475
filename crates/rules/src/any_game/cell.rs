//! The board's things whatever the game: a cell (a square of the 8x8 games or a point of
//! Xiangqi), the piece on it, and a move between two cells.

use alloc::string::{String, ToString};
use core::fmt;

use crate::notation::PieceLetters;
use crate::xiangqi;
use crate::{Color, GameKind, Move, Piece, Role, Square};

/// A place on the board, by file and rank counted from 0 at White's (Red's) left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    pub const fn new(file: u8, rank: u8) -> Cell {
        Cell { file, rank }
    }

    /// The 8x8 square, if the cell is one.
    pub fn square(self) -> Option<Square> {
        (self.file < 8 && self.rank < 8)
            .then(|| Square::ALL[usize::from(self.rank) * 8 + usize::from(self.file)])
    }

    /// The Xiangqi point, if the cell is one.
    pub fn point(self) -> Option<xiangqi::Square> {
        xiangqi::Square::at(i32::from(self.file), i32::from(self.rank))
    }

    /// The cell's name in `game`: `e4` on the 8x8 board, the ICCS point `e3` (ranks from 0)
    /// in Xiangqi.
    pub fn name(self, game: GameKind) -> String {
        match game {
            GameKind::Board8(_) => self.square().map(|sq| sq.to_string()),
            GameKind::Xiangqi => self.point().map(|p| p.to_string()),
        }
        .unwrap_or_default()
    }

    /// Reads a cell's name in `game`, as [`Cell::name`] writes it.
    pub fn parse(game: GameKind, name: &str) -> Option<Cell> {
        match game {
            GameKind::Board8(_) => Square::parse(name).map(Cell::from),
            GameKind::Xiangqi => name.parse::<xiangqi::Square>().ok().map(Cell::from),
        }
    }
}

impl From<Square> for Cell {
    fn from(sq: Square) -> Cell {
        Cell::new(sq.file() as u8, sq.rank() as u8)
    }
}

impl From<xiangqi::Square> for Cell {
    fn from(sq: xiangqi::Square) -> Cell {
        Cell::new(sq.file().index(), sq.rank().index())
    }
}

/// A piece of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyPiece {
    Board8(Piece),
    Xiangqi(xiangqi::Piece),
}

impl AnyPiece {
    pub fn color(self) -> Color {
        match self {
            AnyPiece::Board8(p) => p.color,
            AnyPiece::Xiangqi(p) => p.color,
        }
    }

    /// `wN`, `bP` for the 8x8 games; `rC` (red cannon), `bH` for Xiangqi: a short code for
    /// files and attributes.
    pub fn code(self) -> String {
        match self {
            AnyPiece::Board8(p) => p.code().iter().map(|&b| char::from(b)).collect(),
            AnyPiece::Xiangqi(p) => {
                let side = p.color.fold('r', 'b');
                let mut code = String::new();
                code.push(side);
                code.push(p.role.lower_char().to_ascii_uppercase());
                code
            }
        }
    }
}

/// A move of any game. Written as the wire writes it: UCI, or ICCS for Xiangqi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMove {
    Board8(Move),
    Xiangqi(xiangqi::Move),
}

impl GameMove {
    pub fn from(self) -> Cell {
        match self {
            GameMove::Board8(m) => m.from().into(),
            GameMove::Xiangqi(m) => m.from.into(),
        }
    }

    pub fn to(self) -> Cell {
        match self {
            GameMove::Board8(m) => m.to().into(),
            GameMove::Xiangqi(m) => m.to.into(),
        }
    }

    /// The piece a pawn becomes; Xiangqi has no promotion.
    pub fn promotion(self) -> Option<Role> {
        match self {
            GameMove::Board8(m) => m.promotion(),
            GameMove::Xiangqi(_) => None,
        }
    }
}

impl From<Move> for GameMove {
    fn from(m: Move) -> GameMove {
        GameMove::Board8(m)
    }
}

impl From<xiangqi::Move> for GameMove {
    fn from(m: xiangqi::Move) -> GameMove {
        GameMove::Xiangqi(m)
    }
}

impl fmt::Display for GameMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMove::Board8(m) => m.fmt(f),
            GameMove::Xiangqi(m) => m.fmt(f),
        }
    }
}

/// How moves are written: the 8x8 games' piece letters, and Xiangqi's notation (Chinese,
/// WXF or ICCS coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveStyle {
    pub letters: PieceLetters,
    pub xiangqi: xiangqi::pgn::Notation,
}

impl MoveStyle {
    /// English letters (plain SAN) and WXF: what files, hints and analysis lines use.
    pub const PLAIN: MoveStyle = MoveStyle {
        letters: PieceLetters::English,
        xiangqi: xiangqi::pgn::Notation::Wxf,
    };
}
