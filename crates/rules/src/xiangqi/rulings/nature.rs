//! What one move does, in the terms of the repetition rulings: a check (将/照), a chase
//! (捉), a threat of mate (要杀), a threat of a discovered capture (要抽吃), an offer (献/兑), a
//! block (拦), or nothing (闲).
//!
//! A **chase** is a threat the move creates to take a piece: after the move, the mover could
//! take the piece by a legal move, and either at least one of the pieces that could take it
//! could not do so before the move, or the piece was protected before the move and is not
//! after it, an attacker standing where it was: the move took the protector away, whichever
//! piece moved (pinned it, cut it off, took or doubled its cannon's screen, or made its
//! recapture illegal; AXF rulings 28, 29; 1956 ch. 8 item 3), unless it cut off only
//! protectors whose own attacks it parried (a block, AXF 34; see `parry`). Whether the
//! threat counts:
//! - the general is never chased: that is a check;
//! - under AXF an uncrossed soldier is not chased (ruling 20);
//! - a pinned piece, which cannot leave its line, does not chase (ruling 22);
//! - a general or soldier chases freely (rulings 23, 24; 1956 ch. 7 items 6, 7), unless
//!   another piece chases with it (ruling 25);
//! - a piece that can take its chaser of the same kind back is offered, not chased
//!   (rulings 19, 35; 1956 ch. 7 item 2);
//! - under AXF, a horse or cannon chases a chariot whether or not it is protected (rulings
//!   10, 15, 16, 21), and so does any piece a chariot that a pin keeps from moving at all
//!   (ruling 14);
//! - otherwise the piece must be unprotected: protection is judged after the capture, as a
//!   legal recapture, so a protector that is pinned or whose recapture would expose its own
//!   general does not protect (ruling 29). A chase of a protected piece is "following" (跟,
//!   1956 ch. 7 item 3; AXF rulings 12, 30), allowed.

use alloc::vec::Vec;

use super::RepetitionRules;
use super::parry::lost_to_a_parry;
pub use super::threat::{ChaseReason, Threat};
use super::threat::{Reply, ThreatKind, capturable_at_a_profit, controlled, judge_threat};
use crate::types::Color;
use crate::xiangqi::board::{Board, Role, own_half};
use crate::xiangqi::{Move, Position, Square};

/// How a move made a chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaseMade {
    /// The chaser moved to attack the target.
    Moved,
    /// Another piece moved: out of the chaser's line, or in front of a cannon as its screen
    /// (AXF rulings 20, 21, 28).
    Uncovered,
    /// The chaser already attacked the target, which was protected; the move, by whichever
    /// piece, took the protection away (AXF rulings 28, 29; 1956 ch. 8 item 3).
    ProtectorTaken,
}

/// A chase that counts, with the reason it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chase {
    pub threat: Threat,
    pub reason: ChaseReason,
    /// How the move made it.
    pub made: ChaseMade,
    /// Whether a general or soldier threatens the same piece too (AXF ruling 25).
    pub joint: bool,
    /// Whether the target is a chariot pinned to its line (AXF ruling 22).
    pub target_pinned: bool,
    /// Whether the mover's own chariot is pinned to its general along the line of the
    /// chased chariot (车帅被联合控制, AXF ruling 32).
    pub controlled: bool,
}

/// Everything a move does that the rulings look at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNature {
    pub check: bool,
    /// Not a check, but the mover would mate if it moved again.
    pub mate_threat: bool,
    /// Not a check, but the mover could give a check after which, whatever the answer, it
    /// takes a piece that counts as chased (抽吃).
    pub capture_threat: bool,
    /// The moved piece stands where an enemy chariot, cannon or horse could go before.
    pub block: bool,
    pub chases: Vec<Chase>,
    /// Threats by a general or soldier alone.
    pub free_chases: Vec<Threat>,
    /// Threats against a protected piece (following, 跟).
    pub follows: Vec<Threat>,
    /// A piece of the same kind offered to the target, which can take it (献/兑).
    pub offers: Vec<Threat>,
    /// The moved piece can be taken, and would be taken back: an exchange offered (兑), or
    /// a block the enemy could break at a price.
    pub offered: bool,
    /// The moved piece can be taken for nothing: a piece offered (献).
    pub sacrificed: bool,
    /// The moved piece can be taken by an enemy piece of its own kind (an exchange offered,
    /// as AXF ruling 19 sees same-kind pieces facing each other).
    pub offered_to_same_kind: bool,
    /// Two or more pieces newly after one protected piece (AXF ruling 30).
    pub follows_by_several: bool,
    /// Threats to uncrossed soldiers, which AXF does not count as chases (ruling 20).
    pub uncrossed_soldiers: Vec<Threat>,
    /// The moved piece is pinned to its line, and its threats do not count (AXF ruling 22).
    pub pinned_mover: bool,
    /// A threat against a chariot pinned to its line that did not count (AXF ruling 22).
    pub pinned_chariot_spared: bool,
}

