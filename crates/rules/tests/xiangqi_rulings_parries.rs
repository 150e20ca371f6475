//! A parry is not a chase (AXF rulings 14, 21, 27, 34; docs/xiangqi-rulings.md, "A chase made
//! by taking a protector away"): a move that blocks an enemy piece's attack, or takes away
//! the screen its cannon attacks over, cuts that piece's other lines through the same point,
//! and with them what it protected along them; the piece left unprotected is not chased by
//! that move. A protector pinned by the move still is a false root (AXF 29), and a protector
//! taken away by a move that parries nothing still makes a chase (AXF 28, 29).
//!
//! The positions are built for these tests on the pattern of the AXF worked examples that
//! Fairy-Stockfish's tests and orange-xiangqi's repetition suite encode (mirrored, or cut
//! down to the pieces that matter), so that those suites stay a check kept apart.

#[path = "common/rulings.rs"]
mod rulings;
use rulings::*;
use shatar_rules::xiangqi::rulings::nature::MoveNature;
use shatar_rules::xiangqi::{Conduct, Position};

/// The position after playing `moves` from `fen`.
fn after(fen: &str, moves: &[&str]) -> Position {
    let mut pos = fen::parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for text in moves {
        pos.play(iccs::parse_legal(&pos, text).unwrap()).unwrap();
    }
    pos
}

/// What the move `mv` does after `moves` from `fen`.
fn nature(fen: &str, moves: &[&str], mv: &str) -> MoveNature {
    let pos = after(fen, moves);
    MoveNature::of(&pos, iccs::parse_legal(&pos, mv).unwrap(), AXF)
}

/// AXF 14 (车被马牵制不能移动时，无论马是否有根，均不能以任何子长捉车，否则判为负局). The red
/// horse c8 holds the black chariot d8 on its leg (toward the general e9). The red chariot
/// h8 attacks it along rank 8 and the red cannon i8 behind it over that chariot; the black
/// advisor d9–e8 blocks both, and the red chariot h8–h9 leaves the cannon to attack over the
/// advisor, which e8–d9 takes away. The cannon i8 guarded the horse c8 over one screen, so
/// each advisor move also leaves the horse, which the held chariot attacks, unprotected; but
/// the advisor only parried the attack, and cut off the attacker's own guard. Red chases the
/// held chariot on every move and loses; it was a draw while the parries counted as chases
/// of the horse (a mutual chase).
///
/// Then the same with the held chariot Red's: the red chariot f1 held by the black horse g1,
/// chased by the black chariot b3–b1 and, over the red advisor, the black cannon a1; the
/// advisor's steps e1–d0 and d0–e1 take away the cannon's screen and block the chariot, and
/// with them the guard the horse had. Black loses.
#[test]
fn axf_14_a_chariot_held_by_a_horse_chased_loses_though_its_side_parries() {
    let fen = "1r1akab2/2Nr3RC/9/9/9/9/4P4/9/4A4/3AK4 b";
    let cycle = ["d9e8", "h8h9", "e8d9", "h9h8"];
    for (moves, mv) in [(&cycle[..0], "d9e8"), (&cycle[..2], "e8d9")] {
        let n = nature(fen, moves, mv);
        assert!(n.chases.is_empty(), "{mv}: {n:?}");
    }
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(14));
    assert!(!r.conduct[1].is_forbidden(AXF), "{r:#?}");
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the pinned chariot on d8 by the cannon and the chariot \
         in turn (AXF ruling 14)"
    );

    let r = rule(
        "3k5/9/9/9/9/9/1r7/9/c3ARn2/4K4 w",
        &["e1d0", "b3b1", "d0e1", "b1b3"],
        AXF,
    );
    expect(&r, Verdict::Loses(BLACK), Citation::Axf(14));
    assert!(!r.conduct[0].is_forbidden(AXF), "{r:#?}");
}

/// Ruling 14 forbids chasing the held chariot; it does not let the held chariot's side chase
/// the horse. The red chariot d1 is held by the black horse c1, which the black cannon c9
/// guards over one screen: the red soldier c6 or the black elephant c5. The soldier's steps
/// c6–b6 and b6–c6 leave no screen, or two, and parry nothing: each takes the horse's
/// protector away, and the held chariot chases it on every move (AXF 18). Red loses.
#[test]
fn axf_18_the_held_chariots_side_taking_its_holders_protector_away_loses() {
    let r = rule(
        "2c1k4/9/4b4/2P6/9/9/9/9/2nRA4/4K4 w",
        &["c6b6", "e7c5", "b6c6", "c5e7"],
        AXF,
    );
    expect(&r, Verdict::Loses(RED), Citation::Axf(18));
    assert_eq!(
        r.to_string(),
        "Red loses: perpetual chase of the unprotected horse on c1 by the chariot (its \
         protection taken away) (AXF ruling 18)"
    );
}

