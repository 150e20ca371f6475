//! [`GameRecord`]: a game as played — the moves, every position they passed through, and how
//! the game ended. Whatever depends on history rather than on the position alone lives
//! here: repetition, the fifty- and seventy-five-move rules, draw claims, the folk
//! perpetual check, resignation and agreement.
//!
//! ```
//! use shatar_rules::{GameRecord, Mongolian, Position, Move, Square};
//! let mut game = GameRecord::new(Position::<Mongolian>::new());
//! game.play(game.position().legal_moves()[0]).unwrap(); // 1.e4, compulsory first round
//! assert_eq!(game.position().legal_moves().len(), 1);    // ...e5 is Black's only reply
//! ```

use alloc::vec::Vec;

use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::{DrawRules, Position, Rules};
use crate::types::Color;

/// 2017 art. 9.3: fifty moves by each side, counted in plies.
const FIFTY_MOVES: u32 = 100;
/// 2017 art. 9.6.2: seventy-five moves by each side.
const SEVENTY_FIVE_MOVES: u32 = 150;

/// A draw claim under 2017 art. 9.2 / 9.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The claim as things stand.
    Now,
    /// The claim by writing down this move, which would make the draw (art. 9.2.a, 9.3.a).
    WithMove(Move),
}

/// The arbiter's answer to a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// The claim holds: the game is drawn (the announced move, if any, has been played).
    Drawn(Outcome),
    /// The claim does not hold. Under art. 9.5 the announced move, if any, has been played
    /// and stands; the clock layer adds two minutes to the opponent (art. 9.5.2).
    Rejected,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over; no move can be added.
    GameOver(Outcome),
    Illegal(Move),
}

impl core::fmt::Display for PlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::Illegal(m) => write!(f, "illegal move {m}"),
        }
    }
}

impl core::error::Error for PlayError {}

#[derive(Clone, Debug)]
pub struct GameRecord<R: Rules> {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position<R>>,
    moves: Vec<Move>,
    ending: Option<Outcome>,
}

impl<R: Rules> GameRecord<R> {
    pub fn new(initial: Position<R>) -> Self {
        let mut record = GameRecord {
            positions: alloc::vec![initial],
            moves: Vec::new(),
            ending: None,
        };
        record.ending = record.automatic_end();
        record
    }

    pub fn initial(&self) -> &Position<R> {
        &self.positions[0]
    }
    pub fn position(&self) -> &Position<R> {
        self.positions
            .last()
            .expect("a record always holds its start")
    }
    pub fn positions(&self) -> &[Position<R>] {
        &self.positions
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending
    }

