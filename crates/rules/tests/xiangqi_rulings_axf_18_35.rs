//! The AXF 2008 repetition rulings 18–35 (ch. 4), one test each: a position and a move cycle
//! built from the ruling's text, the verdict, and the ruling the verdict must cite.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;

/// AXF 18 (车长捉马，而马仅反捉一着，或仅有一照，或一照一反捉他子，车方均不能长捉之): a
/// chariot may not chase a horse perpetually, though the horse counter-chases it once in the
/// cycle, or gives only one check, or gives one check and counter-chases another piece.
///
/// Counter-chase once: the chariot b3–c3 chases the horse c7–b5; on b5 the horse attacks the
/// chariot on c3, on c7 it attacks nothing. One check: the chariot c1–d1 chases the horse
/// d4–c2; the horse checks from c2 and the chariot answers by stepping back onto c1, the
/// horse's leg, from where it attacks the horse on c2 — a capture of the checking horse that
/// is legal. One check and a counter-chase: as before, and the horse's return to d4 attacks
/// the unprotected cannon on f3.
#[test]
fn axf_18_chariot_chasing_a_horse_loses_despite_a_counter_chase_or_a_check() {
    let r = rule(
        "5k3/9/2n6/9/9/9/1R7/9/9/3K5 w",
        &["b3c3", "c7b5", "c3b3", "b5c7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected horse on c7 by the chariot (AXF ruling 18)"
    );

    let one_check = ["c1d1", "d4c2", "d1c1", "c2d4"];
    let r = rule("5k3/9/9/9/9/3n5/9/9/2R6/3K5 w", &one_check, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));

    let r = rule("5k3/9/9/9/9/3n5/5C3/9/2R6/3K5 w", &one_check, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));
}

