//! Xiangqi for the search: move keys, the evaluation ([`eval`]), static exchange
//! evaluation, the null move, the natural move limit, and the repetition rulings.
//!
//! A repetition on the search path is judged as the game's record judges one
//! ([`SearchPosition::repetition_value`]): the rules crate's rulings over the cycle, under
//! the AXF 2008 text ([`REPETITION_RULES`]), so the side that checks perpetually loses it
//! (whatever the other side does, unless it checks perpetually too), and the side that
//! chases perpetually loses it while the other's moves are allowed. A cycle reaching back
//! into the game before the root is judged when the caller gave the game's positions and
//! moves ([`History::Game`](crate::History::Game)), and is a draw otherwise.

pub mod eval;
mod see;

use shatar_rules::xiangqi::record::NATURAL_MOVE_LIMIT;
use shatar_rules::xiangqi::{
    HORSE, Move, MoveList, Piece, Position, RepetitionRules, Role, Square, Verdict, rulings,
};

use crate::position::Cycle;
use crate::position::SearchPosition;
use crate::score::{DRAW, RULED_WIN, Value};

/// The text the search judges repetitions by: the default of the rules crate, which the
/// worker's and the UCI binary's records use too.
pub const REPETITION_RULES: RepetitionRules = RepetitionRules::Axf2008;

/// The value, for the side to move, of a repeated cycle: `positions` from the one repeated
/// on, each with its move in `moves`, the last coming back to the first position. The
/// record's own call to the rulings; public for the tuner's wrapper positions.
pub fn repetition_value(positions: &[Position], moves: &[Move]) -> Value {
    let Some(first) = positions.first() else {
        return DRAW;
    };
    match rulings::judge(positions, moves, REPETITION_RULES).verdict {
        Verdict::Draw => DRAW,
        Verdict::Loses(loser) if loser == first.turn() => -RULED_WIN,
        Verdict::Loses(_) => RULED_WIN,
    }
}

/// Piece values for move ordering and SEE (not the evaluation's): the usual values, a
/// soldier across the river counting double.
pub fn see_value(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::Soldier if eval::crossed_river(piece.color, sq) => 200,
        Role::Soldier => 100,
        Role::Advisor | Role::Elephant => 200,
        Role::Horse => 400,
        Role::Cannon => 450,
        Role::Chariot => 900,
        // Taking the general ends the game: no exchange goes on after it.
        Role::General => 20_000,
    }
}

impl SearchPosition for Position {
    /// Role (colour is the table's side) by destination.
    const MOVE_KEYS: usize = 7 * 90;

    /// Not tried in Xiangqi yet (the 8x8 games' bonuses were tested in 2017 games): its
    /// quiet moves go by their histories alone.
    /// Xiangqi's own test rules out most moves without an attack test.
    type CheckInfo = ();

    fn check_info(&self) {}

    #[inline]
    fn gives_check_with(&self, m: Move, _info: &()) -> bool {
        self.gives_check(m)
    }

    type Threats = ();

    fn threats(&self) {}

    fn quiet_bonus(&self, _m: Move, _threats: &(), _gives_check: impl FnOnce() -> bool) -> i32 {
        0
    }

    #[inline]
    fn move_key(&self, m: Move) -> usize {
        let role = self.board().piece_at(m.from).map_or(0, |p| p.role.index());
        role * 90 + m.to.index()
    }

