//! The Dutch system against Gacrux, in process: every round of the tournaments Gacrux's
//! generator paired (the files in `SHATAR_GACRUX_DIR`, which scripts/gacrux.sh sets:
//! T*.trf, and B*.trf with Baku acceleration), paired again from the rounds before it
//! and the round's requested byes. The same comparison as `scripts/gacrux-compare.py
//! SHATAR dutch` and `baku`, without a process a round. Without the variable there is
//! nothing to compare and the test passes.

mod gacrux_files;

use shatar_pairing::dutch::pair_round;
use shatar_pairing::{Bye, Colour, Entry, Pair, Tournament, trf};

/// `t` as it stood before round `round` was paired, and that round's pairs as
/// "white black" (the bye as "player 0").
fn before(t: &Tournament, round: u32) -> (Tournament, Vec<String>) {
    let mut t = t.clone();
    let mut expected = Vec::new();
    for p in &mut t.players {
        let entry = p.entry(round).copied();
        p.rounds.truncate(round as usize - 1);
        p.rounds.resize(round as usize - 1, Entry::Bye(Bye::Absent));
        match entry {
            Some(Entry::Bye(Bye::PairingAllocated)) => expected.push(format!("{} 0", p.id.0)),
            Some(Entry::Bye(bye)) => p.rounds.push(Entry::Bye(bye)),
            Some(Entry::Game {
                opponent,
                colour: Colour::White,
                ..
            }) => expected.push(format!("{} {}", p.id.0, opponent.0)),
            _ => {}
        }
    }
    expected.sort();
    (t, expected)
}

#[test]
fn every_round_as_gacrux_pairs_it() {
    let Some(files) = gacrux_files::files() else {
        eprintln!("SHATAR_GACRUX_DIR not set: nothing compared");
        return;
    };
    let (mut rounds, mut different) = (0, Vec::new());
    let start = std::time::Instant::now();
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let t = trf::read(&String::from_utf8_lossy(&text)).unwrap();
        for round in 1..=t.rounds_entered() {
            let (part, expected) = before(&t, round);
            rounds += 1;
            let ours = match pair_round(&part, round) {
                Ok(pairing) => {
                    let mut ours: Vec<String> = pairing
                        .pairs
                        .iter()
                        .map(|p| match p {
                            Pair::Game { white, black } => format!("{} {}", white.0, black.0),
                            Pair::Bye(p) => format!("{} 0", p.0),
                        })
                        .collect();
                    ours.sort();
                    ours
                }
                Err(e) => vec![e.to_string()],
            };
            if ours != expected {
                let name = path.file_name().unwrap().to_string_lossy();
                different.push(format!(
                    "{name} round {round}: ours {:?}, Gacrux {:?}",
                    ours.iter()
                        .filter(|p| !expected.contains(p))
                        .collect::<Vec<_>>(),
                    expected
                        .iter()
                        .filter(|p| !ours.contains(p))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
    println!(
        "dutch: {} tournaments, {rounds} rounds, {} different ({:.1} s)",
        files.len(),
        different.len(),
        start.elapsed().as_secs_f64()
    );
    for line in different.iter().take(40) {
        println!("{line}");
    }
    assert!(
        different.is_empty(),
        "{} of {rounds} rounds differ",
        different.len()
    );
}