/// AXF 19 (捉同类子): a chariot after a chariot, a cannon after a cannon, a horse after a
/// horse. If neither is pinned (or, for horses, hobbled), each can take the other: that is a
/// perpetual offer (长献), drawn. If the chased one is pinned or hobbled and cannot take back,
/// the chase may not go on.
///
/// Chariots: a2–b2 against b7–a7 on open files (draw); then the black chariot e6–e7 is pinned
/// to its general by the red chariot e1 and cannot leave the e-file to take the red chariot
/// a6–a7 (Red loses). Cannons: a1–c1 against c7–a7 over the soldiers a3 and c3 (draw); then
/// the black cannon c9–b9 is pinned on rank 9 (red cannon a9, black advisor d9, general e9)
/// and cannot take the red cannon b1–c1 down its file (Red loses). Horses: c6–d4 against
/// f5–e7 (draw); then the soldier e5 and the advisor d7 stand on the black horse's legs, so it
/// cannot take back (Red loses).
#[test]
fn axf_19_same_kind_chases_are_offers_unless_the_chased_piece_cannot_take_back() {
    let r = rule(
        "5k3/9/1r7/9/9/9/9/R8/9/3K5 w",
        &["a2b2", "b7a7", "b2a2", "a7b7"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(19));
    let r = rule(
        "4k4/9/R8/4r4/9/9/9/3A5/4R4/3K5 w",
        &["a7a6", "e6e7", "a6a7", "e7e6"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(19));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected chariot on e6 by the chariot (AXF ruling 19)"
    );

    let r = rule(
        "4k4/9/2c6/9/9/9/P1P6/9/C8/3K5 w",
        &["a1c1", "c7a7", "c1a1", "a7c7"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(19));
    let r = rule(
        "C1cak4/9/9/9/9/9/1NP6/9/1C7/3K5 w",
        &["b1c1", "c9b9", "c1b1", "b9c9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(19));

    let r = rule(
        "4k4/9/9/2N6/5n3/9/9/9/9/3K5 w",
        &["c6d4", "f5e7", "d4c6", "e7f5"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(19));
    let r = rule(
        "4k4/9/3a5/2N6/4pn3/9/9/9/9/3K5 w",
        &["c6d4", "f5e7", "d4c6", "e7f5"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(19));
}

/// AXF 20: a cannon chasing an unprotected horse, advisor, elephant or crossed soldier over
/// a screen is a perpetual chase even though the chased piece stands still and the two sides
/// only move screens (炮台); it loses. Chasing an uncrossed soldier so is a draw.
///
/// The red cannon e0 aims up the e-file at the target; the red advisor f0–e1 and the black
/// horse g4–e3 go in and out of the file: advisor in (one screen: attack), horse in (two
/// screens), advisor out (the horse is the screen: attack), horse out. Targets: the advisor
/// e8, the elephant e7, the horse e6, the crossed soldier e4 (Red loses), the uncrossed
/// soldier e6 (draw).
#[test]
fn axf_20_cannon_chasing_over_moving_screens_loses_unless_the_soldier_is_uncrossed() {
    let cycle = ["f0e1", "g4e3", "e1f0", "e3g4"];
    let r = rule("3k5/4a4/9/9/9/6n2/9/3A5/9/3KCA3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(20));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected advisor on e8 by the cannon (AXF ruling 20)"
    );
    for fen in [
        "3k5/9/4b4/9/9/6n2/9/3A5/9/3KCA3 w",
        "3k5/9/9/4n4/9/6n2/9/3A5/9/3KCA3 w",
        "3k5/9/9/9/9/4p1n2/9/3A5/9/3KCA3 w",
    ] {
        let r = rule(fen, &cycle, AXF);
        expect(&r, Verdict::Loses(RED), Citation::Axf(20));
    }
    let r = rule("3k5/9/9/4p4/9/6n2/9/3A5/9/3KCA3 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(20));
}

/// AXF 21: a cannon chasing a chariot over a screen, the chariot protected or not, the
/// chariot standing still and both sides only moving screens, is a perpetual chase; it loses.
///
/// The position of ruling 20 with a black chariot on e7, alone and protected by the elephant
/// c9.
#[test]
fn axf_21_cannon_chasing_a_chariot_over_moving_screens_loses() {
    let cycle = ["f0e1", "g4e3", "e1f0", "e3g4"];
    let r = rule("3k5/9/4r4/9/9/6n2/9/3A5/9/3KCA3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(21));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the chariot on e7 by the cannon (AXF ruling 21)"
    );
    let r = rule("2bk5/9/4r4/9/9/6n2/9/3A5/9/3KCA3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(21));
}

/// AXF 22 (车被炮牵制不能离线时，车在该线移动不作为捉子论，如以车捉之，不视为献着，不得长捉；
/// 如其中一步有根，则该着不作为捉子，如以马或炮捉之，则不论车是否有根，均不能长捉): a chariot
/// a cannon pins to its line moves along that line without chasing; a chariot chasing it is
/// not offering (the pinned one cannot take back) and may not go on, unless on one of the
/// steps the pinned chariot is protected, which step is then no chase; a horse or cannon may
/// not chase it, protected or not.
///
/// The black chariot on the e-file stands between the red cannon e3 (protected by the horse
/// c2) and the black advisor e8 before its general e9: leaving the file would let the cannon
/// check over e8. Along the line: it goes e6–e7 "attacking" the red cannon h6–h7 it cannot
/// take (draw; with the pinning cannon gone, the same moves lose by ruling 13). Chased by the
/// chariot a7–a6 (Red loses), and with the horse g8 protecting e7 (draw). Chased by the horse
/// d4–f5, alone and with e7 and e6 protected by the elephant c9 and the horse f8, and by the
/// cannon a7–a6 over the soldier c6 and advisor d7, protected (Red loses).
#[test]
fn axf_22_chariot_pinned_by_a_cannon() {
    let along = ["h6h7", "e6e7", "h7h6", "e7e6"];
    let r = rule("3ak4/4a4/9/4r2C1/9/9/4C4/2N6/9/3K5 w", &along, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(22));
    let r = rule("3ak4/4a4/9/4r2C1/9/9/9/9/9/3K5 w", &along, AXF);
    expect(&r, Verdict::Loses(BLACK), Citation::Axf(13));

    let by_chariot = ["a7a6", "e6e7", "a6a7", "e7e6"];
    let r = rule("3ak4/4a4/R8/4r4/9/9/4C4/2N6/9/3K5 w", &by_chariot, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(22));
    let r = rule("3ak4/4a1n2/R8/4r4/9/9/4C4/2N6/9/3K5 w", &by_chariot, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(22));

    let by_horse = ["d4f5", "e7e6", "f5d4", "e6e7"];
    let r = rule("3ak4/4a4/4r4/9/9/3N5/4C4/2N6/9/3K5 w", &by_horse, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(22));
    let r = rule("2bak4/4an3/4r4/9/9/3N5/4C4/2N6/9/3K5 w", &by_horse, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(22));
    let r = rule(
        "2b1k4/4an3/C2a5/2p1r4/9/9/4C4/2N6/9/3K5 w",
        &by_chariot,
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(22));
}

/// AXF 23 (将帅长捉子作和，若其中一步联合其他子长捉亦作和): a general chasing perpetually is a
/// draw, and so is one that, on one of the steps, chases together with another piece.
///
/// The red general f1–e1 chases the black cannon e2–f2 (1956 fig. 12); then the red chariot
/// e5 also attacks the cannon when it stands on e2.
#[test]
fn axf_23_general_chasing_alone_or_joined_on_one_step_draws() {
    let cycle = ["f1e1", "e2f2", "e1f1", "f2e2"];
    let r = rule("3k5/9/9/9/9/9/9/4c4/5K3/9 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(23));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases with the general or soldiers; Black makes idle moves (AXF ruling 23)"
    );
    let r = rule("3k5/9/9/9/4R4/9/9/4c4/5K3/9 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(23));
}

/// AXF 24 (兵卒长捉子作和。两兵卒或数兵卒联合捉一子或多子亦作和。若其中一步联合车，马，炮长捉
/// 一子亦作和局): a soldier chasing perpetually is a draw; so are two or more soldiers chasing
/// together, and a soldier joined on one of the steps by a chariot, horse or cannon.
///
/// The red soldier g6–h6 chases the black cannon h7–g7. Together: the soldiers i7 and f7 also
/// attack h7 and g7. Joined once: the chariot h8, or the horse i5, also attacks h7.
#[test]
fn axf_24_soldier_chasing_alone_together_or_joined_on_one_step_draws() {
    let cycle = ["g6h6", "h7g7", "h6g6", "g7h7"];
    let r = rule("3k5/9/7c1/6P2/9/9/9/9/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(24));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases with the general or soldiers; Black makes idle moves (AXF ruling 24)"
    );
    for fen in [
        "3k5/9/5P1cP/6P2/9/9/9/9/9/5K3 w",
        "3k5/7R1/7c1/6P2/9/9/9/9/9/5K3 w",
        "3k5/9/7c1/6P2/8N/9/9/9/9/5K3 w",
    ] {
        let r = rule(fen, &cycle, AXF);
        expect(&r, Verdict::Draw, Citation::Axf(24));
    }
}

/// AXF 25 (将帅或兵卒若每步都联合其他子长捉一子仍作负局): a general or soldier chasing one piece
/// together with another piece on every step loses.
///
/// The positions of rulings 23 and 24 with a red chariot on the cannon's rank (a2, a7), which
/// attacks it on both of its points.
#[test]
fn axf_25_general_or_soldier_joined_on_every_step_loses() {
    let r = rule(
        "3k5/9/9/9/9/9/9/R3c4/5K3/9 w",
        &["f1e1", "e2f2", "e1f1", "f2e2"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(25));
    let r = rule(
        "3k5/9/R6c1/6P2/9/9/9/9/9/5K3 w",
        &["g6h6", "h7g7", "h6g6", "g7h7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(25));
}

/// AXF 26 (车不能长捉已渡河兵卒，无论该兵卒是否连续反捉子，车方必须变着，否则作负): a chariot
/// may not chase a crossed soldier perpetually, whether or not the soldier counter-chases on
/// every move.
///
/// The red chariot c7–d7 chases the black soldier d3–c3; then the soldier's every move
/// attacks an unprotected red piece (the horse e3 from d3, the cannon b3 from c3).
#[test]
fn axf_26_chariot_chasing_a_crossed_soldier_loses() {
    let cycle = ["c7d7", "d3c3", "d7c7", "c3d3"];
    let r = rule("5k3/9/2R6/9/9/9/3p5/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(26));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected soldier on d3 by the chariot (AXF ruling 26)"
    );
    let r = rule("5k3/9/2R6/9/9/9/1C1pN4/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(26));
}

/// AXF 27 (一子轮捉两子或多子作和。两子分别轮捉两子或多子亦作和局): one piece chasing two or
/// more pieces in turn is a draw; so are two pieces each chasing two or more in turn.
///
/// The red chariot c2–b2 chases the black cannon c7 and horse b7 in turn while the black
/// general steps d9–d8. Then, in a cycle of eight, the chariot does so and the red horse
/// f4–g6 chases the black elephant e7 and cannon d5 in turn.
#[test]
fn axf_27_chasing_different_pieces_in_turn_draws() {
    let r = rule(
        "3k5/9/1nc6/9/9/9/9/2R6/9/4K4 w",
        &["c2b2", "d9d8", "b2c2", "d8d9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(27));
    assert_eq!(
        r.to_string(),
        "Draw: Red chases different pieces in turn; Black makes idle moves (AXF ruling 27)"
    );
    let r = rule(
        "3k5/9/1nc1b4/9/3c5/5N3/9/2R6/9/4K4 w",
        &[
            "c2b2", "d9d8", "f4g6", "d8d9", "b2c2", "d9d8", "g6f4", "d8d9",
        ],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(27));
}

/// AXF 28 (两子或多子轮捉一子作负): two or more pieces chasing one piece in turn lose.
///
/// The red chariot b3–c3 attacks the black horse c7 from c3, and stepping back uncovers the
/// chariot c0 behind it on the file. Then the chariot e2–e4 attacks the horse g4 from e4, and
/// stepping back to e2 lets the cannon a4 attack it over the soldier c4. The black general
/// steps d9–d8.
#[test]
fn axf_28_two_pieces_chasing_one_in_turn_lose() {
    let r = rule(
        "3k5/9/2n6/9/9/9/1R7/9/9/2R1K4 w",
        &["b3c3", "d9d8", "c3b3", "d8d9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(28));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected horse on c7 by the chariots in turn (AXF ruling 28)"
    );
    let r = rule(
        "3k5/9/9/9/9/C1P3n2/9/4R4/9/5K3 w",
        &["e2e4", "d9d8", "e4e2", "d8d9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(28));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected horse on g4 by the chariot and the cannon in turn (AXF ruling 28)"
    );
}

/// AXF 29 (有根子被捉时，如其根受到牵制失去保护力者（统称假根），则不能长捉之): a protected piece
/// whose protector is pinned and cannot take back (a false root, 假根) may not be chased
/// perpetually.
///
/// The red chariot a6–a4 chases the black cannon c4–c6. The black horse e5 would take back on
/// either point, but it screens the black general from the red cannon e2 (over the advisor
/// e8): Red loses. Without the red cannon the root is true and the chariot only follows
/// (ruling 12): a draw.
#[test]
fn axf_29_chasing_a_piece_whose_protector_is_pinned_loses() {
    let cycle = ["a6a4", "c4c6", "a4a6", "c6c4"];
    let r = rule("4k4/4a4/9/R8/4n4/2c6/9/4C4/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(29));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the falsely protected cannon on c4 by the chariot (its protector is pinned) (AXF ruling 29)"
    );
    let r = rule("4k4/4a4/9/R8/4n4/2c6/9/9/9/3K5 w", &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(12));
}

/// AXF 30 (两子或多子劫一子时，如该子为"真根子"，不作长捉论，双方不变，可成和局): two or more
/// pieces attacking one piece that is truly protected do not chase it: a draw.
///
/// The black cannon c7–b7 is protected along rank 7 by the black chariot d7; the red chariot
/// a7 attacks it on both points and the red chariot b2–c2 attacks it again each move — two
/// attackers against one protector.
#[test]
fn axf_30_two_attackers_on_a_truly_protected_piece_draw() {
    let r = rule(
        "3k5/9/R1cr5/9/9/9/9/1R7/9/4K4 w",
        &["b2c2", "c7b7", "c2b2", "b7c7"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(30));
}

/// AXF 31 (捉两步而其中一步兼兑者仍作长捉，长捉兼长兑者亦作长捉论): a chase on two steps of
/// which one also offers an exchange is still a perpetual chase; so is a perpetual chase that
/// offers an exchange on every step.
///
/// One step: the red cannon e4–c4 chases the black chariot c2–e2 over the soldiers c3 and e3;
/// on c4 it also faces the black cannon c8 over the soldier c6, each able to take the other.
/// Every step: the red chariot b2–c2 chases the black cannon c7–b7 and on both points faces
/// the black chariot i2 along rank 2.
#[test]
fn axf_31_chase_that_also_offers_an_exchange_loses() {
    let r = rule(
        "5k3/2c6/9/2p6/9/4C4/2P1P4/2r6/9/3K5 w",
        &["e4c4", "c2e2", "c4e4", "e2c2"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(31));
    let r = rule(
        "3k5/9/2c6/9/9/9/9/1R6r/4K4/9 w",
        &["b2c2", "c7b7", "c2b2", "b7c7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(31));
}

/// AXF 32 (凡甲方车帅被乙方车炮联合控制时，甲方以马或炮长捉乙方该车，不变作负): when one side's
/// chariot and general are held by the other side's chariot and cannon together, chasing
/// that chariot perpetually with a horse or cannon loses.
///
/// The black chariot e6–e5, with the black cannon e8 behind it, holds the red chariot e2 to
/// its general e0: the red chariot cannot leave the file, nor take the black chariot (the
/// cannon would then check over it). The red horse d3–f4 chases the black chariot; then the
/// red cannon a5–a6 does, over the elephant c5 and the soldier c6.
#[test]
fn axf_32_horse_or_cannon_chasing_the_controlling_chariot_loses() {
    let cycle = ["d3f4", "e6e5", "f4d3", "e5e6"];
    let r = rule("5k3/4c4/9/4r4/9/9/3N5/4R4/9/4K4 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(32));
    let r = rule(
        "5k3/4c4/9/2p1r4/C1b6/9/9/4R4/9/4K4 w",
        &["a5a6", "e6e5", "a6a5", "e5e6"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(32));
}

/// AXF 33 (长要抽吃作和): a perpetual threat of a discovered capture (抽吃) is a draw.
///
/// The red chariot e5–e4 stands between the red cannon e1 and the black advisor e8 before
/// the general e9: wherever it stands, it threatens to step aside along its rank with a
/// discovered check by the cannon and then take the unprotected black horse b7 up the b-file.
/// The black elephant steps g9–i7.
#[test]
fn axf_33_perpetual_threat_of_a_discovered_capture_draws() {
    let r = rule(
        "4k1b2/4a4/1n7/9/4R4/9/9/9/4C4/3K5 w",
        &["e5e4", "g9i7", "e4e5", "i7g9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(33));
    assert_eq!(
        r.to_string(),
        "Draw: Red threatens discovered captures; Black makes idle moves (AXF ruling 33)"
    );
}

/// AXF 34 (长拦作和): a perpetual block is a draw.
///
/// The red chariot a2–b2 would go up its file; the black cannon a5–b5, protected by the black
/// chariot f5, steps in front of it each time.
#[test]
fn axf_34_perpetual_block_draws() {
    let r = rule(
        "5k3/9/9/9/c4r3/9/9/R8/4A4/3AK4 w",
        &["a2b2", "a5b5", "b2a2", "b5a5"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(34));
    assert_eq!(
        r.to_string(),
        "Draw: Red makes idle moves; Black blocks (AXF ruling 34)"
    );
}

/// AXF 35 (长兑，长献均作和): a perpetual offer to exchange (兑), and a perpetual offer of a
/// piece (献), are draws.
///
/// Exchange: the red chariot b1–d1, protected on both points by the horse c3, faces the black
/// chariot d7–b7 on its file each move. Offer: the red cannon c5–d5 stands each move where
/// the black chariot a5 can take it for nothing; the black general steps e9–f9.
#[test]
fn axf_35_perpetual_exchange_or_offer_draws() {
    let r = rule(
        "5k3/9/3r5/9/9/9/2N6/9/1R7/4K4 w",
        &["b1d1", "d7b7", "d1b1", "b7d7"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(35));
    let r = rule(
        "4k4/9/9/9/r1C6/9/9/9/9/3K5 w",
        &["c5d5", "e9f9", "d5c5", "f9e9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(35));
}
