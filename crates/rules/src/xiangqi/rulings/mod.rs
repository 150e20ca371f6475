//! The repetition rulings (棋例): when a cycle of moves repeats, each side's moves in it
//! are classified ([`nature`]), each side's conduct over the cycle is judged allowed or
//! forbidden under the chosen text, and the verdict follows the principle both texts share
//! (AXF 2008 ch. 1, arbiters' duties (G); 1956 ch. 7, 8): one side forbidden and the other
//! allowed — the forbidden side loses; both allowed or both forbidden — a draw. Perpetual
//! check comes first: it loses "in any circumstances" (AXF 1; 1956 ch. 8 item 1), even
//! against a perpetual chase, unless both sides check perpetually.
//!
//! Every [`Ruling`] names the rulings it rests on, and writes itself as a sentence for the
//! players and the arbiter: "Black loses: perpetual chase of the unprotected horse on e6 by
//! the chariot (AXF ruling 18)".
//!
//! # Conduct over a cycle
//! - **Perpetual check**: every move of the side is a check, by one piece or several in turn
//!   (AXF 1; 1956 ch. 8 item 1). Forbidden; both sides checking is a draw (AXF 2; 1956
//!   ch. 7 item 5), and so is checking every other move (AXF 8; 1956 ch. 7 item 4).
//! - **Perpetual chase**: every move of the side chases one and the same piece (followed
//!   through the cycle as it moves), by one chaser or several in turn (AXF 28), whether a
//!   move brought the chaser or took the piece's protector away (AXF 29). Under AXF a
//!   check among the moves makes it allowed (AXF 7: 一照一捉 is a draw); under 1956 checks
//!   may be mixed in and it is still forbidden (1956 ch. 8 item 5: 一将一捉 equals a chase).
//!   Chasing different pieces in turn is allowed (AXF 11, 27).
//! - **Threat of mate**: every move threatens mate, or checks and threatens mate in turn.
//!   Allowed under AXF (4, 5, 6); forbidden under 1956 (ch. 8 items 2, 4). A threat is one
//!   move deep: the text's own example (1956 fig. 15) is a mate in one.
//! - **Check and threat of a discovered capture** in turn (一将一要抽吃): allowed under AXF
//!   (8, 33), forbidden under 1956 (ch. 8 item 6).
//! - Anything else is allowed: blocks (拦, AXF 34; 1956 ch. 7 item 1), offers (献/兑, AXF 19,
//!   35; 1956 ch. 7 item 2), following a protected piece (跟, 1956 ch. 7 item 3; AXF 12, 30),
//!   chases by a general or soldiers (AXF 23, 24; 1956 ch. 7 items 6, 7), idle moves.

pub mod nature;
mod parry;
mod threat;

use alloc::vec::Vec;
use core::fmt;

use nature::{Chase, ChaseMade, ChaseReason, MoveNature};

use super::board::{Piece, Role};
use super::{Move, Position, Square};
use crate::types::Color;

/// Which text judges repetitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RepetitionRules {
    /// The Asian Xiangqi Federation's competition rules, 3rd revision (2008), ch. 4: 35
    /// rulings. Perpetual threat of mate is allowed.
    #[default]
    Axf2008,
    /// The PRC rules of 1956, ch. 7 (draws) and ch. 8 (forbidden moves). Perpetual threat of
    /// mate, and a check alternating with a chase, a threat of mate or of a discovered
    /// capture, are forbidden; a horse or cannon may follow a protected chariot.
    Prc1956,
}

/// A place in the texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Citation {
    /// AXF 2008 ch. 4, ruling 1–35.
    Axf(u8),
    /// PRC 1956, a chapter (7: draws; 8: forbidden moves) and its item.
    Prc1956 { chapter: u8, item: u8 },
    /// AXF 2008 ch. 4 as a whole: a perpetual chase of a piece the rulings do not name
    /// (the principle of rulings 13, 18, 20 and 26).
    AxfChasePrinciple,
    /// AXF 2008 ch. 1, arbiters' duties (G) 2: both sides allowed, or both forbidden, is a
    /// draw.
    AxfBothSides,
    /// 1956 ch. 7 (opening) and ch. 8: both sides forbidden, or both allowed, is a draw.
    Prc1956BothSides,
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Citation::Axf(n) => write!(f, "AXF ruling {n}"),
            Citation::Prc1956 { chapter, item } => {
                write!(f, "1956 rules ch. {chapter} item {item}")
            }
            Citation::AxfChasePrinciple => {
                f.write_str("AXF ch. 4, the chase principle of rulings 13, 18, 20 and 26")
            }
            Citation::AxfBothSides => f.write_str("AXF ch. 1 (G) 2"),
            Citation::Prc1956BothSides => f.write_str("1956 rules ch. 7"),
        }
    }
}

