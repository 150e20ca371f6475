//! A xiangqi game as it was played: the positions, the moves, and the endings that depend
//! on history — the repetition rulings and the natural move limit — which a FEN-sized
//! [`Position`] cannot know.
//!
//! # Repetition: when a ruling is made
//! AXF 2008 ch. 1, arbiters' duties (G): once the moves have cycled three times the
//! position is "awaiting a ruling" (待判局面); the arbiter tells the side at fault to change,
//! and if the cycle comes round once more, rules. Here a position occurring for the third
//! time makes [`Record::pending_ruling`] available (the warning), and its fourth occurrence
//! ends the game with the [`Ruling`] over every move since its first occurrence.
//!
//! # The natural move limit (AXF 2008 ch. 2 §8)
//! "From the first move, when the two sides together have made 100 moves (步) with no
//! capture, the game is drawn; the checks of the side asking for the draw count for at most
//! ten." Counted here in plies since the last capture (or the record's start), less the
//! claimant's checks beyond ten. The arbiter may rule it unasked, so the record ends the game
//! as soon as either side could claim it: the side that gave fewer checks, in practice.

use alloc::vec::Vec;
use core::fmt;

use super::rulings::{self, RepetitionRules, Ruling, Verdict};
use super::{Move, Position};
use crate::outcome::{EndReason, Outcome};
use crate::types::Color;

/// AXF 2008 ch. 2 §8: plies without a capture that draw.
pub const NATURAL_MOVE_LIMIT: u32 = 100;
/// AXF 2008 ch. 2 §8: the claimant's checks count for at most this many plies.
pub const CLAIMANT_CHECKS_COUNTED: u32 = 10;
/// A position's occurrence that makes a ruling pending (the arbiter's warning).
pub const WARNING_OCCURRENCE: usize = 3;
/// A position's occurrence that ends the game by a ruling.
pub const RULING_OCCURRENCE: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    Illegal(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::Illegal(m) => write!(f, "illegal move {m}"),
        }
    }
}

impl core::error::Error for PlayError {}

/// The count towards the natural move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaturalLimit {
    /// Plies since the last capture.
    pub plies: u32,
    /// Checks given in those plies, by [`Color::index`].
    pub checks: [u32; 2],
}

impl NaturalLimit {
    /// The plies that count if `claimant` asks for the draw: its checks beyond ten do not.
    pub fn counted_for(&self, claimant: Color) -> u32 {
        self.plies - self.checks[claimant.index()].saturating_sub(CLAIMANT_CHECKS_COUNTED)
    }
    /// Whether `claimant`'s claim would hold.
    pub fn reached_for(&self, claimant: Color) -> bool {
        self.counted_for(claimant) >= NATURAL_MOVE_LIMIT
    }
}

#[derive(Clone, Debug)]
pub struct Record {
    rules: RepetitionRules,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Whether each position was reached by a check, in step with `positions`.
    checks: Vec<bool>,
    ending: Option<Outcome>,
    ruling: Option<Ruling>,
}

impl Record {
    pub fn new(initial: Position, rules: RepetitionRules) -> Record {
        let mut record = Record {
            rules,
            positions: alloc::vec![initial],
            moves: Vec::new(),
            checks: alloc::vec![false],
            ending: None,
            ruling: None,
        };
        record.settle();
        record
    }

    pub fn rules(&self) -> RepetitionRules {
        self.rules
    }
    pub fn initial(&self) -> &Position {
        &self.positions[0]
    }
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a record always holds its start")
    }
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending
    }
    /// The repetition ruling that ended the game, if one did.
    pub fn ruling(&self) -> Option<&Ruling> {
        self.ruling.as_ref()
    }

    /// Plays a legal move, then applies every rule that ends a game by itself.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.ending {
            return Err(PlayError::GameOver(o));
        }
        let mut next = *self.position();
        next.play(m).map_err(|_| PlayError::Illegal(m))?;
        self.checks.push(next.is_check());
        self.positions.push(next);
        self.moves.push(m);
        self.settle();
        Ok(())
    }

    /// Takes the last move back, and with it any ending.
    pub fn take_back(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.checks.pop();
        self.settle();
        Some(m)
    }

    /// Records an ending decided off the board: resignation, agreement, a flag, or a result
    /// read from a PGN.
    pub fn set_outcome(&mut self, outcome: Outcome) {
        self.ending = Some(outcome);
    }

    /// How often the current position has occurred, this time included: same pieces on
    /// the same points, same side to move.
    pub fn repetitions(&self) -> usize {
        1 + self.earlier_occurrences().count()
    }

    /// Indices into [`Record::positions`] of earlier occurrences of the current position,
    /// latest first. Only positions since the last capture can be equal.
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let last = self.positions.len() - 1;
        let now = self.position();
        let reach = (now.halfmoves() as usize).min(last);
        (last - reach..last)
            .rev()
            .filter(move |&i| self.positions[i].same_placement(now))
    }

    /// The ruling the cycle since the current position's first occurrence would get, once
    /// the position has occurred [`WARNING_OCCURRENCE`] times: what the arbiter warns of.
    pub fn pending_ruling(&self) -> Option<Ruling> {
        let first = self.earlier_occurrences().last()?;
        (self.repetitions() >= WARNING_OCCURRENCE).then(|| self.judge_since(first))
    }

    fn judge_since(&self, first: usize) -> Ruling {
        let end = self.moves.len();
        rulings::judge(
            &self.positions[first..end],
            &self.moves[first..end],
            self.rules,
        )
    }

    /// The count towards the natural move limit.
    pub fn natural_limit(&self) -> NaturalLimit {
        let plies = self.position().halfmoves();
        let recorded = (plies as usize).min(self.moves.len());
        let mut checks = [0; 2];
        for i in self.positions.len() - recorded..self.positions.len() {
            if self.checks[i] {
                checks[self.positions[i].turn().other().index()] += 1;
            }
        }
        NaturalLimit { plies, checks }
    }

    fn settle(&mut self) {
        self.ruling = None;
        self.ending = self.position().outcome();
        if self.ending.is_some() {
            return;
        }
        if self.repetitions() >= RULING_OCCURRENCE {
            let first = self
                .earlier_occurrences()
                .last()
                .expect("an earlier occurrence");
            let ruling = self.judge_since(first);
            self.ending = Some(match ruling.verdict {
                Verdict::Loses(loser) => {
                    Outcome::win(loser.other(), EndReason::ForbiddenRepetition)
                }
                Verdict::Draw => Outcome::draw(EndReason::RepetitionDraw),
            });
            self.ruling = Some(ruling);
            return;
        }
        let limit = self.natural_limit();
        if limit.reached_for(Color::White) || limit.reached_for(Color::Black) {
            self.ending = Some(Outcome::draw(EndReason::NaturalMoveLimit));
        }
    }
}
