//! FEN: read and write. Each malformed field is its own error, naming the field and why.
//!
//! ```
//! use shatar_rules::{fen, Mongolian, Position};
//! let pos: Position<Mongolian> = fen::parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").unwrap();
//! assert_eq!(pos.legal_moves().len(), 2); // the first round: e2e4 or d2d4 (2017 art. 1.2)
//! assert_eq!(fen::write(&pos.to_setup()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
//! ```

use alloc::string::String;
use core::fmt::{self, Write};

use crate::board::Board;
use crate::position::{Position, PositionError, Rules};
use crate::setup::{CastlingRights, Setup};
use crate::types::{Color, File, Piece, Rank, Square};

/// The FEN of the initial position of the Mongolian games (no castling rights).
pub const MONGOLIAN_INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
/// The FEN of the initial position of FIDE chess.
pub const CHESS_INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What is wrong with a FEN, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// Field 1, the piece placement: which rank (8 = the first written) and why.
    Board {
        rank: u8,
        problem: BoardProblem,
    },
    /// Field 2 must be `w` or `b`.
    Turn(String),
    /// Field 3: `-` or a subset of `KQkq`, each at most once.
    Castling(String),
    /// Field 4: `-` or a square on the third or sixth rank.
    EnPassant(String),
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
    NotEightRanks(usize),
    UnknownPiece(char),
    /// A rank adds up to more or fewer than eight squares.
    WrongWidth(u32),
    /// Two digits in a row (`44` instead of `8`).
    AdjacentDigits,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("FEN is empty"),
            FenError::Board { rank, problem } => {
                f.write_str("FEN field 1 (piece placement)")?;
                match problem {
                    BoardProblem::NotEightRanks(n) => {
                        write!(f, ": {n} ranks instead of 8 separated by '/'")
                    }
                    BoardProblem::UnknownPiece(c) => {
                        write!(
                            f,
                            ", rank {rank}: '{c}' is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8"
                        )
                    }
                    BoardProblem::WrongWidth(w) => {
                        write!(f, ", rank {rank}: describes {w} squares instead of 8")
                    }
                    BoardProblem::AdjacentDigits => write!(f, ", rank {rank}: two digits in a row"),
                }
            }
            FenError::Turn(s) => write!(f, "FEN field 2 (side to move): '{s}' is not 'w' or 'b'"),
            FenError::Castling(s) => write!(
                f,
                "FEN field 3 (castling): '{s}' is not '-' or a subset of 'KQkq'"
            ),
            FenError::EnPassant(s) => {
                write!(
                    f,
                    "FEN field 4 (en passant): '{s}' is not '-' or a square on rank 3 or 6"
                )
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
    scan(field, 8, 8, Piece::from_char, |file, written, piece| {
        let rank = Rank::new(7 - written as u32).expect("eight ranks");
        board.put(
            Square::from_coords(File::new(file).expect("file < 8"), rank),
            piece,
        );
    })
    .map_err(|problem| {
        let at = |written: usize| 8 - written as u8;
        match problem {
            Problem::RankCount(n) => FenError::Board {
                rank: 8,
                problem: BoardProblem::NotEightRanks(n),
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

/// Reads a FEN into a [`Setup`]. The last four fields may be left out (an EPD-style
/// board and side): castling and en passant then default to `-`, counters to `0 1`.
pub fn parse(fen: &str) -> Result<Setup, FenError> {
    let mut fields = fen.split_ascii_whitespace();
    let board = parse_board(fields.next().ok_or(FenError::Empty)?)?;
    let turn = match fields.next() {
        None | Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(s) => return Err(FenError::Turn(s.into())),
    };
    let castling = match fields.next() {
        None | Some("-") => CastlingRights::NONE,
        Some(s) => {
            let mut rights = 0u8;
            for c in s.chars() {
                let bit = match c {
                    'K' => CastlingRights::WHITE_KING_SIDE,
                    'Q' => CastlingRights::WHITE_QUEEN_SIDE,
                    'k' => CastlingRights::BLACK_KING_SIDE,
                    'q' => CastlingRights::BLACK_QUEEN_SIDE,
                    _ => return Err(FenError::Castling(s.into())),
                };
                if rights & bit != 0 {
                    return Err(FenError::Castling(s.into()));
                }
                rights |= bit;
            }
            CastlingRights(rights)
        }
    };
    let en_passant = match fields.next() {
        None | Some("-") => None,
        Some(s) => match Square::parse(s) {
            Some(sq) if matches!(sq.rank(), Rank::Third | Rank::Sixth) => Some(sq),
            _ => return Err(FenError::EnPassant(s.into())),
        },
    };
    let halfmoves = match fields.next() {
        None => 0,
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| FenError::Halfmoves(s.into()))?,
    };
    let fullmoves = match fields.next() {
        None => 1,
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| FenError::Fullmoves(s.into()))?,
    };
    if fields.next().is_some() {
        return Err(FenError::TooManyFields);
    }
    Ok(Setup {
        board,
        turn,
        castling,
        en_passant,
        halfmoves,
        fullmoves,
    })
}

/// Reads a FEN and checks it against the rules of `R`.
pub fn parse_position<R: Rules>(fen: &str) -> Result<Position<R>, FenError> {
    Ok(Position::from_setup(&parse(fen)?)?)
}

/// The piece placement field alone.
pub fn write_board(board: &Board) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.piece_at(Square::ALL[rank * 8 + file]) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(p.char());
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The full six-field FEN.
pub fn write(setup: &Setup) -> String {
    let mut out = write_board(&setup.board);
    let _ = write!(
        out,
        " {} {} {} {} {}",
        setup.turn.fold('w', 'b'),
        setup.castling,
        setup
            .en_passant
            .map_or(String::from("-"), |sq| alloc::format!("{sq}")),
        setup.halfmoves,
        setup.fullmoves
    );
    out
}

impl<R: Rules> fmt::Display for Position<R> {
    /// The position's FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(&self.to_setup()))
    }
}
