//! The Dutch system as far as it is built: the first round and the colour allocation
//! (the colours of every game Gacrux paired are compared in tests/gacrux_colours.rs).

use shatar_pairing::dutch::{
    ColourHistory, Side, allocate, pair_first_round, pair_round, pairing_numbers,
};
use shatar_pairing::{Bye, Colour, Entry, FirstColour, Pair, Player, PlayerId, Points, Tournament};

fn event(n: u32, first: FirstColour) -> Tournament {
    Tournament {
        first_colour: Some(first),
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn text(pairs: &[Pair]) -> Vec<String> {
    pairs
        .iter()
        .map(|p| match p {
            Pair::Game { white, black } => format!("{}-{}", white.0, black.0),
            Pair::Bye(p) => format!("{}-0", p.0),
        })
        .collect()
}

/// C.04.3: S1 (the top half) against S2; E.5: the higher-ranked player has the
/// initial colour when his pairing number is odd; the PAB to the last.
#[test]
fn first_round_top_half_against_bottom_half() {
    let t = event(7, FirstColour::White);
    assert_eq!(
        text(&pair_first_round(&t).pairs),
        ["1-4", "5-2", "3-6", "7-0"]
    );
    let t = event(6, FirstColour::Black);
    assert_eq!(text(&pair_first_round(&t).pairs), ["4-1", "2-5", "6-3"]);
}

/// A player who has asked for a bye in round 1 has no pairing number yet: the players
/// after him move up one, and the colours with them (as Gacrux numbers them).
#[test]
fn a_requested_bye_leaves_no_gap_in_the_numbers() {
    let mut t = event(5, FirstColour::White);
    t.set(PlayerId(2), 1, Entry::Bye(Bye::HalfPoint));
    assert_eq!(
        pairing_numbers(&t, 1),
        [Some(1), None, Some(2), Some(3), Some(4)]
    );
    assert_eq!(text(&pair_first_round(&t).pairs), ["1-4", "5-3"]);
}

#[test]
fn colour_rules_in_their_order() {
    use Colour::*;
    let h = |c: &[Colour]| ColourHistory {
        colours: c.to_vec(),
    };
    let side = |id, number, history| Side {
        id: PlayerId(id),
        number,
        score: Points::ZERO,
        history,
    };
    let alloc = |a: &Side, b: &Side| {
        let (w, b) = allocate(a, b, FirstColour::White);
        (w.0, b.0)
    };
    // E.1: both preferences granted (1 had Black last, 2 White).
    let (wb, bw) = (h(&[White, Black]), h(&[Black, White]));
    assert_eq!(alloc(&side(1, 1, &wb), &side(2, 2, &bw)), (1, 2));
    // E.2: the absolute preference over the strong one.
    let (ww, w) = (h(&[White, White]), h(&[White]));
    assert_eq!(alloc(&side(1, 1, &w), &side(2, 2, &ww)), (1, 2));
    // E.3: both mild for White; in the latest game in which their colours differed (the
    // third from the end), 1 had Black: 1 has White, and so does 2 in the mirror case.
    let (wbwb, bwwb) = (
        h(&[White, Black, White, Black]),
        h(&[Black, White, White, Black]),
    );
    assert_eq!(alloc(&side(1, 1, &wbwb), &side(2, 2, &bwwb)), (1, 2));
    assert_eq!(alloc(&side(1, 1, &bwwb), &side(2, 2, &wbwb)), (2, 1));
    // E.4: same histories: the higher-ranked player's preference.
    assert_eq!(alloc(&side(1, 1, &wb), &side(2, 2, &wb)), (1, 2));
    // E.5: no history: the initial colour to the higher-ranked if his number is odd.
    let none = h(&[]);
    assert_eq!(alloc(&side(1, 1, &none), &side(2, 2, &none)), (1, 2));
    assert_eq!(alloc(&side(3, 2, &none), &side(4, 3, &none)), (4, 3));
}

/// The pairs of the next round of a TRF file, "white black", the bye "player 0".
fn next(file: &str) -> Vec<String> {
    let t = shatar_pairing::trf::read(file).unwrap();
    let round = shatar_pairing::pairing::next_round(&t);
    let pairing = shatar_pairing::dutch::pair_round(&t, round).unwrap();
    text(&pairing.pairs)
}

const ROUND_ONE_OF_SIX: &str = "\
012 Six
142 5
152 W
001    1      P1                                2000                             1.0          4 w 1
001    2      P2                                1950                             1.0          5 b 1
001    3      P3                                1900                             1.0          6 w 1
001    4      P4                                1850                             0.0          1 b 0
001    5      P5                                1800                             0.0          2 w 0
001    6      P6                                1750                             0.0          3 b 0
";

/// C.04.1's prohibited pairings (TRF-2026 record 260, here 1 and 2 in rounds 2-5): the
/// top bracket of 1, 2, 3 pairs 2-1 unless they may not meet, then 2-3 and 1 floats down
/// to 6. Gacrux 1.11.65 pairs both files so (`pairingchecker -p`).
#[test]
fn prohibited_pairs_do_not_meet() {
    assert_eq!(next(ROUND_ONE_OF_SIX), ["2-1", "4-3", "6-5"]);
    let prohibited = ROUND_ONE_OF_SIX.replace("152 W\n", "152 W\n260   2   5    1    2\n");
    assert_eq!(next(&prohibited), ["2-3", "6-1", "4-5"]);
    // Outside its rounds the record forbids nothing.
    let later = ROUND_ONE_OF_SIX.replace("152 W\n", "152 W\n260   3   5    1    2\n");
    assert_eq!(next(&later), ["2-1", "4-3", "6-5"]);
}

/// A late entry: player 7 comes in round 3 with no game and no points; he is paired
/// from the round he comes (the lowest score, so the PAB here). Gacrux 1.11.65 pairs
/// the file the same way.
#[test]
fn a_late_entry_is_paired_from_the_round_he_comes() {
    let file = "\
012 Late
142 5
152 W
001    1      P1                                2000                             2.0          4 w 1     3 b 1
001    2      P2                                1950                             1.0          5 b =     6 w =
001    3      P3                                1900                             1.0          6 w 1     1 w 0
001    4      P4                                1850                             1.0          1 b 0     5 w 1
001    5      P5                                1800                             0.5          2 w =     4 b 0
001    6      P6                                1750                             0.5          3 b 0     2 b =
001    7      P7                                1700                             0.0
";
    assert_eq!(next(file), ["1-2", "4-3", "6-5", "7-0"]);
}

/// C.04.5.1 Baku acceleration: group A is the first 2⌈N/4⌉ players; a win's virtual
/// points in the first ⌈R/4⌉ rounds, half a win's up to round ⌈R/2⌉ (what Gacrux's
/// generator writes as record 250 for 33 players and 11 rounds: 1 point in rounds 1-3,
/// ½ in rounds 4-6, players 1-18).
#[test]
fn baku_acceleration_groups_and_virtual_points() {
    let mut t = event(33, FirstColour::White);
    let ranges = shatar_pairing::dutch::baku(&t, 11);
    let summary: Vec<_> = ranges
        .iter()
        .map(|a| {
            (
                a.points,
                a.first_round,
                a.last_round,
                a.first_player.0,
                a.last_player.0,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [(Points::ONE, 1, 3, 1, 18), (Points::HALF, 4, 6, 1, 18)]
    );
    t.accelerations = ranges;
    // Round 1: two brackets, 1-18 on one virtual point and 19-33 on none: 1-10, ...,
    // 9-18; then 19-26, ..., 25-32 and the PAB to 33.
    let pairing = pair_round(&t, 1).unwrap();
    let pairs = text(&pairing.pairs);
    assert_eq!(pairs.len(), 17);
    assert_eq!(&pairs[..2], ["1-10", "11-2"]);
    assert!(pairs.contains(&"19-26".to_string()) && pairs.contains(&"33-0".to_string()));
    // Virtual points are for the pairing only: the standings' points are untouched.
    assert_eq!(t.virtual_points(PlayerId(18), 6), Points::HALF);
    assert_eq!(t.virtual_points(PlayerId(19), 1), Points::ZERO);
    assert_eq!(t.virtual_points(PlayerId(1), 7), Points::ZERO);
    // Under AXF's 2/1/0 the virtual points are a win's and a draw's there: 2 and 1
    // (docs/rules.md, "Tournaments").
    t.scoring = shatar_pairing::ScoreSystem::AXF;
    let axf: Vec<_> = shatar_pairing::dutch::baku(&t, 11)
        .iter()
        .map(|a| a.points)
        .collect();
    assert_eq!(axf, [Points::TWO, Points::ONE]);
}

/// Record 250 is read and written back (TRF-2026).
#[test]
fn record_250_round_trips() {
    let mut t = event(8, FirstColour::White);
    t.accelerations = shatar_pairing::dutch::baku(&t, 7);
    let text = shatar_pairing::trf::write(&t, shatar_pairing::trf::TrfVersion::Trf2026);
    assert!(text.contains("250  1.0  1.0   1   2    1    4"), "{text}");
    let back = shatar_pairing::trf::read(&text).unwrap();
    assert_eq!(back.accelerations, t.accelerations);
}

/// Four players who have all met each other have no fourth round of five (C1): an
/// error that says so, not a pairing that breaks the rules (C.04.3 1.9.3 leaves it to
/// the arbiter); none either when the event plans no number of rounds. A round past the
/// planned ones is refused, as Gacrux's checker refuses it (its "error 504").
#[test]
fn no_legal_pairing_is_an_error() {
    let mut t = event(4, FirstColour::White);
    t.rounds = Some(5);
    let win = shatar_pairing::GameResult::Played {
        outcome: shatar_pairing::Outcome::Win,
        rated: true,
    };
    for (round, pairs) in [
        (1, [(1, 3), (4, 2)]),
        (2, [(2, 1), (3, 4)]),
        (3, [(1, 4), (2, 3)]),
    ] {
        for (w, b) in pairs {
            t.record(round, PlayerId(w), PlayerId(b), win);
        }
    }
    let error = pair_round(&t, 4).unwrap_err();
    assert_eq!(
        error,
        shatar_pairing::dutch::DutchError::NoLegalPairing { round: 4 }
    );
    assert!(error.to_string().contains("no rematch"), "{error}");
    t.rounds = None;
    assert_eq!(pair_round(&t, 4).unwrap_err(), error);
    t.rounds = Some(3);
    let past = pair_round(&t, 4).unwrap_err();
    assert_eq!(
        past,
        shatar_pairing::dutch::DutchError::PastLastRound {
            round: 4,
            rounds: 3
        }
    );
    assert!(past.to_string().contains("plans 3 rounds"), "{past}");
}
