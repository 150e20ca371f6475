//! AXF's Swiss (AXF 2008 ch. 3 §3 一): round 1 by lot, 1-2, 3-4, odd numbers Red; then
//! by score, with the colours alternating.

use shatar_pairing::axf_swiss::{AxfPairingError, pair_round};
use shatar_pairing::{
    Bye, Entry, GameResult, Outcome, Pair, Player, PlayerId, ScoreSystem, Tournament,
};

fn event(n: u32) -> Tournament {
    Tournament {
        scoring: ScoreSystem::AXF,
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                name: format!("P{i}"),
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
            Pair::Bye(p) => format!("{}-bye", p.0),
        })
        .collect()
}

const fn played(outcome: Outcome) -> GameResult {
    GameResult::Played {
        outcome,
        rated: true,
    }
}

#[test]
fn round_one_by_lot_odd_numbers_red() {
    let t = event(5);
    let pairing = pair_round(&t, 1).unwrap();
    assert_eq!(text(&pairing.pairs), ["1-2", "3-4", "5-bye"]);
}

#[test]
fn round_two_by_score_colours_alternating() {
    let mut t = event(6);
    t.record(1, PlayerId(1), PlayerId(2), played(Outcome::Win));
    t.record(1, PlayerId(3), PlayerId(4), played(Outcome::Draw));
    t.record(1, PlayerId(5), PlayerId(6), played(Outcome::Loss));
    // Scores 2: 1, 6; 1: 3, 4; 0: 2, 5. 3 and 4 have met, so 3 meets 2 and 4 meets 5;
    // who had Red has Black.
    let pairing = pair_round(&t, 2).unwrap();
    assert_eq!(text(&pairing.pairs), ["6-1", "2-3", "4-5"]);
}

#[test]
fn requested_byes_and_withdrawals_are_not_paired_and_the_bye_goes_once() {
    let mut t = event(5);
    pair_round(&t, 1).unwrap().enter(&mut t, 1);
    t.set(PlayerId(2), 2, Entry::Bye(Bye::HalfPoint));
    t.players[3].withdrawn_from = Some(2);
    // Left: 1, 3, 5 (5 had the bye in round 1): 3 sits out.
    let pairing = pair_round(&t, 2).unwrap();
    assert_eq!(text(&pairing.pairs), ["5-1", "3-bye"]);
}

#[test]
fn no_pairing_without_a_rematch_is_an_error() {
    let mut t = event(2);
    t.record(1, PlayerId(1), PlayerId(2), played(Outcome::Draw));
    assert_eq!(
        pair_round(&t, 2),
        Err(AxfPairingError::NoPairing { round: 2 })
    );
}

#[test]
fn prohibited_pairings_are_avoided_like_rematches() {
    let mut t = event(4);
    t.prohibited.push(shatar_pairing::model::Prohibited {
        first_round: 1,
        last_round: 9,
        players: vec![PlayerId(1), PlayerId(2)],
    });
    let pairing = pair_round(&t, 1).unwrap();
    assert_eq!(text(&pairing.pairs), ["1-3", "2-4"]);
}