    /// Plays a legal move, then applies every rule that ends a game by itself.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.ending {
            return Err(PlayError::GameOver(o));
        }
        let next = self.position().play(m).map_err(|_| PlayError::Illegal(m))?;
        self.positions.push(next);
        self.moves.push(m);
        self.ending = self.automatic_end();
        Ok(())
    }

    /// Takes the last move back, and with it any ending.
    pub fn take_back(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.ending = self.automatic_end();
        Some(m)
    }

    /// Records an ending decided outside the board: resignation, agreement, or a result
    /// read from a PGN.
    pub fn set_outcome(&mut self, outcome: Outcome) {
        self.ending = Some(outcome);
    }

    /// 2017 art. 5.1: `color` resigns.
    pub fn resign(&mut self, color: Color) {
        self.ending
            .get_or_insert(Outcome::win(color.other(), EndReason::Resignation));
    }

    /// 2017 art. 9.1: both players agree to a draw.
    pub fn agree_draw(&mut self) {
        self.ending
            .get_or_insert(Outcome::draw(EndReason::Agreement));
    }

    /// How often the current position has occurred, this time included. Positions are
    /// compared as art. 9.2 defines: same side to move, same pieces on the same squares,
    /// same possible moves (castling rights and en passant in FIDE chess).
    pub fn repetitions(&self) -> usize {
        1 + self.earlier_occurrences().count()
    }

    /// Where the current position occurred before, most recent first: indices into
    /// [`GameRecord::positions`]. Only positions since the last capture or pawn move, with
    /// the same side to move, can be equal to it.
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.positions.len() - 1;
        let current = self.position();
        let reversible = (current.halfmoves() as usize).min(n);
        (n - reversible..n.saturating_sub(1))
            .rev()
            .step_by(2)
            .filter(move |&j| {
                self.positions[j].hash() == current.hash() && self.positions[j] == *current
            })
    }

    /// The draw the player to move may claim now (2017 art. 9.2, 9.3), if any. Under the
    /// folk rules these draws are automatic, so there is never anything to claim.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.ending.is_some() || R::DRAW_RULES == DrawRules::Folk {
            return None;
        }
        if self.repetitions() >= 3 {
            Some(EndReason::ThreefoldRepetition)
        } else if self.position().halfmoves() >= FIFTY_MOVES {
            Some(EndReason::FiftyMoves)
        } else {
            None
        }
    }

    /// The draw the player to move may claim by announcing `m`, the move that would make
    /// it (2017 art. 9.2.a, 9.3.a), if any.
    pub fn claimable_draw_with(&self, m: Move) -> Option<EndReason> {
        let mut after = self.clone();
        after.ending = None;
        after.play(m).ok()?;
        // A move that mates or ends the game otherwise needs no claim.
        if after.ending.is_some_and(|o| {
            o.reason != EndReason::FivefoldRepetition && o.reason != EndReason::SeventyFiveMoves
        }) {
            return None;
        }
        after.ending = None;
        after.claimable_draw()
    }

    /// The player to move claims a draw. A claim with a move plays the move either way:
    /// it stands even when the claim is wrong (art. 9.5).
    pub fn claim_draw(&mut self, claim: Claim) -> Result<ClaimVerdict, PlayError> {
        if let Some(o) = self.ending {
            return Err(PlayError::GameOver(o));
        }
        let reason = match claim {
            Claim::Now => self.claimable_draw(),
            Claim::WithMove(m) => {
                let reason = self.claimable_draw_with(m);
                self.play(m)?;
                reason
            }
        };
        Ok(match reason {
            Some(reason) => {
                let outcome = Outcome::draw(reason);
                self.ending = Some(outcome);
                ClaimVerdict::Drawn(outcome)
            }
            None => ClaimVerdict::Rejected,
        })
    }

    /// Every rule that ends the game without anyone asking: mate, stalemate, a dead
    /// position, a ruleset's own end (the folk bare king), then the history rules.
    fn automatic_end(&self) -> Option<Outcome> {
        if let Some(o) = self.position().outcome() {
            return Some(o);
        }
        match R::DRAW_RULES {
            DrawRules::ClaimsAndAutomatic => {
                // The source text says "连续出现 5 次" ("appeared five times in a row"), the
                // wording of the FIDE Laws it follows, which FIDE later simplified to "at
                // least five times"; we read it the later way, as the rules digest does.
                if self.repetitions() >= 5 {
                    return Some(Outcome::draw(EndReason::FivefoldRepetition));
                }
                if self.position().halfmoves() >= SEVENTY_FIVE_MOVES {
                    return Some(Outcome::draw(EndReason::SeventyFiveMoves));
                }
            }
            DrawRules::Folk => {
                if self.is_perpetual_check() {
                    return Some(Outcome::draw(EndReason::PerpetualCheck));
                }
                if self.repetitions() >= 3 {
                    return Some(Outcome::draw(EndReason::ThreefoldRepetition));
                }
            }
        }
        None
    }

    /// Folk rules ④, made precise: the current position has occurred before (same side to
    /// move), and in the cycle of moves between the two occurrences every move of one side
    /// gave check. The cycle shows that the king could not get away from the checks; the
    /// game is drawn at this first repetition, before threefold repetition would end it.
    pub fn is_perpetual_check(&self) -> bool {
        let n = self.positions.len() - 1;
        let Some(earlier) = self.earlier_occurrences().next() else {
            return false;
        };
        // Positions earlier+1, earlier+3, ... follow one side's moves; earlier+2, ... the other's.
        let all_checks =
            |first: usize| (first..=n).step_by(2).all(|k| self.positions[k].is_check());
        all_checks(earlier + 1) || all_checks(earlier + 2)
    }
}
