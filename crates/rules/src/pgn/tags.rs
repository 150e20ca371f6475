//! A [`PgnGame`]'s tags and what every game reads from them: which game it is, how it
//! ended off the board, its time control. Each game's replay, which needs its rules, lives
//! with the game (`board8/replay.rs` for the 8x8 games, `xiangqi/pgn.rs`).

use alloc::boxed::Box;
use alloc::string::String;

use crate::clock::{DELAY_TAG, TimeControl};
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::ruleset::{GameKind, Ruleset};
use crate::types::Color;

use super::{PgnError, PgnErrorKind, PgnGame, TERMINATION_DETAILS, TextPos};

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
}

// The clock's reading of a game's tags lives here, on the PGN side, so that the clock knows
// nothing of PGN: the PGN layer reads tags, the clock reads a tag's value.
impl TimeControl {
    /// The time control a PGN game records: our [`DELAY_TAG`] if present, else the
    /// standard `TimeControl` tag.
    pub fn from_pgn_game(game: &PgnGame) -> Option<TimeControl> {
        game.tag(DELAY_TAG)
            .and_then(TimeControl::from_pgn)
            .or_else(|| game.tag("TimeControl").and_then(TimeControl::from_pgn))
    }
}
