//! Replaying a [`PgnGame`] in the rules of a ruleset, and tag access.

use alloc::boxed::Box;
use alloc::string::String;

use crate::any::AnyRecord;
use crate::fen;
use crate::moves::Move;
use crate::outcome::EndReason;
use crate::outcome::GameResult;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::position::Rules;
use crate::record::GameRecord;
use crate::record::PlayError;
use crate::ruleset::Ruleset;
use crate::san;
use crate::san::SanError;
use crate::types::Color;

use super::{PgnError, PgnErrorKind, PgnGame, PgnMove, TERMINATION_DETAILS, TextPos};
use crate::GameKind;

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first of that name or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.into(), value)),
        }
    }

    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(n, _)| n != name);
    }

    /// How the game ended: `Termination` with the PGN standard's value for `reason`
    /// ([`EndReason::pgn_termination`]), and [`TERMINATION_DETAILS`] with the reason
    /// itself ([`EndReason::description`]).
    pub fn set_termination(&mut self, reason: EndReason) {
        self.set_termination_as(reason.pgn_termination(), reason.description());
    }

    /// `Termination` (which must be one of the PGN standard's values, see
    /// [`EndReason::pgn_termination`]) and [`TERMINATION_DETAILS`], for an ending that is
    /// no [`EndReason`]: a game aborted, or abandoned.
    pub fn set_termination_as(&mut self, termination: &str, details: &str) {
        self.set_tag("Termination", termination);
        self.set_tag(TERMINATION_DETAILS, details);
    }

    /// Removes `Termination` and [`TERMINATION_DETAILS`].
    pub fn remove_termination(&mut self) {
        self.remove_tag("Termination");
        self.remove_tag(TERMINATION_DETAILS);
    }

    /// An error in this game: its number and players (`Red` standing in for a missing
    /// `White`, as xiangqi files write it).
    pub(crate) fn error(&self, kind: PgnErrorKind, at: Option<TextPos>) -> PgnError {
        PgnError {
            game: self.number.max(1),
            white: self
                .tag("White")
                .or_else(|| self.tag("Red"))
                .map(Into::into),
            black: self.tag("Black").map(Into::into),
            at,
            kind: Box::new(kind),
        }
    }

    /// Which game this is: its Variant tag; without one, xiangqi if the XQBase `Game` tag
    /// says "Chinese Chess" (or "Xiangqi"), else the 8x8 ruleset `default` (see the module
    /// docs: the site passes `mongolian`). A Variant tag naming no known game is an error.
    pub fn game(&self, default: Ruleset) -> Result<GameKind, PgnError> {
        match self.tag("Variant") {
            Some(v) => GameKind::from_pgn_variant(v)
                .ok_or_else(|| self.error(PgnErrorKind::UnknownVariant(v.into()), None)),
            None if self.tag("Game").is_some_and(crate::ruleset::names_xiangqi) => {
                Ok(GameKind::Xiangqi)
            }
            None => Ok(GameKind::Board8(default)),
        }
    }

    /// The 8x8 ruleset of the game: [`PgnGame::game`], for 8x8 callers. A xiangqi game is an
    /// error ([`PgnErrorKind::IsXiangqi`]) that points to [`crate::xiangqi::pgn::replay`].
    pub fn ruleset(&self, default: Ruleset) -> Result<Ruleset, PgnError> {
        match self.game(default)? {
            GameKind::Board8(r) => Ok(r),
            GameKind::Xiangqi => {
                let variant = self
                    .tag("Variant")
                    .or_else(|| self.tag("Game"))
                    .unwrap_or("Xiangqi");
                Err(self.error(
                    PgnErrorKind::IsXiangqi {
                        variant: variant.into(),
                    },
                    None,
                ))
            }
        }
    }

    /// The start position: the FEN tag's, or the initial one.
    pub fn initial_position<R: Rules>(&self) -> Result<Position<R>, PgnError> {
        match self.tag("FEN") {
            Some(f) => {
                fen::parse_position::<R>(f).map_err(|e| self.error(PgnErrorKind::BadFen(e), None))
            }
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
                        number: pos.fullmoves(),
                        side: pos.turn(),
                        san: node.san.clone(),
                        in_variation: false,
                        error,
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

    /// How a game ended that the moves leave unfinished. A flag fall when the tags say so:
    /// `Termination` is PGN standard 9.8.1's "time forfeit", or [`TERMINATION_DETAILS`]
    /// (what the site writes now) or `Termination` (what it wrote before) holds the
    /// description of one of the clock's endings; else a draw by agreement or a
    /// resignation, the usual reasons.
    pub(crate) fn off_board_outcome(&self, result: GameResult) -> Outcome {
        let read = |name: &str| self.tag(name).map(str::trim).unwrap_or("");
        let (termination, details) = (read("Termination"), read(TERMINATION_DETAILS));
        let is = |reason: EndReason| {
            [termination, details]
                .iter()
                .any(|t| t.eq_ignore_ascii_case(reason.description()))
        };
        let flag = is(EndReason::TimeForfeit) || is(EndReason::TimeoutVsInsufficientMaterial);
        match result {
            GameResult::Draw if is(EndReason::BothFlags) => Outcome::draw(EndReason::BothFlags),
            GameResult::Draw if flag => Outcome::draw(EndReason::TimeoutVsInsufficientMaterial),
            GameResult::Draw => Outcome::draw(EndReason::Agreement),
            GameResult::WhiteWins | GameResult::BlackWins => {
                let winner = if result == GameResult::WhiteWins {
                    Color::White
                } else {
                    Color::Black
                };
                Outcome::win(
                    winner,
                    if flag {
                        EndReason::TimeForfeit
                    } else {
                        EndReason::Resignation
                    },
                )
            }
        }
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
                    number: pos.fullmoves(),
                    side: pos.turn(),
                    san: node.san.clone(),
                    in_variation,
                    error,
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
