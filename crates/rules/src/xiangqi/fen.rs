//! Xiangqi FEN in the common convention: ranks from Black's side (rank 9 first), Red upper
//! case, `w` (or `r`, as some tools write) / `b` for the side to move, then `- -` where
//! chess has castling and en passant, the plies since the last capture and the move number.
//! Everything after the side to move may be left out.
//!
//! ```
//! use shatar_rules::xiangqi::{fen, Position};
//! let pos = fen::parse_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r").unwrap();
//! assert_eq!(pos, Position::new());
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(fen::write(&pos.to_setup()), fen::INITIAL);
//! ```

use alloc::string::{String, ToString};
use core::fmt::{self, Write};

use super::board::{Board, Piece};
use super::position::{Position, PositionError, Setup};
use super::square::Square;
use crate::types::Color;

/// The initial position (AXF 2008 ch. 3 §1 art. 四).
pub const INITIAL: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a FEN, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// Field 1, the piece placement: which rank (9 = the first written) and why.
    Board {
        rank: u8,
        problem: BoardProblem,
    },
    /// Field 2 must be `w` (or `r`) or `b`.
    Turn(String),
    /// Fields 3 and 4 hold chess's castling and en passant, which xiangqi has not: `-`.
    NotADash {
        field: u8,
        value: String,
    },
    /// Field 5: a non-negative number.
    Halfmoves(String),
    /// Field 6: a positive number.
    Fullmoves(String),
    /// More than six fields.
    TooManyFields,
    /// The fields parse, but the position breaks the rules of the game.
    Position(PositionError),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardProblem {
    NotTenRanks(usize),
    UnknownPiece(char),
    /// A rank adds up to more or fewer than nine points.
    WrongWidth(u32),
    /// Two digits in a row (`45` instead of `9`).
    AdjacentDigits,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("FEN is empty"),
            FenError::Board { rank, problem } => {
                f.write_str("FEN field 1 (piece placement)")?;
                match problem {
                    BoardProblem::NotTenRanks(n) => {
                        write!(f, ": {n} ranks instead of 10 separated by '/'")
                    }
                    BoardProblem::UnknownPiece(c) => {
                        write!(
                            f,
                            ", rank {rank}: '{c}' is not a piece letter (KABNRCP, kabnrcp) or a digit 1-9"
                        )
                    }
                    BoardProblem::WrongWidth(w) => {
                        write!(f, ", rank {rank}: describes {w} points instead of 9")
                    }
                    BoardProblem::AdjacentDigits => write!(f, ", rank {rank}: two digits in a row"),
                }
            }
            FenError::Turn(s) => write!(
                f,
                "FEN field 2 (side to move): '{s}' is not 'w', 'r' or 'b'"
            ),
            FenError::NotADash { field, value } => {
                write!(f, "FEN field {field}: '{value}' is not '-'")
            }
            FenError::Halfmoves(s) => write!(
                f,
                "FEN field 5 (halfmove clock): '{s}' is not a number of plies"
            ),
            FenError::Fullmoves(s) => write!(
                f,
                "FEN field 6 (move number): '{s}' is not a positive number"
            ),
            FenError::TooManyFields => f.write_str("FEN has more than 6 fields"),
            FenError::Position(e) => write!(f, "FEN describes an illegal position: {e}"),
        }
    }
}

impl core::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    use crate::placement::{Problem, scan};
    let mut board = Board::empty();
    scan(field, 9, 10, Piece::from_char, |file, written, piece| {
        let sq = Square::at(file as i32, 9 - written as i32).expect("a point of the board");
        board.put(sq, piece);
    })
    .map_err(|problem| {
        let at = |written: usize| 9 - written as u8;
        match problem {
            Problem::RankCount(n) => FenError::Board {
                rank: 9,
                problem: BoardProblem::NotTenRanks(n),
            },
            Problem::UnknownPiece { written, c } => FenError::Board {
                rank: at(written),
                problem: BoardProblem::UnknownPiece(c),
            },
            Problem::WrongWidth { written, width } => FenError::Board {
                rank: at(written),
                problem: BoardProblem::WrongWidth(width),
            },
            Problem::AdjacentDigits { written } => FenError::Board {
                rank: at(written),
                problem: BoardProblem::AdjacentDigits,
            },
        }
    })?;
    Ok(board)
}

/// Reads the fields without checking the position against the rules.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let mut fields = fen.split_whitespace();
    let board = parse_board(fields.next().ok_or(FenError::Empty)?)?;
    let turn = match fields.next() {
        Some("w" | "r") => Color::White,
        Some("b") => Color::Black,
        Some(other) => return Err(FenError::Turn(other.to_string())),
        None => return Err(FenError::Turn(String::new())),
    };
    for field in [3, 4] {
        match fields.next() {
            None | Some("-") => {}
            Some(other) => {
                return Err(FenError::NotADash {
                    field,
                    value: other.to_string(),
                });
            }
        }
    }
    let halfmoves = match fields.next() {
        None => 0,
        Some(s) => s.parse().map_err(|_| FenError::Halfmoves(s.to_string()))?,
    };
    let fullmoves = match fields.next() {
        None => 1,
        Some(s) => s
            .parse()
            .ok()
            .filter(|&n: &u32| n >= 1)
            .ok_or_else(|| FenError::Fullmoves(s.to_string()))?,
    };
    if fields.next().is_some() {
        return Err(FenError::TooManyFields);
    }
    Ok(Setup {
        board,
        turn,
        halfmoves,
        fullmoves,
    })
}

/// Reads a FEN and checks the position.
pub fn parse_position(fen: &str) -> Result<Position, FenError> {
    Ok(Position::from_setup(parse_setup(fen)?)?)
}

/// Writes all six fields, Red as `w`.
pub fn write(setup: &Setup) -> String {
    let mut out = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match setup
                .board
                .piece_at(Square::at(file, rank).expect("on the board"))
            {
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let _ = write!(
        out,
        " {} - - {} {}",
        setup.turn.fold('w', 'b'),
        setup.halfmoves,
        setup.fullmoves
    );
    out
}

// A position is written and shown as its FEN, and the initial one is read from its FEN:
// these live here so that the position's module needs nothing of this one.
impl Position {
    /// The initial position (AXF 2008 ch. 3 §1 art. 四); Red moves first (ch. 3 §3 art. 一).
    pub fn new() -> Position {
        super::fen::parse_position(super::fen::INITIAL).expect("the initial position is legal")
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", write(&self.to_setup()))
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(&self.to_setup()))
    }
}
