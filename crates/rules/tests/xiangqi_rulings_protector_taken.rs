//! Chases made by taking a protector away (AXF rulings 28, 29; 1956 ch. 8 item 3): a move
//! that turns a protected piece into one that can be taken at a profit, while an attacker
//! already bears on it, chases that piece, whichever piece moved. A protector that is
//! pinned, or whose recapture would be illegal, protects nothing (假根, AXF 29); one cut off
//! from the piece, or whose cannon lost or gained a screen, no longer protects at all.
//!
//! First each way of taking a protector away, one move at a time, and the moves that look
//! alike but leave the protection standing; then cycles built from them, judged.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;
use shatar_rules::xiangqi::rulings::nature::{ChaseMade, ChaseReason, MoveNature};
use shatar_rules::xiangqi::{Conduct, Square};

/// The chase of the piece on `target` that `mv` makes from `fen`, if it makes one.
fn chase_of(fen: &str, mv: &str, target: &str) -> Option<(ChaseMade, ChaseReason)> {
    let pos = fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = iccs::parse_legal(&pos, mv).unwrap_or_else(|e| panic!("{mv} in {fen}: {e}"));
    let target: Square = target.parse().unwrap();
    MoveNature::of(&pos, m, AXF)
        .chases
        .iter()
        .find(|c| c.threat.target_at == target)
        .map(|c| (c.made, c.reason))
}

/// Each way, in a position where the red chariot already attacks the protected black piece
/// and nothing else of Red's move attacks it.
#[test]
fn each_way_of_taking_a_protector_away_chases() {
    use ChaseReason::{FalselyProtected, Unprotected};
    let ways: [(&str, &str, &str, &str, ChaseReason); 9] = [
        (
            "a cannon pins the protector to its general over the advisor: the horse e7 can no \
             longer take back on c6",
            "4k4/4a4/4n4/R1c6/1nC6/9/9/9/9/3K5 w",
            "c5e5",
            "c6",
            FalselyProtected,
        ),
        (
            "a chariot pins the protector",
            "4k4/9/4n4/R1c6/9/9/2R6/9/9/3K5 w",
            "c3e3",
            "c6",
            FalselyProtected,
        ),
        (
            "the red general steps onto the file: the horse e7 may not leave it (flying general)",
            "4k4/9/4n4/R1c6/9/9/9/9/9/3K5 w",
            "d0e0",
            "c6",
            FalselyProtected,
        ),
        (
            "the advisor leaves the file between the generals: the same pin",
            "4k4/9/4n4/R1c6/9/9/9/9/4A4/4K4 w",
            "e1d2",
            "c6",
            FalselyProtected,
        ),
        (
            "the red horse leaves rank 7: the cannon g7 has no screen to take back on c7",
            "4k4/4a4/2n1N1c2/9/9/9/9/2R6/9/5K3 w",
            "e7g6",
            "c7",
            Unprotected,
        ),
        (
            "the red horse comes back beside the advisor d7: two screens",
            "4k4/9/2na2c2/6N2/9/9/9/2R6/9/5K3 w",
            "g6e7",
            "c7",
            Unprotected,
        ),
        (
            "the cannon steps onto the leg c5 of the horse b5, which guarded d6",
            "4k4/4a4/4n4/R2c5/1n2C4/9/9/9/9/3K5 w",
            "e5c5",
            "d6",
            Unprotected,
        ),
        (
            "x-ray: the horse d1 uncovers the chariot d0 behind the chariot d2, which would \
             guard d8 once d2 has taken there: the general may not take back",
            "9/3nk4/9/9/9/9/9/3R5/3N1K3/3R5 w",
            "d1b2",
            "d8",
            FalselyProtected,
        ),
        (
            "x-ray: the horse e3 uncovers the chariot e1, which pins the horse e7",
            "4k4/9/4n4/R1c6/9/9/4N4/9/4R4/3K5 w",
            "e3g4",
            "c6",
            FalselyProtected,
        ),
    ];
    for (why, fen, mv, target, reason) in ways {
        assert_eq!(
            chase_of(fen, mv, target),
            Some((ChaseMade::ProtectorTaken, reason)),
            "{why}"
        );
    }
}

