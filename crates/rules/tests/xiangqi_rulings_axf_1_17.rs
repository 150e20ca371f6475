//! The AXF 2008 repetition rulings 1–17 (ch. 4), one test each: a position and a move cycle
//! built from the ruling's text, the verdict, and the ruling the verdict must cite.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;

/// AXF 1: one piece checking perpetually must change, else loses.
#[test]
fn axf_01_perpetual_check_by_one_piece_loses() {
    let r = rule("4k4/R8/9/9/9/9/9/9/9/3K5 w", &["a8a9", "e9e8", "a9a8", "e8e9"], AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert_eq!(r.to_string(), "Red loses: perpetual check (AXF ruling 1)");
}

/// AXF 3 (二将一还将): Red checks every move; Black's answers check back once in two.
#[test]
fn axf_03_two_checks_against_one_counter_check_loses() {
    let r = rule("3k5/5c3/5r3/9/5R3/9/9/3C1A3/5K3/9 w", &["f5d5", "f7d7", "d5f5", "d7f7"], AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(3));
    assert!(r.cites(Citation::Axf(1)));
}

/// AXF 13: a chariot may not chase an unprotected cannon.
#[test]
fn axf_13_chariot_chasing_an_unprotected_cannon_loses() {
    let r = rule("4k4/9/2c6/9/9/9/9/1R7/9/3K5 w", &["b2c2", "c7b7", "c2b2", "b7c7"], AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected cannon on c7 by the chariot (AXF ruling 13)"
    );
}
/// AXF 2: both sides checking perpetually (answering a check with a check) is a draw.
#[test]
fn axf_02_both_sides_checking_perpetually_draw() {
    let r = rule("4k4/5r3/9/5c3/9/9/5R3/9/4C4/5K3 w", &["f3e3", "f6e6", "e3f3", "e6f6"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(2));
}

/// AXF 4: threatening mate on every move is allowed: a draw.
#[test]
fn axf_04_perpetual_threat_of_mate_draws() {
    let r = rule("3k5/9/6N2/9/9/9/9/9/9/5K2R w", &["g7e6", "d9e9", "e6g7", "e9d9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(4));
}

/// AXF 6: a check and a threat of mate in turn is a draw.
#[test]
fn axf_06_check_and_threat_of_mate_in_turn_draws() {
    let r = rule("4k4/9/4P4/9/5R3/9/9/9/9/3K5 w", &["f5h5", "e9f9", "h5f5", "f9e9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(6));
}

/// AXF 7: a check and a chase in turn (or several checks and a chase) is a draw.
#[test]
fn axf_07_check_and_chase_in_turn_draws() {
    let cycle = ["b5b9", "d9d8", "b9b6", "a6a5", "b6b8", "d8d9", "b8b5", "a5a6"];
    let r = rule("3k5/9/3a5/c8/1R7/9/9/9/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(7));
}

/// AXF 8: a check and an idle move, or a check and a threat of a discovered capture, in turn
/// is a draw.
#[test]
fn axf_08_check_and_idle_or_capture_threat_in_turn_draws() {
    let r = rule("3k5/8n/9/9/2R6/9/9/9/9/5K3 w", &["c5c9", "d9d8", "c9c5", "d8d9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(8));
    let r = rule("4k4/R8/9/9/9/9/9/9/9/3K5 w", &["a8a9", "e9e8", "a9a8", "e8e9"], AXF);
    assert_eq!(r.verdict, Verdict::Loses(RED), "all checks: ruling 1, not 8");
}

/// AXF 10: a cannon may not chase a chariot, protected or not.
#[test]
fn axf_10_cannon_chasing_a_chariot_loses_protected_or_not() {
    let cycle = ["i7i8", "a8a7", "i8i7", "a7a8"];
    let r = rule("4k4/r3a4/4b3C/9/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));
    assert_eq!(r.to_string(), "Red loses: perpetual chase of the chariot on a8 by the cannon (AXF ruling 10)");
    // The horse on b9 protects the chariot on a7: it makes no difference.
    let r = rule("1n2k4/r3a4/4b3C/9/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));
}

/// AXF 11: one cannon chasing two chariots in turn is a draw.
#[test]
fn axf_11_one_cannon_chasing_two_chariots_in_turn_draws() {
    let r = rule("r3k4/4a3C/r3b4/9/9/9/9/9/9/3K5 w", &["i8i7", "a9a8", "i7i8", "a8a9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(11));
}

/// AXF 12: a chariot may chase a protected cannon, and one protected on one step only.
#[test]
fn axf_12_chariot_may_chase_a_protected_cannon() {
    let cycle = ["b2c2", "c7b7", "c2b2", "b7c7"];
    // Horses on a9 and d9 protect b7 and c7.
    let r = rule("n2nk4/9/2c6/9/9/9/9/1R7/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(12));
    // Only the horse on d9: c7 is protected, b7 is not.
    let r = rule("3nk4/9/2c6/9/9/9/9/1R7/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(12));
    // Unprotected on both: ruling 13.
    let r = rule("4k4/9/2c6/9/9/9/9/1R7/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));
}

/// AXF 16: a horse may not chase a chariot, even when the chariot counter-chases once, and
/// whether the chariot is protected or not.
#[test]
fn axf_16_horse_chasing_a_chariot_loses() {
    // On a8 the chariot attacks the horse on c8 back (unprotected): one counter-chase.
    let cycle = ["b6c8", "a9a8", "c8b6", "a8a9"];
    let r = rule("r4k3/9/9/1N7/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(16));
    assert_eq!(r.to_string(), "Red loses: perpetual chase of the chariot on a9 by the horse (AXF ruling 16)");
    // The black horse on c9 protects a8: the same.
    let r = rule("r1n2k3/9/9/1N7/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(16));
}

/// AXF 9: a chase and a threat of a discovered capture in turn is a draw. The chariot on c4
/// takes aim at the unprotected cannon on a4; back on c5 it threatens 车c8+ and, when the
/// general steps off the rank, the horse on i8.
#[test]
fn axf_09_chase_and_threat_of_discovered_capture_in_turn_draws() {
    let r = rule("6b2/3k4n/9/9/2R6/c8/9/9/9/5K3 w", &["c5c4", "g9i7", "c4c5", "i7g9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(9));
}

/// AXF 17: a chariot and a horse chasing each other round is a draw (both forbidden).
#[test]
fn axf_17_chariot_and_horse_chasing_each_other_draw() {
    let cycle = ["e4d4", "d6f5", "d4d5", "f5e3", "d5e5", "e3c4", "e5e4", "c4d6"];
    let r = rule("5k3/9/9/3n5/9/4R4/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(17));
}

/// AXF 14: a chariot that a pin keeps from moving at all may not be chased by any piece,
/// protected or not. The black chariot e8 is pinned by the cannon e5 (over the elephant e7)
/// and has no move; the advisor f9 protects it. The red chariots on rank 8 take turns: b7–b8
/// attacks it, stepping back uncovers the one on a8.
#[test]
fn axf_14_chariot_that_cannot_move_may_not_be_chased() {
    let r = rule("4ka3/R3r4/1R2b4/9/4C4/9/9/8n/9/3K5 w", &["b7b8", "i2h4", "b8b7", "h4i2"], AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(14));
}

/// AXF 15: a cannon and a horse may not chase a chariot in turn, protected or not. The horse
/// e5 attacks the chariot g4; stepping to c4 it becomes the screen of the cannon a4.
#[test]
fn axf_15_cannon_and_horse_chasing_a_chariot_in_turn_lose() {
    let cycle = ["e5c4", "d9d8", "c4e5", "d8d9"];
    let r = rule("3k5/9/9/9/4N4/C5r2/9/9/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on g4 by the cannon and the horse in turn (AXF ruling 15)"
    );
    // The black horse h6 protects the chariot: the same.
    let r = rule("3k5/9/9/7n1/4N4/C5r2/9/9/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));
}

/// AXF 5 (解杀反杀): one side threatens mate on every move, the other parries each time while
/// keeping its own threat of mate: a draw. Red's horse g7–e6 threatens 车i9 mate (1956
/// fig. 15); Black's general steps aside, and Black's chariot a9 with the horse g3 (covering
/// f1) threatens 车a0 mate all along.
#[test]
fn axf_05_threat_of_mate_against_threat_of_mate_draws() {
    let r = rule("r2k5/9/6N2/9/9/9/6n2/9/9/5K2R w", &["g7e6", "d9e9", "e6g7", "e9d9"], AXF);
    expect(&r, Verdict::Draw, Citation::Axf(5));
}
