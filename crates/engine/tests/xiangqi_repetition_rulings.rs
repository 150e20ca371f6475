//! The search judges a repetition by the rules crate's rulings (`xiangqi::repetition_value`,
//! the same call the game's record makes), so it neither walks into a cycle the rulings
//! lose nor lets a cycle they win go by. Two rulings that once scored as draws:
//! - a perpetual check answered by perpetual chases loses for the checker (AXF ruling 1);
//! - a perpetual chase made by taking the target's protector away, the attacker standing,
//!   loses for the chaser (AXF rulings 28, 29).

use std::sync::atomic::AtomicBool;

use shatar_engine::{Clock, Control, Engine, History, Limits, Line, RULED_WIN};
use shatar_rules::xiangqi::{Move, Position, fen, iccs};

struct Frozen;
impl Clock for Frozen {
    fn now_ms(&self) -> u64 {
        0
    }
}

/// `moves` (ICCS) played from `start`: the positions before each, the moves, the position
/// reached.
fn play(start: &str, moves: &[&str]) -> (Vec<Position>, Vec<Move>, Position) {
    let mut pos = fen::parse_position(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let (mut positions, mut played) = (Vec::new(), Vec::new());
    for text in moves {
        let m = iccs::parse_legal(&pos, text).unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        positions.push(pos);
        played.push(m);
        pos.play(m).unwrap();
    }
    (positions, played, pos)
}

/// The best line of a depth-8 search of the position `moves` lead to from `start`, the
/// game's positions and moves given.
fn best_line(start: &str, moves: &[&str]) -> Line<Move> {
    let (positions, played, root) = play(start, moves);
    let mut engine = Engine::<Position>::new(4);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let control = Control {
        clock: &Frozen,
        stop: &stop,
        report: &mut |_| {},
    };
    engine
        .search(&root, History::game(&positions, &played), &limits, control)
        .lines
        .swap_remove(0)
}

fn first_move(line: &Line<Move>) -> String {
    line.pv[0].to_string()
}

/// The red chariot checks the black general on rank 9 from a9, and its only way out, e9–e8,
/// lets the cannon i9 attack the chariot over the advisor f9; the chariot checks again from
/// a8, and the only way back, e8–e9, lets the cannon i8 attack it over the horse g8. The red
/// soldier d7 keeps the general off e7.
const CANNONS_IN_TURN: &str = "R3ka2c/6n1c/3P5/9/9/9/6r2/9/3pp4/5K3 b - - 4 3";
const CHECKS_AND_CHASES: [&str; 4] = ["e9e8", "a9a8", "e8e9", "a8a9"];

#[test]
fn a_perpetual_check_against_chases_is_ruled_for_the_defender() {
    // The judgement the search uses: Black, whose moves are the cycle's chases, wins it.
    let (positions, moves, end) = play(CANNONS_IN_TURN, &CHECKS_AND_CHASES);
    assert!(end.same_placement(&positions[0]));
    assert_eq!(
        shatar_engine::xiangqi::repetition_value(&positions, &moves),
        RULED_WIN
    );
    // Red, mated by g3g0 (the soldiers d1 and e1 hold its general) unless it checks, must
    // check for ever, and Black's forced answers chase: scored as a draw while two forbidden
    // conducts cancelled out (value 0), now Black's win.
    let line = best_line(CANNONS_IN_TURN, &[]);
    assert_eq!((line.value, first_move(&line)), (RULED_WIN, "e9e8".into()));
}

#[test]
fn the_checker_no_longer_holds_a_draw_by_checking_a_chasing_defender() {
    // Without the black chariot's mate, Red, a chariot against two cannons, a horse and an
    // advisor, is not forced to check. The checks were its best line (value 0, a9a8); now
    // they lose, and Red plays on, a long way behind.
    let start = "R3ka2c/6n1c/3P5/9/9/9/6r2/9/9/5K3 b - - 4 3";
    let line = best_line(start, &["e9e8"]);
    assert!(
        line.value > -RULED_WIN && line.value < -300,
        "value {}",
        line.value
    );
    assert_ne!(first_move(&line), "a9a8");
}

/// The black cannon c6–d6–c6 on the red chariot a6's rank, guarded on c6 by the horse e7 and
/// on d6 by the horse b5; the red cannon c5–e5 pins the horse e7 to its general over the
/// advisor e8, e5–c5 stands on the horse b5's leg. Every red move chases the cannon by taking
/// its protector away, the chariot standing (AXF 29). The black chariot i9 puts Red behind.
const PROTECTOR_TAKEN: &str = "3ak3r/4a4/4n4/R1c6/1nC6/9/9/9/9/3K5 w - - 0 1";
const TAKE_AND_RESTORE: [&str; 4] = ["c5e5", "c6d6", "e5c5", "d6c6"];

#[test]
fn a_chase_by_taking_the_protector_away_is_ruled_for_the_chased_side() {
    let (positions, moves, end) = play(PROTECTOR_TAKEN, &TAKE_AND_RESTORE);
    assert!(end.same_placement(&positions[0]));
    assert_eq!(
        shatar_engine::xiangqi::repetition_value(&positions, &moves),
        -RULED_WIN,
        "Red, to move, loses the cycle"
    );
    // Black to move after the cycle and c5e5 again: c6d6 repeats the position after the
    // first c6d6, and the cycle between is Red's chase. While only a move that brought an
    // attacker chased, Black went for material instead (i9i0); now the repetition wins.
    let round_and_a_half: Vec<&str> = TAKE_AND_RESTORE.iter().chain(&["c5e5"]).copied().collect();
    let line = best_line(PROTECTOR_TAKEN, &round_and_a_half);
    assert_eq!((line.value, first_move(&line)), (RULED_WIN, "c6d6".into()));
}

#[test]
fn the_chaser_no_longer_holds_a_draw_by_taking_the_protector_away() {
    // Red to move after the cycle, behind by the black chariot: c5e5 would repeat, and was
    // Red's best (value 0); now it loses, and Red plays on.
    let line = best_line(PROTECTOR_TAKEN, &TAKE_AND_RESTORE);
    assert!(
        line.value > -RULED_WIN && line.value < -300,
        "value {}",
        line.value
    );
    assert_ne!(first_move(&line), "c5e5");
}