/// The same moves where the protection stands: no chase.
#[test]
fn a_protector_that_still_protects_is_not_taken_away() {
    let alike = [
        (
            "the black chariot i6 guards c6 as well as the pinned horse",
            "4k4/4a4/4n4/R1c5r/1nC6/9/9/9/9/3K5 w",
            "c5e5",
            "c6",
        ),
        (
            "the red general on the file, but the advisor e8 stands between the generals too",
            "4k4/4a4/4n4/R1c6/9/9/9/9/9/3K5 w",
            "d0e0",
            "c6",
        ),
        (
            "the chariot on the e-file pins nothing: the cannon e5 itself stands between, and \
             the chariot e7 takes back along the file",
            "4k4/9/4r4/9/R3c4/9/2R6/9/9/3K5 w",
            "c3e3",
            "e5",
        ),
        (
            "a horse against a horse (AXF 19): the horse c7 can take the horse b5 back, \
             protected or not",
            "4k4/4a4/2n1N1c2/9/1N7/9/9/9/9/5K3 w",
            "e7g6",
            "c7",
        ),
        (
            "a parry (AXF 34): the horse f7 takes away the screen the cannon g7 attacked the \
             chariot e7 over; the cannon, left with the chariot as its only screen, no longer \
             guards c7, but the protection lost is the attacker's own",
            "3k5/9/2n1RNc2/9/9/9/9/9/9/4K4 w",
            "f7g5",
            "c7",
        ),
    ];
    for (why, fen, mv, target) in alike {
        assert_eq!(chase_of(fen, mv, target), None, "{why}");
    }
}

/// AXF 29 in a cycle: the black cannon steps c6–d6–c6 along the red chariot a6's rank. On c6
/// the horse e7 guards it, and the red cannon c5–e5 pins the horse to its general over the
/// advisor e8; on d6 the horse b5 guards it, and the cannon e5–c5 steps onto that horse's leg
/// (and frees the horse e7 again). Every red move chases the cannon by taking its protector
/// away; the chariot never moves. Red loses; it was a draw while only a move that brought
/// an attacker counted.
#[test]
fn axf_29_pinning_the_protector_and_blocking_the_next_in_turn_loses() {
    let cycle = ["c5e5", "c6d6", "e5c5", "d6c6"];
    let fen = "4k4/4a4/4n4/R1c6/1nC6/9/9/9/9/3K5 w";
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(29));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the falsely protected cannon on c6 by the chariot (its \
         protector is pinned) (AXF ruling 29)"
    );
    let r = rule(fen, &cycle, PRC);
    expect(
        &r,
        Verdict::Loses(RED),
        Citation::Prc1956 {
            chapter: 8,
            item: 3,
        },
    );

    // A protector that truly protects (AXF 30): the black chariot i6 guards the cannon on
    // both points, and the red moves chase nothing.
    let r = rule("4k4/4a4/4n4/R1c5r/1nC6/9/9/9/9/3K5 w", &cycle, AXF);
    assert_eq!(r.verdict, Verdict::Draw, "{r}");
    assert!(!r.conduct[0].is_forbidden(AXF), "{r:#?}");
}

