//! The field of a round: what the Dutch system knows of each player before pairing it
//! (score, score level, games met, colours, floats, topscorer), and which pairs may
//! meet (C.04.3's absolute criteria). Gacrux's `crosstable` and the tie-break builtins
//! it reads (`ACC`, `NUM`, `COD`, `CSQ`, `FLT`, `TOP`, `RFP`), in the same terms.

use alloc::vec;
use alloc::vec::Vec;

use super::colour::{ColourHistory, Preference, Strength, pairing_numbers};
use super::rules::RuleSet;
use crate::model::{Bye, Colour, Entry, GameResult, PlayerId, Tournament};
use crate::points::Points;

/// Floats in the two rounds before (C.04.3 1.4), Gacrux's bits.
pub const DOWN_1: u8 = 1;
pub const UP_1: u8 = 2;
pub const DOWN_2: u8 = 4;
pub const UP_2: u8 = 8;

/// One player as the pairing sees him; index 0 is the dummy who stands for the
/// pairing-allocated bye (C.04.3 1.5), present when the players to pair are odd.
#[derive(Clone, Debug)]
pub struct Competitor {
    /// The pairing number (TRF's starting rank); 0 for the dummy.
    pub id: u32,
    /// Paired this round.
    pub present: bool,
    /// Points before the round, with virtual points (C.04.5.1): the pairing score.
    pub score: Points,
    /// The rank of `score` among the present players' scores, from 1; 0 for the dummy.
    pub level: usize,
    /// Games played over the board against an opponent.
    pub played: u32,
    /// Rounds that bar the pairing-allocated bye (C.04.3 C2, by [`RuleSet::bars_bye`]): a
    /// PAB, a forfeit win, and in 2026 any round scored as a win without playing. He has
    /// "met" the dummy.
    pub byes: u32,
    pub history: ColourHistory,
    /// `None`: no colour played yet; the dummy has none either.
    pub preference: Option<Preference>,
    /// [`DOWN_1`] | [`UP_1`] | [`DOWN_2`] | [`UP_2`].
    pub floats: u8,
    /// A topscorer: more than half the maximum score, pairing the last round (1.8).
    pub top: bool,
    /// The pairing number of E.4 and E.5 (numbers without gaps for those not yet come).
    pub number: u32,
}

impl Competitor {
    pub fn cod(&self) -> i32 {
        self.history.difference()
    }

    /// The last two colours, when they were the same.
    pub fn last_two(&self) -> Option<Colour> {
        match self.history.colours.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        }
    }

    pub fn absolute(&self) -> Option<Colour> {
        self.preference
            .filter(|p| p.strength == Strength::Absolute)
            .map(|p| p.colour)
    }
}

/// The round's field.
pub struct Field {
    pub round: u32,
    /// The text of C.04.3 the round is paired by.
    pub rules: RuleSet,
    /// Indexed by pairing number; [0] is the dummy.
    pub players: Vec<Competitor>,
    /// `meetings[a][b]`: games played between a and b (a, b > 0).
    meetings: Vec<Vec<u8>>,
}

impl Field {
    pub fn new(t: &Tournament, round: u32, rules: RuleSet) -> Field {
        let n = t.players.len();
        let before = round - 1;
        let numbers = pairing_numbers(t, round);
        // The pairing score before each round r (r from 1): points of rounds < r plus
        // the virtual points of round r.
        let score_before = |id: PlayerId, r: u32| t.score(id, r - 1) + t.virtual_points(id, r);
        let mut players = Vec::with_capacity(n + 1);
        players.push(Competitor {
            id: 0,
            present: false,
            score: Points(-100),
            level: 0,
            played: 0,
            byes: 0,
            history: ColourHistory::default(),
            preference: None,
            floats: 0,
            top: false,
            number: 0,
        });
        let mut meetings = vec![vec![0u8; n + 1]; n + 1];
        for p in &t.players {
            let mut played = 0;
            let mut byes = 0;
            let mut floats = 0u8;
            for r in 1..=before {
                let entry = p.entry(r).copied().unwrap_or(Entry::Bye(Bye::Absent));
                let points = t.scoring.points(&entry);
                let float = match entry {
                    Entry::Game {
                        opponent,
                        result: GameResult::Played { .. },
                        ..
                    } => {
                        played += 1;
                        meetings[p.id.0 as usize][opponent.0 as usize] += 1;
                        let (own, theirs) = (score_before(p.id, r), score_before(opponent, r));
                        if own > theirs {
                            DOWN_1
                        } else if own < theirs {
                            UP_1
                        } else {
                            0
                        }
                    }
                    // 1.4.3: scoring more than a loss without playing is a downfloat;
                    // Gacrux counts the pairing-allocated bye as played, so always
                    // (and the 2017 text floats every round not played down).
                    _ => {
                        if rules.bars_bye(&entry, points, &t.scoring) {
                            byes += 1;
                        }
                        let pab = entry == Entry::Bye(Bye::PairingAllocated);
                        if pab || rules.unplayed_floats_down(points, &t.scoring) {
                            DOWN_1
                        } else {
                            0
                        }
                    }
                };
                floats = ((floats << 2) | float) & 15;
            }
            let history = ColourHistory::of(t, p.id, round);
            let present = match p.entry(round) {
                None => p.withdrawn_from.is_none_or(|w| w > round),
                Some(e) => e.opponent().is_some(),
            };
            // 1.8 (Gacrux's TOP): pairing the last planned round, more than half the
            // points of the rounds before it. A file that plans no number of rounds has
            // no last round.
            let top = t.rounds == Some(round)
                && 2 * score_before(p.id, round).0 > t.scoring.win.0 * i64::from(before);
            players.push(Competitor {
                id: p.id.0,
                present,
                score: score_before(p.id, round),
                level: 0,
                played,
                byes,
                preference: history.preference(),
                history,
                floats,
                top,
                number: numbers[p.id.index()].unwrap_or(p.id.0),
            });
        }
        let mut scores: Vec<Points> = players[1..]
            .iter()
            .filter(|c| c.present)
            .map(|c| c.score)
            .collect();
        scores.sort();
        scores.dedup();
        for c in players.iter_mut().skip(1).filter(|c| c.present) {
            c.level = scores.binary_search(&c.score).expect("a present score") + 1;
        }
        players[0].present = players.iter().filter(|c| c.present).count() % 2 == 1;
        Field {
            round,
            rules,
            players,
            meetings,
        }
    }

    pub fn get(&self, id: u32) -> &Competitor {
        &self.players[id as usize]
    }

    /// Whether `a` and `b` may be paired (C.04.3 2.1: C1 no second meeting, C2 no
    /// second pairing-allocated bye, C3 two non-topscorers with the same absolute colour
    /// preference, and the prohibited pairings of C.04.1).
    pub fn can_meet(&self, t: &Tournament, a: u32, b: u32) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        let (pa, pb) = (self.get(a), self.get(b));
        if a == b || !pa.present || !pb.present {
            return false;
        }
        if a == 0 {
            return pb.byes == 0;
        }
        if self.meetings[b as usize][a as usize] > 0 {
            return false;
        }
        if !pa.top && !pb.top && pa.absolute().is_some() && pa.absolute() == pb.absolute() {
            return false;
        }
        !t.prohibited(self.round, PlayerId(a), PlayerId(b))
    }
}
