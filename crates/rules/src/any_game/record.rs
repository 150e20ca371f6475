//! [`AnyGameRecord`]: a game of any of the four games, with the rules that end it by
//! themselves (mate, the automatic draws, Xiangqi's repetition rulings and move limit).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::carried::{Carried, NotCarried};
use super::cell::GameMove;
use super::position::{AnyGamePosition, GameFenError, WireMoveError};
use crate::pgn::{PgnError, PgnGame};
use crate::xiangqi::{self, RepetitionRules, Ruling, Verdict};
use crate::{
    AnyRecord, Claim, ClaimVerdict, Color, DrawRules, EndReason, GameKind, Outcome, PlayError,
    Rules, with_record, with_rules,
};

/// The rulings Xiangqi's repetitions are judged by wherever a game is played: the page,
/// the worker, the UCI binary's matches.
pub const XIANGQI_RULES: RepetitionRules = RepetitionRules::Axf2008;

/// A game record of any game: one of the 8x8 rulesets, or Xiangqi in a build that carries
/// it ([`Carried`]).
#[derive(Clone, Debug)]
pub enum AnyGameRecord {
    Board8(AnyRecord),
    Xiangqi(Carried<xiangqi::Record>),
}

/// Why a move was not added to a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamePlayError {
    GameOver(Outcome),
    Illegal(GameMove),
    /// A move of another game than the record's.
    OtherGame(GameMove),
}

impl fmt::Display for GamePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamePlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            GamePlayError::Illegal(m) => write!(f, "illegal move {m}"),
            GamePlayError::OtherGame(m) => write!(f, "{m} is a move of another game"),
        }
    }
}

impl core::error::Error for GamePlayError {}

impl From<PlayError> for GamePlayError {
    fn from(e: PlayError) -> Self {
        match e {
            PlayError::GameOver(o) => GamePlayError::GameOver(o),
            PlayError::Illegal(m) => GamePlayError::Illegal(m.into()),
        }
    }
}

impl From<xiangqi::record::PlayError> for GamePlayError {
    fn from(e: xiangqi::record::PlayError) -> Self {
        match e {
            xiangqi::record::PlayError::GameOver(o) => GamePlayError::GameOver(o),
            xiangqi::record::PlayError::Illegal(m) => GamePlayError::Illegal(m.into()),
        }
    }
}

/// Why a PGN game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamePgnError {
    Pgn(PgnError),
    NotCarried(NotCarried),
}

impl fmt::Display for GamePgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamePgnError::Pgn(e) => e.fmt(f),
            GamePgnError::NotCarried(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for GamePgnError {}

/// Why a game given as a start and moves in the wire's notation (UCI, or ICCS for Xiangqi)
/// could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireGameError {
    Start(GameFenError),
    /// Move `index` (from 0), `text`, does not fit.
    Move {
        index: usize,
        text: String,
        why: MoveRejected,
    },
}

/// Why a move of a wire game does not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRejected {
    Unreadable(WireMoveError),
    Play(GamePlayError),
}

impl fmt::Display for MoveRejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRejected::Unreadable(e) => e.fmt(f),
            MoveRejected::Play(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for WireGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireGameError::Start(e) => write!(f, "bad start position: {e}"),
            WireGameError::Move { index, text, why } => {
                write!(f, "move {} ({text}): {why}", index + 1)
            }
        }
    }
}

impl core::error::Error for WireGameError {}

impl AnyGameRecord {
    /// A game starting from `start`, with no moves yet.
    pub fn new(start: AnyGamePosition) -> AnyGameRecord {
        match start {
            AnyGamePosition::Board8(p) => AnyGameRecord::Board8(AnyRecord::new(p)),
            AnyGamePosition::Xiangqi(p) => {
                AnyGameRecord::Xiangqi(p.map(|p| xiangqi::Record::new(p, XIANGQI_RULES)))
            }
        }
    }

