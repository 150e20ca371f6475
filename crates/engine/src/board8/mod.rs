//! The 8x8 games (2017 and folk Mongolian chess, FIDE chess) for the search: move keys,
//! static exchange evaluation, the null move and the move-count draw. The evaluation is
//! in [`eval`], with weights per ruleset.

pub mod eval;
mod see;

use shatar_rules::{Bitboard, DrawRules, Move, MoveKind, MoveList, Position, Role, Rules, attacks};

use crate::position::SearchPosition;
use eval::bits::pawn_attacks;

/// Piece values for move ordering and SEE (not the evaluation's tuned values).
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 320,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 20_000,
    }
}

/// The squares the enemy attacks with pawns, with minor pieces or cheaper, and with rooks
/// or cheaper.
#[derive(Clone, Copy)]
pub struct Threats {
    by_pawn: Bitboard,
    by_minor: Bitboard,
    by_rook: Bitboard,
}

/// Where a move of ours gives check: the squares from which each role (pawn to queen)
/// attacks the enemy king, and our pieces that alone stand between one of our sliders
/// and it, so that their leaving the line uncovers a check.
#[derive(Clone, Copy)]
pub struct CheckInfo {
    king: Option<shatar_rules::Square>,
    squares: [Bitboard; 5],
    uncovering: Bitboard,
}

