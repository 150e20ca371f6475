//! Replaying a [`PgnGame`] in the rules of an 8x8 ruleset into a [`GameRecord`]: the 8x8
//! games' side of PGN, as [`crate::xiangqi::pgn`] is Xiangqi's. The PGN layer ([`crate::pgn`])
//! is syntax only; a bad move or FEN tag reaches it as a [`GameError`] holding the
//! [`SanError`] or [`FenError`](crate::fen::FenError).

use alloc::string::String;

use crate::any::AnyRecord;
use crate::fen;
use crate::moves::Move;
use crate::pgn::{GameError, PgnError, PgnErrorKind, PgnGame, PgnMove};
use crate::position::Position;
use crate::position::Rules;
use crate::record::GameRecord;
use crate::record::PlayError;
use crate::ruleset::{GameKind, Ruleset};
use crate::san;
use crate::san::SanError;

impl PgnGame {
    /// The start position: the FEN tag's, or the initial one.
    pub fn initial_position<R: Rules>(&self) -> Result<Position<R>, PgnError> {
        match self.tag("FEN") {
            Some(f) => fen::parse_position::<R>(f)
                .map_err(|e| self.error(PgnErrorKind::BadFen(GameError::new(e, true)), None)),
            None => Ok(Position::new()),
        }
    }

    /// Plays the main line in the rules of `R` into a [`GameRecord`], checking the moves
    /// of every variation too. The first bad move is an error naming it. A Variant tag that
    /// names another ruleset is an error, and so is a xiangqi game; without the tag any `R`
    /// is accepted.
    ///
    /// The result marker becomes the record's outcome when the moves do not end the game
    /// themselves: `1-0`/`0-1` as a resignation and `1/2-1/2` as a draw by agreement (PGN
    /// does not say more). When they do (a mate, an automatic draw), the marker must agree.
    pub fn replay<R: Rules>(&self) -> Result<GameRecord<R>, PgnError> {
        let r = self.ruleset(R::RULESET)?;
        if let Some(v) = self.tag("Variant")
            && r != R::RULESET
        {
            return Err(self.error(
                PgnErrorKind::VariantMismatch {
                    variant: v.into(),
                    requested: R::RULESET,
                },
                None,
            ));
        }
        let initial = self.initial_position::<R>()?;
        let mut record = GameRecord::new(initial);
        let mut pos = initial;
        for node in &self.moves {
            for line in &node.variations {
                self.check_line(&pos, line)?;
            }
            if let Some(outcome) = record.outcome() {
                let kind = PgnErrorKind::AfterEnd {
                    game_kind: GameKind::Board8(R::RULESET),
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    san: node.san.clone(),
                    outcome,
                };
                return Err(self.error(kind, Some(node.at)));
            }
            let m = self.parse_move(&pos, node, false)?;
            match record.play(m) {
                Ok(()) => {}
                Err(PlayError::GameOver(outcome)) => {
                    return Err(self.error(
                        PgnErrorKind::AfterEnd {
                            game_kind: GameKind::Board8(R::RULESET),
                            number: pos.fullmoves(),
                            side: pos.turn(),
                            san: node.san.clone(),
                            outcome,
                        },
                        Some(node.at),
                    ));
                }
                Err(PlayError::Illegal(_)) => {
                    let error = SanError::Illegal {
                        text: node.san.clone(),
                        reason: String::from("the game record refused it"),
                    };
                    let kind = PgnErrorKind::Move {
                        game_kind: GameKind::Board8(R::RULESET),
                        number: pos.fullmoves(),
                        side: pos.turn(),
                        san: node.san.clone(),
                        in_variation: false,
                        error: GameError::new(error, true),
                    };
                    return Err(self.error(kind, Some(node.at)));
                }
            }
            pos = *record.position();
        }
        match (self.result, record.outcome()) {
            (Some(written), Some(outcome)) if written != outcome.result => {
                let at = self.moves.last().map(|m| m.at);
                return Err(self.error(PgnErrorKind::ResultMismatch { written, outcome }, at));
            }
            (Some(written), None) => record.set_outcome(self.off_board_outcome(written)),
            _ => {}
        }
        Ok(record)
    }

    /// [`PgnGame::replay`] in the game's own ruleset ([`PgnGame::ruleset`] with `default`).
    pub fn replay_any(&self, default: Ruleset) -> Result<AnyRecord, PgnError> {
        Ok(match self.ruleset(default)? {
            Ruleset::Mongolian => AnyRecord::Mongolian(self.replay()?),
            Ruleset::MongolianFolk => AnyRecord::MongolianFolk(self.replay()?),
            Ruleset::Chess => AnyRecord::Chess(self.replay()?),
        })
    }

    fn parse_move<R: Rules>(
        &self,
        pos: &Position<R>,
        node: &PgnMove,
        in_variation: bool,
    ) -> Result<Move, PgnError> {
        san::parse(pos, &node.san).map_err(|error| {
            self.error(
                PgnErrorKind::Move {
                    game_kind: GameKind::Board8(R::RULESET),
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    san: node.san.clone(),
                    in_variation,
                    // SAN's messages quote the move themselves.
                    error: GameError::new(error, true),
                },
                Some(node.at),
            )
        })
    }

    fn check_line<R: Rules>(&self, start: &Position<R>, line: &[PgnMove]) -> Result<(), PgnError> {
        let mut pos = *start;
        for node in line {
            for v in &node.variations {
                self.check_line(&pos, v)?;
            }
            let m = self.parse_move(&pos, node, true)?;
            pos.play_unchecked(m);
        }
        Ok(())
    }
}