    /// A game from the wire form the worker, the saved games and UCI use: its start (the
    /// game's initial position, or a FEN) and its moves in the wire's notation, each
    /// played under every rule that ends a game by itself.
    pub fn from_wire(
        game: GameKind,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<AnyGameRecord, WireGameError> {
        let start = match fen {
            None => AnyGamePosition::startpos(game).map_err(GameFenError::NotCarried),
            Some(text) => AnyGamePosition::from_fen(game, text),
        }
        .map_err(WireGameError::Start)?;
        let mut record = AnyGameRecord::new(start);
        for (index, text) in moves.iter().enumerate() {
            let rejected = |why| WireGameError::Move {
                index,
                text: text.clone(),
                why,
            };
            if let Some(outcome) = record.outcome() {
                return Err(rejected(MoveRejected::Play(GamePlayError::GameOver(
                    outcome,
                ))));
            }
            let m = record
                .position()
                .parse_wire_move(text)
                .map_err(|e| rejected(MoveRejected::Unreadable(e)))?;
            record
                .play(m)
                .map_err(|e| rejected(MoveRejected::Play(e)))?;
        }
        Ok(record)
    }

    /// One game of a PGN file, replayed: the game its Variant tag names; without one,
    /// `default`.
    pub fn from_pgn(game: &PgnGame, default: GameKind) -> Result<AnyGameRecord, GamePgnError> {
        let board8 = default.board8().unwrap_or_default();
        let kind = match (game.tag("Variant"), default) {
            (None, GameKind::Xiangqi) => GameKind::Xiangqi,
            _ => game.game(board8).map_err(GamePgnError::Pgn)?,
        };
        match kind {
            GameKind::Board8(_) => game
                .replay_any(board8)
                .map(AnyGameRecord::Board8)
                .map_err(GamePgnError::Pgn),
            GameKind::Xiangqi => Carried::new(|| xiangqi::pgn::replay(game, XIANGQI_RULES))
                .map_err(GamePgnError::NotCarried)?
                .transpose()
                .map(AnyGameRecord::Xiangqi)
                .map_err(GamePgnError::Pgn),
        }
    }

    /// The game as a PGN game: its tags from the rules (Variant, FEN), its moves in SAN,
    /// or in `notation` for Xiangqi, and its result.
    pub fn to_pgn(&self, notation: xiangqi::pgn::Notation) -> PgnGame {
        match self {
            AnyGameRecord::Board8(r) => with_record!(r, r => PgnGame::from_record(r)),
            AnyGameRecord::Xiangqi(r) => xiangqi::pgn::from_record(r, notation),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGameRecord::Board8(r) => GameKind::Board8(r.ruleset()),
            AnyGameRecord::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    /// Moves played so far (plies).
    pub fn len(&self) -> usize {
        match self {
            AnyGameRecord::Board8(r) => r.moves().len(),
            AnyGameRecord::Xiangqi(r) => r.moves().len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn moves(&self) -> Vec<GameMove> {
        (0..self.len()).map(|i| self.move_at(i)).collect()
    }

    /// The move `index` (from 0). Panics beyond the last move.
    pub fn move_at(&self, index: usize) -> GameMove {
        match self {
            AnyGameRecord::Board8(r) => GameMove::Board8(r.moves()[index]),
            AnyGameRecord::Xiangqi(r) => GameMove::Xiangqi(r.moves()[index]),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGameRecord::Board8(r) => r.outcome(),
            AnyGameRecord::Xiangqi(r) => r.outcome(),
        }
    }

    /// The Xiangqi repetition ruling that ended the game.
    pub fn ruling(&self) -> Option<&Ruling> {
        match self {
            AnyGameRecord::Board8(_) => None,
            AnyGameRecord::Xiangqi(r) => r.ruling(),
        }
    }

    /// Who would lose, and by which ruling, if the Xiangqi cycle that has now brought a
    /// position back a third time is repeated once more: what an arbiter warns of before
    /// the fourth occurrence decides the game (AXF 2008 ch. 4). `None` when no cycle is
    /// pending or it would be a draw.
    pub fn repetition_warning(&self) -> Option<(Color, Ruling)> {
        let AnyGameRecord::Xiangqi(r) = self else {
            return None;
        };
        let ruling = r.pending_ruling()?;
        match ruling.verdict {
            Verdict::Loses(loser) => Some((loser, ruling)),
            Verdict::Draw => None,
        }
    }

    /// The position after the first `ply` moves; `None` beyond the last move.
    pub fn position_at(&self, ply: usize) -> Option<AnyGamePosition> {
        match self {
            AnyGameRecord::Board8(r) => r.position_at(ply).map(AnyGamePosition::Board8),
            AnyGameRecord::Xiangqi(r) => {
                let position = *r.positions().get(ply)?;
                Some(AnyGamePosition::Xiangqi(r.with(position)))
            }
        }
    }

    pub fn position(&self) -> AnyGamePosition {
        self.position_at(self.len())
            .expect("the current position is in the record")
    }

    /// The keys of the positions before the current one, oldest first: what a search
    /// scores a return to as a draw.
    pub fn earlier_hashes(&self) -> Vec<u64> {
        (0..self.len())
            .filter_map(|ply| self.position_at(ply))
            .map(|p| p.hash())
            .collect()
    }

    pub fn play(&mut self, m: GameMove) -> Result<(), GamePlayError> {
        match (self, m) {
            (AnyGameRecord::Board8(r), GameMove::Board8(m)) => {
                with_record!(r, r => r.play(m)).map_err(Into::into)
            }
            (AnyGameRecord::Xiangqi(r), GameMove::Xiangqi(m)) => r.play(m).map_err(Into::into),
            (_, m) => Err(GamePlayError::OtherGame(m)),
        }
    }

    pub fn take_back(&mut self) -> Option<GameMove> {
        match self {
            AnyGameRecord::Board8(r) => with_record!(r, r => r.take_back()).map(GameMove::Board8),
            AnyGameRecord::Xiangqi(r) => r.take_back().map(GameMove::Xiangqi),
        }
    }

    /// Records an ending decided off the board (resignation, a flag, a saved result).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        match self {
            AnyGameRecord::Board8(r) => with_record!(r, r => r.set_outcome(outcome)),
            AnyGameRecord::Xiangqi(r) => r.set_outcome(outcome),
        }
    }

    /// Whether the game's draws by repetition and the fifty-move rule are claimed (the
    /// 2017 rules, FIDE) rather than automatic (the folk rules, Xiangqi).
    pub fn has_claims(&self) -> bool {
        match self.kind() {
            GameKind::Board8(ruleset) => {
                with_rules!(ruleset, R => R::DRAW_RULES == DrawRules::ClaimsAndAutomatic)
            }
            GameKind::Xiangqi => false,
        }
    }

    /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any. Xiangqi's
    /// repetitions and move limit end the game by themselves: nothing is claimed.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        match self {
            AnyGameRecord::Board8(r) => with_record!(r, r => r.claimable_draw()),
            AnyGameRecord::Xiangqi(_) => None,
        }
    }

    /// The draw the player to move may claim by announcing `m` (art. 9.2.a, 9.3.a).
    pub fn claimable_draw_with(&self, m: GameMove) -> Option<EndReason> {
        match (self, m) {
            (AnyGameRecord::Board8(r), GameMove::Board8(m)) => {
                with_record!(r, r => r.claimable_draw_with(m))
            }
            _ => None,
        }
    }

    /// Judges a claim; a claim with a move plays the move either way (art. 9.5). Nothing
    /// is claimed in Xiangqi.
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, PlayError> {
        match self {
            AnyGameRecord::Board8(r) => with_record!(r, r => r.claim_draw(claim)),
            AnyGameRecord::Xiangqi(_) => Ok(ClaimVerdict::Rejected),
        }
    }
}

impl From<AnyRecord> for AnyGameRecord {
    fn from(r: AnyRecord) -> Self {
        AnyGameRecord::Board8(r)
    }
}
