//! The board's things whatever the game: a cell (a square of the 8x8 games or a point of
//! Xiangqi), the piece on it, a move between two cells, and a position to draw. Each wraps
//! the rules crate's own type, so the state machine and the view handle every game alike
//! and still ask the rules core for every rule.

use core::fmt;

use shatar_rules::notation::{PieceLetters, render_san};
use shatar_rules::xiangqi::{self, iccs};

use crate::carried::Carried;
use shatar_rules::{
    AnyPosition, Color, EndReason, GameKind, Move, Outcome, Piece, Role, Square, clock, uci,
    with_position,
};

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

    /// `wN`, `bP` for the 8x8 games; `rC` (red cannon), `bH` for Xiangqi: for `data-piece`.
    pub fn code(self) -> String {
        match self {
            AnyPiece::Board8(p) => p.code().iter().map(|&b| char::from(b)).collect(),
            AnyPiece::Xiangqi(p) => {
                let side = p.color.fold('r', 'b');
                format!("{side}{}", p.role.lower_char().to_ascii_uppercase())
            }
        }
    }
}

/// A move of any game. Displayed as the wire writes it: UCI, or ICCS for Xiangqi.
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

/// A position of any game, as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyGamePosition {
    Board8(AnyPosition),
    /// Only in a build that carries Xiangqi ([`crate::carried`]).
    Xiangqi(Carried<xiangqi::Position>),
}

impl AnyGamePosition {
    pub fn turn(&self) -> Color {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => p.turn()),
            AnyGamePosition::Xiangqi(p) => p.turn(),
        }
    }

    pub fn is_check(&self) -> bool {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => p.is_check()),
            AnyGamePosition::Xiangqi(p) => p.is_check(),
        }
    }

    /// The king or general in check, if one is.
    pub fn checked_king(&self) -> Option<Cell> {
        match self {
            AnyGamePosition::Board8(p) => {
                with_position!(p, p => p.is_check().then(|| p.our_king().into()))
            }
            AnyGamePosition::Xiangqi(p) => p.is_check().then(|| p.general(p.turn()).into()),
        }
    }

    pub fn has_legal_moves(&self) -> bool {
        match self {
            AnyGamePosition::Board8(p) => !p.legal_moves().is_empty(),
            AnyGamePosition::Xiangqi(p) => !p.legal_moves().is_empty(),
        }
    }

    pub fn legal_moves(&self) -> Vec<GameMove> {
        match self {
            AnyGamePosition::Board8(p) => p
                .legal_moves()
                .iter()
                .map(|&m| GameMove::Board8(m))
                .collect(),
            AnyGamePosition::Xiangqi(p) => p
                .legal_moves()
                .iter()
                .map(|&m| GameMove::Xiangqi(m))
                .collect(),
        }
    }

    pub fn piece_at(&self, cell: Cell) -> Option<AnyPiece> {
        match self {
            AnyGamePosition::Board8(p) => {
                with_position!(p, p => p.board().piece_at(cell.square()?)).map(AnyPiece::Board8)
            }
            AnyGamePosition::Xiangqi(p) => p.board().piece_at(cell.point()?).map(AnyPiece::Xiangqi),
        }
    }

    /// The number of the move to be made, as a record counts it.
    pub fn fullmoves(&self) -> u32 {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => p.fullmoves()),
            AnyGamePosition::Xiangqi(p) => p.fullmoves(),
        }
    }

    pub fn fen(&self) -> String {
        match self {
            AnyGamePosition::Board8(p) => p.fen(),
            AnyGamePosition::Xiangqi(p) => xiangqi::fen::write(&p.to_setup()),
        }
    }

    /// A move of the wire's notation (UCI, or ICCS for Xiangqi), if it is legal here.
    pub fn parse_wire_move(&self, text: &str) -> Result<GameMove, String> {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => uci::parse_move(p, text))
                .map(GameMove::Board8)
                .map_err(|e| e.to_string()),
            AnyGamePosition::Xiangqi(p) => iccs::parse_legal(p, text)
                .map(GameMove::Xiangqi)
                .map_err(|e| e.to_string()),
        }
    }

    /// `m` as the move list writes it.
    pub fn write(&self, m: GameMove, style: MoveStyle) -> String {
        match (self, m) {
            (AnyGamePosition::Board8(p), GameMove::Board8(m)) => {
                with_position!(p, p => render_san(p, m, style.letters))
            }
            (AnyGamePosition::Xiangqi(p), GameMove::Xiangqi(m)) => style.xiangqi.write(p, m),
            _ => m.to_string(),
        }
    }

    /// A line of wire moves written as the move list writes them, as far as they are legal.
    pub fn line_text(&self, line: &[String], style: MoveStyle) -> Vec<String> {
        let mut pos = *self;
        let mut out = Vec::new();
        for text in line {
            let Ok(m) = pos.parse_wire_move(text) else {
                break;
            };
            out.push(pos.write(m, style));
            pos.play_legal(m);
        }
        out
    }

    /// How the game ends when `flagged`'s flag falls here: 2017 art. 6.9 for the 8x8
    /// games (a draw when the opponent cannot mate); a loss in Xiangqi (AXF 2008 ch. 2 §5).
    pub fn flag_outcome(&self, flagged: Color) -> Outcome {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => clock::flag_outcome(p, flagged)),
            AnyGamePosition::Xiangqi(_) => Outcome::win(flagged.other(), EndReason::TimeForfeit),
        }
    }

    /// Plays a move known to be legal here.
    fn play_legal(&mut self, m: GameMove) {
        match (self, m) {
            (AnyGamePosition::Board8(p), GameMove::Board8(m)) => {
                *p = shatar_rules::map_position!(*p, p => p.play(m).unwrap_or(p));
            }
            (AnyGamePosition::Xiangqi(p), GameMove::Xiangqi(m)) => {
                let _ = p.play(m);
            }
            _ => {}
        }
    }
}
