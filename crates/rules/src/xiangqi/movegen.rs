//! Move generation: the pseudo-legal moves of each piece, then a legality test that makes
//! the move on a scratch board and asks whether the mover's general is attacked, which
//! covers the flying-general rule too (the facing general "attacks" along the file).

use super::board::{
    Board, ELEPHANT, HORSE, HORSE_ATTACKERS, ORTHOGONAL, Piece, Points, Role, in_palace, own_half,
    ray_step,
};
use super::moves::{Move, MoveList};
use super::square::Square;
use crate::types::Color;

const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The rank direction `color`'s soldiers advance in.
#[inline]
pub(crate) const fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Whether `by` attacks `sq` (a general's point): a piece of `by` could move there if it
/// were the opponent's. The opposing general counts along an open file, since the generals
/// may not face each other (1956 ch. 8 item 8; AXF 2008 ch. 3 §2 art. 一).
pub(crate) fn attacked(board: &Board, sq: Square, by: Color) -> bool {
    // Chariots, the facing general, and cannons over exactly one screen.
    for (d, (df, _)) in ORTHOGONAL.into_iter().enumerate() {
        let mut cur = ray_step(sq, d);
        let mut screened = false;
        while let Some(s) = cur {
            if let Some(p) = board.piece_at(s) {
                if screened {
                    if p == Piece::new(by, Role::Cannon) {
                        return true;
                    }
                    break;
                }
                if p.color == by
                    && (p.role == Role::Chariot || (p.role == Role::General && df == 0))
                {
                    return true;
                }
                screened = true;
            }
            cur = ray_step(s, d);
        }
    }
    attacked_by_horse_or_soldier(board, sq, by)
}

/// The part of [`attacked`] that does not look along lines.
fn attacked_by_horse_or_soldier(board: &Board, sq: Square, by: Color) -> bool {
    let is = |s: Option<Square>, role: Role| {
        s.and_then(|s| board.piece_at(s)) == Some(Piece::new(by, role))
    };
    // Horses whose leg, the point diagonally next to `sq` towards the horse, is empty.
    for (horse, leg) in HORSE_ATTACKERS[sq.index()].iter() {
        if board.piece_at(horse) == Some(Piece::new(by, Role::Horse)) && board.is_empty_at(leg) {
            return true;
        }
    }
    // Soldiers: straight ahead of them, or beside them once they have crossed the river.
    if is(sq.offset(0, -forward(by)), Role::Soldier) {
        return true;
    }
    for df in [-1, 1] {
        let s = sq.offset(df, 0);
        if is(s, Role::Soldier) && s.is_some_and(|s| !own_half(by, s)) {
            return true;
        }
    }
    // Advisors and elephants never leave their own half, where the enemy general cannot be.
    false
}

/// Pushes `from -> to` if `to` is one of the `targets`.
#[inline]
fn push_if(targets: Points, from: Square, to: Square, moves: &mut MoveList) {
    if targets.contains(to) {
        moves.push(Move::new(from, to));
    }
}

/// The moves of `us` by the movement rules alone (1956 ch. 3; AXF 2008 ch. 3 §2), before
/// the test that the general is safe, that end on one of the `targets`: every point
/// without a piece of `us` for all moves, the enemy's points for the captures.
pub(crate) fn pseudo_legal(board: &Board, us: Color, targets: Points, moves: &mut MoveList) {
    for from in board.occupied_by(us) {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        match piece.role {
            // AXF 2008 ch. 3 §2 art. 一: one step orthogonally, inside the palace.
            Role::General => {
                for (df, dr) in ORTHOGONAL {
                    if let Some(to) = from.offset(df, dr).filter(|&to| in_palace(us, to)) {
                        push_if(targets, from, to, moves);
                    }
                }
            }
            // Art. 二: one step diagonally, inside the palace.
            Role::Advisor => {
                for (df, dr) in DIAGONAL {
                    if let Some(to) = from.offset(df, dr).filter(|&to| in_palace(us, to)) {
                        push_if(targets, from, to, moves);
                    }
                }
            }
            // Art. 三: two steps diagonally, not across the river, not over a piece on the eye.
            Role::Elephant => {
                for (to, eye) in ELEPHANT[from.index()].iter() {
                    if own_half(us, to) && board.is_empty_at(eye) {
                        push_if(targets, from, to, moves);
                    }
                }
            }
            // Art. 五: a piece on the leg hobbles the horse.
            Role::Horse => {
                for (to, leg) in HORSE[from.index()].iter() {
                    if board.is_empty_at(leg) {
                        push_if(targets, from, to, moves);
                    }
                }
            }
            // Art. 四: any distance along a line, never over a piece.
            Role::Chariot => {
                for d in 0..ORTHOGONAL.len() {
                    let mut cur = ray_step(from, d);
                    while let Some(to) = cur {
                        push_if(targets, from, to, moves);
                        if !board.is_empty_at(to) {
                            break;
                        }
                        cur = ray_step(to, d);
                    }
                }
            }
            // Art. 六: moves as a chariot, but captures by jumping exactly one piece of
            // either side, the screen (炮架).
            Role::Cannon => {
                for d in 0..ORTHOGONAL.len() {
                    let mut cur = ray_step(from, d);
                    while let Some(to) = cur {
                        if !board.is_empty_at(to) {
                            break;
                        }
                        push_if(targets, from, to, moves);
                        cur = ray_step(to, d);
                    }
                    // `cur` is the screen, if any: look past it for the first piece.
                    let mut beyond = cur.and_then(|screen| ray_step(screen, d));
                    while let Some(to) = beyond {
                        if !board.is_empty_at(to) {
                            push_if(targets, from, to, moves);
                            break;
                        }
                        beyond = ray_step(to, d);
                    }
                }
            }
            // Art. 七: one step forward; sideways too once across the river; never back.
            Role::Soldier => {
                if let Some(to) = from.offset(0, forward(us)) {
                    push_if(targets, from, to, moves);
                }
                if !own_half(us, from) {
                    for df in [-1, 1] {
                        if let Some(to) = from.offset(df, 0) {
                            push_if(targets, from, to, moves);
                        }
                    }
                }
            }
        }
    }
}

/// Keeps the moves after which `us`'s general, on `general`, is not attacked.
///
/// Out of check, only moves by the general and the few moves that [`Exposure`] marks can
/// expose it: every other move is legal without the test, which is most moves (the test
/// was the better part of Xiangqi's search time).
pub(crate) fn retain_legal(board: &Board, us: Color, general: Square, moves: &mut MoveList) {
    let exposure = Exposure::unless_in_check(board, general, us);
    let mut scratch = *board;
    moves.retain(|m| {
        if let Some(exposure) = &exposure
            && m.from != general
            && !exposure.may_expose(m.from, m.to)
        {
            return true;
        }
        let piece = scratch.remove(m.from).expect("a move starts on a piece");
        let captured = scratch.piece_at(m.to);
        scratch.put(m.to, piece);
        let g = if piece.role == Role::General {
            m.to
        } else {
            general
        };
        let safe = !attacked(&scratch, g, us.other());
        scratch.put(m.from, piece);
        match captured {
            Some(c) => scratch.put(m.to, c),
            None => {
                scratch.remove(m.to);
            }
        }
        safe
    });
}

/// The points where a move by a piece other than the general could change whether the
/// general, not in check, is attacked. Along each line from the general only the first
/// three pieces matter: leaving the first unmasks a chariot (or the facing general) second
/// or a cannon third; leaving the second unmasks a cannon third; landing before the first
/// makes an enemy cannon there the second. Leaving one of the general's diagonal
/// neighbours unblocks the enemy horses whose leg it is. Landing anywhere else only
/// blocks, and soldiers need no empty point.
struct Exposure {
    /// Bit `i`: a move from point `i` needs the test.
    from: u128,
    /// Bit `i`: a move to point `i` needs the test.
    to: u128,
}

impl Exposure {
    /// The points that need the test, or None when the general is in check (every move
    /// needs it then). The general's lines are walked once for both.
    fn unless_in_check(board: &Board, general: Square, us: Color) -> Option<Self> {
        let bit = |s: Square| 1u128 << s.index();
        let enemy = |s: Square, role: Role| board.piece_at(s) == Some(Piece::new(us.other(), role));
        let (mut from, mut to) = (0, 0);
        for (d, (df, _)) in ORTHOGONAL.into_iter().enumerate() {
            let mut empty_before_first = 0;
            let mut pieces = [None; 3];
            let mut seen = 0;
            let mut cur = ray_step(general, d);
            while let Some(s) = cur
                && seen < 3
            {
                if board.piece_at(s).is_some() {
                    pieces[seen] = Some(s);
                    seen += 1;
                } else if seen == 0 {
                    empty_before_first |= bit(s);
                }
                cur = ray_step(s, d);
            }
            let [first, second, third] = pieces;
            let line = |s: Square| enemy(s, Role::Chariot) || (df == 0 && enemy(s, Role::General));
            if first.is_some_and(line) || second.is_some_and(|s| enemy(s, Role::Cannon)) {
                return None;
            }
            let cannon_third = third.is_some_and(|s| enemy(s, Role::Cannon));
            let line_second = second.is_some_and(line);
            if let Some(first) = first {
                if line_second || cannon_third {
                    from |= bit(first);
                }
                if enemy(first, Role::Cannon) {
                    to |= empty_before_first;
                }
            }
            if let Some(second) = second
                && cannon_third
            {
                from |= bit(second);
            }
        }
        for (sx, sy) in DIAGONAL {
            let Some(leg) = general.offset(sx, sy) else {
                continue;
            };
            let horse_behind = [(2 * sx, sy), (sx, 2 * sy)].into_iter().any(|(df, dr)| {
                general
                    .offset(df, dr)
                    .is_some_and(|s| enemy(s, Role::Horse))
            });
            if horse_behind {
                from |= bit(leg);
            }
        }
        if attacked_by_horse_or_soldier(board, general, us.other()) {
            return None;
        }
        Some(Exposure { from, to })
    }

    #[inline]
    fn may_expose(&self, from: Square, to: Square) -> bool {
        (self.from >> from.index()) & 1 != 0 || (self.to >> to.index()) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::fen::parse_position;
    use super::*;

    /// Whether `from -> to` (file, rank from Red's side, from 0) is legal in `fen`.
    fn legal(fen: &str, from: (i32, i32), to: (i32, i32)) -> bool {
        let pos = parse_position(fen).unwrap();
        let at = |(f, r)| Square::at(f, r).unwrap();
        let m = Move::new(at(from), at(to));
        assert!(
            pos.pseudo_legal_moves().contains(m),
            "{m} moves by the rules"
        );
        pos.legal_moves().contains(m)
    }

    #[test]
    fn landing_on_the_generals_file_can_give_a_cannon_its_screen() {
        let fen = "3kc4/9/9/9/R8/9/9/9/9/4K4 w - - 0 1";
        assert!(!legal(fen, (0, 5), (4, 5)));
        assert!(legal(fen, (0, 5), (3, 5)));
    }

    #[test]
    fn leaving_a_horses_leg_unblocks_it() {
        let fen = "3k5/9/9/9/9/9/9/5n3/5R3/4K4 w - - 0 1";
        assert!(!legal(fen, (5, 1), (6, 1)));
        assert!(legal(fen, (5, 1), (5, 2)), "taking the horse");
    }

    #[test]
    fn leaving_either_of_two_screens_unmasks_a_cannon() {
        let fen = "3k5/4c4/9/9/4H4/9/4R4/9/9/4K4 w - - 0 1";
        assert!(!legal(fen, (4, 5), (2, 6)), "the second screen");
        assert!(!legal(fen, (4, 3), (3, 3)), "the first screen");
        assert!(legal(fen, (4, 3), (4, 4)), "along the file");
    }

    #[test]
    fn leaving_the_line_unmasks_a_chariot_or_the_facing_general() {
        let chariot = "3k5/9/9/4r4/9/9/9/4H4/9/4K4 w - - 0 1";
        assert!(!legal(chariot, (4, 2), (2, 3)));
        let general = "4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1";
        assert!(!legal(general, (4, 4), (0, 4)));
        assert!(legal(general, (4, 4), (4, 8)), "along the file");
    }
}
