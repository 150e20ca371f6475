//! AXF ruling 1 (无论任何情况，单方一子长将或多子交替长将者均需变着，不变作负) and 1956 ch. 8
//! item 1 (不论在什么情况下，长将不停都是不可以的) against a defender whose every answer to the
//! checks is itself a chase: "in any circumstances" the checker must change, so its
//! perpetual check loses even though the defender's perpetual chase is forbidden too. Two
//! forbidden conducts draw (AXF ch. 1 (G) 2) only when neither is a perpetual check, or both
//! are (AXF 2).

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;
use shatar_rules::xiangqi::Conduct;

/// Cannons in turn: the red chariot checks along rank 9 from a9 and along rank 8 from a8,
/// and each step of the black general (e9–e8, e8–e9) off the rank it was checked on leaves
/// a black cannon a single screen towards the chariot: i9 over the advisor f9, i8 over the
/// horse g8. Every black move chases the chariot (a cannon on a chariot, AXF 10), by two
/// cannons in turn; every red move checks. Red loses.
#[test]
fn axf_01_perpetual_check_loses_against_cannons_chasing_in_turn() {
    let r = rule(
        "R3ka2c/6n1c/9/9/9/9/9/9/9/3K5 b",
        &["e9e8", "a9a8", "e8e9", "a8a9"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert!(
        matches!(
            &r.conduct[1],
            Conduct::PerpetualChase {
                chaser_count: 2,
                ..
            }
        ),
        "{r:#?}"
    );
    assert!(r.conduct[1].is_forbidden(AXF));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual check, which Black's perpetual chase of the chariot on a9 by the \
         cannons in turn does not excuse (AXF ruling 1)"
    );
}

/// One cannon, its screens moved by both sides: the black cannon e9 aims down the e-file at
/// the unprotected red elephant e2. The red horse d7–e5 steps into the file, uncovering the
/// horse c7's check on the general e8 (the horse d7 stood on its leg) and making a second
/// screen; the general steps to f8, leaving the horse e5 the cannon's only screen. The horse
/// e5–d7 checks the general f8 from d7 and leaves the file; the general steps back to e8 and
/// is itself the cannon's only screen. Every black move chases the elephant with the same
/// cannon (AXF 20), every red move checks.
#[test]
fn axf_01_perpetual_check_loses_against_one_cannon_chasing_over_moving_screens() {
    let cycle = ["d7e5", "e8f8", "e5d7", "f8e8"];
    let fen = "4c4/4k4/2NN5/9/9/9/9/4B4/9/3K5 w";
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(1));
    assert!(
        matches!(
            &r.conduct[1],
            Conduct::PerpetualChase {
                chaser_count: 1,
                by_screen: true,
                ..
            }
        ),
        "{r:#?}"
    );
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual check, which Black's perpetual chase of the unprotected elephant \
         on e2 by the cannon does not excuse (AXF ruling 1)"
    );

    // 1956 ch. 8 item 1 says the same: the chase of an unprotected piece (ch. 8 item 3) does
    // not save the checker either.
    let r = rule(fen, &cycle, PRC);
    expect(
        &r,
        Verdict::Loses(RED),
        Citation::Prc1956 {
            chapter: 8,
            item: 1,
        },
    );
    assert!(r.conduct[1].is_forbidden(PRC), "{r:#?}");
}
