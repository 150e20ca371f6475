//! What each result is worth: the event's score system (TRF record 162).

use crate::entry::{Bye, Entry, GameResult, Outcome};
use crate::points::Points;

/// The points of every kind of result. A bye's value is its own field because events
/// choose it: FIDE C.04.1 lets the pairing-allocated bye be worth a win or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreSystem {
    /// A win, played or by forfeit, and a full-point bye (TRF `W`).
    pub win: Points,
    /// A draw and a half-point bye (TRF `D`).
    pub draw: Points,
    /// A played loss (TRF `L`).
    pub loss: Points,
    /// A forfeit loss, a zero-point bye, an absence (TRF `A`).
    pub absent: Points,
    /// The pairing-allocated bye (TRF `P`).
    pub pairing_bye: Points,
}

impl ScoreSystem {
    /// 1, ½, 0: FIDE's, and the 2017 Inner Mongolia rules' (art. 10.1: "unless announced
    /// otherwise"); the folk rules say nothing and use the same. The pairing-allocated bye
    /// is a win (FIDE C.04.1.c).
    pub const ONE_HALF_ZERO: ScoreSystem = ScoreSystem {
        win: Points::ONE,
        draw: Points::HALF,
        loss: Points::ZERO,
        absent: Points::ZERO,
        pairing_bye: Points::ONE,
    };

    /// 2, 1, 0: AXF 2008 ch. 2 §4.1 (胜棋2分，负棋0分，和棋各得一分). The text names no
    /// bye's value; a bye is worth a win, as a forfeit win is (docs/rules.md).
    pub const AXF: ScoreSystem = ScoreSystem {
        win: Points::TWO,
        draw: Points::ONE,
        loss: Points::ZERO,
        absent: Points::ZERO,
        pairing_bye: Points::TWO,
    };

    /// The points of one round's entry.
    pub fn points(&self, entry: &Entry) -> Points {
        match entry {
            Entry::Game { result, .. } => self.result(*result),
            Entry::Bye(bye) => self.bye(*bye),
        }
    }

    /// The points of a pairing's result.
    pub fn result(&self, result: GameResult) -> Points {
        match result {
            GameResult::Played { outcome, .. } => self.outcome(outcome),
            GameResult::Forfeit { won: true } => self.win,
            GameResult::Forfeit { won: false } => self.absent,
            GameResult::Pending => Points::ZERO,
        }
    }

    pub fn outcome(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win => self.win,
            Outcome::Draw => self.draw,
            Outcome::Loss => self.loss,
        }
    }

    pub fn bye(&self, bye: Bye) -> Points {
        match bye {
            Bye::PairingAllocated => self.pairing_bye,
            Bye::FullPoint => self.win,
            Bye::HalfPoint => self.draw,
            Bye::ZeroPoint | Bye::Absent => self.absent,
        }
    }
}

impl Default for ScoreSystem {
    fn default() -> ScoreSystem {
        ScoreSystem::ONE_HALF_ZERO
    }
}
