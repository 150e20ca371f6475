//! Knockout: the seeded bracket and matches decided by tie-break games.

use shatar_pairing::knockout::{
    MatchResult, MatchWinner, Tie, bracket_order, first_round, next_round, seeds,
};
use shatar_pairing::{Colour, Outcome, Player, PlayerId, ScoreSystem};

#[test]
fn seeds_one_and_two_meet_only_in_the_final() {
    assert_eq!(bracket_order(2), [1, 2]);
    assert_eq!(bracket_order(4), [1, 4, 2, 3]);
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    let order = bracket_order(16);
    // Seed 1 in the first half, 2 in the second; 1-4 in different quarters.
    let half = |s: u32| order.iter().position(|&x| x == s).unwrap() / 8;
    let quarter = |s: u32| order.iter().position(|&x| x == s).unwrap() / 4;
    assert_ne!(half(1), half(2));
    let quarters: std::collections::HashSet<_> = (1..=4).map(quarter).collect();
    assert_eq!(quarters.len(), 4);
}

#[test]
fn top_seeds_have_the_byes() {
    let players: Vec<Player> = (1..=5)
        .map(|i| Player {
            id: PlayerId(i),
            rating: 1500 + 100 * i as u16,
            ..Player::default()
        })
        .collect();
    // By rating: 5, 4, 3, 2, 1.
    let seeded = seeds(&players);
    assert_eq!(seeded, [5, 4, 3, 2, 1].map(PlayerId));
    let round = first_round(&seeded);
    assert_eq!(
        round,
        [
            Tie::Bye(PlayerId(5)),
            Tie::Match {
                higher: PlayerId(2),
                lower: PlayerId(1)
            },
            Tie::Bye(PlayerId(4)),
            Tie::Bye(PlayerId(3)),
        ]
    );
    let seed_of = |p: PlayerId| seeded.iter().position(|&s| s == p).unwrap() as u32 + 1;
    let next = next_round(
        &[PlayerId(5), PlayerId(1), PlayerId(4), PlayerId(3)],
        &seed_of,
    );
    assert_eq!(
        next,
        [
            Tie::Match {
                higher: PlayerId(5),
                lower: PlayerId(1)
            },
            Tie::Match {
                higher: PlayerId(4),
                lower: PlayerId(3)
            }
        ]
    );
}

#[test]
fn a_level_match_goes_to_its_tie_break_games() {
    let mut m = MatchResult {
        games: vec![Outcome::Win, Outcome::Loss],
        tie_breaks: vec![],
    };
    assert_eq!(m.winner(&ScoreSystem::AXF), None);
    m.tie_breaks = vec![Outcome::Draw, Outcome::Draw];
    assert_eq!(m.winner(&ScoreSystem::AXF), None);
    m.tie_breaks.push(Outcome::Loss);
    assert_eq!(m.winner(&ScoreSystem::AXF), Some(MatchWinner::Lower));
    m.games[1] = Outcome::Draw;
    assert_eq!(
        m.winner(&ScoreSystem::ONE_HALF_ZERO),
        Some(MatchWinner::Higher)
    );
    assert_eq!(MatchResult::colour(Colour::White, 0), Colour::White);
    assert_eq!(MatchResult::colour(Colour::White, 3), Colour::Black);
}
