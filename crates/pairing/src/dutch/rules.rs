//! Which text of C.04.3 pairs a round: the one approved for 2026-02-01 or the one before
//! it (in force from 2017-07-01; Gacrux labels it "2022-01-01"; bbpPairings 5,
//! FIDE-endorsed, implements it). Chosen once, at the top of [`super::pair_round_by`]:
//! the field reads it while it is built, the round whether the PAB's level is fixed,
//! and the brackets whether C9 exists, so no loop of the matching tests it.
//! docs/rules.md lists the differences.

use crate::model::{Bye, Entry, GameResult};
use crate::points::Points;
use crate::scoring::ScoreSystem;

/// The text of FIDE's Dutch system (C.04.3) a round is paired by (like C.07's
/// [`crate::tiebreak::RuleSet`], named by its edition).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// As approved by FIDE for 2026-02-01 (the rules Gacrux pairs by, bbpPairings 6).
    #[default]
    Fide2026,
    /// The text before it, in force from 2017-07-01 to 2026-01-31 (bbpPairings 5).
    Fide2017,
}

impl RuleSet {
    /// Whether a round in which the player had no game over the board, scoring
    /// `points`, bars him from the pairing-allocated bye. 2026 2.1 C2: a PAB, or as
    /// many points as a win without playing (a requested full-point bye too). 2017 B.1 C2: a
    /// PAB, or "a (forfeit) win due to an opponent not appearing in time"; a requested
    /// bye, whatever it scores, does not bar him.
    pub(super) fn bars_bye(self, entry: &Entry, points: Points, scoring: &ScoreSystem) -> bool {
        match (self, entry) {
            (_, Entry::Bye(Bye::PairingAllocated)) => true,
            (RuleSet::Fide2026, _) => points == scoring.win,
            (RuleSet::Fide2017, e) => matches!(
                e,
                Entry::Game {
                    result: GameResult::Forfeit { won: true },
                    ..
                }
            ),
        }
    }

    /// Whether a round without a game over the board (other than the PAB, a downfloat
    /// in both texts) was a downfloat. 2026 1.4.3: only when it scored more than a loss.
    /// 2017 A.4.b: "a player who, for whatever reason, does not play in a round, also
    /// receives a downfloat".
    pub(super) fn unplayed_floats_down(self, points: Points, scoring: &ScoreSystem) -> bool {
        match self {
            RuleSet::Fide2026 => points > scoring.loss,
            RuleSet::Fide2017 => true,
        }
    }

    /// Whether the PAB's score is fixed before the brackets are paired, as low as the
    /// rest can still be paired (the 2026 text; Gacrux's `find_weighted_pab`,
    /// bbpPairings 6's bye assignee score). The 2017 text has no such step: the PAB is
    /// the player the brackets leave over, whoever he is, among those C2 allows.
    pub(super) fn fixes_pab_level(self) -> bool {
        self == RuleSet::Fide2026
    }

    /// Whether the criterion "minimise the unplayed games of the PAB's assignee" exists
    /// (2026 C9, new in that text; the 2017 text's C9 is the topscorers' colour
    /// criterion, which the 2026 text numbers C10).
    pub(super) fn has_c9(self) -> bool {
        self == RuleSet::Fide2026
    }
}