/// A side's moves over the cycle, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Every move a check; `pieces` is how many different pieces gave them.
    PerpetualCheck { pieces: usize },
    /// Every move (but its checks, under 1956) chases the same piece.
    PerpetualChase {
        target: Piece,
        /// Where it stood when first chased in the cycle.
        at: Square,
        /// The chasers' kinds, in the order they chased, without repeats.
        chasers: Vec<Role>,
        /// How many different pieces chased it.
        chaser_count: usize,
        reason: ChaseReason,
        /// Points the target was chased on (1956 ch. 8 item 7: 捉一不捉二).
        squares: usize,
        with_checks: bool,
        /// Whether every chase was by a cannon over a screen that moved (AXF 20, 21).
        by_screen: bool,
        /// Whether a chase was made by taking the target's protection away while the
        /// chaser stood attacking it (AXF 28, 29; 1956 ch. 8 item 3).
        protector_taken: bool,
        /// Whether a general or soldier chased with it each time (AXF 25).
        joint: bool,
        /// Whether the chased chariot was pinned to its line (AXF 22).
        target_pinned: bool,
        /// Whether the chaser's own chariot was pinned along the chased chariot's line (AXF 32).
        controlled: bool,
        /// Whether a chasing move also offered an exchange (AXF 31).
        with_offers: bool,
    },
    /// Every move threatens mate, or checks, the others threatening mate.
    MateThreats { with_checks: bool },
    /// Checks and threats of a discovered capture in turn.
    CheckAndCaptureThreat,
    /// Anything else: allowed under both texts.
    Other(Traits),
}

/// What an allowed conduct consists of, for the ruling's citation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    pub checks: bool,
    pub chases: bool,
    /// Every move chases something, but no one piece every time (AXF 11, 27).
    pub chases_in_turn: bool,
    pub cannons_on_chariots: bool,
    pub free_chases_by_general: bool,
    pub free_chases_by_soldier: bool,
    pub follows: bool,
    /// A chariot following a protected cannon (AXF 12).
    pub follows_chariot_on_cannon: bool,
    /// Two or more pieces after one protected piece (AXF 30).
    pub follows_by_several: bool,
    /// A moved piece could be taken but would be taken back (兑).
    pub offers: bool,
    /// Same-kind pieces attacking each other (长献, AXF 19).
    pub same_kind_offers: bool,
    /// A moved piece could be taken for nothing (献).
    pub sacrifices: bool,
    /// Threats to uncrossed soldiers (AXF 20).
    pub uncrossed_soldiers: bool,
    /// A chariot pinned to its line moved along it, or was followed (AXF 22).
    pub pinned_chariot: bool,
    pub capture_threats: bool,
    pub mate_threats: bool,
    pub blocks: bool,
}

impl Conduct {
    /// Whether the text forbids it.
    pub fn is_forbidden(&self, rules: RepetitionRules) -> bool {
        match self {
            Conduct::PerpetualCheck { .. } | Conduct::PerpetualChase { .. } => true,
            Conduct::MateThreats { .. } | Conduct::CheckAndCaptureThreat => {
                rules == RepetitionRules::Prc1956
            }
            Conduct::Other(_) => false,
        }
    }
}

/// Who the verdict goes against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    Loses(Color),
}

/// A repetition judged: the verdict, each side's conduct, and the rulings cited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub rules: RepetitionRules,
    pub verdict: Verdict,
    /// By [`Color::index`]: Red's, then Black's.
    pub conduct: [Conduct; 2],
    pub citations: Vec<Citation>,
}

impl Ruling {
    pub fn cites(&self, citation: Citation) -> bool {
        self.citations.contains(&citation)
    }
}