    /// Only a move from or to the enemy general's file or rank, from the leg of a horse
    /// that would check it, or of a horse to a point it checks from can give check: the
    /// rest (most moves) need no attack test. A capture leaves its point occupied, so it
    /// opens nothing there.
    #[inline]
    fn gives_check(&self, m: Move) -> bool {
        let general = self.general(self.turn().other());
        let on_lines = |s: Square| s.file() == general.file() || s.rank() == general.rank();
        let beside_diagonally = |s: Square| {
            let (df, dr) = (
                s.file().index().abs_diff(general.file().index()),
                s.rank().index().abs_diff(general.rank().index()),
            );
            df == 1 && dr == 1
        };
        let horse_checks_from = |s: Square| HORSE[general.index()].iter().any(|(to, _)| to == s);
        let may_check = on_lines(m.from)
            || on_lines(m.to)
            || beside_diagonally(m.from)
            || (self
                .board()
                .piece_at(m.from)
                .is_some_and(|p| p.role == Role::Horse)
                && horse_checks_from(m.to));
        may_check && {
            let mut next = *self;
            next.play_unchecked(m);
            next.is_check()
        }
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    /// Nothing yet: Xiangqi's evaluation has no imbalance term.
    type EvalCache = ();

    #[inline]
    fn evaluate_cached(&self, _cache: &mut ()) -> i32 {
        eval::evaluate(self)
    }

    fn tactical_moves(&self) -> MoveList {
        self.legal_captures()
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        // Nothing promotes: only captures.
        self.is_capture(m)
    }

    #[inline]
    fn tactical_order(&self, m: Move) -> i32 {
        let board = self.board();
        let victim = board.piece_at(m.to).map_or(0, |p| see_value(p, m.to));
        let attacker = board
            .piece_at(m.from)
            .map_or(0, |p| see_value(p, m.from).min(1000));
        // Victims first, by value; among them the cheapest attacker (attacker / 64 keeps
        // the order within one victim class; the general counts as the dearest).
        8 * victim - attacker / 64
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see::see_ge(self, m, threshold)
    }

    fn null_move_allowed(&self) -> bool {
        // Zugzwang guard: with only soldiers, advisors and elephants to move, passing is
        // often the one thing the side could not do.
        let us = self.turn();
        let has_piece = self.board().pieces().any(|(_, p)| {
            p.color == us && matches!(p.role, Role::Chariot | Role::Cannon | Role::Horse)
        });
        has_piece && !self.is_check()
    }

    fn play_null(&mut self) {
        // The rules crate keeps its pass (`Position::passed`) to itself; the same position
        // is rebuilt from its setup with the other side to move. Sound because the side
        // passing is not in check (see `null_move_allowed`).
        let mut setup = self.to_setup();
        setup.turn = setup.turn.other();
        *self = Position::from_setup(setup).expect("passing out of check leaves a legal position");
    }

    fn is_draw_by_rule(&self) -> bool {
        // AXF 2008 ch. 2 §8: 100 plies without a capture. The rule lets the claimant's
        // checks beyond ten not count, which needs the game's history (`Record`); the search
        // sees only the plies, so it may call a long checking sequence drawn a little early.
        self.halfmoves() >= NATURAL_MOVE_LIMIT
    }

    fn repetition_value(cycle: &Cycle<'_, Self>) -> Value {
        cycle.replay().map_or(DRAW, |(positions, moves)| {
            repetition_value(&positions, &moves)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::format;
    use std::string::{String, ToString};
    use std::vec::Vec;

    use shatar_rules::xiangqi::fen;

    use super::*;

    #[test]
    fn a_pass_changes_only_the_side_to_move() {
        let mut pos = Position::new();
        assert!(pos.null_move_allowed());
        let before = pos;
        pos.play_null();
        assert_eq!(
            (pos.turn(), pos.board(), pos.halfmoves()),
            (before.turn().other(), before.board(), 0)
        );
        assert_eq!(pos.hash(), pos.hash_from_scratch());
        assert_ne!(pos.hash(), before.hash());
    }

    #[test]
    fn no_pass_in_check_or_without_pieces_that_attack() {
        // Black is in check from the soldier on e8.
        let checked = fen::parse_position("4k4/4P4/9/9/9/9/9/9/4A4/3AK1R2 b").unwrap();
        assert!(checked.is_check() && !checked.null_move_allowed());
        let soldiers_only = fen::parse_position("4k4/9/9/9/9/p8/9/9/4A4/3AK1R2 b").unwrap();
        assert!(!soldiers_only.null_move_allowed());
    }

    #[test]
    fn the_natural_move_limit_draws_inside_the_search() {
        let fen = |plies: u32| format!("3k5/9/9/9/9/9/9/9/9/4K1R2 w - - {plies} 60");
        assert!(!fen::parse_position(&fen(99)).unwrap().is_draw_by_rule());
        assert!(fen::parse_position(&fen(100)).unwrap().is_draw_by_rule());
    }

    #[test]
    fn the_check_filter_agrees_with_playing_the_move() {
        // Random games with captures preferred, so they reach open boards with horses and
        // cannons near the generals; every move of every position compared.
        let mut rng = crate::test_rng::Lcg(0x5eed_u64);
        let (mut tested, mut checks) = (0, 0);
        for _game in 0..40 {
            let mut pos = Position::new();
            for _ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter() {
                    let mut next = pos;
                    next.play_unchecked(m);
                    assert_eq!(pos.gives_check(m), next.is_check(), "{m} in {pos}");
                    tested += 1;
                    checks += usize::from(next.is_check());
                }
                let captures = pos.legal_captures();
                let m = if !captures.is_empty() && rng.below(2) == 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.play_unchecked(m);
            }
        }
        assert!(
            tested > 100_000 && checks > 1_000,
            "{tested} moves, {checks} checks"
        );
    }

    #[test]
    fn captures_are_ordered_by_victim_then_attacker() {
        // The red soldier can take the black cannon, the red chariot a black soldier.
        let pos = fen::parse_position("3k5/9/9/9/4c4/4P1p2/9/9/9/5KR2 w").unwrap();
        let order = |s: &str| {
            pos.tactical_order(shatar_rules::xiangqi::iccs::parse_legal(&pos, s).unwrap())
        };
        assert!(order("e4e5") > order("g0g4"));
        let captures: Vec<String> = pos.tactical_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(captures, ["g0g4", "e4e5"]);
    }
}
