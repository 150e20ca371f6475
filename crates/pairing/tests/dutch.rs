//! The Dutch system as far as it is built: the first round and the colour allocation
//! (the colours of every game Gacrux paired are compared in tests/gacrux_colours.rs).

use shatar_pairing::dutch::{ColourHistory, Side, allocate, pair_first_round, pairing_numbers};
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
