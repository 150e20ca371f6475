//! How a game ends: the result and the rule that decided it.

use core::fmt;

use crate::types::Color;

/// The result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn win_for(color: Color) -> GameResult {
        color.fold(GameResult::WhiteWins, GameResult::BlackWins)
    }
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// 2017 art. 1.3, 5.1; FIDE 5.1.
    Checkmate,
    /// Folk rules ⑥: a checkmate delivered by a knight is only a draw.
    KnightMate,
    /// 2017 art. 5.2.1; FIDE 5.2.1.
    Stalemate,
    /// Xiangqi (1956 ch. 5): a side that is not in check but has no legal move loses; there
    /// is no stalemate draw. A side in check without a move is [`EndReason::Checkmate`].
    NoLegalMove,
    /// Neither side can mate by any legal sequence: 2017 art. 1.4, 5.2.2, 9.7.
    DeadPosition,
    /// Folk rules ⑤: one side has nothing left but its king.
    BareKing,
    /// Claimed under 2017 art. 9.2, or automatic under the folk rules ③.
    ThreefoldRepetition,
    /// Claimed under 2017 art. 9.3.
    FiftyMoves,
    /// 2017 art. 9.6.1: automatic.
    FivefoldRepetition,
    /// 2017 art. 9.6.2: automatic.
    SeventyFiveMoves,
    /// Folk rules ④.
    PerpetualCheck,
    /// 2017 art. 5.1.
    Resignation,
    /// 2017 art. 5.2.3, 9.1.
    Agreement,
    /// 2017 art. 6.9: the flag fell before the moves of the period were made; the opponent
    /// wins.
    TimeForfeit,
    /// 2017 art. 6.9: the flag fell, but the opponent cannot checkmate by any legal
    /// sequence of moves, so the game is drawn.
    TimeoutVsInsufficientMaterial,
    /// 2017 art. 6.11.2: both flags are down in the last period (the one in which all
    /// remaining moves must be made): a draw.
    BothFlags,
    /// Xiangqi (AXF 2008 ch. 4; 1956 ch. 8): a repeated cycle in which one side's moves
    /// are forbidden (perpetual check, perpetual chase…) and the other's are not; the
    /// forbidden side loses. The record's [`Ruling`](crate::xiangqi::Ruling) says which
    /// ruling decided it.
    ForbiddenRepetition,
    /// Xiangqi (AXF 2008 ch. 4; 1956 ch. 7): a repeated cycle in which both sides' moves
    /// are allowed, or both forbidden: a draw.
    RepetitionDraw,
    /// Xiangqi (AXF 2008 ch. 2 §8): 100 moves of the two sides together without a capture.
    NaturalMoveLimit,
}

impl EndReason {
    /// The article of the ruleset's text that decides it, for display ("2017 art. 9.6").
    pub const fn article(self) -> &'static str {
        match self {
            EndReason::Checkmate => "art. 5.1",
            EndReason::Stalemate => "art. 5.2.1",
            EndReason::NoLegalMove => "1956 ch. 5",
            EndReason::DeadPosition => "art. 5.2.2, 9.7",
            EndReason::ThreefoldRepetition => "art. 9.2",
            EndReason::FiftyMoves => "art. 9.3",
            EndReason::FivefoldRepetition | EndReason::SeventyFiveMoves => "art. 9.6",
            EndReason::Resignation => "art. 5.1",
            EndReason::Agreement => "art. 9.1",
            EndReason::KnightMate => "folk rules 6",
            EndReason::BareKing => "folk rules 5",
            EndReason::PerpetualCheck => "folk rules 4",
            EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial => "art. 6.9",
            EndReason::BothFlags => "art. 6.11.2",
            EndReason::ForbiddenRepetition | EndReason::RepetitionDraw => "AXF ch. 4",
            EndReason::NaturalMoveLimit => "AXF ch. 2 §8",
        }
    }

    /// The PGN standard's `Termination` value (8.1.1 / 9.8.1: "abandoned",
    /// "adjudication", "death", "emergency", "normal", "rules infraction", "time
    /// forfeit", "unterminated"), which other programs read: "time forfeit" for the
    /// clock's endings, "rules infraction" for a forbidden repetition (the side that broke
    /// the rule loses), "normal" for the rest. The reason itself goes into the
    /// `TerminationDetails` tag ([`pgn::TERMINATION_DETAILS`](crate::pgn::TERMINATION_DETAILS)).
    pub const fn pgn_termination(self) -> &'static str {
        match self {
            EndReason::TimeForfeit
            | EndReason::TimeoutVsInsufficientMaterial
            | EndReason::BothFlags => "time forfeit",
            EndReason::ForbiddenRepetition => "rules infraction",
            _ => "normal",
        }
    }

    pub const fn description(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::KnightMate => "checkmate by a knight (a draw under the folk rules)",
            EndReason::Stalemate => "stalemate",
            EndReason::NoLegalMove => "no legal move (a loss in xiangqi)",
            EndReason::DeadPosition => "neither side can checkmate",
            EndReason::BareKing => "a bare king",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FiftyMoves => "fifty moves without a capture or a pawn move",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::SeventyFiveMoves => "seventy-five moves without a capture or a pawn move",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TimeForfeit => "time forfeit",
            EndReason::TimeoutVsInsufficientMaterial => {
                "time forfeit, but the opponent cannot checkmate"
            }
            EndReason::BothFlags => "both flags falling",
            EndReason::ForbiddenRepetition => "a forbidden repetition (perpetual check or chase)",
            EndReason::RepetitionDraw => "repetition",
            EndReason::NaturalMoveLimit => "the natural move limit (100 moves without a capture)",
        }
    }
}

/// A finished game: who won (or a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
}

impl Outcome {
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason,
        }
    }
    pub fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome {
            result: GameResult::win_for(winner),
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result.pgn(), self.reason.description())
    }
}
