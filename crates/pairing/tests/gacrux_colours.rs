//! The Dutch system's colour allocation (C.04.3 E) on every game Gacrux paired in the
//! tournaments scripts/gacrux.sh generates: given Gacrux's pairs, the same player has
//! White. Runs on the files in `SHATAR_GACRUX_DIR` (scripts/gacrux.sh sets it); without
//! it there is nothing to compare and the test passes.

mod gacrux_files;

use shatar_pairing::dutch::{ColourHistory, Side, allocate, pairing_numbers};
use shatar_pairing::{Colour, Entry, FirstColour, trf};

#[test]
fn colours_as_gacrux_allocates_them() {
    let Some(files) = gacrux_files::files() else {
        eprintln!("SHATAR_GACRUX_DIR not set: nothing compared");
        return;
    };
    let (mut games, mut different) = (0, Vec::new());
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let t = trf::read(&String::from_utf8_lossy(&text)).unwrap();
        let first = t.first_colour.unwrap_or(FirstColour::White);
        for round in 1..=t.rounds_entered() {
            let numbers = pairing_numbers(&t, round);
            for p in &t.players {
                let Some(Entry::Game {
                    opponent,
                    colour: Colour::White,
                    ..
                }) = p.entry(round).copied()
                else {
                    continue;
                };
                let (ha, hb) = (
                    ColourHistory::of(&t, p.id, round),
                    ColourHistory::of(&t, opponent, round),
                );
                let side = |id: shatar_pairing::PlayerId, history| Side {
                    id,
                    number: numbers[id.index()].expect("paired this round"),
                    score: t.score(id, round - 1) + t.virtual_points(id, round),
                    history,
                };
                let ours = allocate(&side(p.id, &ha), &side(opponent, &hb), first);
                games += 1;
                if ours != (p.id, opponent) {
                    different.push(format!(
                        "{} round {round}: Gacrux {}-{}, ours {}-{}",
                        path.display(),
                        p.id.0,
                        opponent.0,
                        ours.0.0,
                        ours.1.0
                    ));
                }
            }
        }
    }
    println!(
        "colour allocation: {} tournaments, {games} games, {} different",
        files.len(),
        different.len()
    );
    for line in different.iter().take(20) {
        println!("{line}");
    }
    assert!(
        different.is_empty(),
        "{} of {games} games differ",
        different.len()
    );
}
