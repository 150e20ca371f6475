//! The search's repetitions ruled by the game ([`crate::position::Cycle`]): tests.

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use core::sync::atomic::AtomicBool;

    use shatar_rules::xiangqi::{self, RepetitionRules, Ruling, Verdict, fen, iccs, rulings};
    use shatar_rules::{Chess, Color};

    use crate::limits::{Clock, Limits};
    use crate::position::Cycle;
    use crate::position::SearchPosition;
    use crate::score::{DRAW, RULED_WIN, Value};
    use crate::search::{Control, Engine, History, Line};

    struct Frozen;
    impl Clock for Frozen {
        fn now_ms(&self) -> u64 {
            0
        }
    }

    /// The best line of a fixed-depth search of `pos` from a fresh engine.
    fn best_line<'h, P: SearchPosition>(
        pos: &P,
        history: impl Into<History<'h, P>>,
        depth: u32,
    ) -> Line<P::Move> {
        let mut engine = Engine::<P>::new(4);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let control = Control {
            clock: &Frozen,
            stop: &stop,
            report: &mut |_| {},
        };
        engine
            .search(pos, history, &limits, control)
            .lines
            .swap_remove(0)
    }

    fn first_move<M: ToString>(line: &Line<M>) -> String {
        line.pv[0].to_string()
    }

    /// Plays `moves` (ICCS) from `start` by the rules: the positions before each move, the
    /// moves, and the position reached.
    fn play(
        start: &xiangqi::Position,
        moves: &[&str],
    ) -> (
        Vec<xiangqi::Position>,
        Vec<xiangqi::Move>,
        xiangqi::Position,
    ) {
        let mut pos = *start;
        let (mut positions, mut played) = (Vec::new(), Vec::new());
        for text in moves {
            let m =
                iccs::parse_legal(&pos, text).unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
            positions.push(pos);
            played.push(m);
            pos.play(m).unwrap();
        }
        (positions, played, pos)
    }

    /// The rules crate's ruling on the cycle `moves` from `root`, as the game record calls
    /// it, after checking that the cycle comes back to `root`.
    fn judged(root: &xiangqi::Position, moves: &[&str]) -> Ruling {
        let (positions, played, end) = play(root, moves);
        assert!(
            end.same_placement(root) && end.turn() == root.turn(),
            "the cycle repeats the root"
        );
        rulings::judge(&positions, &played, RepetitionRules::Axf2008)
    }

    /// What the game rules on the cycle `moves` from `root` when the search meets it
    /// within its own tree: `root` at ply 0, its repetition at the end of the moves.
    fn cycle_value<P: SearchPosition>(root: &P, moves: &[P::Move]) -> Value {
        let path: Vec<Option<P::Move>> = moves.iter().copied().map(Some).collect();
        let cycle = Cycle {
            root,
            path: &path,
            earlier: &[],
            earlier_moves: &[],
            plies: moves.len(),
        };
        P::repetition_value(&cycle)
    }

    fn iccs_moves(root: &xiangqi::Position, moves: &[&str]) -> Vec<xiangqi::Move> {
        play(root, moves).1
    }

    /// Plays the cycle `moves` (ICCS) from `root` by the rules, checking that the checker's
    /// moves (every other one, from the `checker_first`) give check and that each of the
    /// other side's is its only legal move, and that the cycle comes back to `root`.
    /// Returns the positions the cycle went through, `root` first, and its moves.
    fn forced_cycle(
        root: &xiangqi::Position,
        moves: &[&str],
        checker_first: bool,
    ) -> (Vec<xiangqi::Position>, Vec<xiangqi::Move>) {
        let mut pos = *root;
        let (mut positions, mut played) = (Vec::new(), Vec::new());
        for (i, text) in moves.iter().enumerate() {
            positions.push(pos);
            let m = iccs::parse_legal(&pos, text).unwrap();
            played.push(m);
            if (i % 2 == 0) == checker_first {
                pos.play(m).unwrap();
                assert!(pos.is_check(), "{text} checks");
            } else {
                assert_eq!(pos.legal_moves().as_slice(), [m], "{text} is forced");
                pos.play(m).unwrap();
            }
        }
        assert_eq!(pos.hash(), root.hash(), "the cycle repeats the root");
        (positions, played)
    }

    fn hashes(positions: &[xiangqi::Position]) -> Vec<u64> {
        positions.iter().map(|p| p.hash()).collect()
    }

    /// Black's only move escapes the chariot's check; Red, mated by g3g0 (the soldiers on
    /// d1 and e1 hold the red general) unless it goes on checking, must check for ever.
    const FORCED_CHECKER: &str = "3k5/5P3/9/9/3R5/9/6r2/9/3pp4/5K3 b - - 4 3";
    const FORCED_CYCLE: [&str; 4] = ["d9e9", "d5e5", "e9d9", "e5d5"];

    #[test]
    fn the_side_that_always_checks_loses() {
        // Black to move, Red checking on its moves (the 2nd and 4th): Black wins the cycle.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        assert_eq!(
            cycle_value(&root, &iccs_moves(&root, &FORCED_CYCLE)),
            RULED_WIN
        );
        // The same cycle from Red's move on: Red, to move, loses it.
        let (_, _, red_to_move) = play(&root, &FORCED_CYCLE[..1]);
        let rotated = ["d5e5", "e9d9", "e5d5", "d9e9"];
        assert_eq!(
            cycle_value(&red_to_move, &iccs_moves(&red_to_move, &rotated)),
            -RULED_WIN
        );
    }

    #[test]
    fn mutual_checks_or_idle_moves_draw() {
        // AXF 2: each check answered by a counter-check.
        let root = fen::parse_position("9/4ck3/4r4/9/9/5C3/9/9/4KR3/9 w").unwrap();
        let cycle = ["f4e4", "e7f7", "e4f4", "f7e7"];
        assert_eq!(judged(&root, &cycle).verdict, Verdict::Draw);
        assert_eq!(cycle_value(&root, &iccs_moves(&root, &cycle)), DRAW);
        // Generals walking back and forth.
        let root = fen::parse_position("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert_eq!(
            cycle_value(&root, &iccs_moves(&root, &["e0e1", "d9d8", "e1e0", "d8d9"])),
            DRAW
        );
    }

    #[test]
    fn a_cycle_through_a_pass_is_not_judged() {
        // The perpetual check of `FORCED_CHECKER`, with one of Black's moves a null move
        // of the search: no game move to judge it by, so a draw.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let moves = iccs_moves(&root, &FORCED_CYCLE);
        let path = [Some(moves[0]), Some(moves[1]), None, Some(moves[3])];
        let cycle = Cycle {
            root: &root,
            path: &path,
            earlier: &[],
            earlier_moves: &[],
            plies: 4,
        };
        assert_eq!(cycle.replay(), None);
        assert_eq!(xiangqi::Position::repetition_value(&cycle), DRAW);
    }

    #[test]
    fn a_cycle_is_rebuilt_across_the_root() {
        // Two moves of the cycle before the root, two after it: the replay gives the same
        // positions and moves as playing the cycle through.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let (positions, moves) = forced_cycle(&root, &FORCED_CYCLE, false);
        let (_, _, middle) = play(&root, &FORCED_CYCLE[..2]);
        let path = [Some(moves[2]), Some(moves[3])];
        let cycle = Cycle {
            root: &middle,
            path: &path,
            earlier: &positions[..2],
            earlier_moves: &moves[..2],
            plies: 4,
        };
        assert_eq!(cycle.replay(), Some((positions.clone(), moves.clone())));
        // Reaching further back than the game given: not told.
        let cycle = Cycle { plies: 6, ..cycle };
        assert_eq!(cycle.replay(), None);
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
        assert!(
            line.value > -RULED_WIN && line.value < -300,
            "value {}",
            line.value
        );
    }

    #[test]
    fn xiangqi_forced_perpetual_check_wins_for_the_other_side() {
        // Scored as a draw this was 0; now the engine plays into it as a win.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        forced_cycle(&root, &FORCED_CYCLE, false);
        let line = best_line(&root, &[], 8);
        assert_eq!(line.value, RULED_WIN);
        assert_eq!(first_move(&line), "d9e9");
    }

    #[test]
    fn xiangqi_cycle_reaching_into_the_history_stays_a_draw() {
        // The same position, but the game has already been round the cycle: the first
        // move repeats a position from before the root, which the search knows only by its
        // hash, so it scores as a plain repetition.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let (positions, _) = forced_cycle(&root, &FORCED_CYCLE, false);
        assert_eq!(best_line(&root, &hashes(&positions), 8).value, DRAW);
    }

    #[test]
    fn xiangqi_cycle_reaching_into_the_history_is_ruled_when_its_moves_are_known() {
        // The same game, now with its positions and moves: the cycle that began before the
        // root shows Red checking on every move, so Black repeats it to win.
        let root = fen::parse_position(FORCED_CHECKER).unwrap();
        let (positions, moves) = forced_cycle(&root, &FORCED_CYCLE, false);
        let line = best_line(&root, History::game(&positions, &moves), 8);
        assert_eq!(
            (line.value, first_move(&line)),
            (RULED_WIN, "d9e9".to_string())
        );
        // Moves of another length than the positions are ignored: a plain repetition.
        assert_eq!(
            best_line(&root, History::game(&positions, &moves[1..]), 8).value,
            DRAW
        );
    }

    /// Game 100 of the match against Fairy-Stockfish (100 ms a move), up to 51. a8b8: the
    /// engine, Black, a soldier up but its general exposed, then chased the unprotected red
    /// cannon with its chariot, 51... a7b7 52. b8a8 b7a7 53. a8b8 and so on, and lost by it.
    const MATCH_100_START: &str =
        "r1baka2r/9/1cn1b1n2/pCp1p1p1p/7c1/2P6/P3P1P1P/4B2C1/4A4/RNBAK2NR w - - 8 5";
    const MATCH_100: [&str; 93] = [
        "h0f1", "h5a5", "b0a2", "g6g5", "c4c5", "c6c5", "a3a4", "a5b5", "a2c3", "b5b3", "b6c6",
        "e6e5", "a0a3", "b3b6", "e3e4", "i9h9", "c6d6", "h9h6", "d6d1", "e5e4", "c3e4", "a9b9",
        "d1c1", "c7d5", "g3g4", "g5g4", "a3d3", "g4f4", "d3d5", "f4e4", "d5e5", "h6e6", "e5e6",
        "g7e6", "c1a1", "c5c4", "a1a6", "b6b1", "f1g3", "c4d4", "i0f0", "e6g7", "a4a5", "b7d7",
        "g3f5", "g7f5", "a6e6", "f9e8", "f0f5", "b1b4", "e0f0", "e4f4", "f5h5", "e9f9", "h5h9",
        "f9f8", "h2f2", "f4e4", "e6f6", "e4f4", "f6c6", "f4e4", "c6c8", "e8f9", "h9h8", "f8f7",
        "c8c7", "b9b7", "c7c2", "f9e8", "c2b2", "b4c4", "b2b5", "c4c5", "f0e0", "e7g9", "h8h6",
        "c5a5", "b5f5", "e4f4", "f5g5", "f4e4", "h6f6", "f7e7", "f6e6", "e7f7", "g5g1", "a5a1",
        "g1a1", "b7c7", "a1a8", "c7a7", "a8b8",
    ];
    const CHASE_100: [&str; 4] = ["a7b7", "b8a8", "b7a7", "a8b8"];

    /// The match game up to 51. a8b8, then `more`: the positions before the root and their
    /// moves, and the root.
    fn match_100(
        more: &[&str],
    ) -> (
        Vec<xiangqi::Position>,
        Vec<xiangqi::Move>,
        xiangqi::Position,
    ) {
        let moves: Vec<&str> = MATCH_100.iter().chain(more).copied().collect();
        play(&fen::parse_position(MATCH_100_START).unwrap(), &moves)
    }

    fn loses_by_chase(ruling: &Ruling, loser: Color) {
        assert_eq!(ruling.verdict, Verdict::Loses(loser), "{ruling}");
        assert!(
            ruling
                .to_string()
                .contains("perpetual chase of the unprotected cannon"),
            "{ruling}"
        );
    }

    #[test]
    fn xiangqi_perpetual_chase_no_longer_holds_the_draw() {
        // Scored as a draw, a chase was Black's best line at depth 8 (value 0: a7b7 e6f6
        // f7e7, then the chariot after the cannon on c8 and b8, inside the search); ruled a
        // loss, Black has to play on, worse.
        let (positions, moves, root) = match_100(&[]);
        loses_by_chase(&judged(&root, &CHASE_100), Color::Black);
        let (_, _, red_to_move) = play(&root, &["a7b7", "e6f6", "f7e7"]);
        loses_by_chase(
            &judged(&red_to_move, &["b8c8", "b7c7", "c8b8", "c7b7"]),
            Color::Black,
        );
        let line = best_line(&root, History::game(&positions, &moves), 8);
        assert!(
            line.value > -RULED_WIN && line.value < -50,
            "value {}",
            line.value
        );
    }

    #[test]
    fn xiangqi_opponents_perpetual_chase_wins() {
        // Red to move after 51... a7b7, its cannon attacked. Scored as a draw, the chase
        // was Red's best too (value 0, e6f6 first); now Red retreats into it, as Black must
        // chase for ever and lose by it, or give way.
        let (positions, moves, root) = match_100(&CHASE_100[..1]);
        let cycle = ["b8a8", "b7a7", "a8b8", "a7b7"];
        loses_by_chase(&judged(&root, &cycle), Color::Black);
        assert_eq!(cycle_value(&root, &iccs_moves(&root, &cycle)), RULED_WIN);
        let line = best_line(&root, History::game(&positions, &moves), 8);
        assert!(
            line.value > 0 && line.value < RULED_WIN,
            "value {}",
            line.value
        );
        // Either sidestep of the cannon along its rank: Black's chariot can only chase it
        // (b8c8's cycle is judged a chase by Black in the test above). Which one the
        // evaluation prefers is not the point.
        let first = first_move(&line);
        assert!(
            ["b8a8", "b8c8"].contains(&first.as_str()),
            "first move {first}"
        );
    }

    /// Game 82 of the match, which the engine, Black, lost by chasing the red cannon with
    /// its chariot: 14. g7g8 h7h8 15. g8g7 h8h7 and so on. The game from its start up to
    /// 15. g8g7.
    const MATCH_82_START: &str =
        "rnb1kabnr/4a4/4c4/2p1C1p1p/p8/9/P1P1P1P1P/1CN3Nc1/9/R1BAKAB1R w - - 3 5";
    const MATCH_82: [&str; 21] = [
        "c0e2", "b9c7", "e6f6", "h9g7", "a0b0", "c6c5", "f0e1", "c7b5", "b2b4", "i9h9", "b4g4",
        "b5c3", "g4g7", "c3e2", "g0e2", "h2e2", "e1f0", "h9h7", "g7g8", "h7h8", "g8g7",
    ];

    #[test]
    fn xiangqi_chase_reaching_into_the_history_is_ruled_when_its_moves_are_known() {
        // Black to move after 15. g8g7: h8h7 repeats the position after 13... h9h7, before
        // the root. Known by its hash only, that is a draw, and the chase Black's choice,
        // as in the match; with the game's positions and moves, a lost chase.
        let (positions, moves, root) =
            play(&fen::parse_position(MATCH_82_START).unwrap(), &MATCH_82);
        let cycle_start = &positions[positions.len() - 3];
        loses_by_chase(
            &judged(cycle_start, &["g7g8", "h7h8", "g8g7", "h8h7"]),
            Color::Black,
        );
        let blind = best_line(&root, &hashes(&positions), 8);
        assert_eq!(
            (blind.value, first_move(&blind)),
            (DRAW, "h8h7".to_string())
        );
        // Ruled, the chase is walked away from and Black plays on: neither the ruling's
        // loss nor a win. (Whether the evaluation puts Black a little below or above
        // equal at depth 8 is the search's detail, not the ruling's.)
        let ruled = best_line(&root, History::game(&positions, &moves), 8);
        assert!(ruled.value.abs() < RULED_WIN, "value {}", ruled.value);
        assert_ne!(first_move(&ruled), "h8h7");
    }

    #[test]
    fn chess_perpetual_check_is_still_a_draw() {
        // White, facing the rooks' mate on the first rank, checks for ever: Qe8+ Kh7 Qh5+
        // Kg8. The same cycle in Xiangqi would lose; in the 8x8 games it draws.
        let root: shatar_rules::Position<Chess> =
            shatar_rules::fen::parse_position("6k1/6p1/n7/8/8/rr6/5PPP/4Q2K w - - 0 1").unwrap();
        let line = best_line(&root, &[], 8);
        assert_eq!(line.value, DRAW);
        assert_eq!(first_move(&line), "e1e8");
        // Judged by the game's hook, the cycle from Qe8+ on is a draw all the same.
        let mut pos = root;
        let mut moves = Vec::new();
        for text in ["e1e8", "g8h7", "e8h5", "h7g8", "h5e8"] {
            let m = shatar_rules::uci::parse_move(&pos, text).unwrap();
            moves.push(m);
            pos.play_unchecked(m);
        }
        let first = moves.remove(0);
        let mut root = root;
        root.play_unchecked(first);
        assert_eq!(pos.hash(), root.hash());
        assert_eq!(cycle_value(&root, &moves), DRAW);
    }
}
