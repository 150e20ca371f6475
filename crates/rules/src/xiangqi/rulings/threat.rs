//! Whether one piece's threat to take another counts as a chase (捉), as a following of a
//! protected piece (跟), or as an offer (献/兑): the capture is played out and the
//! protector's recapture tried, so that a protector that is pinned, or whose recapture would
//! leave the generals facing, protects nothing (假根, AXF ruling 29).

use super::RepetitionRules;
use crate::xiangqi::board::{Piece, Role};
use crate::xiangqi::{Move, Position, Square};

/// Why a chase counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaseReason {
    /// Nothing can take back.
    Unprotected,
    /// Something could take back, but only by exposing its own general (假根, AXF ruling 29).
    FalselyProtected,
    /// A horse or cannon after a chariot, protected or not (AXF rulings 10, 15, 16, 21).
    HorseOrCannonOnChariot,
    /// A chariot a pin keeps from moving at all (AXF ruling 14).
    ImmobileChariot,
}

/// One piece's threat to take another, as the move left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    pub by: Square,
    pub attacker: Piece,
    pub target_at: Square,
    pub target: Piece,
}

/// Whether the threatened side gets a move before the capture: after a move it does, and
/// can take an offered piece; after a check has been answered it does not.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reply {
    Possible,
    None,
}

pub(super) enum ThreatKind {
    Chase(ChaseReason),
    Offer,
    Follow,
}

/// Whether `threat` (by the side that just moved in `after`; `again` is `after` with that
/// side to move again) counts as a chase.
pub(super) fn judge_threat(
    after: &Position,
    again: &Position,
    threat: Threat,
    rules: RepetitionRules,
    reply: Reply,
) -> ThreatKind {
    let Threat {
        by,
        attacker,
        target_at,
        target,
    } = threat;
    if reply == Reply::Possible
        && attacker.role == target.role
        && after.is_legal(Move::new(target_at, by))
    {
        return ThreatKind::Offer;
    }
    if rules == RepetitionRules::Axf2008 && target.role == Role::Chariot {
        if matches!(attacker.role, Role::Horse | Role::Cannon) {
            return ThreatKind::Chase(ChaseReason::HorseOrCannonOnChariot);
        }
        if is_immobile(after, target_at) {
            return ThreatKind::Chase(ChaseReason::ImmobileChariot);
        }
    }
    let mut taken = *again;
    taken.play_unchecked(Move::new(by, target_at));
    if taken.legal_moves().iter().any(|r| r.to == target_at) {
        return ThreatKind::Follow;
    }
    if taken.pseudo_legal_moves().iter().any(|r| r.to == target_at) {
        ThreatKind::Chase(ChaseReason::FalselyProtected)
    } else {
        ThreatKind::Chase(ChaseReason::Unprotected)
    }
}

/// A piece of the side to move in `pos` that a pin keeps from moving at all: it has moves
/// by the movement rules, none of them legal but, perhaps, taking the horse that pins it.
fn is_immobile(pos: &Position, sq: Square) -> bool {
    // Taking the horse whose leg it blocks is no way out of the pin (AXF ruling 14's case).
    let board = pos.board();
    let escapes = |m: &&Move| {
        m.from == sq
            && !board
                .piece_at(m.to)
                .is_some_and(|p| p.color != pos.turn() && p.role == Role::Horse)
    };
    !pos.legal_moves().iter().any(|m| escapes(&m))
        && pos.pseudo_legal_moves().iter().any(|m| escapes(&m))
}

/// AXF ruling 32: the side to move in `pos` has a chariot pinned to its general along a
/// line through the enemy chariot on `chariot_at`, which it therefore cannot take.
pub(super) fn controlled(pos: &Position, chariot_at: Square) -> bool {
    let us = pos.turn();
    let general = pos.general(us);
    pos.board().pieces().any(|(sq, p)| {
        p.color == us
            && p.role == Role::Chariot
            && pos.pinned(sq, us)
            && in_line(general, sq, chariot_at)
    })
}

/// Whether `b` lies on the straight line from `a` through to `c`, between them.
pub(super) fn in_line(a: Square, b: Square, c: Square) -> bool {
    let (af, ar, bf, br, cf, cr) = (
        a.file().index(),
        a.rank().index(),
        b.file().index(),
        b.rank().index(),
        c.file().index(),
        c.rank().index(),
    );
    let between = |x: u8, y: u8, z: u8| (x < y && y < z) || (z < y && y < x);
    (af == bf && bf == cf && between(ar, br, cr)) || (ar == br && br == cr && between(af, bf, cf))
}

/// Whether, in `pos` (the side to move about to move), one of its pieces on `attackers`
/// could already take the piece on `target_at` at a profit: a capture that would count as a
/// chase were it made now. A move that leaves such a target capturable at a profit did not
/// make the chase; a move that makes it so, while the attackers stood where they were, did
/// (AXF rulings 28, 29; 1956 ch. 8 item 3). In check, as for what the side attacked before
/// its move, the captures by the movement rules are judged.
pub(super) fn capturable_at_a_profit(
    pos: &Position,
    attackers: impl IntoIterator<Item = Square>,
    target_at: Square,
    rules: RepetitionRules,
) -> bool {
    let board = pos.board();
    let Some(target) = board.piece_at(target_at) else {
        return false;
    };
    let victim_to_move = pos.passed();
    attackers.into_iter().any(|by| {
        board.piece_at(by).is_some_and(|attacker| {
            let threat = Threat {
                by,
                attacker,
                target_at,
                target,
            };
            matches!(
                judge_threat(&victim_to_move, pos, threat, rules, Reply::Possible),
                ThreatKind::Chase(_)
            )
        })
    })
}
