//! The AXF 2008 repetition rulings 1–17 (ch. 4), one test each: a position and a move cycle
//! built from the ruling's text, the verdict, and the ruling the verdict must cite.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;

/// AXF 1 (无论任何情况，单方一子长将或多子交替长将者均需变着，不变作负): one piece checking
/// perpetually, or several pieces checking in turn, must change, else loses.
///
/// One piece: the chariot a8–a9 checks the general e9–e8 on ranks 9 and 8. Several pieces: the
/// chariots d6 and i8 take turns, the d-chariot on the files (e6, d6), the i-chariot on the
/// ranks (i7, i8), while the general walks round e7–d7–d8–e8.
#[test]
fn axf_01_perpetual_check_by_one_piece_or_several_in_turn_loses() {
    let r = rule(
        "4k4/R8/9/9/9/9/9/9/9/3K5 w",
        &["a8a9", "e9e8", "a9a8", "e8e9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert_eq!(r.to_string(), "Red loses: perpetual check (AXF ruling 1)");

    let in_turn = [
        "d6e6", "e7d7", "i8i7", "d7d8", "e6d6", "d8e8", "i7i8", "e8e7",
    ];
    let r = rule("9/8R/4k4/3R5/9/9/9/9/9/5K3 w", &in_turn, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual check by pieces in turn (AXF ruling 1)"
    );
}

/// AXF 2 (双方循环长将作和（亦即解照反照作和）): both sides checking perpetually — each check
/// answered by a counter-check (解照反照) — is a draw.
///
/// The black cannon e8 checks the red general e1 over its own chariot e7. The red cannon f4–e4
/// interposes and uncovers the red chariot f1 on the black general f8; the black chariot e7–f7
/// interposes and leaves the black cannon a screen, the red cannon e4; the red cannon steps
/// back to f4, where it checks over the black chariot f7; the black chariot goes back to e7,
/// taking that screen away and checking again with the cannon e8.
#[test]
fn axf_02_both_sides_checking_perpetually_is_a_draw() {
    let r = rule(
        "9/4ck3/4r4/9/9/5C3/9/9/4KR3/9 w",
        &["f4e4", "e7f7", "e4f4", "f7e7"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(2));
    assert_eq!(
        r.to_string(),
        "Draw: Red perpetual check; Black perpetual check (AXF ruling 2)"
    );
}

/// AXF 3 (二将一还将): Red checks every move; Black's answers check back once in two.
#[test]
fn axf_03_two_checks_against_one_counter_check_loses() {
    let r = rule(
        "3k5/5c3/5r3/9/5R3/9/9/3C1A3/5K3/9 w",
        &["f5d5", "f7d7", "d5f5", "d7f7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(3));
    assert!(r.cites(Citation::Axf(1)));
}

/// AXF 4 (长杀作和。一方步步催杀，另一方无论有无其他子力可以化解，抑或仅能走动将帅引避，均做
/// 和局): one side threatening mate every move is a draw, whether the other side parries with
/// other pieces or can only step its general aside.
///
/// Only the general: the red chariot a4 waits to mate on rank 9 (the red general d2 holds the
/// d-file); the horse h7–g9 takes away e8 and the general e9 steps to f9; the horse g9–h7 takes
/// away f8 and the general steps back. Another piece parries: the red general e2 holds the
/// e-file, so a red chariot on the f-file mates the general f7; the chariot d0–d9 threatens to
/// swing to f9 and the black cannon c1–c8 follows it along, ready to interpose on f8; back on
/// d0 the chariot threatens f0 and the cannon returns to c1, ready for f1.
#[test]
fn axf_04_perpetual_threat_of_mate_is_a_draw() {
    let r = rule(
        "4k4/9/7N1/9/9/R8/9/3K5/9/9 w",
        &["h7g9", "e9f9", "g9h7", "f9e9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(4));
    assert_eq!(
        r.to_string(),
        "Draw: Red perpetual threat of mate; Black makes idle moves (AXF ruling 4)"
    );

    let r = rule(
        "9/9/5k3/9/9/9/9/4K4/2c6/3R5 w",
        &["d0d9", "c1c8", "d9d0", "c8c1"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(4));
}

/// AXF 5 (解杀反杀作和。一方步步催杀，一方步步解杀反杀，如双方不变，可判和局): one side
/// threatens mate every move, the other parries every threat with a counter-threat of mate:
/// a draw.
///
/// The red general e2 is held off the f-file by the black general f9, the black one off the
/// e-file by the red general. The black chariot f3 threatens r f3–e3 mate (the horse b1 holds
/// d2). The red chariot i0–i3 parries (it would take on e3) and threatens to take the chariot
/// f3 with a mating check up the f-file; the black chariot f3–f0 escapes, guards f3 from below
/// and threatens f0–e0 mate; the red chariot i3–i0 parries (it would take on e0) and threatens
/// to take on f0 with mate; the black chariot goes back to f3, guarding f0 and threatening e3
/// again.
#[test]
fn axf_05_threat_of_mate_answered_by_counter_threats_is_a_draw() {
    let r = rule(
        "5k3/9/9/9/9/9/5r3/4K4/1n7/8R w",
        &["i0i3", "f3f0", "i3i0", "f0f3"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(5));
    assert!(
        r.to_string()
            .starts_with("Draw: Red perpetual threat of mate; Black perpetual threat of mate"),
        "{r}"
    );
}

/// AXF 6 (一照一叫杀作和): a check and a threat of mate in turn is a draw.
///
/// The red general d2 holds the d-file. The chariot i0–i8 checks the general e8 on rank 8; the
/// general steps to e7; the chariot goes back to i0, threatening i0–e0 mate (the advisor f7 and
/// the d-file leave the general no room); the general steps back to e8.
#[test]
fn axf_06_check_and_threat_of_mate_in_turn_is_a_draw() {
    let r = rule(
        "9/4k4/5a3/9/9/9/9/3K5/9/8R w",
        &["i0i8", "e8e7", "i8i0", "e7e8"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(6));
    assert_eq!(
        r.to_string(),
        "Draw: Red checks and threats of mate in turn; Black makes idle moves (AXF ruling 6)"
    );
}

/// AXF 7 (一照一捉或多照一捉均作和局): a check and a chase in turn, or several checks and one
/// chase, is a draw.
///
/// One check, one chase: the chariot c4–e4 checks the general e9, which steps to d9; the
/// chariot goes back to c4 and chases the unprotected cannon c7. Three checks, one chase: the
/// chariot e1–f1 checks on the f-file, the chariot i7–i9 on rank 9, the chariot f1–e1 on the
/// e-file, and the chariot i9–i7 chases the cannon c7 again, while the general walks
/// f9–e9–e8–f8–f9.
#[test]
fn axf_07_check_and_chase_in_turn_is_a_draw() {
    let r = rule(
        "4k4/9/2c6/9/9/2R6/9/9/5K3/9 w",
        &["c4e4", "e9d9", "e4c4", "d9e9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(7));
    assert_eq!(
        r.to_string(),
        "Draw: Red checks between other moves; Black makes idle moves (AXF ruling 7)"
    );

    let three_checks = [
        "e1f1", "f9e9", "i7i9", "e9e8", "f1e1", "e8f8", "i9i7", "f8f9",
    ];
    let r = rule("5k3/9/2c5R/9/9/9/9/9/3KR4/9 w", &three_checks, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(7));
}

/// AXF 8 (一照一闲，一照一要抽吃均作和局): a check and an idle move in turn, or a check and a
/// threat of a discovered capture (抽吃) in turn, is a draw.
///
/// Check and idle move: the chariot c4–e4 checks the general e9, which steps to f9; the chariot
/// goes back to c4, threatening nothing. Check and threat of a capture: the chariot g0–d0
/// checks the general d9, which steps to e9; the chariot goes back to g0, from where g0–g9
/// would check on rank 9 and, the general having stepped off it, take the unprotected chariot
/// b9 behind it.
#[test]
fn axf_08_check_and_idle_move_or_check_and_capture_threat_is_a_draw() {
    let r = rule(
        "4k4/9/9/9/9/2R6/9/9/3K5/9 w",
        &["c4e4", "e9f9", "e4c4", "f9e9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(8));
    assert_eq!(
        r.to_string(),
        "Draw: Red checks between other moves; Black makes idle moves (AXF ruling 8)"
    );

    let r = rule(
        "1r1k5/9/9/9/9/9/9/5K3/9/6R2 w",
        &["g0d0", "d9e9", "d0g0", "e9d9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(8));
    assert_eq!(
        r.to_string(),
        "Draw: Red checks and threats of a discovered capture in turn; Black makes idle moves (AXF ruling 8)"
    );
}

/// AXF 9 (一捉一要抽吃判和局): a chase and a threat of a discovered capture in turn is a draw.
///
/// The chariot g0–b0 chases the unprotected horse b9 up the b-file; the general d9 steps to e9;
/// the chariot goes back to g0, from where g0–g9 would check on rank 9 and then take the horse
/// behind the general; the general steps back to d9.
#[test]
fn axf_09_chase_and_capture_threat_in_turn_is_a_draw() {
    let r = rule(
        "1n1k5/9/9/9/9/9/9/5K3/9/6R2 w",
        &["g0b0", "d9e9", "b0g0", "e9d9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(9));
}

/// AXF 10 (单炮或双炮不能长捉一车，捉有根车亦不能长捉之，就算车方连续两着均反捉无根子，炮亦
/// 不能长捉该两步): one cannon or two may not chase a chariot perpetually, not even a protected
/// one; even if the chariot counter-chases an unprotected piece with both its moves, the
/// cannon may not chase it on those two steps.
///
/// One cannon: h3–h7 chases the chariot b7 over the black elephant e7, the chariot runs to b3,
/// the cannon h7–h3 chases it over the black soldier e3, the chariot runs back. Protected: the
/// same with a black horse on c5 guarding both b7 and b3. Counter-chases: red horses on a7 and
/// a3, which the chariot attacks each time it lands beside one (read as two different
/// unprotected pieces: the chariot's own moves then chase in turn, which is allowed). Two
/// cannons: the chariot runs b8–b6–g6–g8–b8 and the cannons take turns: i6–i8 over the black
/// cannon h8, g3–b3 over the black horse b4, i8–i6 over the black cannon h6, b3–g3 over the
/// black horse g4; the chariot never stops where a cannon already aims.
#[test]
fn axf_10_cannon_chasing_a_chariot_loses() {
    let cycle = ["h3h7", "b7b3", "h7h3", "b3b7"];
    let r = rule("4k4/9/1r2b4/9/9/9/4p2C1/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on b7 by the cannon (AXF ruling 10)"
    );

    let r = rule("4k4/9/1r2b4/9/2n6/9/4p2C1/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));

    let r = rule("4k4/9/Nr2b4/9/9/9/N3p2C1/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));

    let two_cannons = [
        "i6i8", "b8b6", "g3b3", "b6g6", "i8i6", "g6g8", "b3g3", "g8b8",
    ];
    let r = rule("5k3/1r5c1/9/7cC/9/1n4n2/6C2/9/9/3K5 w", &two_cannons, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(10));
}

/// AXF 11 (单炮分别轮回长捉两车作和，双炮分别轮回长捉两车亦作和): one cannon chasing two
/// chariots in turn is a draw; so are two cannons chasing two chariots in turn.
///
/// The chariots c7 and g7 guard each other on rank 7. One cannon: c2–g2 chases the chariot g7
/// over the soldier g4, g2–c2 the chariot c7 over the soldier c4, while the general shuffles.
/// Two cannons: as before, and the second cannon g9–c9 / c9–g9 chases from above over the
/// soldiers c8 and g8.
#[test]
fn axf_11_cannons_chasing_two_chariots_in_turn_is_a_draw() {
    let r = rule(
        "9/3k5/2r3r2/9/9/2P3P2/9/2C6/9/4K4 w",
        &["c2g2", "d8d9", "g2c2", "d9d8"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(11));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases different pieces in turn; Black makes idle moves (AXF ruling 11)"
    );

    let two_cannons = [
        "c2g2", "e8e7", "g9c9", "e7e8", "g2c2", "e8e7", "c9g9", "e7e8",
    ];
    let r = rule(
        "6C2/2P1k1P2/2r3r2/9/9/2P3P2/9/2C6/9/5K3 w",
        &two_cannons,
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(11));
}

/// AXF 12 (车可长捉有根炮，如炮一着有根，一着无根，车仍可长捉该炮两步): a chariot may chase a
/// protected cannon perpetually; if the cannon is protected on one move and unprotected on
/// the other, the chariot may still chase it on both.
///
/// The cannon i5–h5 runs along rank 5 and the chariot i1–h1 follows it up the file. Protected
/// both times: the chariot a5 guards the whole rank. Protected once: the horse g7 guards h5 but
/// not i5.
#[test]
fn axf_12_chariot_may_follow_a_protected_cannon() {
    let cycle = ["h1i1", "i5h5", "i1h1", "h5i5"];
    let r = rule("4k4/9/9/9/r7c/9/9/9/7R1/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(12));

    let r = rule("4k4/9/6n2/9/8c/9/9/9/7R1/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(12));
}

/// AXF 13 (车捉无根炮，无论炮是否长杀，或有一照，或一照一反捉，均不得长捉之，就算炮方连续两着
/// 分捉别两子，车亦不能长捉之): a chariot may not chase an unprotected cannon perpetually —
/// whether the cannon side threatens mate every move, gives one check, or checks once and
/// counter-chases once; even if the cannon side's two moves chase two other pieces.
///
/// Plain: the chariot b2–c2 chases the cannon c7–b7. Threat of mate: the red general d0 is held
/// off e0 by the black general e8, and the black horse d2 is a screen; the cannon g5–h5 and
/// back threatens each time to drop onto d5 with mate, while the chariot h9–g9 chases it down
/// the file (the chariot does not parry; the ruling asks only that the cannon side threaten
/// mate). One check: the chariot d4–h4 chases the cannon h5, which checks from d5 over the red
/// advisor d2; the chariot interposes on d4, attacking it again; the cannon goes back to h5.
/// One check and a counter-chase: the same, and on h5 the cannon attacks the unprotected horse
/// h0 over the horse h2. Two other pieces: the chariot h9–i9 chases the cannon h5–i5, which on
/// i5 attacks the elephant i2 (over the soldier i3) and on h5 the horse h1 (over the horse h2).
#[test]
fn axf_13_chariot_chasing_an_unprotected_cannon_loses() {
    let r = rule(
        "4k4/9/2c6/9/9/9/9/1R7/9/3K5 w",
        &["b2c2", "c7b7", "c2b2", "b7c7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected cannon on c7 by the chariot (AXF ruling 13)"
    );

    let r = rule(
        "7R1/4k4/9/9/6c2/9/9/3n5/9/3K5 w",
        &["h9g9", "g5h5", "g9h9", "h5g5"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));

    let check_once = ["d4h4", "h5d5", "h4d4", "d5h5"];
    let r = rule("4k4/9/9/9/7c1/3R5/9/3A5/9/3K5 w", &check_once, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));

    let r = rule("4k4/9/9/9/7c1/3R5/9/3A3N1/9/3K3N1 w", &check_once, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));

    let r = rule(
        "7R1/4k4/9/9/8c/9/8P/7NB/7N1/3K5 w",
        &["h9i9", "i5h5", "i9h9", "h5i5"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(13));
}

/// AXF 14 (车被马牵制不能移动时，无论马是否有根，均不能以任何子长捉车，否则判为负局): when a
/// chariot is held by a horse and cannot move, no piece may chase it perpetually, whether
/// the horse is protected or not.
///
/// The red chariot f1 stands on the leg of the black horse g1, which would otherwise check the
/// red general e0: it cannot leave f1 (only take the horse itself). The black horse e1–f3 and
/// back blocks the rank and the file in turn, so that the chariots a1 and f7 take turns
/// attacking the red chariot; Red shuffles a soldier. Then the same with the horse g1 protected
/// by the soldier g2.
#[test]
fn axf_14_chasing_a_chariot_held_by_a_horse_loses() {
    let cycle = ["h6i6", "f3e1", "i6h6", "e1f3"];
    let r = rule("3k5/9/5r3/7P1/9/9/5n3/9/r4Rn2/4K4 w", &cycle, AXF);
    expect(&r, Verdict::Loses(BLACK), Citation::Axf(14));

    let r = rule("3k5/9/5r3/7P1/9/9/5n3/6p2/r4Rn2/4K4 w", &cycle, AXF);
    expect(&r, Verdict::Loses(BLACK), Citation::Axf(14));
}

/// AXF 15 (炮马不能分别长捉一车，无论车是否有根，又或是否反捉一步或两步，炮马方亦不能长捉
/// 之，双马分捉一车亦然，不变作负): a cannon and a horse may not chase one chariot in turn,
/// whether the chariot is protected or not, and whether it counter-chases on one step or two;
/// two horses chasing one chariot in turn likewise; the chasing side must change, else loses.
///
/// Cannon and horse: the cannon i6–i8 (over the black cannon h8) and the horse e7–d5 take turns
/// while the chariot runs b8–b6–g6–g8–b8; back on i6 the cannon chases over the black cannon
/// h6, back on e7 the horse. Protected: the same with the chariot g9 and the horse d7 guarding
/// every point it stops on. Counter-chasing twice: the cannon c4–a4 (over the horse a5) and the
/// horse a5–c6 chase the chariot a7–e7–c7–b7–a7, which attacks the horse on c6 from c7 and on
/// a5 from a7. Once: the same with a red horse on d4 guarding c6. Two horses: c5–d3 and f3–e5
/// take turns on the chariot b4–c4–e4–h4–b4.
#[test]
fn axf_15_cannon_and_horse_or_two_horses_chasing_one_chariot_in_turn_loses() {
    let cycle = [
        "i6i8", "b8b6", "e7d5", "b6g6", "i8i6", "g6g8", "d5e7", "g8b8",
    ];
    let r = rule("4k4/1r5c1/4N4/7cC/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on b8 by the cannon and the horse in turn (AXF ruling 15)"
    );

    let r = rule("4k1r2/1r5c1/3nN4/7cC/9/9/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));

    let counter = [
        "c4a4", "a7e7", "a5c6", "e7c7", "a4c4", "c7b7", "c6a5", "b7a7",
    ];
    let r = rule("9/9/r4k3/9/N8/2C6/9/9/9/3K5 w", &counter, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));

    let r = rule("9/9/r4k3/9/N8/2CN5/9/9/9/3K5 w", &counter, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));

    let two_horses = [
        "c5d3", "b4c4", "f3e5", "c4e4", "d3c5", "e4h4", "e5f3", "h4b4",
    ];
    let r = rule("9/4k4/9/9/2N6/1r7/5N3/5K3/9/9 w", &two_horses, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(15));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on b4 by the horses in turn (AXF ruling 15)"
    );
}

/// AXF 16 (马长捉车。车仅反捉一着，则无论车是否有根，马方亦不能长捉之，不变作负): a horse
/// chasing a chariot perpetually, the chariot counter-chasing only once: whether or not the
/// chariot is protected, the horse may not go on; it must change, else loses.
///
/// The horse a5–c6 attacks the chariot d4, which steps to c4 and attacks the horse on c6 in
/// turn (the counter-chase); the horse c6–a5 attacks it on c4, and the chariot goes back to d4,
/// attacking nothing. Unprotected; then protected, by the soldier e4 on d4 and the horse b2 on
/// c4.
#[test]
fn axf_16_horse_chasing_a_chariot_loses_despite_one_counter_chase() {
    let cycle = ["a5c6", "d4c4", "c6a5", "c4d4"];
    let r = rule("5k3/9/9/9/N8/3r5/9/9/9/4K4 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(16));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on d4 by the horse (AXF ruling 16)"
    );

    let r = rule("5k3/9/9/9/N8/3rp4/9/1n7/9/4K4 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(16));
}

/// AXF 17 (车马循环长捉作和): a chariot and a horse chasing each other round a cycle: a draw.
///
/// The chariot b6–b7–c7–c6–b6 attacks the horse each move; the horse d7–c5–a6–b8–d7 attacks the
/// chariot each move; neither piece is protected.
#[test]
fn axf_17_chariot_and_horse_chasing_each_other_is_a_draw() {
    let cycle = [
        "b6b7", "d7c5", "b7c7", "c5a6", "c7c6", "a6b8", "c6b6", "b8d7",
    ];
    let r = rule("5k3/9/3n5/1R7/9/9/9/3K5/9/9 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(17));
    assert_eq!(
        r.to_string(),
        "Draw: Red perpetual chase of the unprotected horse on d7 by the chariot; Black perpetual chase of the chariot on \
         b7 by the horse (AXF ruling 17)"
    );
}

/// AXF 1 still, when the checked side's pieces stand attacking something all along: the
/// general escaping check uncovers no chase, since the black chariot d1 attacked the red
/// horse c1 before the escape as after it (its capture was only barred by the check). From
/// game 1 of the Fairy-Stockfish match, which the referee once drew as "perpetual check
/// against perpetual chase".
#[test]
fn axf_01_an_escape_from_check_is_no_chase_by_the_pieces_behind_it() {
    let r = rule(
        "5kR2/9/9/9/9/9/9/9/2Nr5/4K4 b",
        &["f9f8", "g9g8", "f8f9", "g8g9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert_eq!(r.to_string(), "Red loses: perpetual check (AXF ruling 1)");
}