/// AXF 21 (炮利用别子为炮台捉对方之车…虽敌车不动，双方仅移动炮台，仍视为长捉) against AXF 34
/// (长拦作和). The red cannon b2 attacks the black chariot g2 over one screen, and over the
/// same screen guards the red cannon h2, which the chariot attacks. The red elephant e2–c4
/// leaves the black horse c2 as the screen; the horse c2–b4 takes it away; the elephant
/// c4–e2 gives another; the horse b4–c2 blocks, making two. Each horse move cuts the cannon
/// b2 off from h2 by parrying its attack on the chariot: a block, not a chase of h2 (the
/// step to b4 chases the cannon b2 itself, on that move only). Red loses; it was a draw
/// while Black's parries counted as a perpetual chase of h2.
#[test]
fn axf_21_blocking_a_cannon_that_also_guards_is_no_chase() {
    let fen = "3k5/9/9/9/9/9/9/1Cn1B1rC1/9/4K4 w";
    let cycle = ["e2c4", "c2b4", "c4e2", "b4c2"];
    let guarded = "h2".parse().unwrap();
    for (moves, mv) in [(&cycle[..1], "c2b4"), (&cycle[..3], "b4c2")] {
        let n = nature(fen, moves, mv);
        assert!(
            n.chases.iter().all(|c| c.threat.target_at != guarded),
            "{mv}: {n:?}"
        );
    }
    let r = rule(fen, &cycle, AXF);
    expect(&r, Verdict::Loses(RED), Citation::Axf(21));
    assert!(!r.conduct[1].is_forbidden(AXF), "{r:#?}");
}

/// AXF 27 (一子轮捉两子或多子作和。两子分别轮捉两子或多子亦作和局), not 28. The black chariots
/// d1 and f1 take turns leaving rank 1, where the red cannons a1 and i1 each attack one of
/// them over the other; the red advisors step to e1 between them and back. The chariot
/// leaving d1 uncovers the chariot f1 on the cannon a1, and takes away the screen over which
/// a1 guarded i1 (and attacked f1): a parry of a1, not a chase of i1. So the chariots chase
/// a1 and i1 in turn, not one cannon "by taking its protector away", and the advisors' steps
/// let the cannons chase the two chariots in turn: a draw, as the worked example rules it.
///
/// Each chariot's round trip comes back to the start, so the start is the position that
/// occurs a fourth time (after three round trips: d, f, d), and the ruling covers them all.
#[test]
fn axf_27_two_chariots_clearing_each_others_cannons_chase_two_pieces() {
    let start = fen::parse_position("4k4/9/4b4/9/9/9/9/4B4/C2r1r2C/3AKA3 b").unwrap();
    let d_and_f = [
        "d1d3", "d0e1", "d3d1", "e1d0", "f1f3", "f0e1", "f3f1", "e1f0",
    ];
    let mut record = Record::new(start, AXF);
    for text in d_and_f.iter().cycle().take(12) {
        assert!(record.outcome().is_none(), "{:?}", record.ruling());
        record.play(iccs::parse(text).unwrap()).unwrap();
    }
    let r = record.ruling().expect("the start's fourth occurrence");
    expect(r, Verdict::Draw, Citation::Axf(27));
    for conduct in &r.conduct {
        assert!(
            matches!(conduct, Conduct::Other(t) if t.chases_in_turn),
            "{r:#?}"
        );
    }
}

/// The parry and the cut must be at one point. The red horse e5 is the screen over which the
/// black cannon e7 attacks the red chariot e3; over the red soldier c7 the same cannon guards
/// the black horse a7, which the red chariot a2 attacks. The horse e5–d7 parries the attack
/// by leaving e5, and cuts the guard by stepping into rank 7 at d7: two points, two things
/// done, and the second is a chase of the horse (AXF 18). The horse going e5–g6 instead
/// parries the attack and leaves the guard standing: nothing is chased.
#[test]
fn axf_18_a_parry_at_one_point_and_a_cut_at_another_chase() {
    use shatar_rules::xiangqi::rulings::nature::{ChaseMade, ChaseReason};
    let fen = "3k5/9/n1P1c4/9/4N4/9/4R4/R8/9/5K3 w";
    let horse = "a7".parse().unwrap();
    let chase = |mv: &str| {
        nature(fen, &[], mv)
            .chases
            .iter()
            .find(|c| c.threat.target_at == horse)
            .map(|c| (c.made, c.reason))
    };
    assert_eq!(
        chase("e5d7"),
        Some((ChaseMade::ProtectorTaken, ChaseReason::Unprotected))
    );
    assert_eq!(chase("e5g6"), None);
}