impl MoveNature {
    /// Classifies `m`, a legal move in `before`.
    pub fn of(before: &Position, m: Move, rules: RepetitionRules) -> MoveNature {
        let mut after = *before;
        after.play_unchecked(m);
        let mut nature = MoveNature {
            check: after.is_check(),
            ..MoveNature::default()
        };
        let again = after.passed();
        nature.block = blocks(before, m);
        let takes: Vec<Move> = after
            .legal_moves()
            .iter()
            .copied()
            .filter(|r| r.to == m.to)
            .collect();
        nature.sacrificed = takes.iter().any(|&r| {
            let mut taken = after;
            taken.play_unchecked(r);
            !taken.legal_moves().iter().any(|back| back.to == m.to)
        });
        nature.offered = !takes.is_empty() && !nature.sacrificed;
        let moved = after.board().piece_at(m.to).map(|p| p.role);
        nature.offered_to_same_kind = takes
            .iter()
            .any(|r| after.board().piece_at(r.from).map(|p| p.role) == moved);
        nature.pinned_mover = again.pinned(m.to, before.turn())
            && after
                .board()
                .piece_at(m.to)
                .is_some_and(|p| p.role != Role::General);
        classify_threats(before, m, &after, &again, rules, &mut nature);
        if !nature.check {
            nature.mate_threat = threatens_mate(&again);
            // A move that already chases is a chase: the threat behind a check says no more.
            nature.capture_threat = !nature.mate_threat
                && nature.chases.is_empty()
                && threatens_discovered_capture(&again, rules);
        }
        nature
    }

    pub fn chases_anything(&self) -> bool {
        !self.chases.is_empty()
    }
}

/// The legal captures of the side to move, as (attacker, target) points.
fn captures(pos: &Position) -> Vec<(Square, Square)> {
    let board = pos.board();
    pos.legal_moves()
        .iter()
        .filter(|m| board.piece_at(m.to).is_some())
        .map(|m| (m.from, m.to))
        .collect()
}

/// What `pos`'s side attacked before its move. In check, legality admits only the answers
/// to the check, which says nothing of what each piece attacks: there the captures by the
/// movement rules stand for it, so that a general escaping check uncovers no "chase" by a
/// piece that stood attacking all along (the Fairy-Stockfish match's game 1: a chariot on
/// d1 against a horse on c1 while the general stepped f9-f8-f9).
fn attacks_before(pos: &Position) -> Vec<(Square, Square)> {
    if !pos.is_check() {
        return captures(pos);
    }
    let board = pos.board();
    pos.pseudo_legal_moves()
        .iter()
        .filter(|m| board.piece_at(m.to).is_some())
        .map(|m| (m.from, m.to))
        .collect()
}

