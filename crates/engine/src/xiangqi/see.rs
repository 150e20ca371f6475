//! Static exchange evaluation: the material balance of the capture sequence on one point,
//! each side recapturing with its least valuable piece and free to stop.
//!
//! The exchange is played out on a scratch board, so what changes as pieces leave their
//! points is seen exactly: a cannon gains or loses its screen, a horse's leg is freed,
//! a chariot behind another joins in. What is ignored is legality: pins (and the facing
//! generals) are not tested, so SEE may count a recapture the rules forbid. The general
//! takes part at a prohibitive value, so it only ever takes last.

use shatar_rules::Color;
use shatar_rules::xiangqi::{
    Board, HORSE_ATTACKERS, Move, ORTHOGONAL, Piece, Position, Role, Square, in_palace, ray_step,
};

use super::see_value;

/// Captures in a row: at most every piece but the two generals, and some margin.
const MAX_SWAPS: usize = 32;

/// Whether the exchange `m` starts gains at least `threshold` for the side to move.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let mut board = *pos.board();
    let mover = board.remove(m.from).expect("a move starts on a piece");
    let captured = board.piece_at(m.to).map_or(0, |p| see_value(p, m.to));
    // The opponent may stop at once: no more than the capture itself.
    if captured < threshold {
        return false;
    }
    // And we may stop after they take back: no less than the capture less the mover.
    let mut on_square = see_value(mover, m.to);
    if captured - on_square >= threshold {
        return true;
    }
    board.put(m.to, mover);
    // gains[d]: what the side making capture d is ahead if the exchange stops after it.
    let mut gains = [0i32; MAX_SWAPS];
    gains[0] = captured;
    let mut depth = 0;
    let mut side = pos.turn().other();
    while depth + 1 < MAX_SWAPS {
        let Some((from, value)) = least_valuable_attacker(&board, m.to, side) else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        let piece = board.remove(from).expect("an attacker stands there");
        board.put(m.to, piece);
        on_square = value;
        side = side.other();
    }
    // Each side, from the last capture back, takes only if taking beats stopping.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0] >= threshold
}

const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The cheapest piece of `side` that could move to `to` on `board` by the movement rules
/// alone, and what it is worth once there. Among equals the first found is taken, in the
/// order soldiers, advisors, the general, elephants, horses, then each line's chariot and
/// cannon.
pub fn least_valuable_attacker(board: &Board, to: Square, side: Color) -> Option<(Square, i32)> {
    let mut best: Option<(Square, i32)> = None;
    let mut consider = |from: Square, role: Role| {
        if board.piece_at(from) == Some(Piece::new(side, role)) {
            let value = see_value(Piece::new(side, role), to);
            if best.is_none_or(|(_, v)| value < v) {
                best = Some((from, value));
            }
        }
    };
    let forward = if side == Color::White { 1 } else { -1 };
    // Soldiers: from behind, or from beside once across the river.
    if let Some(from) = to.offset(0, -forward) {
        consider(from, Role::Soldier);
    }
    for df in [-1, 1] {
        if let Some(from) = to.offset(df, 0)
            && super::eval::crossed_river(side, from)
        {
            consider(from, Role::Soldier);
        }
    }
    if in_palace(side, to) {
        for (df, dr) in DIAGONAL {
            if let Some(from) = to.offset(df, dr).filter(|&from| in_palace(side, from)) {
                consider(from, Role::Advisor);
            }
        }
        for d in 0..ORTHOGONAL.len() {
            if let Some(from) = ray_step(to, d).filter(|&from| in_palace(side, from)) {
                consider(from, Role::General);
            }
        }
    }
    if !super::eval::crossed_river(side, to) {
        for (df, dr) in DIAGONAL {
            if let (Some(eye), Some(from)) = (to.offset(df, dr), to.offset(2 * df, 2 * dr))
                && board.is_empty_at(eye)
            {
                consider(from, Role::Elephant);
            }
        }
    }
    // The leg is next to the horse along the long axis: diagonally next to `to`.
    for (from, leg) in HORSE_ATTACKERS[to.index()].iter() {
        if board.is_empty_at(leg) {
            consider(from, Role::Horse);
        }
    }
    for d in 0..ORTHOGONAL.len() {
        // The first piece along the line may be a chariot, the second a cannon.
        let mut cur = ray_step(to, d);
        let mut screened = false;
        while let Some(sq) = cur {
            if !board.is_empty_at(sq) {
                if screened {
                    consider(sq, Role::Cannon);
                    break;
                }
                consider(sq, Role::Chariot);
                screened = true;
            }
            cur = ray_step(sq, d);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use shatar_rules::xiangqi::{fen, iccs};

    use super::*;

    fn see_at(fen_text: &str, iccs_move: &str, threshold: i32) -> bool {
        let pos = fen::parse_position(fen_text).unwrap();
        let m = iccs::parse_legal(&pos, iccs_move).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn an_undefended_horse_is_won_whole() {
        let fen = "3k5/9/9/9/9/4n4/9/9/9/4RK3 w";
        assert!(see_at(fen, "e0e4", 400));
        assert!(!see_at(fen, "e0e4", 401));
    }

    #[test]
    fn a_chariot_taking_a_defended_soldier_loses() {
        // The black soldier on e5 is guarded by the chariot on e9.
        let fen = "3kr4/9/9/9/4p4/9/9/9/9/4RK3 w";
        assert!(!see_at(fen, "e0e5", 0));
        assert!(see_at(fen, "e0e5", 100 - 900));
        assert!(!see_at(fen, "e0e5", 100 - 900 + 1));
        let quiet = "3kr4/9/9/9/4p4/9/9/9/9/5K2R w";
        assert!(
            see_at(quiet, "i0i4", 0),
            "a quiet move to a point nobody attacks loses nothing"
        );
        assert!(!see_at(quiet, "i0i4", 1));
    }

    #[test]
    fn a_cannon_recaptures_over_a_screen() {
        // The horse takes the soldier on e6; the black elephant on e7 screens the cannon on
        // e9, which takes the horse back.
        let fen = "3kc4/9/4b4/4p4/9/3N5/9/9/9/5K3 w";
        assert!(!see_at(fen, "d4e6", 0));
        assert!(see_at(fen, "d4e6", 100 - 400));
        // Without the screen the cannon cannot take: the soldier is won.
        let fen = "3kc4/9/9/4p4/9/3N5/9/9/9/5K3 w";
        assert!(see_at(fen, "d4e6", 100));
        assert!(!see_at(fen, "d4e6", 101));
    }

    #[test]
    fn a_hobbled_horse_does_not_defend() {
        // The black horse on d8 guards e6 unless its leg, d7, is blocked (by an advisor).
        let free = "4k4/3n5/9/4p4/9/9/9/9/9/4RK3 w";
        assert!(!see_at(free, "e0e6", 1), "the horse takes the chariot back");
        let hobbled = "4k4/3n5/3a5/4p4/9/9/9/9/9/4RK3 w";
        assert!(see_at(hobbled, "e0e6", 100), "hobbled, it cannot");
    }

    #[test]
    fn the_general_takes_only_last() {
        // The red chariot takes the advisor on e8 that only the black general guards.
        let alone = "4k4/4a4/9/9/9/9/9/9/9/4RK3 w";
        assert!(
            !see_at(alone, "e0e8", 1),
            "the general takes the chariot back"
        );
        // With a second chariot behind, the general may not take: it would be taken.
        let doubled = "4k4/4a4/9/9/9/9/9/9/4R4/4RK3 w";
        assert!(see_at(doubled, "e1e8", 200));
    }
}
