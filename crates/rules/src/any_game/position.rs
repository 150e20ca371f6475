//! [`AnyGamePosition`]: a position of any of the four games, chosen at run time.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::carried::{Carried, NotCarried};
use super::cell::{AnyPiece, Cell, GameMove, MoveStyle};
use crate::fen::FenError;
use crate::notation::render_san;
use crate::uci::{self, UciMoveError};
use crate::xiangqi::{self, iccs};
use crate::{
    AnyPosition, Color, Divide, EndReason, GameKind, Outcome, PerftStopped, clock, with_position,
};

/// A position of any game: one of the 8x8 rulesets, or Xiangqi in a build that carries it
/// ([`Carried`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyGamePosition {
    Board8(AnyPosition),
    Xiangqi(Carried<xiangqi::Position>),
}

/// Runs `$body` with `$pos` bound to a reference to the concrete position inside `$any`
/// (an `&AnyGamePosition`): a `&Position<R>` of an 8x8 ruleset or a `&xiangqi::Position`.
/// For code written once over [`GamePosition`](crate::GamePosition); `$body` must have one
/// type in every arm.
#[macro_export]
macro_rules! with_game_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::AnyGamePosition::Board8(board8) => $crate::with_position!(board8, $pos => $body),
            $crate::AnyGamePosition::Xiangqi(carried) => {
                let $pos: &$crate::xiangqi::Position = carried;
                $body
            }
        }
    };
}

/// Why a FEN is no position of the game asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFenError {
    Board8(FenError),
    Xiangqi(xiangqi::fen::FenError),
    NotCarried(NotCarried),
}

impl fmt::Display for GameFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFenError::Board8(e) => e.fmt(f),
            GameFenError::Xiangqi(e) => e.fmt(f),
            GameFenError::NotCarried(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for GameFenError {}

/// Why a move in the wire's notation (UCI, or ICCS for Xiangqi) is no legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireMoveError {
    Uci(UciMoveError),
    Iccs(iccs::IccsError),
}

impl fmt::Display for WireMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireMoveError::Uci(e) => e.fmt(f),
            WireMoveError::Iccs(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for WireMoveError {}

impl From<AnyPosition> for AnyGamePosition {
    fn from(p: AnyPosition) -> Self {
        AnyGamePosition::Board8(p)
    }
}

impl AnyGamePosition {
    /// The initial position of `game`.
    pub fn startpos(game: GameKind) -> Result<AnyGamePosition, NotCarried> {
        match game {
            GameKind::Board8(r) => Ok(AnyPosition::startpos(r).into()),
            GameKind::Xiangqi => Carried::new(xiangqi::Position::new).map(AnyGamePosition::Xiangqi),
        }
    }

    /// A position of `game` from its FEN.
    pub fn from_fen(game: GameKind, text: &str) -> Result<AnyGamePosition, GameFenError> {
        match game {
            GameKind::Board8(r) => AnyPosition::from_fen(r, text)
                .map(Into::into)
                .map_err(GameFenError::Board8),
            GameKind::Xiangqi => Carried::new(|| xiangqi::fen::parse_position(text))
                .map_err(GameFenError::NotCarried)?
                .transpose()
                .map(AnyGamePosition::Xiangqi)
                .map_err(GameFenError::Xiangqi),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGamePosition::Board8(p) => GameKind::Board8(p.ruleset()),
            AnyGamePosition::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    pub fn turn(&self) -> Color {
        with_game_position!(self, p => crate::GamePosition::turn(p))
    }

    pub fn is_check(&self) -> bool {
        with_game_position!(self, p => crate::GamePosition::is_check(p))
    }

    /// The position's key for repetitions and transposition tables.
    pub fn hash(&self) -> u64 {
        with_game_position!(self, p => crate::GamePosition::hash(p))
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
        with_game_position!(self, p => !crate::GamePosition::legal_moves(p).is_empty())
    }

    pub fn legal_moves(&self) -> Vec<GameMove> {
        with_game_position!(self, p => {
            crate::GamePosition::legal_moves(p).iter().map(|&m| <GameMove as From<_>>::from(m)).collect()
        })
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
    pub fn parse_wire_move(&self, text: &str) -> Result<GameMove, WireMoveError> {
        match self {
            AnyGamePosition::Board8(p) => with_position!(p, p => uci::parse_move(p, text))
                .map(GameMove::Board8)
                .map_err(WireMoveError::Uci),
            AnyGamePosition::Xiangqi(p) => iccs::parse_legal(p, text)
                .map(GameMove::Xiangqi)
                .map_err(WireMoveError::Iccs),
        }
    }

    /// A move as a person types it: SAN, long algebraic or UCI in the 8x8 games (`Nf3`,
    /// `g1-f3`, `g1f3`); Chinese, WXF or ICCS in Xiangqi. `None` when it is no legal move
    /// here.
    pub fn read_typed_move(&self, text: &str) -> Option<GameMove> {
        match self {
            AnyGamePosition::Board8(pos) => with_position!(pos, p => {
                crate::san::parse(p, text)
                    .ok()
                    .or_else(|| crate::san::parse_long(p, text).ok())
                    .or_else(|| {
                        uci::parse_move(p, &text.to_ascii_lowercase().replace('-', "")).ok()
                    })
            })
            .map(GameMove::Board8),
            AnyGamePosition::Xiangqi(p) => xiangqi::pgn::parse_move(p, text, None)
                .ok()
                .map(GameMove::Xiangqi),
        }
    }

    /// `m` as a move list writes it: SAN in `style`'s letters, or Xiangqi's notation.
    pub fn write(&self, m: GameMove, style: MoveStyle) -> String {
        match (self, m) {
            (AnyGamePosition::Board8(p), GameMove::Board8(m)) => {
                with_position!(p, p => render_san(p, m, style.letters))
            }
            (AnyGamePosition::Xiangqi(p), GameMove::Xiangqi(m)) => style.xiangqi.write(p, m),
            _ => alloc::string::ToString::to_string(&m),
        }
    }

    /// A line of wire moves written as a move list writes them, as far as they are legal.
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

    /// Plays a move known to be legal here; a move of another game or an illegal one
    /// leaves the position as it was.
    pub fn play_legal(&mut self, m: GameMove) {
        match (self, m) {
            (AnyGamePosition::Board8(p), GameMove::Board8(m)) => {
                *p = crate::map_position!(*p, p => p.play(m).unwrap_or(p));
            }
            (AnyGamePosition::Xiangqi(p), GameMove::Xiangqi(m)) => {
                let _ = p.play(m);
            }
            _ => {}
        }
    }

    /// The number of leaf nodes `depth` plies down: perft.
    pub fn perft(&self, depth: u32) -> u64 {
        with_game_position!(self, p => crate::perft(p, depth))
    }

    /// [`crate::divide_until`] for any game: each legal move's perft count, cut short when
    /// `go_on` says so.
    pub fn divide_until(
        &self,
        depth: u32,
        go_on: &dyn Fn() -> bool,
    ) -> (Divide<GameMove>, Result<(), PerftStopped>) {
        with_game_position!(self, p => {
            let (counts, stopped) = crate::divide_until(p, depth, go_on);
            (counts.into_iter().map(|(m, n)| (<GameMove as From<_>>::from(m), n)).collect(), stopped)
        })
    }
}