fn classify_threats(
    before: &Position,
    m: Move,
    after: &Position,
    again: &Position,
    rules: RepetitionRules,
    nature: &mut MoveNature,
) {
    let us = before.turn();
    let old = attacks_before(before);
    let new = captures(again);
    // Where a piece now on `sq` stood before the move.
    let was = |sq: Square| if sq == m.to { m.from } else { sq };
    let board = after.board();
    let mut targets: Vec<Square> = new.iter().map(|&(_, t)| t).collect();
    targets.sort_unstable();
    targets.dedup();
    for t in targets {
        let target = board.piece_at(t).expect("a capture takes a piece");
        if target.role == Role::General {
            continue;
        }
        let uncrossed = rules == RepetitionRules::Axf2008
            && target.role == Role::Soldier
            && own_half(target.color, t);
        let attackers: Vec<Square> = new
            .iter()
            .filter(|&&(_, to)| to == t)
            .map(|&(a, _)| a)
            // AXF 22: a piece pinned to its line, before the move and after, does not chase
            // from it; one that has just stepped onto the line (to block a check) does.
            .filter(|&a| {
                board.piece_at(a).is_some_and(|p| p.role == Role::General)
                    || !(again.pinned(a, us) && before.pinned(was(a), us))
            })
            .collect();
        let fresh = |a: Square| !old.contains(&(was(a), t));
        let is_new = attackers.iter().any(|&a| fresh(a));
        if uncrossed {
            if is_new {
                nature
                    .uncrossed_soldiers
                    .extend(attackers.iter().map(|&a| threat_by(board, a, t)));
            }
            continue;
        }
        let kinds: Vec<(Square, ThreatKind)> = attackers
            .iter()
            .map(|&a| {
                let kind =
                    judge_threat(after, again, threat_by(board, a, t), rules, Reply::Possible);
                (a, kind)
            })
            .collect();
        // AXF 28, 29; 1956 ch. 8 item 3: an attacker that stood where it was can take the
        // piece at a profit now and could not before, because the move took the piece's
        // protection away (pinned its protector, blocked or unscreened it, or made its
        // recapture illegal), whichever piece moved; but not when the move only parried
        // the protectors' own attacks (AXF 27, 34: a block is no chase; see `parry`).
        let standing_chase = kinds
            .iter()
            .any(|(a, kind)| !fresh(*a) && matches!(kind, ThreatKind::Chase(_)));
        let attacked_before = || old.iter().filter(|&&(_, to)| to == t).map(|&(a, _)| a);
        let standing = attackers.iter().copied().filter(|&a| !fresh(a));
        let protection_taken = standing_chase
            && !capturable_at_a_profit(before, attacked_before(), t, rules)
            && !lost_to_a_parry(before, m, again, attacked_before(), standing, t);
        if !is_new && !protection_taken {
            continue;
        }
        let made = |a: Square| {
            if a == m.to {
                ChaseMade::Moved
            } else if !fresh(a) && protection_taken {
                ChaseMade::ProtectorTaken
            } else {
                ChaseMade::Uncovered
            }
        };
        let target_pinned = target.role == Role::Chariot && after.pinned_by_cannon(t, target.color);
        let is_free = |a: Square| {
            board
                .piece_at(a)
                .is_some_and(|p| matches!(p.role, Role::General | Role::Soldier))
        };
        let joint = attackers.iter().any(|&a| is_free(a));
        let mut counted: Option<Chase> = None;
        let mut following = 0;
        for (a, kind) in kinds.iter().filter(|(a, _)| !is_free(*a)) {
            let a = *a;
            match *kind {
                ThreatKind::Chase(reason) => {
                    let controlled =
                        reason == ChaseReason::HorseOrCannonOnChariot && controlled(again, t);
                    let chase = Chase {
                        threat: threat_by(board, a, t),
                        reason,
                        made: made(a),
                        joint,
                        target_pinned,
                        controlled,
                    };
                    // Prefer the piece that moved, which is the one the rulings name.
                    if counted.is_none() || chase.made == ChaseMade::Moved {
                        counted = Some(chase);
                    }
                }
                ThreatKind::Offer if fresh(a) => nature.offers.push(threat_by(board, a, t)),
                ThreatKind::Follow => {
                    following += 1;
                    if fresh(a) {
                        nature.pinned_chariot_spared |= target_pinned;
                        nature.follows.push(threat_by(board, a, t));
                    }
                }
                ThreatKind::Offer => {}
            }
        }
        nature.follows_by_several |= counted.is_none() && following > 1;
        match counted {
            Some(chase) => nature.chases.push(chase),
            None => nature.free_chases.extend(
                kinds
                    .iter()
                    .filter(|(a, kind)| is_free(*a) && matches!(kind, ThreatKind::Chase(_)))
                    .map(|&(a, _)| threat_by(board, a, t)),
            ),
        }
    }
}

/// The threat of the piece on `by` to take the piece on `target_at`, both on `board`.
fn threat_by(board: &Board, by: Square, target_at: Square) -> Threat {
    Threat {
        by,
        attacker: board.piece_at(by).expect("an attacker"),
        target_at,
        target: board.piece_at(target_at).expect("a target"),
    }
}

/// Whether the side to move in `pos` has a move after which the other side has no legal
/// move (mate, or a position without moves, which loses too: 1956 ch. 5).
fn threatens_mate(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut next = *pos;
        next.play_unchecked(m);
        next.legal_moves().is_empty()
    })
}

/// 抽吃: the side to move in `pos` has a check after which, whatever the answer, it can
/// take a piece whose capture would count as a chase, and which it cannot take now: the
/// check is what wins it.
fn threatens_discovered_capture(pos: &Position, rules: RepetitionRules) -> bool {
    let takeable_now: Vec<Square> = captures(pos).into_iter().map(|(_, t)| t).collect();
    pos.legal_moves().iter().any(|&c| {
        let mut checked = *pos;
        checked.play_unchecked(c);
        if !checked.is_check() {
            return false;
        }
        let replies = checked.legal_moves();
        !replies.is_empty()
            && replies.iter().all(|&r| {
                let mut answered = checked;
                answered.play_unchecked(r);
                let after = answered.passed();
                captures(&answered).into_iter().any(|(a, t)| {
                    let board = answered.board();
                    let target = board.piece_at(t).expect("a capture takes a piece");
                    let attacker = board.piece_at(a).expect("an attacker");
                    target.role != Role::General
                        && !takeable_now.contains(&if r.to == t { r.from } else { t })
                        && matches!(
                            judge_threat(
                                &after,
                                &answered,
                                Threat {
                                    by: a,
                                    attacker,
                                    target_at: t,
                                    target
                                },
                                rules,
                                Reply::None
                            ),
                            ThreatKind::Chase(_)
                        )
                })
            })
    })
}

/// 拦: the moved piece now stands on a point an enemy chariot, cannon or horse could move
/// to before (had it been its turn), so it bars that piece's way.
fn blocks(before: &Position, m: Move) -> bool {
    let them: Color = before.turn().other();
    let theirs = before.passed();
    theirs.pseudo_legal_moves().iter().any(|r| {
        r.to == m.to
            && theirs.board().piece_at(r.from).is_some_and(|p| {
                p.color == them && matches!(p.role, Role::Chariot | Role::Cannon | Role::Horse)
            })
    })
}