/// A cannon's screens: the black horse c7, attacked by the red chariot c2, is guarded along
/// rank 7 by the black cannon g7 while exactly one piece stands between. The red horse e7–g6
/// takes the screen away; the black advisor e8–d7 gives a new one; the red horse g6–e7 makes
/// two; the advisor d7–e8 leaves one. Red loses (a chariot chasing a horse, AXF 18).
#[test]
fn axf_18_taking_and_doubling_the_protecting_cannons_screen_loses() {
    let cycle = ["e7g6", "e8d7", "g6e7", "d7e8"];
    let r = rule("4k4/4a4/2n1N1c2/9/9/9/9/2R6/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));
    assert!(
        matches!(
            &r.conduct[0],
            Conduct::PerpetualChase {
                protector_taken: true,
                chaser_count: 1,
                ..
            }
        ),
        "{r:#?}"
    );
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected horse on c7 by the chariot (its \
         protection taken away) (AXF ruling 18)"
    );

    // The same with a red horse on b5 after the black horse instead of the chariot: the
    // black horse can take it back whatever its protection (AXF 19: an offer), so nothing is
    // chased.
    let r = rule("4k4/4a4/2n1N1c2/9/1N7/9/9/9/9/5K3 w", &cycle, AXF);
    assert_eq!(r.verdict, Verdict::Draw, "{r}");
    assert!(!r.conduct[0].is_forbidden(AXF), "{r:#?}");
}

/// AXF 7 (一照一捉): with the black general on f9, the red horse's return to e7 checks it
/// (the advisor has left the leg e8) as it doubles the cannon's screen. One check and one
/// chase: a draw under AXF. The check also takes the protector away; a check is judged as a
/// check, whatever else it does. Under 1956 a check and a chase in turn equal a chase (ch. 8
/// item 5): Red loses.
#[test]
fn axf_07_a_check_that_also_takes_the_protector_away_and_a_chase_draw() {
    let cycle = ["e7g6", "e8d7", "g6e7", "d7e8"];
    let fen = "5k3/4a4/2n1N1c2/9/9/9/9/2R6/9/3K5 w";
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(7));
    let r = rule(fen, &cycle, PRC);
    expect(
        &r,
        Verdict::Loses(RED),
        Citation::Prc1956 {
            chapter: 8,
            item: 5,
        },
    );
}

/// AXF 9 (一捉一要抽吃): the advisor stays on e8, so only the horse's step to g6 chases the
/// horse c7 (taking the cannon's screen away); its return to e7 protects it again and
/// threatens e7–c8, a check, and then the unprotected cannon a9. The black horse i9–h7
/// idles. A draw.
#[test]
fn axf_09_a_chase_by_taking_the_protector_away_and_a_capture_threat_draw() {
    let r = rule(
        "c3k3n/4a4/2n1N1c2/9/9/9/9/2R6/9/5K3 w",
        &["e7g6", "i9h7", "g6e7", "h7i9"],
        AXF,
    );
    expect(&r, Verdict::Draw, Citation::Axf(9));
}

/// Where ruling 9 is open: a move that threatens a discovered capture and chases too is a
/// chase. With a black cannon on i9, the red horse's return to e7 (doubling the cannon g7's
/// screen, as in the ruling 18 cycle) also threatens e7–g8, a check, and then the cannon; it
/// still chases the horse c7, so Red chases it on every move and loses. With the black horse
/// b5 guarding c7 as well nothing is chased, and the same return is a threat of a discovered
/// capture, no more (AXF 33: a draw).
#[test]
fn axf_09_a_threat_of_a_discovered_capture_that_also_chases_is_a_chase() {
    let cycle = ["e7g6", "e8d7", "g6e7", "d7e8"];
    let r = rule("4k3c/4a4/2n1N1c2/9/9/9/9/2R6/9/5K3 w", &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));

    let guarded = "4k3c/4a4/2n1N1c2/9/1n7/9/9/2R6/9/5K3 w";
    let mut pos = fen::parse_position(guarded).unwrap();
    for text in &cycle[..2] {
        pos.play(iccs::parse_legal(&pos, text).unwrap()).unwrap();
    }
    let back = iccs::parse_legal(&pos, "g6e7").unwrap();
    let nature = MoveNature::of(&pos, back, AXF);
    assert!(
        nature.capture_threat && nature.chases.is_empty(),
        "{nature:?}"
    );
    let r = rule(guarded, &cycle, AXF);
    expect(&r, Verdict::Draw, Citation::Axf(33));
}
