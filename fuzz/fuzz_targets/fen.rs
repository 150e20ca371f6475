//! Any text: reading it as a FEN never panics, and whatever reads as a legal position
//! writes back to a FEN that reads as the same position, with legal moves that play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_rules::{fen, Chess, GamePosition, Mongolian, MongolianFolk, Position, Rules};

fn check<R: Rules>(text: &str) {
    let Ok(pos) = fen::parse_position::<R>(text) else { return };
    let written = pos.to_string();
    let again: Position<R> = fen::parse_position(&written).expect("a written FEN reads back");
    assert_eq!(again, pos);
    assert_eq!(pos.hash(), pos.compute_hash());
    for &m in pos.legal_moves().iter() {
        let mut next = pos;
        GamePosition::play_unchecked(&mut next, m);
        assert_eq!(next.hash(), next.compute_hash());
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        check::<Mongolian>(text);
        check::<MongolianFolk>(text);
        check::<Chess>(text);
    }
});
