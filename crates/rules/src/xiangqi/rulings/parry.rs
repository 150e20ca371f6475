//! A parry is not a chase: a protector that a move cuts off by blocking its attack, or by
//! taking away the screen its cannon attacks over, is not taken away by a chase (AXF 2008
//! ch. 4, rulings 14, 21, 27, 28, 29 and 34 read together; docs/xiangqi-rulings.md, "A parry
//! takes no protector away").
//!
//! AXF 28 and 29 make a chase of a move that takes a protector away, whichever piece moved.
//! But a move that blocks an enemy piece's attack, or takes the screen its cannon attacks
//! over, cuts that piece's other lines through the same point too, and with them whatever
//! it protected along them. Such a move is a block (拦, AXF 34), allowed; the protection it
//! cuts is the attacker's own, lost by attacking. AXF 21 has both sides moving a cannon's
//! screens (双方仅移动炮台) and only the cannon chasing. Read as a chase, a horse stepping
//! between a cannon and the chariot it attacks would chase the piece the cannon guarded
//! beside the chariot; the side of a chariot held by a horse (AXF 14) would chase the horse
//! whenever it parried the chariot's chasers; and two chariots taking turns on one rank, each
//! clearing the line of a cannon that attacks the other, would chase one cannon "in turn"
//! (AXF 28) where they chase two (AXF 27: 两子分别轮捉两子或多子亦作和局).
//!
//! A protector that still reaches the piece but may not take back, because the move pinned
//! it, is a false root (假根, AXF 29) whatever else the move parried: that stays a chase.

use alloc::vec::Vec;

use super::threat::in_line;
use crate::xiangqi::board::Role;
use crate::xiangqi::{Move, Position, Square};

/// The points from which the side not to move in `pos` could take back on `target_at` once
/// the piece on `by` (of the side to move) had taken there: by a legal move, or `pseudo`, by
/// the movement rules alone.
fn protectors(pos: &Position, by: Square, target_at: Square, pseudo: bool) -> Vec<Square> {
    let mut taken = *pos;
    taken.play_unchecked(Move::new(by, target_at));
    let replies = if pseudo {
        taken.pseudo_legal_moves()
    } else {
        taken.legal_moves()
    };
    replies
        .iter()
        .filter(|r| r.to == target_at)
        .map(|r| r.from)
        .collect()
}

/// Whether a piece standing on `q` is in the way of a `role` on `from` taking on `to`, or
/// (for a cannon) is a screen between them: on the line between, on the horse's leg, on the
/// elephant's eye. A piece that steps there, or leaves, changes that capture.
fn on_the_way(role: Role, from: Square, to: Square, q: Square) -> bool {
    let df = i32::from(to.file().index()) - i32::from(from.file().index());
    let dr = i32::from(to.rank().index()) - i32::from(from.rank().index());
    match role {
        Role::Chariot | Role::Cannon | Role::General => in_line(from, q, to),
        Role::Horse if df.abs() == 2 => from.offset(df.signum(), 0) == Some(q),
        Role::Horse => from.offset(0, dr.signum()) == Some(q),
        Role::Elephant => from.offset(df / 2, dr / 2) == Some(q),
        Role::Advisor | Role::Soldier => false,
    }
}

/// The legal captures of the side to move in `pos`, as (attacker, target) points.
fn captures(pos: &Position) -> Vec<(Square, Square)> {
    let board = pos.board();
    pos.legal_moves()
        .iter()
        .filter(|m| board.piece_at(m.to).is_some())
        .map(|m| (m.from, m.to))
        .collect()
}

/// Whether `m`, played in `before` (`again` is the position after it, the mover to move
/// again), took the protection of the enemy piece on `target_at` away only by parrying.
/// Every piece that protected it against `attacked_before` (the mover's pieces that
/// attacked it before the move) must now be cut off from it, not even reaching it against
/// `attacking` (those that attack it now), and must have lost by the move an attack on a
/// piece of the mover's that stood still, through the same point as its guard: the move
/// blocked both there, or took the screen of both away.
pub(super) fn lost_to_a_parry(
    before: &Position,
    m: Move,
    again: &Position,
    attacked_before: impl IntoIterator<Item = Square>,
    attacking: impl IntoIterator<Item = Square>,
    target_at: Square,
) -> bool {
    let mut lost: Vec<Square> = attacked_before
        .into_iter()
        .flat_map(|a| protectors(before, a, target_at, false))
        .collect();
    lost.sort_unstable();
    lost.dedup();
    if lost.is_empty() {
        return false;
    }
    // A protector that still reaches the point is pinned, not cut off (AXF 29).
    let reaching: Vec<Square> = attacking
        .into_iter()
        .flat_map(|a| protectors(again, a, target_at, true))
        .collect();
    // The enemy's attacks before the move (the turn passed to it) and after.
    let threatened = captures(&before.passed());
    let after = again.passed();
    let still = captures(&after);
    let parried = |p: Square| {
        let Some(protector) = before.board().piece_at(p) else {
            return false;
        };
        let through = |x: Square| {
            [m.from, m.to].into_iter().any(|q| {
                on_the_way(protector.role, p, x, q) && on_the_way(protector.role, p, target_at, q)
            })
        };
        !reaching.contains(&p)
            && after.board().piece_at(p) == Some(protector)
            && threatened
                .iter()
                .any(|&(by, x)| by == p && x != m.from && !still.contains(&(p, x)) && through(x))
    };
    lost.into_iter().all(parried)
}
