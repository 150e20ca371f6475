//! Static exchange evaluation: the material balance of the capture sequence on one
//! square, each side recapturing with its least valuable piece and free to stop.
//! Pins are ignored, x-rays through the capturers are not.

use shatar_rules::attacks::{bishop_attacks, rook_attacks};
use shatar_rules::{Bitboard, Color, Move, MoveKind, Position, Role, Rules, Square};

use super::see_value;

/// Whether the exchange `m` starts gains at least `threshold` for the side to move.
pub fn see_ge<R: Rules>(pos: &Position<R>, m: Move, threshold: i32) -> bool {
    if m.kind() == MoveKind::Castle {
        return threshold <= 0;
    }
    let board = pos.board();
    let (from, to) = (m.from(), m.to());
    let captured = match m.kind() {
        MoveKind::EnPassant => see_value(Role::Pawn),
        _ => board.role_at(to).map_or(0, see_value),
    };
    let moved = board.role_at(from).expect("a piece on the from-square");
    let promotion_gain = m
        .promotion()
        .map_or(0, |r| see_value(r) - see_value(Role::Pawn));
    // What the side to move is ahead after its capture, if nothing more happens.
    let gain = captured + promotion_gain - threshold;
    if gain < 0 {
        return false;
    }
    // `swap`: what the opponent wins back by taking the capturer and stopping there.
    let mut swap = m.promotion().map_or(see_value(moved), see_value) - gain;
    if swap <= 0 {
        return true;
    }

    let mut occupied = board.occupied().without(from).with(to);
    if m.kind() == MoveKind::EnPassant {
        occupied = occupied.without(Square::from_coords(to.file(), from.rank()));
    }
    let diagonal = board.diagonal_sliders();
    let straight = board.straight_sliders();
    let mut attackers = all_attackers(pos, to, occupied);
    let mut side = pos.turn();
    // Flips with each recapture: whether the side to move at the root comes out ahead.
    let mut ahead = true;
    loop {
        side = side.other();
        attackers &= occupied;
        let theirs = attackers & board.by_color(side);
        let Some((role, sq)) = least_valuable(pos, theirs) else {
            break;
        };
        ahead = !ahead;
        if role == Role::King {
            // A king may only take last: if the other side still attacks, it cannot.
            return if (attackers & !board.by_color(side)).any() {
                !ahead
            } else {
                ahead
            };
        }
        swap = see_value(role) - swap;
        if swap < i32::from(ahead) {
            break;
        }
        occupied = occupied.without(sq);
        // Sliders behind the capturer join in.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    ahead
}

fn all_attackers<R: Rules>(pos: &Position<R>, sq: Square, occupied: Bitboard) -> Bitboard {
    let board = pos.board();
    board.attackers(sq, Color::White, occupied) | board.attackers(sq, Color::Black, occupied)
}

fn least_valuable<R: Rules>(pos: &Position<R>, set: Bitboard) -> Option<(Role, Square)> {
    let board = pos.board();
    [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .into_iter()
    .find_map(|role| (set & board.by_role(role)).first().map(|sq| (role, sq)))
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Chess, fen, uci};

    use super::*;

    fn see_at(fen_text: &str, uci_move: &str, threshold: i32) -> bool {
        let pos: Position<Chess> = fen::parse_position(fen_text).unwrap();
        let m = uci::parse_move(&pos, uci_move).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn undefended_piece_is_won_whole() {
        let fen = "4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1";
        assert!(see_at(fen, "d1d5", 500));
        assert!(!see_at(fen, "d1d5", 501));
    }

    #[test]
    fn defended_pawn_taken_by_queen_loses() {
        let fen = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!see_at(fen, "d1d5", 0));
        assert!(see_at(fen, "d1d5", -900));
    }

    #[test]
    fn x_ray_recapture_counts() {
        // Rook takes a knight defended by a rook, our second rook behind the first.
        let fen = "3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1";
        assert!(see_at(fen, "d2d5", 320));
        let fen_without = "3rk3/8/8/3n4/8/8/3R4/4K3 w - - 0 1";
        assert!(!see_at(fen_without, "d2d5", 1));
        assert!(see_at(fen_without, "d2d5", 320 - 500));
    }

    #[test]
    fn quiet_move_to_an_attacked_square() {
        let fen = "4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1";
        assert!(
            !see_at(fen, "d1d4", 0),
            "the queen walks into a pawn's capture"
        );
        assert!(see_at(fen, "d1d3", 0));
    }
}
