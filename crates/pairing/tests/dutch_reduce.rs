//! Fields of more than 64 players are paired on smaller graphs (`dutch::reduce`: the
//! bracket alone when nobody has to float, or the players two brackets down as
//! interchangeable stand-ins): the pairings must be the ones the whole field's matchings
//! give, as Gacrux matches them. Events of 70 to 120 players, played to their end with
//! pseudo-random results, requested byes and forfeits, each round paired both ways.

use shatar_pairing::dutch::{RuleSet, pair_round_by, pair_round_unreduced_by};
use shatar_pairing::{Bye, Entry, GameResult, Outcome, Pair, Player, PlayerId, Tournament, trf};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn play(players: u32, rounds: u32, seed: u64) -> usize {
    play_by(players, rounds, seed, RuleSet::Fide2026)
}

fn play_by(players: u32, rounds: u32, seed: u64, rules: RuleSet) -> usize {
    let mut rng = Rng(seed);
    let mut t = Tournament {
        rounds: Some(rounds),
        players: (1..=players)
            .map(|i| Player {
                id: PlayerId(i),
                rating: (2400 - 5 * i) as u16,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    let mut compared = 0;
    for round in 1..=rounds {
        // A few requested byes, as the generator makes them.
        for p in 1..=players {
            let r = rng.next() % 100;
            if r < 3 {
                let bye = if r == 0 {
                    Bye::ZeroPoint
                } else {
                    Bye::HalfPoint
                };
                t.set(PlayerId(p), round, Entry::Bye(bye));
            }
        }
        let ours = pair_round_by(&t, round, rules).unwrap();
        let whole = pair_round_unreduced_by(&t, round, rules).unwrap();
        assert_eq!(
            ours.to_bbp(),
            whole.to_bbp(),
            "{players} players, seed {seed}, round {round}:\n{}",
            trf::write(&t, trf::TrfVersion::Trf2026)
        );
        compared += 1;
        ours.enter(&mut t, round);
        for pair in &ours.pairs {
            if let Pair::Game { white, black } = *pair {
                let r = rng.next() % 100;
                let result = match r {
                    0..=2 => GameResult::Forfeit { won: true },
                    3..=42 => GameResult::Played {
                        outcome: if white < black {
                            Outcome::Win
                        } else {
                            Outcome::Loss
                        },
                        rated: true,
                    },
                    43..=72 => GameResult::Played {
                        outcome: Outcome::Draw,
                        rated: true,
                    },
                    _ => GameResult::Played {
                        outcome: if r.is_multiple_of(2) {
                            Outcome::Win
                        } else {
                            Outcome::Loss
                        },
                        rated: true,
                    },
                };
                t.record(round, white, black, result);
            }
        }
    }
    compared
}

#[test]
fn smaller_graphs_pair_as_the_whole_field() {
    let mut rounds = 0;
    for (players, seed) in [(70, 1), (81, 2), (96, 3), (120, 4)] {
        rounds += play(players, 7, 0x9E37_79B9_7F4A_7C15 ^ seed);
    }
    assert_eq!(rounds, 28);
}

/// The same by the 2017 text, where the PAB is not fixed to a score level first (the
/// dummy may meet any player C2 allows) and the float criteria read more downfloats.
#[test]
fn smaller_graphs_pair_as_the_whole_field_by_2017() {
    let mut rounds = 0;
    for (players, seed) in [(70, 11), (120, 14), (166, 16)] {
        rounds += play_by(players, 7, 0x9E37_79B9_7F4A_7C15 ^ seed, RuleSet::Fide2017);
    }
    assert_eq!(rounds, 21);
}

/// Larger fields, where most brackets of the middle rounds pair alone and the first
/// transposition of S2 the criteria allow is shown to be their lightest matching
/// (`dutch/simple.rs`): the same pairings as the whole field's matchings.
#[test]
fn first_transpositions_pair_as_the_whole_field() {
    let mut rounds = 0;
    for (players, seed) in [(140, 5), (166, 6), (200, 7), (230, 8), (260, 9)] {
        rounds += play(players, 7, 0x9E37_79B9_7F4A_7C15 ^ seed);
    }
    assert_eq!(rounds, 35);
}

/// The same on more events (ignored by default: `SHATAR_REDUCE_EVENTS=N cargo test
/// --release -p shatar-pairing --test dutch_reduce -- --ignored`): N events of 66 to
/// 300 players, 5 to 9 rounds.
#[test]
#[ignore]
fn many_events_pair_as_the_whole_field() {
    let events: u64 = std::env::var("SHATAR_REDUCE_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut rounds = 0;
    for seed in 0..events {
        let players = 66 + (rng.next() % 235) as u32;
        let planned = 5 + (rng.next() % 5) as u32;
        rounds += play(players, planned, 0x51_7CC1_B727_220A ^ seed);
    }
    eprintln!("{events} events, {rounds} rounds identical");
}
