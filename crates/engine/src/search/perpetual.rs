//! The perpetual check ruling on a repetition found inside the search (Xiangqi, AXF 2008:
//! the side that checks on every move of the cycle loses, unless the other side also
//! does). Only checks are judged: perpetual chase, which the AXF rulings also forbid, is
//! out of scope here and such a repetition still scores as a draw (the rules crate rules
//! on it once the game itself repeats). A cycle that reaches back into the game before the
//! root is ruled on too when the caller says which earlier positions were in check
//! ([`History::with_checks`](crate::History::with_checks)).

use crate::score::{DRAW, RULED_WIN, Value};

/// The value, for the side to move, of a repetition whose cycle's moves gave check or
/// not as `checks` says, oldest first: the last one is the opponent's move into the
/// current position, the one before it ours, and so on.
///
/// The losing side gets [`RULED_WIN`] against it, not a mate score: see its comment.
pub(super) fn ruling(checks: &[bool]) -> Value {
    let theirs_all_check = checks.iter().rev().step_by(2).all(|&c| c);
    let ours_all_check = checks.iter().rev().skip(1).step_by(2).all(|&c| c);
    match (ours_all_check, theirs_all_check) {
        (false, true) => RULED_WIN,
        (true, false) => -RULED_WIN,
        // Both sides checked throughout, or neither did: a draw.
        _ => DRAW,
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use core::sync::atomic::AtomicBool;

    use shatar_rules::Chess;
    use shatar_rules::xiangqi::{self, fen, iccs};

    use super::*;
    use crate::limits::{Clock, Limits};
    use crate::position::SearchPosition;
    use crate::search::{Control, Engine, History, Line};

    #[test]
    fn the_side_that_always_checks_loses() {
        // Our moves are the 1st and 3rd, theirs the 2nd and 4th.
        assert_eq!(ruling(&[false, true, false, true]), RULED_WIN);
        assert_eq!(ruling(&[true, false, true, false]), -RULED_WIN);
        assert_eq!(ruling(&[true, false, true, false, true, false]), -RULED_WIN);
    }

    #[test]
    fn mutual_checks_or_one_quiet_move_draw() {
        assert_eq!(ruling(&[true, true, true, true]), DRAW);
        assert_eq!(ruling(&[false, false, false, false]), DRAW);
        // One of the checker's moves was quiet: not a perpetual check.
        assert_eq!(ruling(&[false, true, false, false]), DRAW);
    }

    struct Frozen;
    impl Clock for Frozen {
        fn now_ms(&self) -> u64 {
            0
        }
    }

    /// The best line of a fixed-depth search of `pos` from a fresh engine.
    fn best_line<'h, P: SearchPosition>(pos: &P, history: impl Into<History<'h>>, depth: u32) -> Line<P::Move> {
        let mut engine = Engine::<P>::new(4);
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let control = Control { clock: &Frozen, stop: &stop, report: &mut |_| {} };
        engine.search(pos, history, &limits, control).lines.swap_remove(0)
    }

    /// Plays the cycle `moves` (ICCS) from `root` by the rules, checking that the checker's
    /// moves (every other one, from the `checker_first`) give check and that each of the
    /// other side's is its only legal move, and that the cycle comes back to `root`.
    /// Returns the hashes of the positions the cycle went through, `root` first.
    fn forced_cycle(root: &xiangqi::Position, moves: &[&str], checker_first: bool) -> Vec<u64> {
        let mut pos = *root;
        let mut hashes = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            hashes.push(pos.hash());
            let m = iccs::parse_legal(&pos, text).unwrap();
            if (i % 2 == 0) == checker_first {
                pos.play(m).unwrap();
                assert!(pos.is_check(), "{text} checks");
            } else {
                assert_eq!(pos.legal_moves().as_slice(), [m], "{text} is forced");
                pos.play(m).unwrap();
            }
        }
        assert_eq!(pos.hash(), root.hash(), "the cycle repeats the root");
        hashes
    }

    #[test]
    fn xiangqi_perpetual_check_no_longer_saves_the_checker() {
        // Red is a cannon and a horse down, for a soldier; its chariot can check the black
        // general back and forth between d9 and e9 (the soldier on f8 guards f9 and e8)
        // for ever. Scored as a draw, that was Red's best line (value 0, e5d5 first); as a
        // loss, Red prefers to play on with less material: a value between the two.
        let root = fen::parse_position("3k5/5P3/9/9/4R4/9/r8/7c1/8n/5K3 w - - 0 1").unwrap();
        forced_cycle(&root, &["e5d5", "d9e9", "d5e5", "e9d9"], true);
        let line = best_line(&root, &[], 8);
        assert!(line.value > -RULED_WIN && line.value < -300, "value {}", line.value);
    }

    /// Black's only move escapes the chariot's check; Red, mated by g3g0 (the soldiers on
    /// d1 and e1 hold the red general) unless it goes on checking, must check for ever.
    const FORCED_CHECKER: &str = "3k5/5P3/9/9/3R5/9/6r2/9/3pp4/5K3 b - - 4 3";
    const FORCED_CYCLE: [&str; 4] = ["d9e9", "d5e5", "e9d9", "e5d5"];

    #[test]
    fn xiangqi_forced_perpetual_check_wins_for_the_other_side() {
        // Scored as a draw this was 0; now the engine plays into it as a win.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        forced_cycle(&root, &FORCED_CYCLE, false);
        let line = best_line(&root, &[], 8);
        assert_eq!(line.value, RULED_WIN);
        assert_eq!(line.pv[0].to_string(), "d9e9");
    }

    #[test]
    fn xiangqi_cycle_reaching_into_the_history_stays_a_draw() {
        // The same position, but the game has already been round the cycle: the first
        // move repeats a position from before the root, whose checks the search is not
        // told, so it scores as a plain repetition.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let history = forced_cycle(&root, &FORCED_CYCLE, false);
        assert_eq!(best_line(&root, &history, 8).value, DRAW);
    }

    #[test]
    fn xiangqi_cycle_reaching_into_the_history_is_ruled_when_its_checks_are_known() {
        // The same game, now with each earlier position's check: the cycle that began
        // before the root shows Red checking on every move, so Black repeats it to win.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let history = forced_cycle(&root, &FORCED_CYCLE, false);
        let mut pos = root;
        let mut checks = Vec::new();
        for text in FORCED_CYCLE {
            checks.push(pos.is_check());
            pos.play(iccs::parse_legal(&pos, text).unwrap()).unwrap();
        }
        assert_eq!(checks, [true, false, true, false]);
        let line = best_line(&root, History::with_checks(&history, &checks), 8);
        assert_eq!((line.value, line.pv[0].to_string()), (RULED_WIN, "d9e9".to_string()));
        // The checks of another length than the hashes are ignored: a plain repetition.
        assert_eq!(best_line(&root, History::with_checks(&history, &checks[1..]), 8).value, DRAW);
    }

    #[test]
    fn chess_perpetual_check_is_still_a_draw() {
        // White, facing the rooks' mate on the first rank, checks for ever: Qe8+ Kh7 Qh5+
        // Kg8. The same cycle in Xiangqi would lose; in the 8x8 games it draws.
        let root: shatar_rules::Position<Chess> =
            shatar_rules::fen::parse_position("6k1/6p1/n7/8/8/rr6/5PPP/4Q2K w - - 0 1").unwrap();
        let line = best_line(&root, &[], 8);
        assert_eq!(line.value, DRAW);
        assert_eq!(line.pv[0].to_string(), "e1e8");
    }
}
