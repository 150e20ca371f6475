//! [`AnyPosition`] and [`AnyRecord`]: a position or game of whichever ruleset was chosen at
//! run time (a UCI option, a PGN `Variant` tag, a worker message).
//!
//! `Position<R>` is generic so that move generation is specialised per ruleset at compile
//! time. Front ends choose the ruleset at run time, so they hold one of these enums and
//! write each operation once, as a generic function over `R: Rules`, reached through
//! [`with_position!`](crate::with_position) or [`map_position!`](crate::map_position).
//!
//! ```
//! use shatar_rules::{with_position, AnyPosition, Ruleset};
//! let pos = AnyPosition::startpos(Ruleset::Mongolian);
//! assert_eq!(with_position!(&pos, p => p.legal_moves().len()), 2);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::fen::{self, FenError};
use crate::moves::{Move, MoveList};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::{Chess, Mongolian, MongolianFolk};

/// A position of one of the three 8x8 rulesets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    Mongolian(Position<Mongolian>),
    MongolianFolk(Position<MongolianFolk>),
    Chess(Position<Chess>),
}

/// Runs `$body` with the type `$r` standing for the rules of `$ruleset` (a [`Ruleset`]):
/// for code that is generic over `R: Rules` and needs no position to dispatch on.
#[macro_export]
macro_rules! with_rules {
    ($ruleset:expr, $r:ident => $body:expr) => {
        match $ruleset {
            $crate::Ruleset::Mongolian => {
                type $r = $crate::Mongolian;
                $body
            }
            $crate::Ruleset::MongolianFolk => {
                type $r = $crate::MongolianFolk;
                $body
            }
            $crate::Ruleset::Chess => {
                type $r = $crate::Chess;
                $body
            }
        }
    };
}

/// Runs `$body` with `$pos` bound to the concrete position inside `$any` (an
/// `AnyPosition` or a reference to one). `$body` must have one type in all three arms.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::AnyPosition::Mongolian($pos) => $body,
            $crate::AnyPosition::MongolianFolk($pos) => $body,
            $crate::AnyPosition::Chess($pos) => $body,
        }
    };
}

/// Like [`with_position!`](crate::with_position), but `$body` yields a `Position<R>` of
/// the same ruleset, which is wrapped back into an `AnyPosition`.
#[macro_export]
macro_rules! map_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::AnyPosition::Mongolian($pos) => $crate::AnyPosition::Mongolian($body),
            $crate::AnyPosition::MongolianFolk($pos) => $crate::AnyPosition::MongolianFolk($body),
            $crate::AnyPosition::Chess($pos) => $crate::AnyPosition::Chess($body),
        }
    };
}

impl AnyPosition {
    /// The initial position of `ruleset`.
    pub fn startpos(ruleset: Ruleset) -> AnyPosition {
        match ruleset {
            Ruleset::Mongolian => AnyPosition::Mongolian(Position::new()),
            Ruleset::MongolianFolk => AnyPosition::MongolianFolk(Position::new()),
            Ruleset::Chess => AnyPosition::Chess(Position::new()),
        }
    }

    /// Reads a FEN under the rules of `ruleset`.
    pub fn from_fen(ruleset: Ruleset, text: &str) -> Result<AnyPosition, FenError> {
        Ok(match ruleset {
            Ruleset::Mongolian => AnyPosition::Mongolian(fen::parse_position(text)?),
            Ruleset::MongolianFolk => AnyPosition::MongolianFolk(fen::parse_position(text)?),
            Ruleset::Chess => AnyPosition::Chess(fen::parse_position(text)?),
        })
    }

    pub fn ruleset(&self) -> Ruleset {
        with_position!(self, p => p.ruleset())
    }

    pub fn legal_moves(&self) -> MoveList {
        with_position!(self, p => p.legal_moves())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => p.perft(depth))
    }

    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_position!(self, p => p.divide(depth))
    }

    /// [`crate::divide_until`]: a count that `go_on` can cut short.
    pub fn divide_until(
        &self,
        depth: u32,
        go_on: &dyn Fn() -> bool,
    ) -> (crate::Divide<Move>, Result<(), crate::PerftStopped>) {
        with_position!(self, p => crate::divide_until(p, depth, go_on))
    }

    pub fn fen(&self) -> String {
        with_position!(self, p => alloc::format!("{p}"))
    }
}

/// A game record of one of the three 8x8 rulesets.
#[derive(Clone, Debug)]
pub enum AnyRecord {
    Mongolian(GameRecord<Mongolian>),
    MongolianFolk(GameRecord<MongolianFolk>),
    Chess(GameRecord<Chess>),
}

/// Runs `$body` with `$record` bound to the concrete record inside `$any`.
#[macro_export]
macro_rules! with_record {
    ($any:expr, $record:ident => $body:expr) => {
        match $any {
            $crate::AnyRecord::Mongolian($record) => $body,
            $crate::AnyRecord::MongolianFolk($record) => $body,
            $crate::AnyRecord::Chess($record) => $body,
        }
    };
}

impl AnyRecord {
    /// A game starting from `start`, with no moves yet.
    pub fn new(start: AnyPosition) -> AnyRecord {
        match start {
            AnyPosition::Mongolian(p) => AnyRecord::Mongolian(GameRecord::new(p)),
            AnyPosition::MongolianFolk(p) => AnyRecord::MongolianFolk(GameRecord::new(p)),
            AnyPosition::Chess(p) => AnyRecord::Chess(GameRecord::new(p)),
        }
    }

    pub fn ruleset(&self) -> Ruleset {
        with_record!(self, r => r.position().ruleset())
    }
    pub fn moves(&self) -> &[Move] {
        with_record!(self, r => r.moves())
    }
    pub fn outcome(&self) -> Option<Outcome> {
        with_record!(self, r => r.outcome())
    }
    pub fn position(&self) -> AnyPosition {
        self.position_at(self.moves().len())
            .expect("the current position is in the record")
    }

    /// The position after the first `ply` moves; `None` beyond the last move.
    pub fn position_at(&self, ply: usize) -> Option<AnyPosition> {
        Some(match self {
            AnyRecord::Mongolian(r) => AnyPosition::Mongolian(*r.positions().get(ply)?),
            AnyRecord::MongolianFolk(r) => AnyPosition::MongolianFolk(*r.positions().get(ply)?),
            AnyRecord::Chess(r) => AnyPosition::Chess(*r.positions().get(ply)?),
        })
    }
}