/// Judges a cycle: `positions[i]` is the position before `moves[i]`, and the last move
/// leads back to a position equal to the first.
pub fn judge(positions: &[Position], moves: &[Move], rules: RepetitionRules) -> Ruling {
    debug_assert_eq!(positions.len(), moves.len());
    let natures: Vec<MoveNature> = positions
        .iter()
        .zip(moves)
        .map(|(p, &m)| MoveNature::of(p, m, rules))
        .collect();
    let ids = identities(positions, moves);
    let conduct_of = |color: Color| {
        let mine: Vec<usize> = (0..moves.len())
            .filter(|&i| positions[i].turn() == color)
            .collect();
        side_conduct(&mine, &natures, &ids, moves, rules)
    };
    let conduct = [conduct_of(Color::White), conduct_of(Color::Black)];
    let verdict = verdict(&conduct, rules);
    let citations = cite(&conduct, verdict, rules);
    Ruling {
        rules,
        verdict,
        conduct,
        citations,
    }
}

/// AXF ruling 1 (无论任何情况，单方一子长将或多子交替长将者均需变着，不变作负) and 1956 ch. 8
/// item 1 (不论在什么情况下，长将不停都是不可以的): a side that checks perpetually loses in any
/// circumstances, whatever the other side's moves are (a perpetual chase too), unless that
/// side checks perpetually as well (AXF 2; 1956 ch. 7 item 5). Then the arbiters' duty (AXF
/// ch. 1 (G) 2, 3; 1956 ch. 7, 8): the forbidden side against an allowed one loses, two
/// allowed or two forbidden draw.
fn verdict(conduct: &[Conduct; 2], rules: RepetitionRules) -> Verdict {
    let checks = conduct
        .each_ref()
        .map(|c| matches!(c, Conduct::PerpetualCheck { .. }));
    let forbidden = conduct.each_ref().map(|c| c.is_forbidden(rules));
    let loser = match (checks, forbidden) {
        ([true, false], _) => Color::White,
        ([false, true], _) => Color::Black,
        (_, [true, false]) => Color::White,
        (_, [false, true]) => Color::Black,
        _ => return Verdict::Draw,
    };
    Verdict::Loses(loser)
}

/// For each move, the identity of every piece after it (an index into the first
/// position's pieces), so that a chased piece is followed as it moves. A repeated cycle has
/// no captures, so identities only move.
fn identities(positions: &[Position], moves: &[Move]) -> Vec<[Option<u8>; Square::COUNT]> {
    let mut ids = [None; Square::COUNT];
    let mut next = 0u8;
    if let Some(first) = positions.first() {
        for (sq, _) in first.board().pieces() {
            ids[sq.index()] = Some(next);
            next += 1;
        }
    }
    moves
        .iter()
        .map(|m| {
            ids[m.to.index()] = ids[m.from.index()].take();
            ids
        })
        .collect()
}

fn side_conduct(
    mine: &[usize],
    natures: &[MoveNature],
    ids: &[[Option<u8>; Square::COUNT]],
    moves: &[Move],
    rules: RepetitionRules,
) -> Conduct {
    let all =
        |f: &dyn Fn(&MoveNature) -> bool| !mine.is_empty() && mine.iter().all(|&i| f(&natures[i]));
    let any = |f: &dyn Fn(&MoveNature) -> bool| mine.iter().any(|&i| f(&natures[i]));
    if all(&|n| n.check) {
        let mut pieces: Vec<Option<u8>> =
            mine.iter().map(|&i| ids[i][moves[i].to.index()]).collect();
        pieces.sort_unstable();
        pieces.dedup();
        return Conduct::PerpetualCheck {
            pieces: pieces.len(),
        };
    }
    let with_checks = any(&|n| n.check);
    let chase_moves: Vec<usize> = match rules {
        RepetitionRules::Axf2008 if with_checks => Vec::new(),
        _ => mine
            .iter()
            .copied()
            .filter(|&i| !natures[i].check)
            .collect(),
    };
    if let Some(chase) = perpetual_chase(&chase_moves, natures, ids, with_checks) {
        return chase;
    }
    let non_checks = || mine.iter().filter(|&&i| !natures[i].check);
    if non_checks().all(|&i| natures[i].mate_threat) {
        return Conduct::MateThreats { with_checks };
    }
    if with_checks && non_checks().all(|&i| natures[i].capture_threat) {
        return Conduct::CheckAndCaptureThreat;
    }
    let chased_each_time = all(&|n| n.chases_anything());
    Conduct::Other(Traits {
        checks: with_checks,
        chases: any(&|n| n.chases_anything()),
        chases_in_turn: chased_each_time,
        cannons_on_chariots: chased_each_time
            && all(&|n| {
                n.chases.iter().all(|c| {
                    c.threat.attacker.role == Role::Cannon && c.threat.target.role == Role::Chariot
                })
            }),
        free_chases_by_general: any(&|n| {
            n.free_chases
                .iter()
                .any(|t| t.attacker.role == Role::General)
        }),
        free_chases_by_soldier: any(&|n| {
            n.free_chases
                .iter()
                .any(|t| t.attacker.role == Role::Soldier)
        }),
        follows: any(&|n| !n.follows.is_empty()),
        follows_chariot_on_cannon: any(&|n| {
            n.follows
                .iter()
                .any(|t| t.attacker.role == Role::Chariot && t.target.role == Role::Cannon)
        }),
        follows_by_several: any(&|n| n.follows_by_several),
        offers: any(&|n| n.offered),
        sacrifices: any(&|n| n.sacrificed),
        uncrossed_soldiers: any(&|n| !n.uncrossed_soldiers.is_empty()),
        pinned_chariot: any(&|n| n.pinned_mover || n.pinned_chariot_spared),
        same_kind_offers: any(&|n| n.offers.iter().any(|t| t.attacker.role == t.target.role)),
        capture_threats: any(&|n| n.capture_threat),
        mate_threats: any(&|n| n.mate_threat),
        blocks: any(&|n| n.block),
    })
}