impl CheckInfo {
    fn new<R: Rules>(pos: &Position<R>) -> CheckInfo {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(us.other()) else {
            return CheckInfo {
                king: None,
                squares: [Bitboard::EMPTY; 5],
                uncovering: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let diagonal = attacks::bishop_attacks(king, occupied);
        let straight = attacks::rook_attacks(king, occupied);
        let uncovering = board.lone_blockers(
            king,
            board.straight_sliders() & ours,
            board.diagonal_sliders() & ours,
        ) & ours;
        CheckInfo {
            king: Some(king),
            squares: [
                attacks::pawn_attacks(us.other(), king),
                attacks::knight_attacks(king),
                diagonal,
                straight,
                diagonal | straight,
            ],
            uncovering,
        }
    }
}

/// What moving a piece out of a cheaper attacker's reach is worth in the ordering, and
/// what moving one into it costs (as Stockfish's picker from version 16).
fn threat_bonus<R: Rules>(pos: &Position<R>, m: Move, threats: &Threats) -> i32 {
    let (cheaper, value) = match pos.board().role_at(m.from()) {
        Some(Role::Queen) => (threats.by_rook, 50_000),
        Some(Role::Rook) => (threats.by_minor, 25_000),
        Some(Role::Knight | Role::Bishop) => (threats.by_pawn, 15_000),
        _ => return 0,
    };
    if cheaper.contains(m.to()) {
        -value
    } else if cheaper.contains(m.from()) {
        value
    } else {
        0
    }
}

/// 2017 art. 9.3: fifty moves of each side without a pawn move or a capture.
const FIFTY_MOVES_PLIES: u32 = 100;

impl<R: Rules> SearchPosition for Position<R> {
    /// Piece (colour is the table's side) by destination.
    const MOVE_KEYS: usize = 6 * 64;

    type CheckInfo = CheckInfo;

    fn check_info(&self) -> CheckInfo {
        CheckInfo::new(self)
    }

    /// Exact without playing the move for most moves, two bit tests: the piece lands on a
    /// square its role checks from (the square it leaves cannot be on that line: the
    /// enemy would be in check already), or it uncovers a slider by leaving the line.
    /// Promotions, castling and en passant, rare and changing more than one piece, are
    /// played.
    #[inline]
    fn gives_check_with(&self, m: Move, info: &CheckInfo) -> bool {
        let Some(king) = info.king else {
            return false;
        };
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep) {
            let mut next = *self;
            next.play_unchecked(m);
            return next.is_check();
        }
        let (from, to) = (m.from(), m.to());
        let direct = match self.board().role_at(from) {
            Some(Role::King) | None => false,
            Some(role) => info.squares[role.index()].contains(to),
        };
        direct || (info.uncovering.contains(from) && !attacks::line(from, king).contains(to))
    }

    type Threats = Threats;

    fn threats(&self) -> Threats {
        let board = self.board();
        let them = self.turn().other();
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        let by_pawn = Bitboard(pawn_attacks(them, (board.pawns() & theirs).0));
        let mut by_minor = by_pawn;
        for sq in board.knights() & theirs {
            by_minor |= attacks::knight_attacks(sq);
        }
        for sq in board.bishops() & theirs {
            by_minor |= attacks::bishop_attacks(sq, occupied);
        }
        let mut by_rook = by_minor;
        for sq in board.rooks() & theirs {
            by_rook |= attacks::rook_attacks(sq, occupied);
        }
        Threats {
            by_pawn,
            by_minor,
            by_rook,
        }
    }

    /// Stockfish's bonuses (its move picker, from version 15): a check; a queen that a
    /// rook or anything cheaper attacks, a rook that a minor piece or pawn attacks, a
    /// minor piece that a pawn attacks, moved out of such attacks; less the same for one
    /// moved into them.
    #[inline]
    fn quiet_bonus(&self, m: Move, threats: &Threats, gives_check: impl FnOnce() -> bool) -> i32 {
        let check = if gives_check() { 16_384 } else { 0 };
        check + threat_bonus(self, m, threats)
    }

    #[inline]
    fn move_key(&self, m: Move) -> usize {
        let role = self.board().role_at(m.from()).map_or(0, |r| r.index());
        role * 64 + m.to().index()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    type EvalCache = eval::EvalCache;

    #[inline]
    fn evaluate_cached(&self, cache: &mut eval::EvalCache) -> i32 {
        eval::evaluate_cached(self, cache)
    }

    /// Exact: the node's check information, worked out for this one move.
    fn gives_check(&self, m: Move) -> bool {
        self.gives_check_with(m, &self.check_info())
    }

    #[inline]
    fn tactical_moves(&self) -> MoveList {
        Position::tactical_moves(self)
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        m.promotion().is_some() || shatar_rules::GamePosition::is_capture(self, m)
    }

    #[inline]
    fn tactical_order(&self, m: Move) -> i32 {
        let board = self.board();
        let victim = match m.kind() {
            MoveKind::EnPassant => see_value(Role::Pawn),
            _ => board
                .role_at(m.to())
                .filter(|_| board.color_at(m.to()) != Some(self.turn()))
                .map_or(0, see_value),
        };
        let attacker = board.role_at(m.from()).map_or(0, see_value);
        let promotion = m
            .promotion()
            .map_or(0, |r| see_value(r) - see_value(Role::Pawn));
        // Victims first, by value; among them the cheapest attacker (attacker / 64 keeps
        // the order within one victim class).
        8 * (victim + promotion) - attacker / 64
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see::see_ge(self, m, threshold)
    }

    #[inline]
    fn null_move_allowed(&self) -> bool {
        let board = self.board();
        let ours = board.by_color(self.turn());
        let pieces = ours & !(board.pawns() | board.kings());
        pieces.any() && self.can_pass()
    }

    #[inline]
    fn play_null(&mut self) {
        Position::play_null(self)
    }

    #[inline]
    fn is_draw_by_rule(&self) -> bool {
        (R::DRAW_RULES == DrawRules::ClaimsAndAutomatic && self.halfmoves() >= FIFTY_MOVES_PLIES)
            || self.is_dead_position()
            // The 8x8 games' own ends are all draws (folk ⑤, the bare king).
            || R::variant_end(self).is_some()
    }
}

#[cfg(test)]
mod tests {
    use shatar_rules::{Chess, Mongolian, fen};

    use super::*;

    /// Every legal move of `pos`: both check tests before playing (alone, and with the
    /// node's check information) against the position after.
    fn assert_check_test_agrees<R: Rules>(pos: &Position<R>) -> usize {
        let mut checks = 0;
        let info = pos.check_info();
        for &m in pos.legal_moves().iter() {
            let mut next = *pos;
            next.play_unchecked(m);
            assert_eq!(pos.gives_check(m), next.is_check(), "{m:?} in {pos:?}");
            assert_eq!(
                pos.gives_check_with(m, &info),
                next.is_check(),
                "{m:?} in {pos:?}, with the node's check information"
            );
            checks += usize::from(next.is_check());
        }
        assert_picker_knows_checks(pos);
        checks
    }

    /// The picker's cached answer for each move it hands out is the check test's, before
    /// and after the quiet moves that give no check are dropped (which keeps every check).
    fn assert_picker_knows_checks<R: Rules>(pos: &Position<R>) {
        use crate::history::{Context, Tables};
        use crate::picker::{MovePicker, Selection, Stage};
        let tables = Tables::new(Position::<R>::MOVE_KEYS);
        let ctx = Context::default();
        let legal = pos.legal_moves();
        let table_move = legal.first().copied();
        let mut picker = MovePicker::new(pos, &legal, table_move, [None; 3], Selection::All);
        let mut handed_out = std::vec::Vec::new();
        while let Some(m) = picker.next(pos, &tables, &ctx) {
            let stage = picker.stage();
            assert_eq!(
                picker.last_gives_check(pos),
                pos.gives_check(m),
                "{m:?} in {pos:?}"
            );
            handed_out.push(m);
            if handed_out.len() == 4 {
                picker.drop_quiets_but_checks(pos);
            }
            if handed_out.len() > 4 && matches!(stage, Stage::Killers | Stage::Quiet) {
                assert!(pos.gives_check(m), "{m:?} kept in {pos:?}");
            }
        }
        for &m in legal.iter().filter(|&&m| pos.gives_check(m)) {
            assert!(handed_out.contains(&m), "check {m:?} dropped in {pos:?}");
        }
    }

    /// Random games, captures preferred so that lines open and checks become common.
    fn random_games<R: Rules>(seed: u64) -> usize {
        let mut rng = crate::test_rng::Lcg(seed);
        let mut checks = 0;
        for _game in 0..30 {
            let mut pos = Position::<R>::new();
            for _ply in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                checks += assert_check_test_agrees(&pos);
                let captures = pos.tactical_moves();
                let m = if !captures.is_empty() && rng.below(3) > 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.play_unchecked(m);
            }
        }
        checks
    }

    #[test]
    fn escaping_a_cheaper_attacker_orders_a_quiet_move_first() {
        // The rook on a8 attacks the queen, the pawn on d5 the knight.
        let pos: Position<Chess> =
            fen::parse_position("r3k3/8/8/Q2p4/4N3/8/8/4K3 w - - 0 1").unwrap();
        let threats = pos.threats();
        let bonus = |text: &str| {
            let m = shatar_rules::uci::parse_move(&pos, text).unwrap();
            threat_bonus(&pos, m, &threats)
        };
        assert_eq!(bonus("a5b5"), 50_000, "the queen out of the rook's reach");
        assert_eq!(bonus("a5a6"), -50_000, "still on the rook's file");
        assert_eq!(bonus("a5d8"), -50_000, "onto the rook's rank");
        assert_eq!(bonus("e4c3"), 15_000, "the knight out of the pawn's reach");
        assert_eq!(bonus("e1e2"), 0, "the king is not threatened");
        let check = shatar_rules::uci::parse_move(&pos, "a5d8").unwrap();
        assert_eq!(
            pos.quiet_bonus(check, &threats, || pos.gives_check(check)),
            16_384 - 50_000,
            "a check, onto the rook's rank"
        );
    }

    #[test]
    fn the_check_test_agrees_with_playing_the_move() {
        assert!(random_games::<Mongolian>(0x5eed) > 200);
        assert!(random_games::<Chess>(0xc0ffee) > 200);
        // Chess's special moves: castling with the rook's check, en passant opening the
        // rank to the king, promotions that check or do not. Then uncovered checks: a
        // king that leaves its rook's rank or walks along it, a pawn whose step stays on
        // its rook's file (the queen's checks are the position's others).
        for fen_text in [
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1",
            "3k4/1P6/8/8/8/8/8/K7 w - - 0 1",
            "8/8/8/8/8/8/8/R1K4k w - - 0 1",
            "4k3/8/8/8/8/4P3/7Q/K3R3 w - - 0 1",
        ] {
            let pos: Position<Chess> = fen::parse_position(fen_text).unwrap();
            assert!(assert_check_test_agrees(&pos) >= 1, "{fen_text}");
        }
    }
}
