//! Timings (ignored by default: `cargo test --release -p shatar-pairing --test timing --
//! --ignored --nocapture`): a 9-round AXF Swiss of 100, 500 and 2,000 players, each
//! round paired and given pseudo-random results, then the standings with every C.07
//! tie-break; and a 9-round Dutch Swiss of the same sizes (`SHATAR_DUTCH_SIZES`, say
//! `100,500`, to choose them, `SHATAR_DUTCH_ROUNDS` to stop sooner), each round's
//! pairing timed.

use std::time::Instant;

use shatar_pairing::tiebreak::{self, Code, Format, Options, RuleSet, TieBreak};
use shatar_pairing::{
    GameResult, Outcome, Pair, Pairing, Player, PlayerId, ScoreSystem, Tournament,
};

/// A 9-round event of `n` players rated from 2400 down.
fn event(n: u32, scoring: ScoreSystem) -> Tournament {
    Tournament {
        scoring,
        rounds: Some(9),
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                rating: (2400 - i / 2) as u16,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

/// Enters `pairing` as round `round` of `t`, each game with the outcome for White that
/// `outcome` gives.
fn play(
    t: &mut Tournament,
    round: u32,
    pairing: &Pairing,
    mut outcome: impl FnMut(PlayerId, PlayerId) -> Outcome,
) {
    pairing.enter(t, round);
    for pair in &pairing.pairs {
        if let Pair::Game { white, black } = *pair {
            let outcome = outcome(white, black);
            t.record(
                round,
                white,
                black,
                GameResult::Played {
                    outcome,
                    rated: true,
                },
            );
        }
    }
}

#[test]
#[ignore]
fn pairing_and_standings_timings() {
    for n in [100u32, 500, 2000] {
        let mut t = event(n, ScoreSystem::AXF);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut pairing_time = Vec::new();
        for round in 1..=9 {
            let start = Instant::now();
            let pairing = shatar_pairing::axf_swiss::pair_round(&t, round).unwrap();
            pairing_time.push(start.elapsed().as_secs_f64() * 1000.0);
            play(&mut t, round, &pairing, |_, _| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                [Outcome::Win, Outcome::Draw, Outcome::Loss][(seed % 3) as usize]
            });
        }
        let order: Vec<TieBreak> = Code::ALL
            .iter()
            .filter(|c| !matches!(c, Code::Foul | Code::Deb))
            .map(|&c| TieBreak::new(c))
            .collect();
        let start = Instant::now();
        let s = tiebreak::standings(
            &t,
            &order,
            Options {
                format: Format::Swiss,
                rules: RuleSet::Fide2026,
            },
        );
        let standings_ms = start.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(s.rows.len(), n as usize);
        let worst = pairing_time.iter().cloned().fold(0.0, f64::max);
        println!(
            "{n} players: AXF Swiss round, worst of 9: {worst:.1} ms; standings with 19 tie-breaks: {standings_ms:.1} ms"
        );
    }
}

/// Results from a xorshift generator: the higher-rated player (the lower number) wins
/// more often, as in a real event, so that score groups spread as they do.
fn result(seed: &mut u64, white: PlayerId, black: PlayerId) -> Outcome {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let r = *seed % 100;
    let favourite_white = white < black;
    match (r < 40, r < 70) {
        (true, _) => {
            if favourite_white {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        }
        (false, true) => Outcome::Draw,
        _ => {
            if (*seed).is_multiple_of(3) {
                if favourite_white {
                    Outcome::Loss
                } else {
                    Outcome::Win
                }
            } else if favourite_white {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        }
    }
}

#[test]
#[ignore]
fn dutch_timings() {
    let sizes: Vec<u32> = std::env::var("SHATAR_DUTCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![100, 500, 2000]);
    for n in sizes {
        let mut t = event(n, ScoreSystem::ONE_HALF_ZERO);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut times = Vec::new();
        let rounds: u32 = std::env::var("SHATAR_DUTCH_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(9);
        for round in 1..=rounds {
            let start = Instant::now();
            let pairing = shatar_pairing::dutch::pair_round(&t, round).unwrap();
            eprintln!(
                "{n} players, round {round}: {:.1} ms",
                start.elapsed().as_secs_f64() * 1000.0
            );
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(pairing.pairs.len(), n.div_ceil(2) as usize);
            play(&mut t, round, &pairing, |white, black| {
                result(&mut seed, white, black)
            });
        }
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        println!(
            "{n} players, Dutch: a round in {:.1} ms (median of {}), worst {:.1} ms; by round: {}",
            sorted[sorted.len() / 2],
            sorted.len(),
            sorted[sorted.len() - 1],
            times
                .iter()
                .map(|t| format!("{t:.0}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}