/// The piece chased by every one of `chase_moves`, if there is one.
fn perpetual_chase(
    chase_moves: &[usize],
    natures: &[MoveNature],
    ids: &[[Option<u8>; Square::COUNT]],
    with_checks: bool,
) -> Option<Conduct> {
    let (&first, rest) = chase_moves.split_first()?;
    let target_id = |i: usize, c: &Chase| ids[i][c.threat.target_at.index()];
    let common = natures[first]
        .chases
        .iter()
        .map(|c| target_id(first, c))
        .find(|id| {
            rest.iter()
                .all(|&i| natures[i].chases.iter().any(|c| target_id(i, c) == *id))
        })?;
    let chases: Vec<(usize, &Chase)> = chase_moves
        .iter()
        .map(|&i| {
            (
                i,
                natures[i]
                    .chases
                    .iter()
                    .find(|c| target_id(i, c) == common)
                    .expect("chased every time"),
            )
        })
        .collect();
    let first_chase = chases[0].1;
    let mut chasers = Vec::new();
    let mut chaser_ids = Vec::new();
    let mut squares = Vec::new();
    for &(i, c) in &chases {
        if !chasers.contains(&c.threat.attacker.role) {
            chasers.push(c.threat.attacker.role);
        }
        let id = ids[i][c.threat.by.index()];
        if !chaser_ids.contains(&id) {
            chaser_ids.push(id);
        }
        if !squares.contains(&c.threat.target_at) {
            squares.push(c.threat.target_at);
        }
    }
    // The weightiest reason any step gave, in the order the rulings are cited: a chariot a
    // horse holds (AXF 14) whatever else chased it, then protection that failed only by a
    // pin (AXF 29), then the chariot's own rulings, all of which say more than
    // "unprotected". The verdict does not depend on which move the cycle was seen from.
    let weight = |r: &ChaseReason| match r {
        ChaseReason::ImmobileChariot => 0,
        ChaseReason::FalselyProtected => 1,
        ChaseReason::HorseOrCannonOnChariot => 2,
        ChaseReason::Unprotected => 3,
    };
    let reason = chases
        .iter()
        .map(|(_, c)| c.reason)
        .min_by_key(weight)
        .unwrap_or(first_chase.reason);
    Some(Conduct::PerpetualChase {
        target: first_chase.threat.target,
        at: first_chase.threat.target_at,
        chasers,
        chaser_count: chaser_ids.len(),
        reason,
        squares: squares.len(),
        with_checks,
        by_screen: chases
            .iter()
            .all(|(_, c)| c.made == ChaseMade::Uncovered && c.threat.attacker.role == Role::Cannon),
        protector_taken: chases
            .iter()
            .any(|(_, c)| c.made == ChaseMade::ProtectorTaken),
        joint: chases.iter().all(|(_, c)| c.joint),
        target_pinned: chases.iter().any(|(_, c)| c.target_pinned),
        controlled: chases.iter().any(|(_, c)| c.controlled),
        // The chaser itself offered for an exchange, or a same-kind offer made with the chase.
        with_offers: chases.iter().any(|&(i, c)| {
            let n = &natures[i];
            !n.offers.is_empty()
                || (c.made == ChaseMade::Moved && (n.offered || n.offered_to_same_kind))
        }),
    })
}

mod cite;
use cite::cite;

mod sentence;
