//! The shape of each game's board, which the view draws and the typed box counts in.

use shatar_rules::{Color, GameKind};

/// The shape of a board: a grid of cells named by file and rank. The 8x8 games use
/// [`Geometry::EIGHT_BY_EIGHT`]; Xiangqi its own 9x10 intersections, [`Geometry::XIANGQI`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub cells: CellKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Pieces stand in squares, coloured or not.
    Squares,
    /// Pieces stand on the crossings of lines.
    Intersections,
}

impl Geometry {
    pub const EIGHT_BY_EIGHT: Geometry = Geometry {
        files: 8,
        ranks: 8,
        cells: CellKind::Squares,
    };
    pub const XIANGQI: Geometry = Geometry {
        files: 9,
        ranks: 10,
        cells: CellKind::Intersections,
    };

    pub const fn of(game: GameKind) -> Geometry {
        match game {
            GameKind::Board8(_) => Geometry::EIGHT_BY_EIGHT,
            GameKind::Xiangqi => Geometry::XIANGQI,
        }
    }

    /// Where the cell at `file`, `rank` (from White's or Red's left corner) is drawn,
    /// counted from the picture's top left, with `bottom`'s side at the bottom.
    pub fn place(self, file: u8, rank: u8, bottom: Color) -> (u8, u8) {
        match bottom {
            Color::White => (file, self.ranks - 1 - rank),
            Color::Black => (self.files - 1 - file, rank),
        }
    }
}
