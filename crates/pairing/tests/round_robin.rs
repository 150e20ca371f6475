//! Berger tables: FIDE C.05 Annex 1, and identical to Gacrux's for 3 to 24 players.

use shatar_pairing::round_robin::{Cycles, pair_round};
use shatar_pairing::{Pair, PlayerId};

fn text(players: u32, cycles: Cycles, round: u32) -> String {
    let pairing = pair_round(players, cycles, round).unwrap();
    let mut games: Vec<String> = Vec::new();
    let mut bye = None;
    for pair in pairing.pairs {
        match pair {
            Pair::Game { white, black } => games.push(format!("{}-{}", white.0, black.0)),
            Pair::Bye(PlayerId(p)) => bye = Some(p),
        }
    }
    // Gacrux puts the bye on the board of the dummy: board 1 (player N's board).
    if let Some(p) = bye {
        games.insert(0, format!("{p}-0"));
    }
    games.join(" ")
}

#[test]
fn identical_to_gacrux_for_3_to_24_players() {
    let golden = include_str!("data/berger-gacrux.txt");
    let mut compared = 0;
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let (head, expected) = line.split_once(": ").unwrap();
        let (n, round) = head.split_once(' ').unwrap();
        let (n, round): (u32, u32) = (n.parse().unwrap(), round.parse().unwrap());
        assert_eq!(
            text(n, Cycles::Single, round),
            expected,
            "{n} players, round {round}"
        );
        compared += 1;
    }
    // Every round of every size: sum over n of (n + n % 2 - 1).
    assert_eq!(compared, (3..=24u32).map(|n| n + n % 2 - 1).sum::<u32>());
}

#[test]
fn fide_table_for_six_players() {
    // C.05 Annex 1, the table for 5 or 6 players.
    let rounds = [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ];
    for (r, expected) in rounds.iter().enumerate() {
        assert_eq!(text(6, Cycles::Single, r as u32 + 1), *expected);
    }
    assert!(pair_round(6, Cycles::Single, 6).is_none());
}

#[test]
fn everyone_meets_everyone_once_per_cycle() {
    for n in 2..=30u32 {
        let mut met = vec![vec![0u32; n as usize + 1]; n as usize + 1];
        let mut byes = vec![0u32; n as usize + 1];
        let rounds = n + n % 2 - 1;
        for round in 1..=2 * rounds {
            let pairing = pair_round(n, Cycles::Double, round).unwrap();
            for pair in pairing.pairs {
                match pair {
                    Pair::Game { white, black } => {
                        met[white.0 as usize][black.0 as usize] += 1;
                        met[black.0 as usize][white.0 as usize] += 1;
                    }
                    Pair::Bye(p) => byes[p.0 as usize] += 1,
                }
            }
        }
        for a in 1..=n as usize {
            assert_eq!(byes[a], 2 * (n % 2), "{n} players");
            for (b, &count) in met[a].iter().enumerate().skip(1) {
                assert_eq!(
                    count,
                    if a == b { 0 } else { 2 },
                    "{n} players: {a} and {b}"
                );
            }
        }
        assert!(pair_round(n, Cycles::Double, 2 * rounds + 1).is_none());
    }
}

#[test]
fn double_round_robin_reverses_colours_and_can_swap_the_last_two_rounds() {
    // Six players, five rounds a cycle: round 6 is round 1 reversed.
    assert_eq!(text(6, Cycles::Double, 6), "6-1 5-2 4-3");
    // C.05 Annex 1's recommendation: rounds 4 and 5 of the first cycle swapped.
    assert_eq!(
        text(6, Cycles::DoubleLastTwoSwapped, 4),
        text(6, Cycles::Single, 5)
    );
    assert_eq!(
        text(6, Cycles::DoubleLastTwoSwapped, 5),
        text(6, Cycles::Single, 4)
    );
    assert_eq!(text(6, Cycles::DoubleLastTwoSwapped, 6), "6-1 5-2 4-3");
}
